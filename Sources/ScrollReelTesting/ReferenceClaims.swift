import Foundation

/// The references each assertion of this process uses: one scene per set of references, and one
/// assertion at a time on each set.
///
/// Scale and appearance are in every reference's name, but the scene is not: two arguments of a
/// parameterised test that pick different scenes, without `named:`, would compare each other's
/// frames and re-record each other's references. So an assertion claims its references for its
/// scene, and a claim for another scene fails. Assertions of the same scene may check different
/// frames of one hash file (two arguments picking frames); they take turns, since each reads the
/// file, and may write it, as a whole.
///
/// Invariant: every set of references is claimed for at most one scene in a process, and used by
/// at most one assertion at a time.
final class ReferenceClaims: @unchecked Sendable {
    static let shared = ReferenceClaims()

    private var scenes: [String: String] = [:]
    private var locks: [String: NSLock] = [:]
    private let lock = NSLock()

    /// Runs `body` with the references at `path` (the hash file's, without `.sha256`) claimed for
    /// `scene`, once no other assertion is using them.
    func using<T>(_ path: String, scene: String, _ body: () throws -> T) throws -> T {
        let turn: NSLock = try lock.withLock {
            if let earlier = scenes[path], earlier != scene { throw SharedReferences(path: path, earlier: earlier, now: scene) }
            scenes[path] = scene
            if let known = locks[path] { return known }
            let made = NSLock()
            locks[path] = made
            return made
        }
        return try turn.withLock(body)
    }
}

/// Two assertions of one process would keep different scenes' frames in the same references.
struct SharedReferences: Error, CustomStringConvertible {
    let path: String
    let earlier: String
    let now: String

    var description: String {
        "the references \(path).sha256 are used for two scenes in this run, \(earlier) and \(now): "
            + "give each assertion its own named: (in a parameterised test, one made from its arguments, "
            + "such as named: \"\\(name)\")"
    }
}
