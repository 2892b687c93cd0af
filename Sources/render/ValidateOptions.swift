import Render

/// `render validate FILE...`.
struct ValidateOptions {
    static let accepted = LimitOptions.names.union(VariantOptions.names)

    let scenes: [String]
    let variant: VariantOptions
    let limits: RenderLimits

    init(_ parsed: ParsedArguments) throws {
        guard !parsed.inputs.isEmpty else { throw UsageError("validate needs at least one scene file") }
        try OptionGroup.allow(parsed.given, ValidateOptions.accepted, in: "render validate")
        scenes = parsed.inputs
        variant = VariantOptions(parsed)
        limits = parsed.limits
    }
}
