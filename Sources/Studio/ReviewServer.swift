import Foundation
import Regression

/// `render test --review`: the failing cases of a suite run on one page, with Accept buttons that
/// record a case's references again (through the caller's `accept`, the path `--update` takes).
/// Nothing is written but by a click: an Accept is a POST that must carry the page's own token,
/// so that no other page (which cannot read it) can make one, and the `Host` is checked as the
/// studio checks it.
public final class ReviewServer: @unchecked Sendable {
    private var server: HTTPServer!
    private let lock = NSLock()
    private var outcomes: [CaseOutcome]
    private let accept: (String, Int?) throws -> CaseOutcome
    /// What an Accept must carry.
    private let token = UUID().uuidString

    /// Serves `outcomes` (the run's failing cases). `accept` records a case's references again, or
    /// one frame's when given, and returns the case checked again.
    public init(outcomes: [CaseOutcome], address: String, port: UInt16,
                accept: @escaping (_ case: String, _ frame: Int?) throws -> CaseOutcome) throws {
        self.outcomes = outcomes
        self.accept = accept
        server = try HTTPServer(address: address, port: port, queryKeys: ["case", "frame", "image", "token"]) { [unowned self] in
            self.answer($0)
        }
    }

    public var url: String { "http://\(server.address):\(server.port)/" }

    public func stop() { server.stop() }

    private func answer(_ request: HTTPServer.Request) -> HTTPServer.Response {
        if let refusal = server.refusal(request) { return refusal }
        switch (request.method, request.path) {
        case ("GET", "/"):
            let page = ReviewPage.html.replacingOccurrences(of: "%TOKEN%", with: token)
            return HTTPServer.Response(status: 200, contentType: "text/html; charset=utf-8", body: Array(page.utf8))
        case ("GET", "/cases.json"):
            return cases()
        case ("GET", "/image.png"):
            let found = lock.withLock {
                outcomes.first { $0.name == request.query["case"] }?.failures
                    .first { "\($0.index)" == request.query["frame"] }?.images.first { $0.role.rawValue == request.query["image"] }
            }
            guard let image = found, !image.png.isEmpty else { return .text(404, "no such image") }
            return HTTPServer.Response(status: 200, contentType: "image/png", body: image.png)
        case ("POST", "/accept"):
            guard request.query["token"] == token else { return .text(403, "refused: an Accept comes from the review page only") }
            let names = lock.withLock { outcomes.map(\.name) }
            let chosen = request.query["case"].map { [$0] } ?? names
            guard chosen.allSatisfy(names.contains) else { return .text(404, "no such case") }
            let frame = request.query["frame"].flatMap(Int.init)
            if frame != nil, chosen.count != 1 { return .text(400, "a frame is accepted within one case") }
            for name in chosen {
                do {
                    let checked = try accept(name, frame)
                    lock.withLock { outcomes = outcomes.map { $0.name == name ? checked : $0 } }
                } catch {
                    return .text(500, "\(name): \(error)")
                }
            }
            return cases()
        default:
            return .text(404, "not found: \(request.method) \(request.path)")
        }
    }

    /// Every case shown, with its frames, reasons and what moved.
    private func cases() -> HTTPServer.Response {
        let list: [[String: Any]] = lock.withLock {
            outcomes.map { outcome in
                var entry: [String: Any] = ["name": outcome.name, "scene": outcome.scene, "passed": outcome.passed,
                                            "frames": outcome.frames, "changed": outcome.geometrySummary]
                if let error = outcome.error { entry["error"] = error }
                entry["failures"] = outcome.failures.map { failure in
                    ["index": failure.index, "reason": failure.reason,
                     "images": failure.images.filter { !$0.png.isEmpty }.map(\.role.rawValue)] as [String: Any]
                }
                return entry
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["cases": list], options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPServer.Response(status: 200, contentType: "application/json", body: Array(data))
    }
}
