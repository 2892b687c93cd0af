import Raster

/// One output of a run of frames, such as a GIF, a folder of PNGs or a list of hashes.
///
/// `prepare` turns a frame into what the output keeps of it (encoded bytes, a hash, a tile). It
/// runs on the pipeline's workers, several frames at once, and may not depend on other frames or
/// on order. `consume` then takes the prepared frames on the calling thread, strictly in frame
/// order, so that files are written exactly as a serial run would write them.
///
/// A sink whose `prepare` has a step that must run in frame order (see `Turnstile`) is told with
/// `abandon` when a frame will not reach its `prepare`, because making the frame, or an earlier
/// sink's `prepare` of it, failed.
public protocol FrameSink: AnyObject {
    associatedtype Prepared
    func prepare(_ index: Int, _ frame: Bitmap) throws -> Prepared
    func consume(_ index: Int, _ prepared: Prepared) throws
    /// Frame `index` failed before it came to this sink's `prepare`.
    func abandon(_ index: Int)
}

extension FrameSink {
    public func abandon(_ index: Int) {}

    /// `prepare`, for a pipeline holding sinks of different kinds.
    func prepareAny(_ index: Int, _ frame: Bitmap) throws -> Any { try prepare(index, frame) }

    /// `consume` of what `prepareAny` gave.
    func consumeAny(_ index: Int, _ prepared: Any) throws { try consume(index, prepared as! Prepared) }
}
