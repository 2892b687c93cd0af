import Raster

/// One output of a run of frames, such as a GIF, a folder of PNGs or a list of hashes.
///
/// `prepare` turns a frame into what the output keeps of it (encoded bytes, a hash, a tile). It
/// runs on the pipeline's threads (the calling one among them), several frames at once, and may
/// not depend on other frames or on order. `consume` then takes the prepared frames on the calling thread, strictly in frame
/// order, so that files are written exactly as a serial run would write them.
///
/// A sink whose work has a step that must see the frames in order, such as planning a GIF frame
/// over the one before, sets `isSequenced`: the pipeline then passes each prepared frame through
/// `sequence`, in frame order and one frame at a time, and then through `complete`, several frames
/// at once again, before `consume`. Both run on whichever thread is free, so no thread waits for
/// a frame's turn while there is other work. A frame is sequenced only after every frame before it
/// was, and never once a step of it or of a frame before it failed: the run then ends with the
/// first failure, after consuming the frames before it.
///
/// `finish` runs once, after the last frame was consumed, and only when every frame was: it ends
/// what the sink wrote (a file's trailer, an index).
public protocol FrameSink: AnyObject {
    associatedtype Prepared
    func prepare(_ index: Int, _ frame: Bitmap) throws -> Prepared
    /// Whether `sequence` and `complete` do anything; false by default.
    var isSequenced: Bool { get }
    /// The frame's in-order step, after its `prepare` and the previous frame's `sequence`.
    func sequence(_ index: Int, _ prepared: Prepared) throws -> Prepared
    /// The frame's work after its `sequence`, on any thread, several frames at once.
    func complete(_ index: Int, _ prepared: Prepared) throws -> Prepared
    func consume(_ index: Int, _ prepared: Prepared) throws
    /// Ends the output after the last frame; nothing by default.
    func finish() throws
}

extension FrameSink {
    public var isSequenced: Bool { false }
    public func sequence(_ index: Int, _ prepared: Prepared) throws -> Prepared { prepared }
    public func complete(_ index: Int, _ prepared: Prepared) throws -> Prepared { prepared }
    public func finish() throws {}
}
