/// What every command's options share: checking that no option was given that the command does
/// not read. A mistake is never silently ignored: a user who typed `--frames 20-40 --out x.png`
/// expects twenty frames, not one.
enum OptionGroup {
    /// Options that any invocation may carry.
    static let universal: Set<String> = ["--quiet", "-q", "--help", "-h", "--version"]

    /// Throws for the first option of `given` outside `accepted` and `universal`, naming `context`.
    static func allow(_ given: [String], _ accepted: Set<String>, in context: String) throws {
        if let option = given.first(where: { !accepted.contains($0) && !universal.contains($0) }) {
            throw UsageError("\(option) does not apply to \(context)")
        }
    }
}
