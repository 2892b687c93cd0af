import FileOutput

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
    public struct Full: Error {}
    public let limit: Int
    public private(set) var bytes: [UInt8] = []

    public init(limit: Int) { self.limit = limit }

    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        guard bytes.count + chunk.count <= limit else { throw Full() }
        bytes += chunk
    }

    public func path() -> String? { nil }
    public func problem(errno: Int32) -> Error { CappedBytes.Full() }
    public func close() throws {}
}
