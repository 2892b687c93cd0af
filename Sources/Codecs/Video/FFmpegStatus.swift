import CFFmpeg

/// FFmpeg's result codes, turned into thrown errors.
enum FFmpegStatus {
    /// FFmpeg's words for a negative result code.
    static func message(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 256)
        av_strerror(code, &text, text.count)
        return String(cString: text)
    }

    /// Throws for a negative result: FFmpeg returns a negated errno for a failed system call, given
    /// to `systemError` (so the caller can word it for the user's path), and a negated four-letter
    /// tag, far beyond any errno, for its own errors, given to `failure` with what was being done.
    static func check(_ result: Int32, _ doing: String, systemError: (Int32) -> Error,
                      failure: (String) -> Error) throws {
        guard result < 0 else { return }
        if -result < 4096 { throw systemError(-result) }
        throw failure("\(doing): \(message(result))")
    }
}
