/// The geometry changes of a run's failing frames, grouped into lines a reader takes in at once:
/// `card3 moved +1 pt down in frames 40–44`.
public enum GeometrySummary {
    /// Lines beyond this many are counted, not listed: a change to the scroll moves everything.
    public static let maxLines = 8

    /// The lines of a run's failing frames that have recorded geometry.
    public static func lines(of failures: [FrameFailure]) -> [String] {
        lines(failures.compactMap { failure in failure.changes.map { (failure.index, $0) } })
    }

    /// One line per change, in the order the changes first show: the view, what changed, and the
    /// frames it changed in. Values that differ from frame to frame are given for the first
    /// frame. Empty when no frame has a change (their geometry is equal, or was not recorded).
    public static func lines(_ frames: [(index: Int, changes: [GeometryChange])]) -> [String] {
        var order: [String] = []
        var groups: [String: (change: GeometryChange, frames: [Int], values: Set<String>)] = [:]
        for (index, changes) in frames.sorted(by: { $0.index < $1.index }) {
            for change in changes {
                let key = change.view + "\u{0}" + change.what
                if groups[key] == nil {
                    order.append(key)
                    groups[key] = (change, [], [])
                }
                groups[key]!.frames.append(index)
                groups[key]!.values.insert(change.values ?? "")
            }
        }
        var text = order.prefix(maxLines).map { key -> String in
            let group = groups[key]!
            let change = group.change
            let frames = FrameRanges.text(group.frames)
            guard group.values.count > 1, let values = change.values else { return "\(change.description) in \(frames)" }
            return "\(change.view) \(change.what) in \(frames) (\(values) in frame \(group.frames[0]))"
        }
        if order.count > maxLines { text.append("… and \(order.count - maxLines) more changes") }
        return text
    }
}

/// Frame numbers as a reader writes them: `frame 40`, `frames 40–44`, `frames 0, 20–22, 40`.
enum FrameRanges {
    static func text(_ frames: [Int]) -> String {
        var runs: [(Int, Int)] = []
        for frame in Set(frames).sorted() {
            if let last = runs.last, frame == last.1 + 1 { runs[runs.count - 1].1 = frame } else { runs.append((frame, frame)) }
        }
        let parts = runs.map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)–\($0.1)" }
        return (Set(frames).count == 1 ? "frame " : "frames ") + parts.joined(separator: ", ")
    }
}
