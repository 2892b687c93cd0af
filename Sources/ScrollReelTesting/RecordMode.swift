import Foundation

/// When `assertFrames` writes references instead of only comparing, as in swift-snapshot-testing.
/// Set it for a run with the environment variable `SCROLLREEL_RECORD`.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Record every frame, overwriting references; the assertion fails so the run is not mistaken
    /// for a passing one.
    case all
    /// Record frames that have no reference yet (and fail, as above); compare the rest. The default.
    case missing
    /// Compare, and re-record the frames that fail.
    case failed
    /// Only compare: a missing reference is a failure. For CI.
    case never

    /// The mode named by `SCROLLREEL_RECORD`, `.missing` when unset; nil for an unknown value.
    public static var fromEnvironment: RecordMode? {
        guard let value = ProcessInfo.processInfo.environment["SCROLLREEL_RECORD"], !value.isEmpty else { return .missing }
        return RecordMode(rawValue: value)
    }
}
