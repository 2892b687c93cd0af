/// `render merge-junit --out FILE JUNIT...`.
struct MergeJUnitOptions {
    let files: [String]
    let out: String

    init(_ parsed: ParsedArguments) throws {
        guard !parsed.inputs.isEmpty else { throw UsageError("merge-junit needs the JUnit files to merge") }
        guard let out = parsed.out else { throw UsageError("merge-junit needs --out FILE.xml") }
        try OptionGroup.allow(parsed.given, ["--out"], in: "render merge-junit")
        files = parsed.inputs
        self.out = out
    }
}
