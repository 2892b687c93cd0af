import FileOutput
import Foundation

/// JUnit XML, the report format every CI system displays: one `<testcase>` per case (a scene at
/// one scale and appearance), with a `<failure>` listing its failing frames and their images, or
/// an `<error>` when it could not run. Artifact paths also go in `<system-out>` as
/// `[[ATTACHMENT|path]]`, which Jenkins and GitLab link.
public enum JUnitReport {
    /// - Parameters:
    ///   - suite: the `<testsuite>`'s name, such as `scrollreel.json (shard 2/3)`.
    ///   - classname: every case's class, the same in every shard so that merged reports group
    ///     them together: the suite file's name.
    public static func xml(suite: String, classname: String, outcomes: [CaseOutcome]) -> String {
        let failures = outcomes.filter { $0.error == nil && !$0.failures.isEmpty }.count
        let errors = outcomes.filter { $0.error != nil }.count
        let time = seconds(outcomes.reduce(0) { $0 + $1.seconds })
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(MarkupText.escape(suite))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\">\n"
        out += "  <testsuite name=\"\(MarkupText.escape(suite))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(time)\">\n"
        for outcome in outcomes {
            out += "    <testcase classname=\"\(MarkupText.escape(classname))\" name=\"\(MarkupText.escape(outcome.name))\" file=\"\(MarkupText.escape(outcome.scene))\" time=\"\(seconds(outcome.seconds))\""
            if outcome.passed {
                out += "/>\n"
                continue
            }
            out += ">\n"
            if let error = outcome.error {
                out += "      <error message=\"\(MarkupText.escape(error))\" type=\"error\">\(MarkupText.escape(error))</error>\n"
            } else {
                let changes = outcome.geometrySummary
                let message = "\(outcome.failures.count) of \(outcome.frames) frames differ from their references"
                    + (changes.isEmpty ? "" : ": " + changes.joined(separator: "; "))
                let lines = changes.map { "changed: \($0)" } + outcome.failures.map { failure in
                    "frame \(failure.index)" + (failure.offset.map { " (offset \(points($0)) pt)" } ?? "") + ": \(failure.reason)"
                        + failure.images.map { "\n  \($0.role.rawValue): \($0.path)" }.joined()
                }
                out += "      <failure message=\"\(MarkupText.escape(message))\" type=\"frames differ\">\(MarkupText.escape(lines.joined(separator: "\n")))</failure>\n"
                let paths = outcome.failures.flatMap { $0.images.map(\.path) }
                if !paths.isEmpty {
                    out += "      <system-out>\(MarkupText.escape(paths.map { "[[ATTACHMENT|\($0)]]" }.joined(separator: "\n")))</system-out>\n"
                }
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}

extension FileKind {
    /// JUnit XML, render's or any other tool's: after an optional XML declaration, comments and a
    /// doctype, the root element is `<testsuites>` or `<testsuite>`.
    public static let junit = FileKind(name: "a JUnit XML file", headLength: 4096) { head, _ in
        var text = Substring(String(decoding: head, as: UTF8.self))
        while true {
            text = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            // The declaration, a comment, a doctype or a processing instruction: skipped to its end.
            guard let end = [("<?", "?>"), ("<!--", "-->"), ("<!", ">")].first(where: { text.hasPrefix($0.0) })?.1 else { break }
            guard let close = text.range(of: end) else { return false }
            text = text[close.upperBound...]
        }
        return ["<testsuites", "<testsuite"].contains { root in
            text.hasPrefix(root) && text.dropFirst(root.count).first.map { $0.isWhitespace || $0 == ">" || $0 == "/" } == true
        }
    }
}

/// An offset in points with two decimals, never "-0.00".
func points(_ value: Double) -> String {
    let text = String(format: "%.2f", value)
    return text == "-0.00" ? "0.00" : text
}
