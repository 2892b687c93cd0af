import Render

/// The command line, parsed. Hand-written: no argument-parser package can be fetched here, and the
/// tool has few options.
struct Options {
    var scene: String?
    var out: String?
    var scale: Int?
    var fps: Int?
    var frame = 0
    var quiet = false
    var stats = false
    var inspect: String?
    var timeline = false
    var limits = RenderLimits()
    var help = false
    var version = false

    static let usage = """
    usage: render --scene FILE --out PATH [options]

    Renders the frames of a ScrollReel scene.

    Output, chosen by --out:
      NAME.gif        an animated GIF that loops forever
      NAME.png        one frame (see --frame)
      DIR/            every frame as DIR/frame_0000.png, frame_0001.png, …

    Options:
      --scene FILE    the scene JSON
      --out PATH      where to write (see above)
      --inspect FILE  write every view's resolved geometry for every frame as JSON
                      (screen points, after effects); with no --out nothing is rendered
      --timeline      print frame,time,offset as CSV for every frame and exit
      --scale N       output scale 1, 2 or 3 (default: the scene's canvas.scale)
      --fps N         frames per second, 1…120 (default: the scene's fps, else 30)
      --frame N       the frame written to a .png (default 0)
      --max-pixels N        limit on pixels per output frame (default 16777216)
      --max-frames N        limit on frames (default 18000)
      --max-duration S      limit on the script's length in seconds (default 600)
      --max-image-pixels N  limit on an image asset's pixels, checked before decoding (default 40000000)
      --max-views N         limit on views in the scene (default 10000)
      --quiet         no progress output
      --stats         print render and encode time per frame and peak memory to stderr
      --help          show this help
      --version       show the version
    """

    /// Parses `arguments` (without the program name).
    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ name: String) throws -> String {
            guard let v = rest.popFirst(), !v.hasPrefix("--") else { throw UsageError("\(name) needs a value") }
            return v
        }
        func integer(_ name: String, _ range: ClosedRange<Int>) throws -> Int {
            let text = try value(name)
            guard let v = Int(text), range.contains(v) else {
                throw UsageError("\(name) expects a whole number in \(range.lowerBound)…\(range.upperBound), got \"\(text)\"")
            }
            return v
        }
        func apply(_ arg: String) throws {
            switch arg {
            case "--scene": scene = try value(arg)
            case "--out": out = try value(arg)
            case "--inspect": inspect = try value(arg)
            case "--timeline": timeline = true
            case "--max-pixels": limits.framePixels = try integer(arg, 1...Int(Int32.max))
            case "--max-frames": limits.frames = try integer(arg, 1...Int(Int32.max))
            case "--max-duration": limits.duration = Double(try integer(arg, 1...Int(Int32.max)))
            case "--max-image-pixels": limits.imagePixels = try integer(arg, 1...Int(Int32.max))
            case "--max-views": limits.views = try integer(arg, 1...Int(Int32.max))
            case "--scale": scale = try integer(arg, 1...3)
            case "--fps": fps = try integer(arg, 1...120)
            case "--frame": frame = try integer(arg, 0...Int(Int32.max))
            case "--quiet", "-q": quiet = true
            case "--stats": stats = true
            case "--help", "-h": help = true
            case "--version": version = true
            default: throw UsageError("unknown option \(arg)")
            }
        }
        while let arg = rest.popFirst() {
            // Accept --name=value as well as --name value.
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                rest.insert(String(arg[arg.index(after: eq)...]), at: rest.startIndex)
                try apply(String(arg[..<eq]))
            } else {
                try apply(arg)
            }
        }
        if help || version { return }
        guard scene != nil else { throw UsageError("--scene is required") }
        guard out != nil || inspect != nil || timeline else {
            throw UsageError("--out, --inspect or --timeline is required")
        }
    }
}

/// A mistake on the command line; exits with status 2 after the usage hint.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
