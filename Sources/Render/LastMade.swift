import Synchronization

/// The last value made from a key, shared by threads: what to hand back, without making it again,
/// when the next key equals that one.
///
/// For work that is a pure function of its key, so a hit is the very value making it again would
/// give. Scripted scrolls rest often (waits, the end of a fling, the top of a drag): in the samples
/// a third of all frames repeat the one before, and in `stretchy-blur` they are the blurred ones,
/// the dearest to paint, quantize and encode.
///
/// Holds one value, whatever thread made it last: with several workers a resting scroll still hits,
/// because every frame of the rest has the same key. Values are copy-on-write, so a hit costs no
/// copy, and the memo keeps at most one value alive beyond those in flight.
public final class LastMade<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let last = Mutex<(key: Key, value: Value)?>(nil)

    public init() {}

    /// The value made from `key` if it equals the last key, else `make(key)`, remembered.
    public func value(for key: Key, _ make: (Key) throws -> Value) rethrows -> Value {
        if let hit = last.withLock({ entry in entry.flatMap { $0.key == key ? $0.value : nil } }) { return hit }
        let value = try make(key)
        last.withLock { $0 = (key, value) }
        return value
    }
}
