import Raster

/// One palette for every frame of a GIF, made from the colours of sample frames before the GIF
/// is written, as ffmpeg's palettegen makes one from all frames.
///
/// A frame that is as well served by it as by a palette of its own (see `GIFWriter.prepare`)
/// stores no colour table, and its unchanged pixels get the same indices as in the frame before:
/// interface screens, whose few hundred colours come back frame after frame, shrink the most.
/// Photos have too many colours for one palette; past `maxColours` distinct colours in the
/// samples there is none.
public struct SharedPalette {
    /// Distinct colours in the samples beyond which no palette is shared (a photo has more).
    public static let maxColours = 1 << 16

    private var table = ColorTable(capacity: 4096, zero: 0)
    /// Whether the samples so far have too many colours: then more samples cannot help.
    public private(set) var overflowed = false

    public init() {}

    /// Adds a sample frame's colours (see `colours(of:)`).
    public mutating func add(_ colours: SampleColours) {
        if colours.overflowed { overflowed = true }
        guard !overflowed else { return }
        for (colour, count) in colours.entries { table.update(colour) { total, _ in total += count } }
        if table.count > SharedPalette.maxColours { overflowed = true; table = ColorTable(capacity: 0, zero: 0) }
    }

    /// A sample frame's colours, as GIF shows them (flattened on white): pure, for any thread.
    public static func colours(of bitmap: Bitmap) -> SampleColours {
        var table = ColorTable(capacity: 4096, zero: 0)
        Histogram.count(RGBRows(bitmap), into: &table)
        return SampleColours(entries: table.count > maxColours ? [] : table.entries.map { ($0.color, $0.value) },
                             overflowed: table.count > maxColours)
    }

    /// The shared palette (255 colours at most), or nil when the samples had too many colours.
    public var palette: [UInt32]? {
        guard !overflowed, table.count > 0 else { return nil }
        return Quantizer.palette(Histogram(table))
    }
}

/// The distinct colours of one sample frame and how many pixels have each.
public struct SampleColours: Sendable {
    let entries: [(UInt32, Int)]
    let overflowed: Bool
}
