import Scene

/// Upper bounds on what one render may ask for, checked before anything large is allocated, so a
/// hostile or mistaken scene fails fast with a clear message instead of exhausting the machine.
///
/// The defaults allow a 4096 × 4096 frame, ten minutes at 30 fps and a 40-megapixel photo; each is
/// raised or lowered with the `render` flag named in `flag`.
public struct RenderLimits: Equatable, Sendable {
    /// Output pixels per frame: canvas width × height × scale².
    public var framePixels = 16_777_216
    public var frames = 18_000
    /// Seconds of timeline.
    public var duration = 600.0
    /// Pixels of one image asset, read from its PNG header before it is decoded.
    public var imagePixels = 40_000_000
    /// Views in the whole tree, counting nested ones.
    public var views = 10_000

    public init() {}

    public enum Kind: String, Sendable {
        case framePixels = "--max-pixels", frames = "--max-frames", duration = "--max-duration"
        case imagePixels = "--max-image-pixels", views = "--max-views"
    }

    /// Checks the size of the scene's tree and canvas, before anything is loaded. Each failure
    /// names the scene file and the part of the scene that asks for too much.
    public func check(_ scene: Scene) throws {
        let views = scene.views.reduce(0) { $0 + count($1) }
        try require(Double(views), within: Double(self.views), .views, scene, "views", "\(views) views")
        let pixels = scene.canvas.width * scene.canvas.height * Double(scene.canvas.scale * scene.canvas.scale)
        try require(pixels, within: Double(framePixels), .framePixels, scene, "canvas",
                    "a \(Int(scene.canvas.width * Double(scene.canvas.scale)))×\(Int(scene.canvas.height * Double(scene.canvas.scale))) frame (\(Int(pixels)) pixels)")
    }

    /// Checks the length of the timeline, once the content is measured; nothing here allocates
    /// per frame.
    public func check(_ scene: Scene, timeline: Timeline) throws {
        // To the microsecond, so steps that add up to 600 s in decimal are not 600.0000000000001 s.
        let seconds = (timeline.duration * 1e6).rounded() / 1e6
        try require(seconds, within: duration, .duration, scene, "scroll.script", "a script of \(format(seconds)) s")
        // The timeline's own count, so the limit and the render agree on how many frames there are.
        let frames = timeline.frames(fps: scene.fps)
        try require(frames, within: Double(self.frames), .frames, scene, "scroll.script", "\(format(frames)) frames")
    }

    private func require(_ value: Double, within limit: Double, _ kind: Kind, _ scene: Scene, _ path: String, _ what: String) throws {
        guard value <= limit else {
            throw RenderError.limit(kind: kind, message: "\(scene.file): \(path): \(what) is above the limit of \(format(limit))")
        }
    }

    private func count(_ view: View) -> Int { 1 + view.children.reduce(0) { $0 + count($1) } }

    private func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
