#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A problem with a path the user named, worded for that user: the option, the path as it was
/// typed, and what is wrong. It never names a temporary: the user did not type it and cannot act
/// on it.
///
/// `foundBeforeRendering` problems are mistakes in the arguments (exit status 2); the others are
/// failures during the run, such as a full disk (exit status 1).
public struct FileProblem: Error, Equatable, CustomStringConvertible {
    /// The option that named the path, such as `--out`.
    public let option: String
    /// The path as the user gave it.
    public let path: String
    public let reason: String
    public let foundBeforeRendering: Bool

    public init(option: String, path: String, reason: String, foundBeforeRendering: Bool) {
        self.option = option; self.path = path; self.reason = reason
        self.foundBeforeRendering = foundBeforeRendering
    }

    public var description: String { "\(option) \(path): \(reason)" }

    /// The system's words for an errno value, in lower case: `permission denied`,
    /// `read-only file system`, `no space left on device`.
    public static func words(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
