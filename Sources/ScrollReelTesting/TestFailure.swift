import Testing
import XCTest

/// Where an assertion was written, as both test frameworks locate it: the defaults of
/// `assertFrames`' `fileID`, `file`, `line` and `column` parameters.
struct AssertionSite {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

/// A failed assertion, reported to whichever framework runs the test: an `Issue` under Swift
/// Testing, with its images attached, and `XCTFail` under XCTest.
///
/// Invariant: a failure is recorded by the framework that is running, and only by it. Swift
/// Testing ignores `XCTFail` and XCTest ignores `Issue.record`, so reporting to the other one
/// would let a failing test pass. `Test.current` is set exactly while a Swift Testing test runs
/// on this task, which is the task `assertFrames` is called on.
struct TestFailure {
    /// What the test log shows.
    var message: String
    /// Files attached under Swift Testing (`frame_0020-diff.png` and its bytes). XCTest on Linux
    /// has no attachments; the message names the folder that holds the same files.
    var attachments: [(name: String, bytes: [UInt8])] = []

    /// Whether a Swift Testing test is running on this task.
    static var underSwiftTesting: Bool { Test.current != nil }

    func record(at site: AssertionSite) {
        guard TestFailure.underSwiftTesting else {
            return XCTFail(message, file: site.filePath, line: site.line)
        }
        let location = SourceLocation(fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line),
                                      column: Int(site.column))
        for attachment in attachments {
            Attachment.record(attachment.bytes, named: attachment.name, sourceLocation: location)
        }
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    }
}
