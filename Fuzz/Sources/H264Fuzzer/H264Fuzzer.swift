import Codecs
import DecoderFuzzing
import Foundation

/// Where each input is written: FFmpeg reads a reference video by name, as `--check` does.
private let path = FileManager.default.temporaryDirectory.appendingPathComponent("h264-fuzz-\(getpid()).mkv").path

/// libFuzzer's entry point: reads one input as a reference video, every frame of it, as `--check`
/// reads `frames_0000.mkv`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzDecoder(data, size) { bytes, maxPixels in
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fatalError("cannot write \(path)") }
        let reader = try H264Reader(path: path, maxPixels: maxPixels)
        var frames = 0
        while try reader.next() != nil { frames += 1 }
        return frames
    }
}
