import CFriBidi

/// The Unicode Bidirectional Algorithm (UAX #9) through FriBidi: which characters of a paragraph
/// run right to left, and in what order runs of them are shown.
enum Bidi {
    /// Embedding levels of a paragraph's characters (odd: right to left), and whether the
    /// paragraph's base direction is right to left. The base direction is that of the first strong
    /// character (rules P2–P3), as UIKit's natural writing direction; left to right when none.
    static func levels(_ text: [UInt32]) -> (levels: [UInt8], rightToLeft: Bool) {
        let count = text.count
        guard count > 0 else { return ([], false) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var base = FRIBIDI_PAR_ON
        let found = text.withUnsafeBufferPointer { chars in
            fribidi_get_bidi_types(chars.baseAddress, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(chars.baseAddress, FriBidiStrIndex(count), types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &base, &levels)
        }
        // FriBidi fails only when it cannot allocate; the text then stays left to right.
        guard found > 0 else { return ([UInt8](repeating: 0, count: count), false) }
        return (levels.map { UInt8(bitPattern: $0) }, base == FRIBIDI_PAR_RTL)
    }

    /// The visual order of runs with these levels, left to right (rule L2): from the highest level
    /// down to the lowest odd one, every sequence of runs at that level or above is reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        let lowestOdd = lowest | 1
        guard highest >= lowestOdd else { return order }
        for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
        }
        return order
    }
}
