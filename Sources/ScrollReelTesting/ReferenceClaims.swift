import Foundation

/// The references each assertion of this process uses, so that two assertions that render
/// different things never share a file.
///
/// Two arguments of a parameterised test, or two `named:` values written alike, would otherwise
/// compare each other's frames and re-record each other's references. Scale and appearance are in
/// every reference's name; the scene and the frames are not, so an assertion claims its references
/// with them, and a second claim of the same references with another scene or other frames fails.
/// The same assertion run again (a repeated test) claims them with the same values, and passes.
///
/// Invariant: every path is claimed by at most one (scene, frames) pair in a process.
final class ReferenceClaims: @unchecked Sendable {
    static let shared = ReferenceClaims()

    private var claims: [String: String] = [:]
    private let lock = NSLock()

    /// Claims the references at `path` (the hash file's, without `.sha256`) for `scene`'s `frames`.
    func claim(_ path: String, scene: String, frames: [Int]?) throws {
        let what = "\(scene) " + (frames.map { "frames \($0.map(String.init).joined(separator: ", "))" } ?? "every frame")
        lock.lock()
        defer { lock.unlock() }
        if let earlier = claims[path], earlier != what {
            throw SharedReferences(path: path, earlier: earlier, now: what)
        }
        claims[path] = what
    }
}

/// Two assertions of one process would write the same references.
struct SharedReferences: Error, CustomStringConvertible {
    let path: String
    let earlier: String
    let now: String

    var description: String {
        "the references \(path).sha256 are claimed twice in this run: for \(earlier), and now for \(now). "
            + "Give each assertion its own named: (in a parameterised test, one made from its arguments, "
            + "such as named: \"\\(device)\"), or pass what differs as scale: or appearance:"
    }
}
