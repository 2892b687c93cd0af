import Raster

/// An image's colours as GIF shows them, 0xRRGGBB words, read a row at a time: from words in
/// memory, or from a premultiplied bitmap, each row flattened on white (`OnWhite`) as it is read.
///
/// Reading a frame so, instead of flattening it whole first, keeps a second copy of it out of
/// memory: @3x that copy took 12 MB for every frame being quantized. The price is flattening a
/// frame once for each pass over it (three or four) instead of once: a few operations a pixel,
/// into rows that stay in the fastest cache.
struct RGBRows {
    let width: Int
    let height: Int
    private let source: Source

    private enum Source {
        case words([UInt32])
        case bitmap(Bitmap)
    }

    /// `words` holds `width` × `height` colours, row after row.
    init(words: [UInt32], width: Int, height: Int) {
        precondition(width >= 0 && height >= 0 && words.count == width * height)
        self.width = width
        self.height = height
        source = .words(words)
    }

    init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        source = .bitmap(bitmap)
    }

    /// Calls `body` with a reader of the rows, valid only inside it.
    func read<R>(_ body: (inout Reader) throws -> R) rethrows -> R {
        switch source {
        case .words(let words):
            return try words.withUnsafeBufferPointer { words in
                // An empty array may have no address: its rows read as an empty bitmap's.
                var reader = words.baseAddress.map { Reader(words: $0, width: width) } ?? Reader(rgba: nil, width: width)
                defer { reader.deallocate() }
                return try body(&reader)
            }
        case .bitmap(let bitmap):
            return try bitmap.pixels.withUnsafeBytes { rgba in
                var reader = Reader(rgba: rgba.baseAddress, width: width)
                defer { reader.deallocate() }
                return try body(&reader)
            }
        }
    }

    /// The rows of an `RGBRows`. Row y of a bitmap is flattened into slot y % 3, so three rows in
    /// a row, such as y − 1, y and y + 1, can be held at once: a row's pointer stays valid until a
    /// row three apart from it (or a multiple of three) is read.
    struct Reader {
        private let width: Int
        private let words: UnsafePointer<UInt32>?
        private let rgba: UnsafeRawPointer?
        /// For a bitmap: three rows of words, row y in slot y % 3, and which row each slot holds.
        private let slots: UnsafeMutablePointer<UInt32>?
        private var held = SIMD3<Int>(repeating: -1)

        fileprivate init(words: UnsafePointer<UInt32>, width: Int) {
            self.width = width
            self.words = words
            rgba = nil
            slots = nil
        }

        fileprivate init(rgba: UnsafeRawPointer?, width: Int) {
            self.width = width
            words = nil
            self.rgba = rgba
            slots = .allocate(capacity: 3 * Swift.max(width, 1))
        }

        fileprivate func deallocate() { slots?.deallocate() }

        /// Row `y`'s `width` words.
        @inline(__always)
        mutating func row(_ y: Int) -> UnsafePointer<UInt32> {
            if let words { return words + y &* width }
            let slot = y % 3, out = slots! + slot &* width
            if held[slot] != y && width > 0 {
                held[slot] = y
                let from = rgba! + y &* width &* 4
                var x = 0
                while x &+ 4 <= width {
                    UnsafeMutableRawPointer(out + x).storeBytes(
                        of: OnWhite.rgb(from.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
                    x &+= 4
                }
                while x < width {
                    out[x] = OnWhite.rgb(from.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self))
                    x &+= 1
                }
            }
            return UnsafePointer(out)
        }
    }
}
