/// Clears the creation and modification times that libavif writes into an ISO media file's movie,
/// track and media headers (`mvhd`, `tkhd`, `mdhd`): they are the clock's, so the same frames
/// would make different bytes on every run. 0 means "not given".
enum MediaTimes {
    /// The boxes that hold other boxes on the way to the headers.
    private static let containers: Set<String> = ["moov", "trak", "mdia"]
    private static let headers: Set<String> = ["mvhd", "tkhd", "mdhd"]

    /// Zeroes the times in place; a file too short or malformed for a box is left as it is from there.
    static func clear(_ file: inout [UInt8]) { clear(&file, from: 0, to: file.count) }

    private static func clear(_ file: inout [UInt8], from start: Int, to end: Int) {
        var at = start
        while at + 8 <= end {
            var size = Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
            var header = 8
            if size == 1 {
                guard at + 16 <= end else { return }
                size = file[at + 8..<at + 16].reduce(0) { $0 << 8 | Int($1) }
                header = 16
            } else if size == 0 {
                size = end - at
            }
            guard size >= header, at + size <= end else { return }
            let type = String(decoding: file[at + 4..<at + 8], as: UTF8.self)
            if containers.contains(type) {
                clear(&file, from: at + header, to: at + size)
            } else if headers.contains(type), size >= header + 4 {
                // A full box: version, 3 bytes of flags, then the two times, of 8 bytes each in
                // version 1, else of 4.
                let width = file[at + header] == 1 ? 8 : 4, times = at + header + 4
                if times + 2 * width <= at + size {
                    for k in times..<times + 2 * width { file[k] = 0 }
                }
            }
            at += size
        }
    }
}
