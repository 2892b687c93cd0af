import Scene

/// Small scenes as JSON text, built around the one part a test case is about, so that each case
/// shows only what it changes. Every builder makes a valid scene from valid parts.
enum SceneText {
    static func scene(canvas: String = #""width": 390, "height": 844"#, top: String = "",
                      assets: String = #""pic": "pic.png""#, scroll: String = #""contentHeight": 2000"#,
                      views: String = "[]") -> String {
        #"{"canvas": {\#(canvas)}, \#(top)"assets": {\#(assets)}, "scroll": {\#(scroll)}, "views": \#(views)}"#
    }

    static func view(_ members: String) -> String {
        scene(views: #"[{"id": "v", "frame": [0, 0, 100, 100], \#(members)}]"#)
    }

    static func steps(_ steps: String) -> String { scene(scroll: #""contentHeight": 2000, "script": [\#(steps)]"#) }

    static func bindings(_ bindings: String) -> String { view(#""bindings": [\#(bindings)]"#) }

    /// Whether the scene decoder accepts the scene (asset and font files are not read when decoding).
    static func decodes(_ json: String) -> Bool {
        (try? SceneDecoder.decode(Array(json.utf8), file: "/scenes/case.json")) != nil
    }
}
