import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new file written through a 64 KiB buffer. Every failure is thrown as a `FileProblem` about
/// the user's target, never about the temporary actually being written.
public final class FileWriter {
    private var descriptor: Int32
    private let target: OutputTarget
    /// What is being written, for messages: `frame_0003.png` inside a folder, or nil for the file itself.
    private let entry: String?
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    /// Creates `path`, which must not exist: temporaries have names no one else uses.
    init(path: String, target: OutputTarget, entry: String? = nil) throws {
        self.target = target
        self.entry = entry
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileWriter.problem(target, entry, "cannot create", errno) }
        buffer.reserveCapacity(FileWriter.capacity)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > FileWriter.capacity { try flush() }
        if bytes.count >= FileWriter.capacity {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }

    /// Writes what is buffered and closes the file; the file is complete only after this.
    public func finish() throws {
        try flush()
        let fd = descriptor
        descriptor = -1
        guard close(fd) == 0 else { throw FileWriter.problem(target, entry, "cannot write", errno) }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        guard descriptor >= 0 else { throw target.problem("written after it was finished", duringRun: true) }
        var done = 0
        while done < bytes.count {
            let n = systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileWriter.problem(target, entry, "cannot write", errno)
            }
            done += n
        }
    }

    /// A failed system call, worded for the user's target: "cannot write the file: no space left on device".
    static func problem(_ target: OutputTarget, _ entry: String?, _ doing: String, _ code: Int32) -> FileProblem {
        target.problem("\(doing) \(entry ?? "the file"): \(FileProblem.words(errno: code))", duringRun: true)
    }
}

// write(2) under a name that the method cannot shadow.
private let systemWrite = write
