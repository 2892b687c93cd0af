/// The scroll offset as a function of time, from a start offset and a script.
///
/// Pure and deterministic: the same script always yields the same offsets. Frames are sampled at
/// t = i / fps for i in 0..<frameCount, where frameCount = ⌈duration · fps⌉ (at least 1), so a
/// looping GIF of the frames lasts exactly the script's duration.
public struct Timeline: Equatable, Sendable {
    private struct Segment: Equatable {
        var start: Double          // seconds
        var duration: Double
        var from: Double, to: Double
        var curve: TimingCurve
    }

    private let segments: [Segment]
    public let startOffset: Double
    /// Total length in seconds.
    public let duration: Double

    public init(startOffset: Double, script: [ScriptStep]) {
        var segments: [Segment] = []
        var t = 0.0, offset = startOffset
        for step in script {
            switch step {
            case let .scrollTo(y, d, curve):
                segments.append(Segment(start: t, duration: d, from: offset, to: y, curve: curve))
                offset = y
            case let .wait(d):
                segments.append(Segment(start: t, duration: d, from: offset, to: offset, curve: .linear))
            }
            t += step.duration
        }
        self.segments = segments
        self.startOffset = startOffset
        self.duration = t
    }

    /// The offset at time `t` seconds; before 0 it is the start, after the end the final offset.
    public func offset(at t: Double) -> Double {
        var offset = startOffset
        for s in segments {
            if t < s.start { break }
            if t >= s.start + s.duration || s.duration == 0 { offset = s.to; continue }
            let progress = s.curve.value(at: (t - s.start) / s.duration)
            return s.from + (s.to - s.from) * progress
        }
        return offset
    }

    public func frameCount(fps: Int) -> Int {
        // The tolerance keeps 2.0 s × 30 fps at 60 frames despite binary fractions like 0.1.
        max(1, Int((duration * Double(fps) - 1e-9).rounded(.up)))
    }

    /// Time of frame `index`.
    public static func time(ofFrame index: Int, fps: Int) -> Double { Double(index) / Double(fps) }

    /// The offset of every frame.
    public func offsets(fps: Int) -> [Double] {
        (0..<frameCount(fps: fps)).map { offset(at: Timeline.time(ofFrame: $0, fps: fps)) }
    }
}
