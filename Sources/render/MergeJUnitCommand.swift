import FileOutput
import Foundation
import FoundationXML
import Regression

/// `render merge-junit --out FILE JUNIT...`: the JUnit files of several shards as one, for CI
/// systems that read a single file. Every `<testsuite>` of the inputs is kept, inside one
/// `<testsuites>` whose counts are their sums. Any JUnit file will do, not only render's.
struct MergeJUnitCommand {
    let options: MergeJUnitOptions

    func run() throws {
        let outputs = OutputSet()
        let file = try outputs.file(OutputTarget(option: "--out", path: options.out), holding: .junit)
        var suites: [JUnitSuite] = []
        for path in options.files { suites += try MergeJUnitCommand.suites(in: path) }
        var totals: [String: Double] = [:]
        for suite in suites {
            for key in JUnitSuite.counts { totals[key, default: 0] += suite.count(key) }
        }
        let count = { (key: String) in String(Int(totals[key] ?? 0)) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"merged\" tests=\"\(count("tests"))\" "
            + "failures=\"\(count("failures"))\" errors=\"\(count("errors"))\" skipped=\"\(count("skipped"))\" "
            + "time=\"\(String(format: "%.3f", totals["time"] ?? 0))\">\n"
        xml += suites.map(\.xml).joined(separator: "\n") + "\n</testsuites>\n"
        try Interruption.writing(outputs) { try file.write(Array(xml.utf8)) }
        print("merge-junit: \(suites.count) test suites, \(count("tests")) tests, \(count("failures")) failures, "
              + "\(count("errors")) errors → \(options.out)")
    }

    /// The `<testsuite>` elements of a JUnit file: the root itself, or the children of a `<testsuites>` root.
    static func suites(in path: String) throws -> [JUnitSuite] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("merge-junit \(path): cannot read the file")
        }
        let reader = JUnitReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse(), parser.parserError == nil, let root = reader.root else {
            let line = parser.lineNumber > 0 ? " near line \(parser.lineNumber)" : ""
            throw UsageError("merge-junit \(path): not well-formed XML\(line)")
        }
        guard root == "testsuites" || root == "testsuite" else {
            throw UsageError("merge-junit \(path): the root is <\(root)>, expected <testsuites> or <testsuite>")
        }
        for suite in reader.suites {
            for key in JUnitSuite.counts {
                guard let text = suite.attributes[key] else { continue }
                // The totals are summed and written as whole numbers: NaN, infinities and values
                // past what a count can be have no total.
                guard let value = Double(text), value.isFinite, (0..<1e15).contains(value) else {
                    throw UsageError("merge-junit \(path): \(key)=\"\(text)\" in <testsuite> is not a count")
                }
            }
        }
        return reader.suites
    }
}

/// One `<testsuite>` element, written out again, and its attributes.
struct JUnitSuite {
    var attributes: [String: String]
    var xml: String

    /// The attributes the merged file adds up.
    static let counts = ["tests", "failures", "errors", "skipped", "time"]

    /// Attribute `key` as a number, 0 where the suite has none (`suites(in:)` checked the others).
    func count(_ key: String) -> Double { attributes[key].flatMap(Double.init) ?? 0 }
}

/// Collects the `<testsuite>` elements of a JUnit file as XML text, attributes in name order.
private final class JUnitReader: NSObject, XMLParserDelegate {
    private(set) var root: String?
    private(set) var suites: [JUnitSuite] = []
    private var depth = 0
    /// The depth at which the element being copied started, while copying one.
    private var copying: Int?
    private var text = ""
    private var attributes: [String: String] = [:]

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if depth == 0 { root = name }
        let isSuite = name == "testsuite" && (depth == 0 || (depth == 1 && root == "testsuites"))
        if copying == nil && isSuite {
            copying = depth
            text = ""
            self.attributes = attributes
        }
        if copying != nil {
            text += "<\(name)" + attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(MarkupText.escape($0.value))\"" }.joined() + ">"
        }
        depth += 1
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        guard let start = copying else { return }
        text += "</\(name)>"
        if depth == start {
            suites.append(JUnitSuite(attributes: attributes, xml: text))
            copying = nil
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if copying != nil { text += MarkupText.escape(string) }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if copying != nil { text += MarkupText.escape(String(decoding: block, as: UTF8.self)) }
    }
}
