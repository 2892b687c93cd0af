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
}
