/// What the command line asks for: help, the version, or one command with its own options.
enum Invocation {
    case help, version
    case render(RenderOptions)
    case validate(ValidateOptions)
    case assemble(AssembleOptions)
    case test(TestOptions)
    case mergeJUnit(MergeJUnitOptions)
    case studio(StudioOptions)

    /// Reads `arguments` (without the program name): every value is checked first, in order, then
    /// what the command needs and what applies to it.
    init(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments)
        if parsed.help { self = .help; return }
        if parsed.version { self = .version; return }
        switch parsed.command {
        case .render: self = .render(try RenderOptions(parsed))
        case .validate: self = .validate(try ValidateOptions(parsed))
        case .assemble: self = .assemble(try AssembleOptions(parsed))
        case .test: self = .test(try TestOptions(parsed))
        case .mergeJUnit: self = .mergeJUnit(try MergeJUnitOptions(parsed))
        case .studio: self = .studio(try StudioOptions(parsed))
        }
    }
}
