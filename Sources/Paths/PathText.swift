/// Paths split as text, as the user typed them: nothing is resolved against the working folder and
/// no link is followed, so messages can show the user's own spelling.
///
/// Foundation's `NSString` path methods trap on some short paths (such as "f" or "./") in this
/// toolchain's corelibs; these never trap.
public enum PathText {
    /// The folder part: "a/b/c.gif" → "a/b", "c.gif" → "", "/c" → "/". Trailing slashes are ignored.
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(Substring(path))
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let head = withoutTrailingSlashes(trimmed[..<slash])
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component: "a/b/c.gif" → "c.gif", "a/b/" → "b", "/" → "/".
    public static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(Substring(path))
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The last component without its extension: "a/b/stretchy.json" → "stretchy", ".hidden" stays.
    public static func stem(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `name` inside `folder`, or `name` alone when `folder` is empty.
    public static func joining(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The path without trailing slashes; "/" stays.
    public static func trimmingTrailingSlashes(_ path: String) -> String { String(withoutTrailingSlashes(Substring(path))) }

    private static func withoutTrailingSlashes(_ path: Substring) -> Substring {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return path
    }
}
