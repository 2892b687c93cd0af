import Foundation

/// Runs a Python script with Debian's Python, where `scripts/test` installs the tests' Python
/// packages (Pillow, kiwisolver); another `python3` on the PATH is used only when there is none.
public enum SystemPython {
    public struct Run {
        public let status: Int32
        public let output: Data
        public let errors: String
    }

    public static func run(_ script: String, _ arguments: [String]) throws -> Run {
        let process = Process()
        let system = "/usr/bin/python3"
        let direct = FileManager.default.isExecutableFile(atPath: system)
        process.executableURL = URL(fileURLWithPath: direct ? system : "/usr/bin/env")
        process.arguments = (direct ? [] : ["python3"]) + ["-c", script] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: data, errors: message)
    }
}
