/// The pictures of an animated file that render wrote, read back in order, as a viewer shows
/// them: flattened onto white, packed RGB8, each with the second it starts at. `--max-size` reads
/// its choice back to measure what it shows (`SSIM`).
public protocol AnimationReader: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// The next picture, or nil after the last.
    func next() throws -> (start: Double, rgb: [UInt8])?
}

/// Bytes held at a fixed address for a C decoder that keeps pointing into them.
final class PinnedBytes {
    let pointer: UnsafeMutableBufferPointer<UInt8>

    init(_ bytes: [UInt8]) {
        pointer = .allocate(capacity: max(1, bytes.count))
        _ = pointer.initialize(from: bytes)
    }

    var count: Int { pointer.count }

    deinit { pointer.deallocate() }
}

/// Straight RGBA8 flattened onto white, rounded: c·a/255 + 255 − a.
func straightOnWhite(_ rgba: UnsafePointer<UInt8>, count: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: count * 3)
    for i in 0..<count {
        let a = Int(rgba[4 * i + 3])
        for c in 0..<3 { out[3 * i + c] = UInt8((Int(rgba[4 * i + c]) * a + 255 * (255 - a) + 127) / 255) }
    }
    return out
}
