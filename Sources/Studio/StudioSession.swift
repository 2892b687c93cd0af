import Codecs
import Foundation
import Render
import Scene

/// The scene the studio shows. It is loaded again when its file or one of its images changes on
/// disk; frames are rendered when asked for, and kept (up to `cacheBytes`) so that scrubbing back
/// costs nothing. Thread-safe: every request runs on a thread of its own.
final class StudioSession: @unchecked Sendable {
    let file: String
    /// PNG bytes kept, at most.
    static let cacheBytes = 256 << 20
    private let lock = NSCondition()
    /// Set by `close`: waiting requests return at once.
    private var closing = false
    /// Bumped by every change on disk: the page asks for it to know when to fetch again.
    private var current = 0
    /// The files whose changes reload the scene, with the modification time and size they had.
    private var watched: [String: String] = [:]
    private var renderers: [StudioVariant: Renderer] = [:]
    private var frames: [FrameKey: [UInt8]] = [:]
    private var order: [FrameKey] = []
    private var cachedBytes = 0

    private struct FrameKey: Hashable {
        let version: Int
        let variant: StudioVariant
        let index: Int
    }

    init(file: String) {
        self.file = file
        lock.withLock { watchFiles(assets: []) }
    }

    /// The renderer of `variant`, made on first use after each change; throws the scene's error
    /// as the command line words it.
    func renderer(_ variant: StudioVariant) throws -> (version: Int, renderer: Renderer) {
        lock.lock()
        let version = current
        if let made = renderers[variant] {
            lock.unlock()
            return (version, made)
        }
        lock.unlock()
        var scene = try SceneDecoder.load(file: file, appearance: variant.appearance, contentSize: variant.contentSize,
                                          layoutDirection: variant.layoutDirection, device: variant.device.flatMap(Device.named))
        if let scale = variant.scale { scene.canvas.scale = scale }
        let renderer = try Renderer(scene: scene, images: PNGDecoder())
        lock.withLock {
            if current == version {
                renderers[variant] = renderer
                watchFiles(assets: scene.assets.values.map(\.path))
            }
        }
        return (version, renderer)
    }

    /// Frame `index` of `variant` as a PNG.
    func frame(_ variant: StudioVariant, _ index: Int) throws -> [UInt8] {
        let (version, renderer) = try renderer(variant)
        let key = FrameKey(version: version, variant: variant, index: index)
        if let kept = lock.withLock({ frames[key] }) { return kept }
        guard (0..<renderer.frameCount).contains(index) else {
            throw RenderError.frameOutOfRange(sceneFile: file, index: index, count: renderer.frameCount)
        }
        let png = try PNGCodec.encode(try renderer.frame(index), fast: true)
        lock.withLock {
            guard frames[key] == nil else { return }
            frames[key] = png
            order.append(key)
            cachedBytes += png.count
            while cachedBytes > StudioSession.cacheBytes, let oldest = order.first {
                order.removeFirst()
                cachedBytes -= frames.removeValue(forKey: oldest)?.count ?? 0
            }
        }
        return png
    }

    /// Looks at the watched files' modification times; a change starts a new version, whose frames
    /// are made from the files as they are now.
    func checkForChanges() {
        lock.withLock {
            let changed = watched.contains { path, time in StudioSession.modified(path) != time }
            guard changed else { return }
            current += 1
            lock.broadcast()
            renderers = [:]
            frames = [:]
            order = []
            cachedBytes = 0
            watchFiles(assets: Array(watched.keys.filter { $0 != file }))
        }
    }

    /// The version now.
    var version: Int { lock.withLock { current } }

    /// Waits until the version is no longer `version`, for at most `seconds`, or the studio closes;
    /// the page's request for the next state waits here, so a save is shown as soon as it is seen.
    func waitForChange(from version: Int, seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while current == version && !closing && lock.wait(until: deadline) {}
    }

    /// Ends every wait: the studio is stopping.
    func close() {
        lock.withLock {
            closing = true
            lock.broadcast()
        }
    }

    /// Watches the scene file and `assets` from now on, at their present times (the lock is held).
    private func watchFiles(assets: [String]) {
        watched = Dictionary(uniqueKeysWithValues: Set([file] + assets).map { ($0, StudioSession.modified($0)) })
    }

    /// A file's modification time and size; empty when it cannot be read (so that it appearing
    /// counts as a change).
    private static func modified(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "" }
        let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(time) \(attributes[.size] as? Int ?? -1)"
    }
}
