/// A small open-addressing map keyed by 24-bit colours, for per-pixel lookups and counts: a
/// multiplicative hash and linear probing instead of `Dictionary`'s seeded hashing, which cost a
/// fifth of GIF encoding. It gives exactly what a dictionary would.
struct ColorTable<Value> {
    private var keys: [UInt32]
    private var values: [Value]
    private let mask: Int
    private let zero: Value
    private(set) var count = 0
    /// Marks an empty slot: no 24-bit colour has a bit above bit 23.
    private static var empty: UInt32 { UInt32.max }

    /// A table for about `capacity` entries; it grows when half full. `zero` fills unused slots.
    init(capacity: Int, zero: Value) {
        var size = 64
        while size < capacity * 2 { size *= 2 }
        keys = [UInt32](repeating: ColorTable.empty, count: size)
        values = [Value](repeating: zero, count: size)
        mask = size - 1
        self.zero = zero
    }

    /// A starting capacity for the distinct colours of an image of `pixels` pixels: an eighth of
    /// them, at least 4,096 and at most 65,536. A photo's colours seldom outgrow it, and each growth
    /// rehashes every entry; a screen of few colours pays for clearing, and walking `entries` of,
    /// a larger table.
    static func capacity(forPixels pixels: Int) -> Int { min(max(4096, pixels / 8), 1 << 16) }

    @inline(__always)
    private func slot(_ color: UInt32) -> Int { Int((color &* 0x9E37_79B1) >> 8) & mask }

    /// Where `color` is, or the empty slot where it would go. Every slot is within the mask's
    /// range, so the probes need no bounds checks: they run once or more for every pixel.
    @inline(__always)
    private func find(_ color: UInt32) -> Int {
        keys.withUnsafeBufferPointer { keys in
            var i = slot(color)
            while keys[i] != color && keys[i] != ColorTable.empty { i = (i &+ 1) & mask }
            return i
        }
    }

    @inline(__always)
    func value(_ color: UInt32) -> Value? {
        let i = find(color)
        return keys.withUnsafeBufferPointer { $0[i] } == color ? values.withUnsafeBufferPointer { $0[i] } : nil
    }

    /// Sets `color`'s value unless it has one already (the first one stays).
    mutating func insert(_ color: UInt32, _ value: Value) {
        update(color) { existing, isNew in if isNew { existing = value } }
    }

    /// Changes `color`'s value in place; `isNew` says whether it was just added (with `zero`).
    @inline(__always)
    mutating func update(_ color: UInt32, _ change: (inout Value, Bool) -> Void) {
        if count * 2 >= keys.count { grow() }
        let i = find(color)
        let isNew = keys[i] == ColorTable.empty
        if isNew { keys[i] = color; count += 1 }
        change(&values[i], isNew)
    }

    /// Every entry, in no particular order.
    var entries: [(color: UInt32, value: Value)] {
        zip(keys, values).filter { $0.0 != ColorTable.empty }.map { ($0.0, $0.1) }
    }

    /// Four times the slots: a photo's colours outgrow the first table, and each growth rehashes
    /// every entry, so fewer and larger steps rehash less (a third as much as doubling).
    private mutating func grow() {
        var bigger = ColorTable(capacity: keys.count * 2, zero: zero)
        for (key, value) in zip(keys, values) where key != ColorTable.empty { bigger.insert(key, value) }
        self = bigger
    }
}
