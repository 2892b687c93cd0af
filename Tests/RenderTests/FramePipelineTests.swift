import Foundation
import Pipeline
import Raster
import Render
import XCTest

/// The sliding window: frames reach the sinks in order whatever the number of workers, no worker
/// runs more than the window ahead of the consumer, no more threads make frames than `jobs`, and
/// the first error ends the run.
final class FramePipelineTests: XCTestCase {
    /// Records what it is given, and how many frames are made but not yet consumed.
    final class Recorder: FrameSink, @unchecked Sendable {
        let lock = NSLock()
        var inFlight = 0, most = 0
        var consumed: [Int] = []
        var threads = Set<ObjectIdentifier>()

        func made() {
            lock.withLock {
                inFlight += 1; most = max(most, inFlight)
                threads.insert(ObjectIdentifier(Thread.current))
            }
        }

        func prepare(_ index: Int, _ frame: Bitmap) throws -> Int { index * 10 + Int(frame.width) }

        func consume(_ index: Int, _ prepared: Int) throws {
            lock.withLock { inFlight -= 1 }
            XCTAssertEqual(prepared, index * 10 + 1)
            consumed.append(index)
        }
    }

    /// Twice the jobs, unless frames that large would pass the budget: never fewer than the jobs
    /// and one. An iPhone frame @3x is 11.9 MB, @2x 5.3 MB.
    func testTheWindowKeepsLargeFramesWithinTheBudget() {
        XCTAssertEqual(FramePipeline(jobs: 2).window, 4)
        XCTAssertEqual(FramePipeline(jobs: 2, frameBytes: 1170 * 2532 * 4).window, 3)
        XCTAssertEqual(FramePipeline(jobs: 2, frameBytes: 780 * 1688 * 4).window, 4)
        XCTAssertEqual(FramePipeline(jobs: 1, frameBytes: 1170 * 2532 * 4).window, 2)
        XCTAssertEqual(FramePipeline(jobs: 8, frameBytes: 1170 * 2532 * 4).window, 9)
        XCTAssertEqual(FramePipeline(jobs: 8, frameBytes: 780 * 1688 * 4).window, 9)
        XCTAssertEqual(FramePipeline(jobs: 8, frameBytes: 390 * 844 * 4).window, 16)
        XCTAssertEqual(FramePipeline(jobs: 0).window, 2)
    }

    func testOrderAndWindowForAnyNumberOfJobs() throws {
        let indices = Array(5..<65)
        // Frames of unknown size, and frames so large that the byte budget narrows the window.
        for (jobs, frameBytes) in [(1, 0), (2, 0), (3, 0), (8, 0), (2, 12_000_000), (8, 12_000_000)] {
            let recorder = Recorder()
            var done: [Int] = []
            let pipeline = FramePipeline(jobs: jobs, frameBytes: frameBytes)
            try pipeline.run(indices, frame: { index in
                recorder.made()
                // Uneven work, so that frames finish out of order.
                usleep(useconds_t((index * 7919) % 5 * 300))
                return Bitmap(width: 1, height: 1)
            }, sinks: [recorder], done: { done.append($0) })
            XCTAssertEqual(recorder.consumed, indices, "jobs \(jobs), \(frameBytes) bytes")
            XCTAssertEqual(done, Array(1...indices.count))
            XCTAssertLessThanOrEqual(recorder.most, pipeline.window + 1, "jobs \(jobs): frames in flight")
            XCTAssertLessThanOrEqual(recorder.threads.count, jobs, "jobs \(jobs): threads making frames")
            // Nothing is made when the calling thread first looks, so it makes a frame itself.
            XCTAssertTrue(recorder.threads.contains(ObjectIdentifier(Thread.current)), "jobs \(jobs): the calling thread is one of them")
        }
    }

    func testFirstErrorInOrderEndsTheRun() {
        struct Broken: Error, Equatable { let index: Int }
        for jobs in [1, 4] {
            let recorder = Recorder()
            XCTAssertThrowsError(try FramePipeline(jobs: jobs).run(Array(0..<40), frame: { index in
                recorder.made()
                if index == 17 || index == 30 { throw Broken(index: index) }
                return Bitmap(width: 1, height: 1)
            }, sinks: [recorder])) { error in
                XCTAssertEqual(error as? Broken, Broken(index: 17), "jobs \(jobs)")
            }
            XCTAssertEqual(recorder.consumed, Array(0..<17))
        }
    }

    /// A sink with a step in frame order, as the GIF sink has: `sequence` sees the frames in order,
    /// one at a time, each after its `prepare`; `complete` follows it; `consume` gets what
    /// `complete` gave.
    final class Sequenced: FrameSink, @unchecked Sendable {
        let lock = NSLock()
        var prepared = Set<Int>(), sequenced: [Int] = [], completed = Set<Int>()
        var inSequence = false, overlapped = false
        /// Where `sequence`, `complete` or `consume` throws, if anywhere.
        var failAt: Int?, completeFailsAt: Int?, consumeFailsAt: Int?
        /// How long each `complete` takes, in microseconds.
        var completeTakes: useconds_t = 0

        struct Failed: Error, Equatable { let index: Int }

        func prepare(_ index: Int, _ frame: Bitmap) throws -> [Int] {
            lock.withLock { _ = prepared.insert(index) }
            return [index]
        }

        var isSequenced: Bool { true }

        func sequence(_ index: Int, _ value: [Int]) throws -> [Int] {
            lock.withLock {
                overlapped = overlapped || inSequence || !prepared.contains(index)
                inSequence = true
            }
            // A step that takes a while, so that another thread would overlap it if it could.
            usleep(200)
            lock.withLock {
                sequenced.append(index)
                inSequence = false
            }
            if index == failAt { throw Failed(index: index) }
            return value + [index * 2]
        }

