import Foundation
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

    func testOrderAndWindowForAnyNumberOfJobs() throws {
        let indices = Array(5..<65)
        for jobs in [1, 2, 3, 8] {
            let recorder = Recorder()
            var done: [Int] = []
            let pipeline = FramePipeline(jobs: jobs)
            try pipeline.run(indices, frame: { index in
                recorder.made()
                // Uneven work, so that frames finish out of order.
                usleep(useconds_t((index * 7919) % 5 * 300))
                return Bitmap(width: 1, height: 1)
            }, sinks: [recorder], done: { done.append($0) })
            XCTAssertEqual(recorder.consumed, indices, "jobs \(jobs)")
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

    /// A sink with a step in frame order (`Turnstile`), as the GIF sink has: when a frame fails,
    /// the sinks are told, so frames after it that wait for their turn give up instead of holding
    /// the run forever, and the error of the failed frame is the one the run ends with.
    final class Ordered: FrameSink, @unchecked Sendable {
        let turns = Turnstile()
        let lock = NSLock()
        var abandoned: [Int] = []

        func prepare(_ index: Int, _ frame: Bitmap) throws -> Int { try turns.pass(index) { index } }
        func consume(_ index: Int, _ prepared: Int) throws { XCTAssertEqual(prepared, index) }
        func abandon(_ index: Int) {
            lock.withLock { abandoned.append(index) }
            turns.abandon(from: index)
        }
    }

    func testFramesThatFailAreAbandonedSoOrderedStepsDoNotWaitForThem() {
        struct Broken: Error, Equatable { let index: Int }
        for jobs in [1, 2, 4] {
            let sink = Ordered()
            // On a thread of its own, so that a run that waits forever fails the test instead of
            // holding it.
            let ended = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var outcome: Error?
            Thread {
                do {
                    try FramePipeline(jobs: jobs).run(Array(0..<60), frame: { index in
                        // Later frames are quick, so that they reach their turn before frame 23 fails.
                        if index == 23 { usleep(20_000); throw Broken(index: index) }
                        return Bitmap(width: 1, height: 1)
                    }, sinks: [sink])
                } catch {
                    outcome = error
                }
                ended.signal()
            }.start()
            guard ended.wait(timeout: .now() + 30) == .success else { return XCTFail("jobs \(jobs): the run never ended") }
            XCTAssertEqual(outcome as? Broken, Broken(index: 23), "jobs \(jobs)")
            XCTAssertEqual(sink.abandoned, [23], "jobs \(jobs)")
        }
    }
}
