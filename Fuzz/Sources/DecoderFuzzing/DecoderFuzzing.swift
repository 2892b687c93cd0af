import Codecs

/// The renderer's default `--max-image-pixels` (`RenderLimits.imagePixels`), so each decoder is
/// fuzzed as the renderer calls it. A decode then needs at most about 320 MB (the RGBA buffer and
/// its premultiplied copy), below `-rss_limit_mb`; without a limit, a few bytes declaring a huge
/// image stop every run at the same out-of-memory.
private let maxPixels = 40_000_000

/// Decodes one libFuzzer input. The contract under test is that any bytes either decode or throw
/// a `DecodeError`; anything else (a trap, another error type, running out of memory) is a finding.
public func fuzzDecoder<Image>(_ data: UnsafePointer<UInt8>, _ size: Int,
                               _ decode: ([UInt8], _ maxPixels: Int) throws -> Image) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try decode(bytes, maxPixels)
    } catch is DecodeError {
    } catch {
        fatalError("decode threw something other than a DecodeError: \(error)")
    }
    return 0
}
