import Dispatch
import Foundation
import Raster

/// Makes frames on several threads and hands them to sinks in frame order.
///
/// A sliding window: threads take the next frame from a shared counter, make it and run every
/// sink's `prepare` on it; for sinks with an in-order step they then `sequence` the frames in
/// order and `complete` them (see `FrameSink`); the calling thread consumes the results strictly in
/// order as they complete. No frame is taken more than `window` frames ahead of the last one
/// consumed, so memory stays flat however long the run, and no thread waits for the slowest frame
/// of a batch. Output is byte-identical whatever `jobs` is.
///
/// Every thread, the calling one too, takes whatever work is ready, most urgent first: consuming
/// the next frame (the calling thread only), sequencing the next one, completing one, making a new
/// one. So `jobs` threads keep `jobs` cores busy, the in-order work does not take a core of its
/// own, and a thread never sits waiting for a frame's turn in the sequence while a frame could be
/// made or completed.
public struct FramePipeline {
    public let jobs: Int
    /// Frames taken but not yet handed to `consume`, at most (with the one being consumed, one
    /// more is held): twice `jobs`, so that a slow frame does not hold up the threads, unless
    /// frames of `frameBytes` would then pass `budget`; but never fewer than `jobs` + 1, so that
    /// every thread has a frame to make while the oldest waits for its turn.
    public let window: Int
    /// Bytes of frame pixels that the window keeps within where it can: @3x a frame and what an
    /// output makes of it on its way (a GIF frame's indices, errors and limits) come to about
    /// 24 MB, so four such frames would be most of a 150 MB peak.
    public static let budget = 32 << 20

    /// `frameBytes`: the size of one frame's pixels, when known (0 when not).
    public init(jobs: Int, frameBytes: Int = 0) {
        self.jobs = max(1, jobs)
        let fits = frameBytes > 0 ? FramePipeline.budget / frameBytes : Int.max
        window = max(self.jobs + 1, min(2 * self.jobs, fits))
    }

    /// - Parameters:
    ///   - frame: makes frame `index` (renders it, or reads it from a file); any thread.
    ///   - done: called on the calling thread after each frame is consumed, with the count so far.
    /// - Throws: the first error, after every worker has stopped; frames after it are not consumed.
    public func run(_ indices: [Int], frame: @escaping @Sendable (Int) throws -> Bitmap, sinks: [any FrameSink],
                    done: (Int) -> Void = { _ in }) throws {
        let steps = FrameSteps(sinks: sinks, frame: frame)
        guard jobs > 1, indices.count > 1 else {
            for (k, index) in indices.enumerated() {
                try steps.make(index)
                if steps.sequenced {
                    try steps.sequence(index)
                    try steps.complete(index)
                }
                try steps.consume(index)
                done(k + 1)
            }
            return
        }
        let board = WorkBoard(count: indices.count, window: window, sequenced: steps.sequenced)
        let work: @Sendable (WorkBoard.Task) -> Void = { task in
            switch task {
            case .make(let k): board.finish(task, Result { try steps.make(indices[k]) })
            case .sequence(let k): board.finish(task, Result { try steps.sequence(indices[k]) })
            case .complete(let k): board.finish(task, Result { try steps.complete(indices[k]) })
            }
        }
        // Threads of their own, not the shared dispatch pool: a worker runs until the last frame,
        // and holding pool threads that long would starve other work, such as a signal handler.
        let finished = DispatchSemaphore(value: 0)
        let workers = min(jobs, indices.count) - 1
        for _ in 0..<workers {
            Thread {
                while let task = board.task() { work(task) }
                finished.signal()
            }.start()
        }
        defer {
            board.stop()
            for _ in 0..<workers { finished.wait() }
        }
        for k in indices.indices {
            while true {
                let next = board.task(consuming: k)
                if case .consume(let result) = next {
                    try result.get()
                    try steps.consume(indices[k])
                    break
                }
                if case .task(let task) = next { work(task) }
            }
            done(k + 1)
        }
    }
}

/// What the pipeline does to one frame, through every sink at once. Each sink's values wait in its
/// `SinkSlot` between steps, so the board only moves frame numbers.
private struct FrameSteps: @unchecked Sendable {
    let slots: [any FrameSlot]
    let frame: @Sendable (Int) throws -> Bitmap
    /// Whether any sink has an in-order step.
    let sequenced: Bool

    init(sinks: [any FrameSink], frame: @escaping @Sendable (Int) throws -> Bitmap) {
        slots = sinks.map { FrameSteps.slot($0) }
        self.frame = frame
        sequenced = sinks.contains { $0.isSequenced }
    }

    /// The sink in a slot of its own type.
    private static func slot<Sink: FrameSink>(_ sink: Sink) -> any FrameSlot { SinkSlot(sink) }

    func make(_ index: Int) throws {
        let bitmap = try frame(index)
        for slot in slots { try slot.prepare(index, bitmap) }
    }

    func sequence(_ index: Int) throws {
        for slot in slots where slot.isSequenced { try slot.sequence(index) }
    }

    func complete(_ index: Int) throws {
        for slot in slots where slot.isSequenced { try slot.complete(index) }
    }

    func consume(_ index: Int) throws {
        for slot in slots { try slot.consume(index) }
    }
}

