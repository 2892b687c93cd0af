import Codecs
import Foundation
import Pipeline
import Raster
import Render
import Scene
import Synchronization
import XCTest

/// A frame handed back from the memo of the last frame painted is the frame a fresh paint gives.
final class LastMadeTests: XCTestCase {
    func testRepeatedAndInterleavedFramesEqualFreshPaints() throws {
        var scene = try SceneDecoder.load(file: GoldenTests.samplePath("stretchy"))
        scene.canvas.scale = 1
        let shared = try Renderer(scene: scene, images: PNGDecoder())
        // Frames 37–42 rest at one pull, 101–112 at the bottom and 0–9 at the top (the memo hits); the steps to the
        // next frame and the jumps between far ones make it miss, which must never hand back the
        // last frame's pixels.
        let order = [38, 39, 20, 39, 101, 102, 0, 1, 101]
        var fresh: [Int: Bitmap] = [:]
        for index in Set(order) { fresh[index] = try Renderer(scene: scene, images: PNGDecoder()).frame(index) }
        var repeats = 0
        for (k, index) in order.enumerated() {
            XCTAssertEqual(try shared.frame(index), fresh[index], "frame \(index)")
            if k > 0, try shared.items(frame: index) == shared.items(frame: order[k - 1]) { repeats += 1 }
        }
        XCTAssertGreaterThanOrEqual(repeats, 3, "the order exercises the memo's hits")
    }

    /// A key asked for while another thread makes it is waited for, not made twice. The first
    /// thread's `make` holds on until the second has had time to ask; made twice, the count shows it.
    func testAKeyBeingMadeIsWaitedForNotMadeAgain() {
        let memo = LastMade<Int, Int>()
        let makes = Mutex(0)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let results = Mutex<[Int]>([])
        Thread {
            let value = memo.value(for: 7) { key in
                makes.withLock { $0 += 1 }
                started.signal()
                release.wait()
                return key * 6
            }
            results.withLock { $0.append(value) }
            done.signal()
        }.start()
        started.wait()
        Thread {
            let value = memo.value(for: 7) { key in makes.withLock { $0 += 1 }; return key * 6 }
            results.withLock { $0.append(value) }
            done.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.2)
        release.signal()
        for _ in 0..<2 { XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "no thread waits forever") }
        XCTAssertEqual(makes.withLock { $0 }, 1)
        XCTAssertEqual(results.withLock { $0 }, [42, 42])
    }

    /// When the thread making a key fails, one waiting for it makes the key itself.
    func testAWaiterMakesTheKeyWhenItsMakerThrows() {
        struct Failed: Error {}
        let memo = LastMade<Int, Int>()
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let outcomes = Mutex<[String]>([])
        Thread {
            do {
                _ = try memo.value(for: 7) { _ -> Int in
                    started.signal()
                    release.wait()
                    throw Failed()
                }
            } catch {
                outcomes.withLock { $0.append("threw") }
            }
            done.signal()
        }.start()
        started.wait()
        Thread {
            let value = memo.value(for: 7) { key in key * 6 }
            outcomes.withLock { $0.append("made \(value)") }
            done.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.2)
        release.signal()
        for _ in 0..<2 { XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "no thread waits forever") }
        XCTAssertEqual(outcomes.withLock { $0 }.sorted(), ["made 42", "threw"])
    }
}
