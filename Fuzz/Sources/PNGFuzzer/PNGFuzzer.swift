import Codecs
import DecoderFuzzing

/// libFuzzer's entry point: decodes one input as a PNG file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzDecoder(data, size, PNGCodec.decode) }
