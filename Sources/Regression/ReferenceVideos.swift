import Codecs
import FileOutput
import Foundation
import Raster

/// The lossless videos of a reference folder (`frames_0040.mkv`, see `FrameName.video`), read
/// frame by frame as a check asks for them.
///
/// A check asks for frames in order, so one video is kept open with its position, and each
/// frame costs one decode; a frame before the position opens the video again. Safe to share
/// between threads: one caller reads at a time.
final class ReferenceVideos: @unchecked Sendable {
    private let lock = NSLock()
    /// The videos of each folder, as (first frame, file name), sorted; listed once per folder.
    private var listed: [URL: [(start: Int, name: String)]] = [:]
    /// The open video: its file, the reader, and the index of the frame `next()` gives next.
    private var open: (url: URL, reader: H264Reader, position: Int)?
    /// The frame read last, which failure images ask for again.
    private var last: (url: URL, offset: Int, frame: Bitmap)?
    /// Videos that could not be read to the end, with the offset reading stopped at: frames from
    /// there on fail again at once, instead of each decoding the video from its start once more.
    private var stopped: [URL: (offset: Int, error: Error)] = [:]

    /// The video of `folder` that holds frame `index`, with the frame's offset in it: the one
    /// that starts last at or before it. Whether it holds that many frames shows when it is read.
    func video(holding index: Int, in folder: URL) -> (url: URL, offset: Int)? {
        lock.withLock {
            guard let start = videos(in: folder).last(where: { $0.start <= index }) else { return nil }
            return (folder.appendingPathComponent(start.name), index - start.start)
        }
    }

    /// Every video of `folder`.
    func all(in folder: URL) -> [URL] {
        lock.withLock { videos(in: folder).map { folder.appendingPathComponent($0.name) } }
    }

    /// Whether `folder` holds any video.
    func hasVideos(in folder: URL) -> Bool { lock.withLock { !videos(in: folder).isEmpty } }

    /// A video that holds fewer frames than asked for: the frame's own file is missing too, since
    /// a video is only looked in for frames that have none.
    struct Ended: Error {
        let frames: Int
    }

    /// Frame `offset` of the video at `url`; a file that cannot be read throws, and one that ends
    /// before the frame throws `Ended`.
    func frame(_ offset: Int, of url: URL, maxPixels: Int) throws -> Bitmap {
        try lock.withLock {
            if let last, last.url == url, last.offset == offset { return last.frame }
            if let stop = stopped[url], offset >= stop.offset { throw stop.error }
            if open == nil || open!.url != url || open!.position > offset {
                open = nil
                do {
                    let reader = try H264Reader(path: url.path, maxPixels: maxPixels,
                                                firstFrame: FrameName.videoStart(of: url.lastPathComponent) ?? 0)
                    open = (url, reader, 0)
                } catch {
                    stopped[url] = (0, error)
                    throw error
                }
            }
            do {
                while true {
                    guard let frame = try open!.reader.next() else { throw Ended(frames: open!.position) }
                    open!.position += 1
                    if open!.position > offset {
                        last = (url, offset, frame)
                        return frame
                    }
                }
            } catch {
                // Earlier frames are read again from the start, rather than from a reader that failed.
                stopped[url] = (open!.position, error)
                open = nil
                throw error
            }
        }
    }

    /// Called under `lock`.
    private func videos(in folder: URL) -> [(start: Int, name: String)] {
        if let known = listed[folder] { return known }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let found = names.compactMap { name in FrameName.videoStart(of: name).map { (start: $0, name: name) } }
            .sorted { $0.start < $1.start }
        listed[folder] = found
        return found
    }
}
