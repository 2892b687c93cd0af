import Codecs

/// The renderer's default `--max-image-pixels` (`RenderLimits.imagePixels`), so the decoder is
/// fuzzed as the renderer calls it. A decode then needs at most about 320 MB (the RGBA buffer and
/// its premultiplied copy), below `-rss_limit_mb`; without a limit, 41 bytes declaring a huge image
/// stop every run at the same out-of-memory.
private let maxPixels = 40_000_000

/// libFuzzer's entry point: decodes one input as a PNG file.
///
/// The contract under test is that any bytes either decode or throw a `DecodeError`; anything else
/// (a trap, another error type, running out of memory) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try PNGCodec.decode(bytes, maxPixels: maxPixels)
    } catch is DecodeError {
    } catch {
        fatalError("decode threw something other than a DecodeError: \(error)")
    }
    return 0
}
