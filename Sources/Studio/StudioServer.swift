import Foundation
import Render
import Scene

/// `render studio`: the page, and the frames, state and geometry it asks for, served on one
/// address. A request whose `Host` is not that address is refused, so that a web page elsewhere
/// cannot reach the studio through a name it points at this machine (DNS rebinding). No file is
/// served: every answer is made from the scene.
public final class StudioServer: @unchecked Sendable {
    private let session: StudioSession
    private var server: HTTPServer!
    private var watching = true
    private let watcher = DispatchGroup()

    /// Starts serving `scene` on `address` (an IPv4 address) and `port` (0: one the system picks).
    public init(scene: String, address: String, port: UInt16) throws {
        session = StudioSession(file: scene)
        server = try HTTPServer(address: address, port: port, queryKeys: ["i", "after"] + StudioVariant.keys) { [unowned self] request in
            self.answer(request)
        }
        // Saves are noticed within 50 ms: a few `stat`s each time.
        Thread { [weak self] in
            while let self, self.watching {
                self.session.checkForChanges()
                Thread.sleep(forTimeInterval: 0.05)
            }
        }.start()
    }

    /// The address the page is served at.
    public var url: String { "http://\(server.address):\(server.port)/" }

    /// Closes the port; requests under way finish first.
    public func stop() {
        watching = false
        session.close()
        server.stop()
    }

    private func answer(_ request: HTTPServer.Request) -> HTTPServer.Response {
        if let refusal = server.refusal(request) { return refusal }
        guard request.method != "POST" else { return .text(405, "the studio takes no POST") }
        let variant = StudioVariant(query: request.query)
        switch request.path {
        case "/":
            return HTTPServer.Response(status: 200, contentType: "text/html; charset=utf-8", body: Array(StudioPage.html.utf8))
        case "/state.json":
            // `after=V`: the page's standing request, answered when the version is no longer V.
            if let after = request.query["after"].flatMap(Int.init) { session.waitForChange(from: after, seconds: 20) }
            return json(state(variant))
        case "/frame.png":
            guard let index = request.query["i"].flatMap(Int.init) else { return .text(400, "give the frame as ?i=N") }
            do {
                return HTTPServer.Response(status: 200, contentType: "image/png", body: try session.frame(variant, index))
            } catch {
                return .text(422, "\(error)")
            }
        case "/inspect.json":
            guard let index = request.query["i"].flatMap(Int.init) else { return .text(400, "give the frame as ?i=N") }
            do {
                let (_, renderer) = try session.renderer(variant)
                guard (0..<renderer.frameCount).contains(index) else { return .text(422, "no frame \(index)") }
                let geometry = try Inspection.json(renderer: renderer, frames: index..<(index + 1))
                let effects = try JSONSerialization.data(withJSONObject: StudioServer.effects(renderer.scene.views), options: [.sortedKeys])
                let body = "{\"geometry\": \(geometry), \"effects\": \(String(decoding: effects, as: UTF8.self))}"
                return HTTPServer.Response(status: 200, contentType: "application/json", body: Array(body.utf8))
            } catch {
                return .text(422, "\(error)")
            }
        default:
            return .text(404, "not found: \(request.path)")
        }
    }

    /// What the page needs to draw its controls, or the scene's error as the command line prints it.
    private func state(_ variant: StudioVariant) -> [String: Any] {
        var state: [String: Any] = ["version": session.version, "scene": session.file,
                                    "devices": Device.all.map(\.name),
                                    "contentSizes": ContentSizeCategory.allCases.map(\.rawValue)]
        do {
            let (version, renderer) = try session.renderer(variant)
            let scene = renderer.scene
            state["version"] = version
            state["frames"] = renderer.frameCount
            state["fps"] = scene.fps
            state["scale"] = scene.canvas.scale
            state["width"] = renderer.pixelWidth
            state["height"] = renderer.pixelHeight
            state["offsets"] = renderer.offsets
            state["steps"] = zip(scene.scroll.script, renderer.timeline.stepStarts).map { step, start in
                ["time": start, "kind": StudioServer.name(of: step)] as [String: Any]
            }
        } catch {
            state["error"] = "\(error)"
        }
        return state
    }

    private func json(_ object: [String: Any]) -> HTTPServer.Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPServer.Response(status: 200, contentType: "application/json", body: Array(data))
    }

    /// Each view's effects by id, named as the scene names them (`stretchy`, `blurByPull`, …).
    static func effects(_ views: [View]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        func walk(_ views: [View]) {
            for view in views {
                if !view.effects.isEmpty { out[view.id] = view.effects.map(name(of:)) }
                walk(view.children)
            }
        }
        walk(views)
        return out
    }

    /// An enum case's name: `stretchy` for `.stretchy(…)`.
    private static func name(of value: Any) -> String {
        String(String(describing: value).prefix { $0 != "(" })
    }
}
