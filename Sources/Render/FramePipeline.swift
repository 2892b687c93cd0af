import Dispatch
import Foundation
import Raster

/// Makes frames on several threads and hands them to sinks in frame order.
///
/// A sliding window: workers take the next frame from a shared counter, make it and run every
/// sink's `prepare` on it, and leave the result in a reorder buffer; the calling thread consumes
/// results strictly in order as they complete. No worker runs more than `window` frames ahead of
/// the last one consumed, so memory stays flat however long the run, and no worker waits for the
/// slowest frame of a batch. Output is byte-identical whatever `jobs` is.
///
/// The calling thread is one of the `jobs`: while the next frame in order is not ready, it makes a
/// frame itself. So `jobs` threads keep `jobs` cores busy, and the in-order work (such as LZW)
/// does not take a core from the workers.
public struct FramePipeline {
    public let jobs: Int
    /// Frames made but not yet consumed, at most.
    public var window: Int { 2 * jobs }

    public init(jobs: Int) { self.jobs = max(1, jobs) }

    /// - Parameters:
    ///   - frame: makes frame `index` (renders it, or reads it from a file); any thread.
    ///   - done: called on the calling thread after each frame is consumed, with the count so far.
    /// - Throws: the first error, after every worker has stopped; frames after it are not consumed.
    public func run(_ indices: [Int], frame: @escaping @Sendable (Int) throws -> Bitmap, sinks: [any FrameSink],
                    done: (Int) -> Void = { _ in }) throws {
        let prepare: @Sendable (Int) throws -> [Any] = { index in
            var prepared: [Any] = []
            var made = false
            do {
                let bitmap = try frame(index)
                made = true
                for sink in sinks { prepared.append(try sink.prepareAny(index, bitmap)) }
            } catch {
                // The sinks that did not come to this frame: all of them, or those after the one that threw.
                for sink in sinks.dropFirst(prepared.count + (made ? 1 : 0)) { sink.abandon(index) }
                throw error
            }
            return prepared
        }
        let consume = { (index: Int, prepared: [Any]) throws in
            for (sink, value) in zip(sinks, prepared) { try sink.consumeAny(index, value) }
        }
        guard jobs > 1, indices.count > 1 else {
            for (k, index) in indices.enumerated() {
                try consume(index, try prepare(index))
                done(k + 1)
            }
            return
        }
        let buffer = ReorderBuffer(count: indices.count, window: window)
        // Threads of their own, not the shared dispatch pool: a worker runs until the last frame,
        // and holding pool threads that long would starve other work, such as a signal handler.
        let finished = DispatchSemaphore(value: 0)
        let workers = min(jobs, indices.count) - 1
        for _ in 0..<workers {
            Thread {
                while let k = buffer.take() {
                    buffer.put(k, Result { try prepare(indices[k]) })
                }
                finished.signal()
            }.start()
        }
        defer {
            buffer.stop()
            for _ in 0..<workers { finished.wait() }
        }
        for k in indices.indices {
            var made = buffer.poll()
            while made == nil {
                if let j = buffer.take(waiting: false) {
                    buffer.put(j, Result { try prepare(indices[j]) })
                    made = buffer.poll()
                } else {
                    made = buffer.next()
                }
            }
            try consume(indices[k], try made!.get())
            done(k + 1)
        }
    }
}

/// The frames between the workers and the consumer: which one to make next, and the ones made,
/// kept until their turn.
private final class ReorderBuffer: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private var nextToTake = 0
    private var nextToConsume = 0
    private var stopped = false
    private var ready: [Int: Result<[Any], Error>] = [:]

    init(count: Int, window: Int) { self.count = count; self.window = window }

    /// The next frame for a worker to make, waiting while it would run too far ahead (or, not
    /// `waiting`, nil then); nil when every frame is taken or the run stopped.
    func take(waiting: Bool = true) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while waiting && !stopped && nextToTake < count && nextToTake - nextToConsume >= window { condition.wait() }
        guard nextToTake - nextToConsume < window else { return nil }
        guard !stopped, nextToTake < count else { return nil }
        nextToTake += 1
        return nextToTake - 1
    }

    func put(_ k: Int, _ result: Result<[Any], Error>) {
        condition.lock()
        ready[k] = result
        condition.broadcast()
        condition.unlock()
    }

    /// The result for the next frame in order, waiting for it.
    func next() -> Result<[Any], Error> {
        condition.lock()
        defer { condition.unlock() }
        while ready[nextToConsume] == nil { condition.wait() }
        return consumeNext()
    }

    /// The result for the next frame in order if it is made; nil, without waiting, if not.
    func poll() -> Result<[Any], Error>? {
        condition.lock()
        defer { condition.unlock() }
        return ready[nextToConsume] == nil ? nil : consumeNext()
    }

    /// Removes the next frame's result (there is one; the lock is held) and lets workers move on.
    private func consumeNext() -> Result<[Any], Error> {
        let result = ready.removeValue(forKey: nextToConsume)!
        nextToConsume += 1
        condition.broadcast()
        return result
    }

    /// Lets waiting workers go: nothing more will be taken.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
