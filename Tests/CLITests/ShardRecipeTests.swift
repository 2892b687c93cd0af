import Foundation
import FoundationXML
import XCTest

/// The README's sharding recipes and the repository's Actions workflow, run as written: their
/// shards together give exactly what one run gives.
final class ShardRecipeTests: CLITestCase {
    #if DEBUG
    static let debugBuild = true
    #else
    static let debugBuild = false
    #endif

    /// GNU parallel, which `scripts/test` installs.
    func requireParallel() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel") else {
            throw XCTSkip("GNU parallel is not installed, so the sharding recipes are not run; "
                          + "scripts/test installs it (apt-get install parallel)")
        }
    }

    /// A folder holding a copy of the suite, its samples and references, and `.build/release/render`
    /// (the executable under test), so that commands run exactly as the README writes them.
    func checkout(_ name: String) throws -> URL {
        let root = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
        for item in ["scrollreel.json", "samples", "goldens"] {
            try FileManager.default.copyItem(at: ReadmeExampleTests.repository.appendingPathComponent(item),
                                             to: root.appendingPathComponent(item))
        }
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent(".build/release/render"),
                                                   withDestinationURL: try executable())
        return root
    }

    /// Runs a shell command line in `directory`; fails the test on a non-zero status.
    func shell(_ command: String, in directory: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(command)\n\(text)", file: file, line: line)
    }

    /// The test case names of a JUnit file.
    func cases(_ file: URL) throws -> [String] {
        try XMLDocument(contentsOf: file).nodes(forXPath: "//testcase").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
    }

    /// Every file under a folder, by relative path, with its bytes.
    func tree(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let names = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
        for name in names {
            var isFolder: ObjCBool = false
            let url = root.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = try Data(contentsOf: url)
            }
        }
        return files
    }

    func testGNUParallelRecipeEqualsOneRun() throws {
        try requireParallel()
        // A debug-built GIF encoder takes minutes over the recipe's two GIFs of 153 frames.
        if ShardRecipeTests.debugBuild {
            throw XCTSkip("the recipe renders two 153-frame GIFs, which takes minutes in a debug build; it runs in the release build")
        }
        let readme = try ReadmeExampleTests.readme()
        let section = try XCTUnwrap(readme.range(of: "### Sharding"))
        let open = try XCTUnwrap(readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex))
        let close = try XCTUnwrap(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex))
        let commands = readme[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
        XCTAssertEqual(commands.filter { $0.hasPrefix("parallel ") }.count, 2)

        let root = try checkout("recipe")
        for command in commands { try shell(command, in: root) }
        let whole = try render(["test", "--junit", "whole.xml"], in: root)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let shards = try (1...3).map { try cases(root.appendingPathComponent("junit-\($0).xml")) }
        XCTAssertEqual(shards.joined().count, Set(shards.joined()).count, "no case is in two shards")
        XCTAssertEqual(try cases(root.appendingPathComponent("junit.xml")), shards.flatMap { $0 })
        XCTAssertEqual(shards.flatMap { $0 }, try cases(root.appendingPathComponent("whole.xml")), "the shards are the run, in order")
        XCTAssertEqual(try cases(root.appendingPathComponent("whole.xml")).count, 15)

        // The frame ranges assemble into the GIF of the whole scene.
        let gif = try render(["--scene", "samples/stretchy.json", "--out", "whole.gif"], in: root)
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("stretchy.gif")),
                       try Data(contentsOf: root.appendingPathComponent("whole.gif")))

        // Recorded in three shards at once, the references are the ones one run records, frame for frame.
        let sharded = try checkout("sharded"), single = try checkout("single")
        for root in [sharded, single] { try FileManager.default.removeItem(at: root.appendingPathComponent("goldens")) }
        try shell("parallel .build/release/render test --shard {}/3 --update --quiet ::: 1 2 3", in: sharded)
        try shell(".build/release/render test --update --quiet", in: single)
        let recorded = try tree(sharded.appendingPathComponent("goldens"))
        XCTAssertEqual(recorded.count, try tree(single.appendingPathComponent("goldens")).count)
        XCTAssertTrue(recorded == (try tree(single.appendingPathComponent("goldens"))), "sharded and single records differ")
        XCTAssertTrue(recorded == (try tree(ReadmeExampleTests.repository.appendingPathComponent("goldens"))),
                      "the records differ from the committed references")
    }

    /// The workflow the README shows is the repository's, and its `render` commands run here:
    /// each shard's, then the merge, give every case of the repository's suite once, and all of
    /// them pass as committed.
    func testActionsWorkflowRunsLocally() throws {
        let workflow = try String(contentsOf: ReadmeExampleTests.repository.appendingPathComponent(".github/workflows/visual-regression.yml"),
                                  encoding: .utf8)
        XCTAssertTrue(try ReadmeExampleTests.readme().contains("```yaml\n" + workflow + "```"), "the README shows the workflow as it is")
        let runs = workflow.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.hasPrefix("- run: .build/release/render ") ? String(text.dropFirst(7)) : nil
        }
        XCTAssertEqual(runs.count, 2)
        let matrix = try XCTUnwrap(workflow.range(of: "shard: [1, 2, 3]"), "the matrix")
        XCTAssertFalse(matrix.isEmpty)
        let root = try checkout("actions")
        for shard in 1...3 { try shell(runs[0].replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)"), in: root) }
        try shell(runs[1], in: root)
        let merged = try cases(root.appendingPathComponent("junit.xml"))
        XCTAssertEqual(merged, try GoldenSuite.caseNames())
        let document = try XMLDocument(contentsOf: root.appendingPathComponent("junit.xml"))
        XCTAssertEqual(document.rootElement()?.attribute(forName: "failures")?.stringValue, "0")
        XCTAssertEqual(document.rootElement()?.attribute(forName: "errors")?.stringValue, "0")
        // One class across the shards, so that a CI system groups the merged cases together.
        let classes = try document.nodes(forXPath: "//testcase").compactMap { ($0 as? XMLElement)?.attribute(forName: "classname")?.stringValue }
        XCTAssertEqual(Set(classes), ["scrollreel.json"])
        XCTAssertEqual(try document.nodes(forXPath: "//testsuite").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue },
                       (1...3).map { "scrollreel.json (shard \($0)/3)" })
        for shard in 1...3 {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("report-\(shard).html").path))
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("failures-\(shard)").path),
                           "nothing failed, so no failure folder")
        }
    }
}

/// The repository suite's case names, in order, read from the file as `render test` reads it.
enum GoldenSuite {
    static func caseNames() throws -> [String] {
        let data = try Data(contentsOf: ReadmeExampleTests.repository.appendingPathComponent("scrollreel.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let tests = object?["tests"] as? [[String: Any]] ?? []
        return tests.flatMap { test -> [String] in
            let base = ((test["scene"] as? String ?? "") as NSString).lastPathComponent.replacingOccurrences(of: ".json", with: "")
            let appearances = (test["appearances"] as? [String] ?? ["light"]).map { $0 == "light" ? "" : ".\($0)" }
            let sizes = (test["contentSizes"] as? [String] ?? ["large"]).map { $0 == "large" ? "" : ".\($0)" }
            let directions = (test["layoutDirections"] as? [String] ?? ["ltr"]).map { $0 == "ltr" ? "" : ".\($0)" }
            return appearances.flatMap { a in sizes.flatMap { s in directions.map { base + ".scale1" + a + s + $0 } } }
        }
    }
}
