import CFuzzSupport

/// A custom mutator: libFuzzer's own mutations, then every chunk's CRC recomputed.
///
/// libpng rejects a critical chunk whose CRC does not match, so almost every plain mutation of a
/// header or of image data would stop at the CRC check and never reach the code behind it. libpng
/// is a system library without coverage instrumentation, so the fuzzer cannot learn to fix CRCs
/// by itself: this does it for every mutant.
@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt) -> Int {
    let newSize = LLVMFuzzerMutate(data, size, maxSize)
    fixChunkCRCs(UnsafeMutableBufferPointer(start: data, count: newSize))
    return newSize
}

/// Rewrites the CRC of each complete chunk after the 8-byte signature; stops at the first chunk
/// whose declared length runs past the end.
func fixChunkCRCs(_ png: UnsafeMutableBufferPointer<UInt8>) {
    var at = 8
    while at + 12 <= png.count {
        let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        let crcAt = at + 8 + length
        guard crcAt + 4 <= png.count else { return }
        // The CRC covers the chunk type and data, not the length.
        let crc = UInt32(crc32(0, png.baseAddress! + at + 4, UInt32(4 + length)))
        for i in 0..<4 { png[crcAt + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
        at = crcAt + 4
    }
}
