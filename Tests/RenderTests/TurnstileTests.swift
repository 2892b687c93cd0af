import Foundation
import Render
import XCTest

/// Turns run one at a time in number order, whatever thread brings each; a turn given up fails
/// the turns after it, never the ones before, and nothing waits forever.
final class TurnstileTests: XCTestCase {
    func testTurnsRunInNumberOrderWhateverThreadsBringThem() {
        final class Log: @unchecked Sendable {
            let lock = NSLock()
            var order: [Int] = [], running = 0, overlapped = false
        }
        let turnstile = Turnstile(), log = Log()
        // Eight threads of their own (a dispatch pool may run fewer at once, and these wait for
        // each other), each with every eighth number.
        let done = DispatchGroup()
        for thread in 0..<8 {
            done.enter()
            Thread {
                defer { done.leave() }
                for number in stride(from: thread, to: 200, by: 8) {
                    do {
                        try turnstile.pass(number) {
                            log.lock.withLock { log.running += 1; log.overlapped = log.overlapped || log.running > 1; log.order.append(number) }
                            usleep(UInt32((number * 7919) % 3 * 50))
                            log.lock.withLock { log.running -= 1 }
                        }
                    } catch {
                        XCTFail("turn \(number): \(error)")
                    }
                }
            }.start()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(log.order, Array(0..<200))
        XCTAssertFalse(log.overlapped, "two turns ran at once")
    }

    func testAnAbandonedTurnFailsTheTurnsAfterItOnly() throws {
        let turnstile = Turnstile()
        var ran: [Int] = []
        try turnstile.pass(0) { ran.append(0) }
        turnstile.abandon(from: 2)
        try turnstile.pass(1) { ran.append(1) }
        for number in [2, 3, 9] {
            XCTAssertThrowsError(try turnstile.pass(number) { ran.append(number) }) { XCTAssertTrue($0 is Turnstile.Abandoned) }
        }
        XCTAssertEqual(ran, [0, 1])
    }

    /// A turn waiting on another thread is let go when a turn before it is given up.
    func testAWaitingTurnIsLetGo() {
        let turnstile = Turnstile(), failed = expectation(description: "turn 5 gives up")
        Thread {
            do { try turnstile.pass(5) {} } catch { XCTAssertTrue(error is Turnstile.Abandoned) }
            failed.fulfill()
        }.start()
        usleep(20_000)
        turnstile.abandon(from: 3)
        wait(for: [failed], timeout: 10)
    }

    func testATurnThatThrowsFailsTheRest() {
        struct Broken: Error {}
        let turnstile = Turnstile()
        XCTAssertThrowsError(try turnstile.pass(0) { throw Broken() }) { XCTAssertTrue($0 is Broken) }
        XCTAssertThrowsError(try turnstile.pass(1) {}) { XCTAssertTrue($0 is Turnstile.Abandoned) }
    }
}
