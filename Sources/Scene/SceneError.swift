/// Why a scene cannot be used. Every case names the scene file; content errors also name the JSON
/// path, e.g. `samples/x.json: views[2].frame: expected [x, y, width, height]`.
public enum SceneError: Error, Equatable, CustomStringConvertible {
    /// The scene file cannot be read.
    case unreadable(file: String, reason: String)
    /// The file is not valid JSON.
    case syntax(file: String, line: Int, column: Int, message: String)
    /// The JSON is valid but a value is wrong.
    case invalid(file: String, path: String, message: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason): return "\(file): \(reason)"
        case let .syntax(file, line, column, message): return "\(file):\(line):\(column): invalid JSON: \(message)"
        case let .invalid(file, path, message): return "\(file): \(path.isEmpty ? "(root)" : path): \(message)"
        }
    }
}