        func complete(_ index: Int, _ value: [Int]) throws -> [Int] {
            usleep(completeTakes)
            lock.withLock { _ = completed.insert(index) }
            if index == completeFailsAt { throw Failed(index: index) }
            return value + [index * 3]
        }

        func consume(_ index: Int, _ value: [Int]) throws {
            XCTAssertEqual(value, [index, index * 2, index * 3])
            if index == consumeFailsAt { throw Failed(index: index) }
        }
    }

    func testSequencedStepsRunInFrameOrderOneAtATime() throws {
        let indices = Array(3..<60)
        for jobs in [1, 2, 3, 8] {
            let sink = Sequenced(), recorder = Recorder()
            try FramePipeline(jobs: jobs).run(indices, frame: { index in
                recorder.made()
                usleep(useconds_t((index * 7919) % 5 * 300))
                return Bitmap(width: 1, height: 1)
            }, sinks: [recorder, sink])
            XCTAssertEqual(sink.sequenced, indices, "jobs \(jobs)")
            XCTAssertFalse(sink.overlapped, "jobs \(jobs): a sequence step overlapped another or came before its prepare")
            XCTAssertEqual(sink.completed, Set(indices), "jobs \(jobs)")
            XCTAssertEqual(recorder.consumed, indices, "jobs \(jobs)")
        }
    }

    /// Runs frames 0..<60 into `sink` on a thread of its own, so that a run that waits forever fails
    /// the test instead of holding it: what the run threw (nil inside when it threw nothing), or nil
    /// when it did not end within 30 s.
    func runToItsEnd(jobs: Int, sink: Sequenced, frame: @escaping @Sendable (Int) throws -> Bitmap) -> Error?? {
        let ended = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Error?
        Thread {
            do {
                try FramePipeline(jobs: jobs).run(Array(0..<60), frame: frame, sinks: [sink])
            } catch {
                outcome = error
            }
            ended.signal()
        }.start()
        guard ended.wait(timeout: .now() + 30) == .success else { return nil }
        return .some(outcome)
    }

    /// When a frame fails, in the making or in its sequence step, the frames after it are never
    /// sequenced, and the run ends with that frame's error instead of waiting for them.
    func testAFailedFrameStopsTheSequenceAndEndsTheRun() {
        struct Broken: Error, Equatable { let index: Int }
        for (jobs, failInSequence) in [(1, false), (2, false), (4, false), (1, true), (2, true), (4, true)] {
            let sink = Sequenced()
            if failInSequence { sink.failAt = 23 }
            let label = "jobs \(jobs), failing in \(failInSequence ? "sequence" : "making")"
            guard let outcome = runToItsEnd(jobs: jobs, sink: sink, frame: { index in
                // Later frames are quick, so that they are made before frame 23 fails.
                if index == 23 && !failInSequence { usleep(20_000); throw Broken(index: index) }
                return Bitmap(width: 1, height: 1)
            }) else { return XCTFail("\(label): the run never ended") }
            if failInSequence {
                XCTAssertEqual(outcome as? Sequenced.Failed, Sequenced.Failed(index: 23), label)
                XCTAssertEqual(sink.sequenced, Array(0...23), label)
            } else {
                XCTAssertEqual(outcome as? Broken, Broken(index: 23), label)
                XCTAssertEqual(sink.sequenced, Array(0..<23), label)
            }
        }
    }

    /// A frame that fails to be made while frames before it still wait for their sequence step
    /// (completions are slow and keep the threads busy) ends the run with its error once those
    /// frames are through, instead of leaving them unsequenced and the run waiting.
    func testAFailureLetsTheFramesBeforeItThrough() {
        struct Broken: Error, Equatable { let index: Int }
        for jobs in [2, 3, 8] {
            let sink = Sequenced()
            sink.completeTakes = 3000
            guard let outcome = runToItsEnd(jobs: jobs, sink: sink, frame: { index in
                if index == 10 { throw Broken(index: index) }
                return Bitmap(width: 1, height: 1)
            }) else { return XCTFail("jobs \(jobs): the run never ended") }
            XCTAssertEqual(outcome as? Broken, Broken(index: 10), "jobs \(jobs)")
            XCTAssertEqual(sink.sequenced, Array(0..<10), "jobs \(jobs)")
        }
    }

    /// A failure in `complete` or in `consume` ends the run with it too, without waiting, and the
    /// frames sequenced are still a run in order from the first. Frames after 23 are made slowly, so
    /// that `complete` fails at 23 before any of them could be sequenced: none then is.
    func testAFailedCompletionOrConsumptionEndsTheRun() {
        for (jobs, inConsume) in [(1, false), (3, false), (8, false), (1, true), (3, true), (8, true)] {
            let sink = Sequenced()
            if inConsume { sink.consumeFailsAt = 23 } else { sink.completeFailsAt = 23 }
            let label = "jobs \(jobs), failing in \(inConsume ? "consume" : "complete")"
            guard let outcome = runToItsEnd(jobs: jobs, sink: sink, frame: { index in
                if index > 23 { usleep(100_000) }
                return Bitmap(width: 1, height: 1)
            }) else { return XCTFail("\(label): the run never ended") }
            XCTAssertEqual(outcome as? Sequenced.Failed, Sequenced.Failed(index: 23), label)
            XCTAssertEqual(sink.sequenced, Array(0..<sink.sequenced.count), label)
            if !inConsume { XCTAssertEqual(sink.sequenced, Array(0...23), label) }
        }
    }
}
