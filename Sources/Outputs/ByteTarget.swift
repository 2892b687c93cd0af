import FileOutput
import Foundation

/// Where an animation's bytes go: a file, or memory.
public protocol ByteTarget: AnyObject {
    /// Takes the next bytes of the file.
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// A path for an encoder that creates and writes the file itself by name; nil when the bytes
    /// can only be taken by `write`.
    func path() -> String?
    /// A system call that failed while an encoder wrote `path()`, worded for the target.
    func problem(errno: Int32) -> Error
    /// After the last byte.
    func close() throws
}

/// An output file staged by `OutputSet`: opened at once, so that a file that cannot be written
/// fails before any frame is made.
public final class StagedBytes: ByteTarget {
    private let file: StagedFile
    private let writer: FileWriter?

    /// - Parameter byName: the encoder writes the file itself, by `path()`.
    public init(_ file: StagedFile, byName: Bool) throws {
        self.file = file
        writer = byName ? nil : try file.open()
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws { try writer!.write(bytes) }
    public func path() -> String? { writer == nil ? file.pathToWrite() : nil }
    public func problem(errno: Int32) -> Error { file.writeProblem(errno: errno) }
    public func close() throws { try writer?.finish() }
}

/// Bytes held in memory up to a limit: the write that would pass it throws `Full`.
public final class CappedBytes: ByteTarget {
    /// The file passed the limit: `reached` bytes, counting the write refused.
    public struct Full: Error {
        public let reached: Int
    }
    public let limit: Int
    public private(set) var bytes: [UInt8] = []

    public init(limit: Int) { self.limit = limit }

    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        guard bytes.count + chunk.count <= limit else { throw Full(reached: bytes.count + chunk.count) }
        bytes += chunk
    }

    public func path() -> String? { nil }
    public func problem(errno: Int32) -> Error { Full(reached: bytes.count) }
    public func close() throws {}
}

/// A file that an encoder writes by name in a private folder of the system's temporary one, read
/// back whole: a video tried at a size limit. The folder and the file go when it is released.
public final class ScratchFile: ByteTarget {
    private let folder: String
    private let file: String

    /// - Parameter name: the file's name, whose extension tells an encoder the format.
    public init(name: String) throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/scrollreel-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw ScratchFile.problem(FileManager.default.temporaryDirectory.path, errno) }
        folder = String(cString: made)
        file = folder + "/" + name
    }

    deinit {
        unlink(file)
        rmdir(folder)
    }

    /// The file as the encoder left it.
    public func bytes() throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ScratchFile.problem(file, errno)
        }
        return [UInt8](data)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws { preconditionFailure("the encoder writes the file by name") }
    public func path() -> String? { file }
    public func problem(errno: Int32) -> Error { ScratchFile.problem(file, errno) }

    private static func problem(_ path: String, _ code: Int32) -> FileProblem {
        FileProblem(option: "--max-size", path: path, reason: "a trial file: " + FileProblem.words(errno: code), foundBeforeRendering: false)
    }
    public func close() throws {}
}