/// A sink's steps by frame number, whatever its prepared values are.
private protocol FrameSlot: AnyObject {
    var isSequenced: Bool { get }
    func prepare(_ index: Int, _ frame: Bitmap) throws
    func sequence(_ index: Int) throws
    func complete(_ index: Int) throws
    func consume(_ index: Int) throws
}

/// A sink and its values for the frames between their steps. The board gives each frame's steps
/// in order, each after the one before it finished, so a frame's value is there when its next
/// step asks; a frame that failed a step takes no further one.
private final class SinkSlot<Sink: FrameSink>: FrameSlot {
    let sink: Sink
    private let lock = NSLock()
    private var values: [Int: Sink.Prepared] = [:]

    init(_ sink: Sink) { self.sink = sink }

    var isSequenced: Bool { sink.isSequenced }

    func prepare(_ index: Int, _ frame: Bitmap) throws { store(index, try sink.prepare(index, frame)) }
    func sequence(_ index: Int) throws { store(index, try sink.sequence(index, take(index))) }
    func complete(_ index: Int) throws { store(index, try sink.complete(index, take(index))) }
    func consume(_ index: Int) throws { try sink.consume(index, take(index)) }

    private func store(_ index: Int, _ value: Sink.Prepared) { lock.withLock { values[index] = value } }
    private func take(_ index: Int) -> Sink.Prepared { lock.withLock { values.removeValue(forKey: index)! } }
}

/// The frames between the threads and the consumer: which work is ready, and how each frame's
/// last step ended until its turn to be consumed. Frames are numbered by their place in the run, 0, 1, 2, ….
private final class WorkBoard: @unchecked Sendable {
    enum Task {
        case make(Int)
        case sequence(Int)
        case complete(Int)
    }

    /// What the calling thread does next: consume the frame it waits for, or some other work.
    enum Turn {
        case consume(Result<Void, Error>)
        case task(Task)
        /// Woken with nothing to do: look again.
        case none
    }

    private enum Stage {
        /// Made, waiting to be sequenced.
        case made
        /// Sequenced, waiting to be completed.
        case sequenced
        /// Taken by a thread for its next step.
        case busy
        /// Ready to consume: through every step it has (made, for a run without sequenced sinks),
        /// or failed at one.
        case done
    }

    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private let sequenced: Bool
    private var nextToTake = 0
    private var nextToConsume = 0
    private var nextToSequence = 0
    /// The first frame at which any step failed (`count` while none has): the run ends with its
    /// failure. Frames before it are still sequenced, so that the consumer reaches it; it and
    /// frames after it never are (those after one that failed to be made or sequenced never could
    /// be).
    private var failedAt: Int
    private var stopped = false
    private var stages: [Int: Stage] = [:]
    private var values: [Int: Result<Void, Error>] = [:]

    init(count: Int, window: Int, sequenced: Bool) {
        self.count = count
        self.window = window
        self.sequenced = sequenced
        failedAt = count
    }

    /// A worker's next task, waiting until there is one; nil once the run stopped or nothing is
    /// left for it.
    func task() -> Task? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if let task = claim() { return task }
            // Done when every frame is taken and none is left to sequence or complete, nor taken by
            // another thread for a step, which would leave work behind it.
            if nextToTake == count && !stages.values.contains(where: { $0 != .done }) { return nil }
            condition.wait()
        }
        return nil
    }

    /// The calling thread's next step while it waits to consume frame `k`: the frame if it is
    /// done, else a task, else (after waiting for a change) nothing.
    func task(consuming k: Int) -> Turn {
        condition.lock()
        defer { condition.unlock() }
        if stages[k] == .done {
            stages[k] = nil
            nextToConsume = k + 1
            condition.broadcast()
            return .consume(values.removeValue(forKey: k)!)
        }
        if let task = claim() { return .task(task) }
        condition.wait()
        return .none
    }

    /// Records what a task gave, and lets the threads look for work again.
    func finish(_ task: Task, _ result: Result<Void, Error>) {
        condition.lock()
        defer { condition.unlock() }
        let k: Int
        switch task {
        case .make(let made):
            k = made
            stages[k] = sequenced && (try? result.get()) != nil ? .made : .done
        case .sequence(let done):
            k = done
            if case .success = result {
                stages[k] = .sequenced
                nextToSequence = k + 1
            } else {
                // The frames after it are never sequenced: the run ends with this frame's error.
                stages[k] = .done
            }
        case .complete(let done):
            k = done
            stages[k] = .done
        }
        values[k] = result
        if case .failure = result { failedAt = min(failedAt, k) }
        condition.broadcast()
    }

    /// Lets waiting threads go: nothing more will be taken.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// The most urgent ready task, marked taken (the lock is held): the next frame's sequence, on
    /// which every later frame waits; then the completion nearest to being consumed; then a new
    /// frame, within the window.
    private func claim() -> Task? {
        if sequenced {
            if nextToSequence < failedAt, stages[nextToSequence] == .made, case .success = values[nextToSequence] {
                stages[nextToSequence] = .busy
                return .sequence(nextToSequence)
            }
            // Frames before the next to sequence and not yet consumed: sequenced, busy or done.
            if let k = (nextToConsume..<max(nextToConsume, nextToSequence)).first(where: { stages[$0] == .sequenced }),
               case .success = values[k] {
                stages[k] = .busy
                return .complete(k)
            }
        }
        guard nextToTake < count && nextToTake - nextToConsume < window else { return nil }
        stages[nextToTake] = .busy
        nextToTake += 1
        return .make(nextToTake - 1)
    }
}
