/// `render studio SCENE [--port N] [--host ADDRESS]`.
struct StudioOptions {
    let scene: String
    /// 0: a free one, chosen by the system.
    let port: UInt16
    /// Loopback unless asked otherwise.
    let host: String

    init(_ parsed: ParsedArguments) throws {
        guard parsed.inputs.count == 1 else {
            throw UsageError(parsed.inputs.isEmpty ? "studio needs a scene file" : "studio takes one scene file, got \(parsed.inputs.count)")
        }
        try OptionGroup.allow(parsed.given, ["--port", "--host"], in: "render studio")
        scene = parsed.inputs[0]
        port = parsed.port ?? 0
        host = parsed.host ?? "127.0.0.1"
    }
}
