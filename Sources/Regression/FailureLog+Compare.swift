import Raster

extension FailureLog {
    /// Compares frame `index` (`name` in the hash file) with its reference through `check`, and
    /// keeps it when it differs: its expected, actual and diff images handed to `store` (which
    /// writes each and returns the path to show for it), what moved in its geometry, and its entry
    /// here. The one comparison behind `render --check`, `render test` and `assertFrames`.
    ///
    /// `geometry` makes the frame's geometry, which a mask and the account of what moved need; it
    /// is made at most once, and only when one of them asks.
    public func compare(_ check: FrameCheck, name: String, index: Int, hash: String, bitmap: Bitmap,
                        geometry: ((Int) throws -> FrameGeometry)?,
                        store: (_ file: String, _ png: [UInt8]) throws -> String) throws -> Verdict {
        let layout = geometry.map { geometry in Memo { try geometry(index) } }
        let (verdict, diff) = check.verdict(name: name, hash: hash, bitmap: bitmap, geometry: layout?.value)
        guard case .differs(let reason) = verdict else { return verdict }
        let images = try check.images(name: name, index: index, actual: bitmap, diff: diff, store: store)
        // A geometry that cannot be made leaves the pixel summary, as the verdict does.
        let changes = layout.flatMap { layout in (try? layout.value()).flatMap { check.changes(name: name, actual: $0) } }
        try add(index: index, reason: reason, diff: diff, actual: bitmap, images: images, changes: changes)
        return verdict
    }
}
