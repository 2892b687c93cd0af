/// GIF's variant of LZW: codes from `codeSize + 1` up to 12 bits wide, packed least significant
/// bit first, a clear code first and whenever the dictionary fills (as giflib does, at code 4095),
/// and an end code last.
///
/// Each code is the longest string in the dictionary that `LossyMatch` accepts for the next
/// pixels: a pixel may take another index than the quantizer's if it shows a colour close enough
/// to the pixel's true colour. Longer strings mean fewer codes: this is the idea of gifsicle's
/// `--lossy`. With a match that accepts only exact indices, it is the usual greedy longest match
/// (byte for byte what giflib writes).
///
/// The dictionary holds each string's children as a linked list: the search walks every child of
/// the strings it extends anyway, for the inexact ones, and finds the exact one on the way. The
/// lists (12 kB) stay in the fastest cache, where a dense 4096 × 256 table (2 MiB) would not.
///
/// A value with its own tables: each thread coding a frame uses its own encoder.
struct LZWEncoder {
    private static let maxCode = 4095

    private var firstChild: [UInt16]
    private var sibling: [UInt16]
    private var suffix: [UInt8]
    /// The search's strings still to visit: code, position after it, and total error. Each visit
    /// pushes at most what is left of the budget, so it never holds more than the budget.
    private var stack = [(Int, Int, Int)](repeating: (0, 0, 0), count: LZWEncoder.budget)
    /// How many inexact strings the search may follow for one code: more finds longer strings,
    /// but past 64 the files shrink by under 1% (samples/stretchy.json: 32 → 256 saves 0.9%).
    private static let budget = 64

    init() {
        firstChild = [UInt16](repeating: 0, count: 4096)
        sibling = [UInt16](repeating: 0, count: 4096)
        suffix = [UInt8](repeating: 0, count: 4096)
    }

    /// The code stream of `count` pixels (every index below 2^`codeSize`), without GIF's
    /// sub-block framing. `fill` supplies them in order, a stretch at a time (`LZWWindow`).
    mutating func encode(count: Int, codeSize: Int, palette: UnsafeBufferPointer<UInt32>, transparent: Int,
                         fill: LZWWindow.Filler) -> [UInt8] {
        precondition((2...8).contains(codeSize) && count > 0)
        let clear = 1 << codeSize, end = clear + 1
        var bits = BitPacker()
        var width = codeSize + 1, next = end + 1
        bits.put(clear, width)
        var colours = [UInt32](repeating: 0, count: 256)
        for (index, colour) in palette.enumerated() { colours[index] = colour }
        var window = LZWWindow(count: count)
        defer { window.deallocate() }
        let capacity = window.capacity
        let lossy = LossyMatch(palette: palette, transparent: transparent,
                               truth: UnsafeBufferPointer(start: window.truth, count: capacity),
                               behind: UnsafeBufferPointer(start: window.behind, count: capacity),
                               limits: UnsafeBufferPointer(start: window.limits, count: capacity))
        firstChild.withUnsafeMutableBufferPointer { firstChild in
        sibling.withUnsafeMutableBufferPointer { sibling in
        suffix.withUnsafeMutableBufferPointer { suffix in
        colours.withUnsafeMutableBufferPointer { shows in
        stack.withUnsafeMutableBufferPointer { stack in
            func reset() {
                for code in 0..<next { firstChild[code] = 0 }
            }
            var start = 0
            while true {
                if window.ends(before: start) { window.slide(to: start, fill) }
                let base = window.base, pixels = UnsafeBufferPointer(start: window.indices, count: window.filled)
                let (current, length) = LZWEncoder.deepest(from: start &- base, pixels, firstChild, sibling, suffix, lossy,
                                                           shows, stack)
                start += length
                guard start < count else { bits.put(current, width); break }
                let index = pixels[start &- base]
                bits.put(current, width)
                // The decoder widens its codes one code later than it adds entries; this keeps step.
                if next >= 1 << width && width < 12 { width += 1 }
                if next >= LZWEncoder.maxCode {
                    bits.put(clear, width)
                    reset()
                    width = codeSize + 1; next = end + 1
                } else {
                    suffix[next] = index
                    sibling[next] = firstChild[current]; firstChild[current] = UInt16(next)
                    next += 1
                }
            }
            if next >= 1 << width && width < 12 { width += 1 }
            bits.put(end, width)
            reset()
        }}}}}
        return bits.finish()
    }

    /// The longest string in the dictionary that `lossy` accepts for the pixels from `start`, its
    /// first index exact; of equally long ones, the one with the least total error. A depth-first
    /// search that tries the exact index first and follows at most `budget` other ones.
    ///
    /// `shows` is the colour of every index (256 slots): the palette, and in the transparent
    /// index's slot `lossy.behind` at the pixel being matched, which the search writes before each
    /// visit, so that an index's error needs no branch.
    ///
    /// The exact child is followed at once rather than pushed and popped: it would be the next
    /// string taken off the stack, so the order of the visits, and the budget they spend, are
    /// those of the plain depth-first search.
    private static func deepest(from start: Int, _ pixels: UnsafeBufferPointer<UInt8>,
                                _ firstChild: UnsafeMutableBufferPointer<UInt16>,
                                _ sibling: UnsafeMutableBufferPointer<UInt16>, _ suffix: UnsafeMutableBufferPointer<UInt8>,
                                _ lossy: LossyMatch, _ shows: UnsafeMutableBufferPointer<UInt32>,
                                _ stack: UnsafeMutableBufferPointer<(Int, Int, Int)>) -> (Int, Int) {
        var bestCode = Int(pixels[start]), bestLength = 1, bestError = 0
        var budget = LZWEncoder.budget, count = 0
        var node = bestCode, position = start &+ 1, error = 0
        let transparent = lossy.transparent & 0xFF, hasTransparent = lossy.transparent < 256
        let end = pixels.count
        while true {
            let length = position &- start
            if length > bestLength || (length == bestLength && error < bestError) {
                (bestCode, bestLength, bestError) = (node, length, error)
            }
            if position < end {
                let exact = pixels[position]
                let truth = lossy.truth[position]
                if hasTransparent { shows[transparent] = lossy.behind[position] }
                // Errors are whole numbers below 2²⁴, exact in `Float`: comparing them with the limit as it
                // is gives d ≤ ⌊limit⌋ without converting a limit on every visit.
                let limit = lossy.limits[position]
                var code = firstChild[node], same = 0
                while code != 0 {
                    let index = suffix[Int(code)]
                    if index == exact {
                        same = Int(code)
                        // Past the budget only the exact child can still be followed.
                        if budget == 0 { break }
                    } else if budget > 0 {
                        let d = LossyMatch.distance(shows[Int(index)], truth)
                        if Float(d) <= limit {
                            stack[count] = (Int(code), position &+ 1, error &+ d)
                            count &+= 1; budget &-= 1
                        }
                    }
                    code = sibling[Int(code)]
                }
                if same != 0 {
                    node = same; position &+= 1
                    continue
                }
            }
            guard count > 0 else { break }
            count &-= 1
            (node, position, error) = stack[count]
        }
        return (bestCode, bestLength)
    }
}

/// Codes packed least significant bit first into bytes.
private struct BitPacker {
    private var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    @inline(__always)
    mutating func put(_ code: Int, _ width: Int) {
        buffer |= UInt64(code) << UInt64(count)
        count += width
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8; count -= 8
        }
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        return bytes
    }
}
