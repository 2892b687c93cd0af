/// An image of palette indices: what one GIF frame stores.
///
/// Invariants: `indices.count == width * height`, every index is below `palette.count`, and the
/// palette holds between 1 and 256 colours, packed as 0xRRGGBB.
public struct IndexedImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let palette: [UInt32]
    public let indices: [UInt8]

    public init(width: Int, height: Int, palette: [UInt32], indices: [UInt8]) {
        precondition(indices.count == width * height && (1...256).contains(palette.count))
        self.width = width; self.height = height; self.palette = palette; self.indices = indices
    }
}
