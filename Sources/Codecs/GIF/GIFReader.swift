import CGIF

/// A GIF read back through giflib (see `AnimationReader`): each image painted over the screen
/// as it was, its transparent index leaving the pixel as it is (render's GIFs do not dispose).
public final class GIFReader: AnimationReader {
    public let width: Int
    public let height: Int
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var screen: [UInt8]
    private var index = 0
    /// Centiseconds from the start to the next image.
    private var clock = 0

    /// The file's bytes, and how far giflib has read into them.
    private final class Input {
        let bytes: [UInt8]
        var read = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    public init(_ file: [UInt8]) throws {
        let input = Input(file)
        var error: Int32 = 0
        // giflib reads the whole file here (DGifSlurp), so `input` need not outlive the call.
        let opened = withExtendedLifetime(input) { () -> UnsafeMutablePointer<GifFileType>? in
            guard let gif = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), GIFReader.input, &error) else { return nil }
            if DGifSlurp(gif) != GIF_OK { error = gif.pointee.Error; DGifCloseFile(gif, nil); return nil }
            return gif
        }
        guard let gif = opened else { throw DecodeError.animation("giflib: \(GIFReader.words(error))") }
        self.gif = gif
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        screen = [UInt8](repeating: 255, count: width * height * 3)
    }

    deinit {
        var error: Int32 = 0
        if let gif { DGifCloseFile(gif, &error) }
    }

    public func next() throws -> (start: Double, rgb: [UInt8])? {
        guard let gif, index < Int(gif.pointee.ImageCount) else { return nil }
        defer { index += 1 }
        let saved = gif.pointee.SavedImages[index]
        var control = GraphicsControlBlock()
        guard DGifSavedExtensionToGCB(gif, Int32(index), &control) == GIF_OK else { throw DecodeError.animation("giflib: a bad extension") }
        guard let map = (saved.ImageDesc.ColorMap ?? gif.pointee.SColorMap) else { throw DecodeError.animation("an image without colours") }
        let left = Int(saved.ImageDesc.Left), top = Int(saved.ImageDesc.Top)
        let w = Int(saved.ImageDesc.Width), h = Int(saved.ImageDesc.Height)
        guard left + w <= width, top + h <= height else { throw DecodeError.animation("an image outside the screen") }
        for y in 0..<h {
            for x in 0..<w {
                let i = Int(saved.RasterBits[y * w + x])
                guard i != Int(control.TransparentColor), i < Int(map.pointee.ColorCount) else { continue }
                let c = map.pointee.Colors[i], at = ((top + y) * width + left + x) * 3
                screen[at] = c.Red; screen[at + 1] = c.Green; screen[at + 2] = c.Blue
            }
        }
        let start = Double(clock) / 100
        clock += Int(control.DelayTime)
        return (start, screen)
    }

    private static let input: InputFunc = { gif, buffer, count in
        guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
        let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
        let n = min(Int(count), input.bytes.count - input.read)
        guard n > 0 else { return 0 }
        input.bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + input.read, count: n) }
        input.read += n
        return Int32(n)
    }

    private static func words(_ code: Int32) -> String { GifErrorString(code).map { String(cString: $0) } ?? "error \(code)" }
}
