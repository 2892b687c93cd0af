import Foundation

/// The reading and parsing that scene files and suite files share, with their errors: a file that
/// cannot be read, or is not JSON, is a `SceneError` that names it.
package enum JSONFile {
    /// The bytes of `file`; `kind` names what it should be in the message for a folder: "scene".
    package static func read(_ file: String, kind: String) throws -> [UInt8] {
        do { return Array(try Data(contentsOf: URL(fileURLWithPath: file))) } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory)
            let reason = !exists ? "no such file" : isDirectory.boolValue ? "is a directory, not a \(kind) file" : "cannot read the file"
            throw SceneError.unreadable(file: file, reason: reason)
        }
    }

    /// The parsed document as the root node, for paths in messages.
    package static func root(_ bytes: [UInt8], file: String) throws -> JSONNode {
        do { return JSONNode(value: try JSONParser.parse(bytes), path: "", file: file) } catch let e as JSONParser.SyntaxError {
            throw SceneError.syntax(file: file, line: e.line, column: e.column, message: e.message)
        }
    }
}
