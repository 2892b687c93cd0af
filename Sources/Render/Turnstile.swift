import Foundation

/// Lets work numbered 0, 1, 2, … run one at a time, in number order, on whatever threads bring
/// it: the in-order step of a sink's `prepare` (see `FrameSink`), such as planning GIF frames,
/// while the rest of each frame's work runs on many threads at once.
///
/// Every number must come through `pass` once, or be given up with `abandon`: the turns from
/// there on, and those after one whose body threw, throw `Abandoned` instead of waiting forever
/// for a turn that will not come. Turns before it run as usual, so the first error in turn
/// order is still the one that caused it.
public final class Turnstile: @unchecked Sendable {
    /// Thrown by the turns after one that was given up.
    public struct Abandoned: Error {}

    private let condition = NSCondition()
    private var next = 0
    /// The first turn given up; `Int.max` while none is.
    private var brokenFrom = Int.max

    public init() {}

    /// Waits for turn `number`, runs `body`, and lets the next turn in.
    public func pass<T>(_ number: Int, _ body: () throws -> T) throws -> T {
        condition.lock()
        while next != number && number < brokenFrom { condition.wait() }
        let abandoned = number >= brokenFrom
        condition.unlock()
        if abandoned { throw Abandoned() }
        do {
            let value = try body()
            advance(to: number + 1)
            return value
        } catch {
            abandon(from: number + 1)
            throw error
        }
    }

    /// Turn `number` will never come: it and every later turn throw `Abandoned`.
    public func abandon(from number: Int) {
        condition.lock()
        brokenFrom = min(brokenFrom, number)
        condition.broadcast()
        condition.unlock()
    }

    private func advance(to number: Int) {
        condition.lock()
        next = number
        condition.broadcast()
        condition.unlock()
    }
}
