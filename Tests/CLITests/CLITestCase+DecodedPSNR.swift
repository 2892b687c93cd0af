import Codecs
import Foundation
import XCTest

extension CLITestCase {
    /// Mean PSNR in dB of a video or an animated AVIF, decoded by ffmpeg (an independent decoder),
    /// against the PNG frames in `folder` (RGB, flattened on white, as the file shows them), over
    /// the first `width × height` pixels of each frame; `even`: the file's frames are padded to
    /// an even size, as an MP4's are.
    func decodedPSNR(_ name: String, frames folder: String, width: Int, height: Int, even: Bool) throws -> Double {
        let codedWidth = even ? (width + 1) & ~1 : width, codedHeight = even ? (height + 1) & ~1 : height
        let video = try tool("ffmpeg", ["-v", "error", "-i", path(name), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let files = try frameFiles(folder)
        let frameBytes = codedWidth * codedHeight * 3
        XCTAssertEqual(video.count, files.count * frameBytes)
        var squared = 0.0, count = 0.0
        for (i, file) in files.enumerated() {
            let png = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path("\(folder)/\(file)")))))
            for y in 0..<height {
                for x in 0..<width {
                    let p = (y * width + x) * 4, white = 255 - Int(png.pixels[p + 3])
                    for c in 0..<3 {
                        // Premultiplied colour over white.
                        let flat = Int(png.pixels[p + c]) + white
                        let d = Double(video[i * frameBytes + (y * codedWidth + x) * 3 + c]) - Double(flat)
                        squared += d * d
                        count += 1
                    }
                }
            }
        }
        return 10 * log10(255 * 255 / max(squared / count, 1e-9))
    }
}
