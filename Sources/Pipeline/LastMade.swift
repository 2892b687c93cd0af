import Foundation

/// The last value made from a key, shared by threads: what to hand back, without making it again,
/// when the next key equals that one.
///
/// For work that is a pure function of its key, so a hit is the very value making it again would
/// give. Scripted scrolls rest often (waits, the end of a fling, the top of a drag): in the samples
/// a third of all frames repeat the one before, and in `stretchy-blur` they are the blurred ones,
/// the dearest to paint, quantize and encode.
///
/// Holds one value, whatever thread made it last: with several workers a resting scroll still hits,
/// because every frame of the rest has the same key. A key another thread is making now is waited
/// for, not made twice: with two workers, the first two frames of a rest are made at once, and
/// the wait is never longer than making it. Values are copy-on-write, so a hit costs no copy, and
/// the memo keeps at most one value alive beyond those in flight.
///
/// `make` must not ask the same memo for a value, or it could wait for itself.
public final class LastMade<Key: Equatable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var last: (key: Key, value: Value)?
    /// Keys some thread is making now, at most one per thread, each with a ticket to find it by.
    private var making: [(ticket: Int, key: Key)] = []
    private var tickets = 0

    public init() {}

    /// The value made from `key` if it equals the last key, or the one being made, else
    /// `make(key)`, remembered.
    public func value(for key: Key, _ make: (Key) throws -> Value) rethrows -> Value {
        condition.lock()
        while true {
            if let last, last.key == key {
                condition.unlock()
                return last.value
            }
            guard making.contains(where: { $0.key == key }) else { break }
            condition.wait()
        }
        tickets += 1
        let ticket = tickets
        making.append((ticket, key))
        condition.unlock()
        var made: Value?
        defer {
            condition.lock()
            making.removeAll { $0.ticket == ticket }
            if let made { last = (key, made) }
            condition.broadcast()
            condition.unlock()
        }
        made = try make(key)
        return made!
    }
}
