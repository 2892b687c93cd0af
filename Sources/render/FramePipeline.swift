import Foundation
import Raster
import Render

/// Renders frames on several threads and hands the results over in frame order.
///
/// Each worker renders a frame and runs `prepare` on it (encoding, quantizing, hashing: the
/// per-frame work that does not depend on other frames). `deliver` then sees the results on the
/// calling thread, strictly in index order, so files are written exactly as in a serial run:
/// output is byte-identical whatever `jobs` is. At most `2 × jobs` frames are in memory at once.
struct FramePipeline {
    let renderer: Renderer
    let jobs: Int
    let stats: Stats

    func run<T>(_ indices: [Int], prepare: @escaping @Sendable (Int, Bitmap) throws -> T,
                deliver: (Int, T) throws -> Void) throws {
        let batch = max(1, jobs * 2)
        var start = 0
        while start < indices.count {
            let chunk = Array(indices[start..<min(start + batch, indices.count)])
            let results = Results<T>(count: chunk.count)
            let renderer = self.renderer, stats = self.stats
            let work = { (i: Int) in
                results.set(i, Result {
                    let bitmap = try stats.render { try renderer.frame(chunk[i]) }
                    return try stats.encode { try prepare(chunk[i], bitmap) }
                })
            }
            if jobs > 1 {
                DispatchQueue.concurrentPerform(iterations: chunk.count, execute: work)
            } else {
                for i in chunk.indices { work(i) }
            }
            for (i, index) in chunk.enumerated() { try deliver(index, results.get(i).get()) }
            start += chunk.count
        }
    }
}

/// One slot per frame of a batch, written by the workers and read after they finish.
private final class Results<T>: @unchecked Sendable {
    private var slots: [Result<T, Error>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: Result<T, Error>) { lock.withLock { slots[i] = value } }
    func get(_ i: Int) -> Result<T, Error> { lock.withLock { slots[i]! } }
}
