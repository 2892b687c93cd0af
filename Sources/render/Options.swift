import FileOutput
import Foundation
import Outputs
import Paths
import Regression
import Render
import Scene

/// `--appearance`: one of a scene's appearances, or both side by side.
enum AppearanceChoice: String {
    case light, dark, both

    /// One appearance, or both for nil, as a suite's cases name them.
    init(_ appearance: Appearance?) { self = appearance.map { $0 == .dark ? .dark : .light } ?? .both }
}

/// The command line, parsed. Hand-written: no argument-parser package can be fetched here, and the
/// tool has few options.
struct Options {
    /// What the invocation does besides rendering a scene.
    enum Command: Equatable { case render, validate, assemble, test, mergeJUnit }

    var command = Command.render
    /// Scene files for `validate`, the frame folders for `gif`, the suite file for `test`, or the
    /// JUnit files for `merge-junit`.
    var inputs: [String] = []
    var scene: String?
    var out: String?
    /// Quality 1…100 of a WebP (nil: lossless) or an MP4 (nil: 80).
    var quality: Int?
    /// `--max-size` in bytes: a GIF's or WebP's quality, then frame rate, fall until it fits.
    var maxSize: Int?
    var scale: Int?
    var fps: Int?
    var frame = 0
    var quiet = false
    var stats = false
    var inspect: String?
    var timeline = false
    var limits = RenderLimits()
    /// Threads rendering frames; output is identical for any value.
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// First and last frame to render, by their index in the whole timeline.
    var frames: ClosedRange<Int>?
    var hashes: String?
    /// Whether to record the frames `--check` diffs against, beside the hash file.
    var references = false
    var check: String?
    var artifacts: String?
    var tolerance = Tolerance()
    /// `--mask`: ids of views whose pixels `--check` does not compare.
    var mask: [String] = []
    var contactSheet: String?
    /// `--report`: an HTML page of the failing frames.
    var report: String?
    /// `--junit`: JUnit XML of a suite's cases.
    var junit: String?
    /// `test --update`: record the suite's references instead of checking them.
    var update = false
    /// `test --prune`: list the references no case of the suite uses; with `yes`, remove them.
    var prune = false
    var yes = false
    /// `test --shard i/n`: the i-th of n slices of the suite (1-based).
    var shard: (index: Int, count: Int)?
    var every = 1
    /// Light, dark, or both side by side.
    var appearance = AppearanceChoice.light
    /// `--content-size`: the Dynamic Type size text styles are drawn at.
    var contentSize = ContentSizeCategory.large
    /// `--layout-direction`: left to right, or mirrored.
    var layoutDirection = LayoutDirection.leftToRight
    /// `--device`: drawn for this device instead of the scene's own.
    var device: Device?
    /// `--variants`: variants drawn side by side.
    var variants: VariantSpec?
    /// The display's corners, and maybe the phone's body, around each frame.
    var deviceFrame: DeviceFrame?
    /// `--touches`: draw the script's finger over every frame, as the Simulator's "Show touches".
    var touches = false
    var help = false
    var version = false
    /// The options given, in order, without their values: what `checkApplicable` judges.
    var given: [String] = []

    static let usage = """
    usage: render --scene FILE --out PATH [options]
           render validate FILE...          check scenes without rendering them, and count
                                            their frames (at --scale, --fps, --appearance)
           render gif DIR... --out NAME.gif [--fps N] [--quality Q] [--jobs N]
                                            assemble folders of frame_NNNN.png into a GIF
                                            (or a .webp, .mp4 or .apng, by --out's name)
           render test [SUITE] [--update] [--junit FILE] [--report FILE] [--shard I/N]
                                            check every scene of a suite file (default
                                            scrollreel.json) against its references
           render test [SUITE] --prune [--yes]
                                            list the references no case of the suite uses;
                                            with --yes, remove them
           render merge-junit --out FILE JUNIT...   merge the JUnit files of several shards

    Renders the frames of a ScrollReel scene.

    Output, chosen by --out:
      NAME.gif        an animated GIF that loops forever
      NAME.webp       an animated WebP that loops forever: lossless, or lossy with --quality;
                      far smaller than a GIF of a photo, shown by every current browser
      NAME.mp4        H.264 video (yuv420p, constant frame rate, index first), the smallest by
                      far; odd sizes get one more row or column
      NAME.apng       an animated PNG that loops forever, every frame lossless, for places
                      that take PNG but not WebP
      NAME.png        one frame (see --frame)
      DIR/            every frame as DIR/frame_0000.png, frame_0001.png, …, in a new or empty
                      folder or one render wrote frames in before (marked by DIR/.scrollreel);
                      any other folder, recorded references too, is refused, so no file of
                      yours is ever replaced

    Every output's folder is checked before rendering, and all outputs are put in place together
    at the end, or none of them.

    Options:
      --scene FILE    the scene JSON
      --out PATH      where to write (see above)
      --quality Q     1 (smallest) to 100 (best, the default for .gif): trades a .gif's colours
                      and a bounded error per pixel for size (75 suits previews), makes a .webp
                      lossy (90 suits previews), or sets an .mp4's quality (default 80)
      --max-size SIZE the best .gif, .webp or .apng within SIZE (8MB, 2MiB, 500kB): lowers the
                      quality, then, if need be, the frame rate, and says what it chose
      --hashes FILE   write each frame's SHA-256 as sha256sum lines: <hash>  <scene>/frame_0000
      --references    with --hashes, also record the frames that --check diffs against, in
                      <scene>/ beside FILE, losslessly: each distinct frame once as a WebP, or
                      the opaque frames in H.264 videos (frames_0000.mkv) where that is smaller;
                      with --frames, as WebPs only
      --check FILE    render and compare with a hash file; exit 1 on a mismatch, with the actual,
                      expected and diff PNGs of each failing frame in the artifacts folder
      --artifacts DIR where --check writes failures (default: <scene>-failures beside FILE), or
                      where render test does (default: scrollreel-failures beside the suite)
      --report FILE   with --check or render test: one self-contained HTML page of the failing
                      frames (expected, actual, diff, a slider and onion skin, contact sheets)
      --junit FILE    with render test: JUnit XML, one test case per scene, scale and appearance
      --update        with render test: record the references of the suite's scenes again
      --shard I/N     with render test: only the I-th of N slices of the suite (1 ≤ I ≤ N), so
                      that N machines or processes check it together
      --prune         with render test: list the hash files and folders in the references
                      folders that no case of the suite uses, and that render wrote; render
                      nothing, remove nothing
      --yes           with --prune: remove them
      --threshold T   per-pixel colour distance 0…1 (YIQ, as pixelmatch) under which pixels count
                      as equal; needs reference frames beside the hash file (default: exact)
      --delta-e E     instead, pixels at most E apart in CIEDE2000 (0…100; 1 is just noticeable)
                      count as equal; needs reference frames too
      --ssim          with or without --delta-e (default 1): a pixel over it counts only where its
                      neighbourhood changed in structure (SSIM under 0.99), as Playwright's
                      ssim-cie94: edges that shift by part of a pixel pass, changed text does not
      --max-diff-pixels N   differing pixels a frame may have and still pass (default 0)
      --max-diff-ratio R    the same as a fraction of the frame's pixels (default 0)
      --mask ID,ID    views whose pixels are not compared, found by id in every frame (a clock,
                      an avatar); needs reference frames beside the hash file
      --contact-sheet FILE  every frame (or every K-th, --every K) tiled into one labelled PNG
      --inspect FILE  write every view's resolved geometry for every frame (or --frames) as JSON
                      (screen points, after effects); with no --out nothing is rendered
      --timeline      print frame,time,offset as CSV for every frame (or --frames) of a render
                      at --scale, --fps and --appearance, and exit
      --scale N       output scale 1, 2 or 3 (default: the scene's canvas.scale); a spring back
                      settles within half a pixel, so the scale can change the number of frames
      --fps N         frames per second, 1…120 (default: the scene's fps, else 30)
      --frame N       the frame written to a .png (default 0)
      --frames A-B    only frames A to B (or just A), keeping their index in the whole timeline;
                      in a folder render wrote before, the other frames stay
      --jobs N        render N frames at a time (default: the number of cores); output is identical
      --appearance A  light (the default), dark, or both side by side (light on the left): which
                      value of each {"light": …, "dark": …} colour the scene is drawn with
      --content-size C  the Dynamic Type size every textStyle is drawn at: extraSmall, small,
                      medium, large (the default), extraLarge, extraExtraLarge,
                      extraExtraExtraLarge, accessibilityMedium … accessibilityExtraExtraExtraLarge
      --variants V    variants side by side, for design reviews: groups of one axis each,
                      separated by ";" ("light,dark;large,accessibilityLarge;ltr,rtl"), every
                      combination a column; as --appearance both does for light and dark
      --device NAME   draw for this device instead of the scene's: its screen size and safe area
                      ("iPhone SE", "iPhone 15 Pro", …); the scene's scale still holds
      --layout-direction D  ltr (the default) or rtl: right to left mirrors leading and trailing,
                      frames, stacks, natural text alignment, the bars' items and the tabs
      --device-frame F  mask: cut the display's rounded corners (the scene's device's), leaving
                      them transparent; bezel: also draw a simple phone body around the screen
      --touches       draw the finger, as the Simulator's "Show touches": a 44-point translucent
                      disc with a darker ring where a drag holds the content, following it and
                      fading out over 0.2 s when released, and a 0.12 s swipe before each fling;
                      over everything, bars too, and listed in --inspect as "touch"
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
        // --delta-e and --ssim choose one comparison together, in either order.
        var deltaE: Double?, ssim = false
        switch rest.first {
        case "validate": command = .validate; rest.removeFirst()
        case "gif": command = .assemble; rest.removeFirst()
        case "test": command = .test; rest.removeFirst()
        case "merge-junit": command = .mergeJUnit; rest.removeFirst()
        default: break
        }
        func value(_ name: String) throws -> String {
            guard let v = rest.popFirst(), !v.hasPrefix("--") else { throw UsageError("\(name) needs a value") }
            return v
        }
        func fraction(_ name: String) throws -> Double {
            let text = try value(name)
            guard let v = Double(text), (0...1).contains(v) else {
                throw UsageError("\(name) expects a number from 0 to 1, got \"\(text)\"")
            }
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
            if arg.hasPrefix("-") {
                // A second value would silently win over the first.
                guard !given.contains(arg) else { throw UsageError("\(arg) is given twice") }
                given.append(arg)
            }
            switch arg {
            case "--scene": scene = try value(arg)
            case "--out": out = try value(arg)
            case "--quality": quality = try integer(arg, 1...100)
            case "--max-size":
                let text = try value(arg)
                guard let size = ByteSize(text) else {
                    throw UsageError("--max-size expects a size such as 8MB, 2MiB, 500kB or a number of bytes, got \"\(text)\"")
                }
                maxSize = size.bytes
            case "--inspect": inspect = try value(arg)
            case "--timeline": timeline = true
            case "--hashes": hashes = try value(arg)
            case "--references": references = true
            case "--check": check = try value(arg)
            case "--artifacts": artifacts = try value(arg)
            case "--threshold": tolerance.threshold = try fraction(arg)
            case "--delta-e":
                let text = try value(arg)
                guard let v = Double(text), (0...100).contains(v) else {
                    throw UsageError("--delta-e expects a CIEDE2000 colour difference from 0 to 100 (1 is just noticeable), got \"\(text)\"")
                }
                deltaE = v
            case "--ssim": ssim = true
            case "--max-diff-pixels": tolerance.maxDiffPixels = try integer(arg, 0...Int(Int32.max))
            case "--max-diff-ratio": tolerance.maxDiffRatio = try fraction(arg)
            case "--mask":
                mask = try value(arg).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard !mask.contains(where: \.isEmpty) else { throw UsageError("--mask expects view ids separated by commas, such as clock,avatar") }
            case "--contact-sheet": contactSheet = try value(arg)
            case "--report": report = try value(arg)
            case "--junit": junit = try value(arg)
            case "--update": update = true
            case "--prune": prune = true
            case "--yes": yes = true
            case "--shard": shard = try Options.shard(try value(arg))
            case "--every": every = try integer(arg, 1...100_000)
            case "--max-pixels": limits.framePixels = try integer(arg, 1...Int(Int32.max))
            case "--max-frames": limits.frames = try integer(arg, 1...Int(Int32.max))
            case "--max-duration": limits.duration = Double(try integer(arg, 1...Int(Int32.max)))
            case "--max-image-pixels": limits.imagePixels = try integer(arg, 1...Int(Int32.max))
            case "--max-views": limits.views = try integer(arg, 1...Int(Int32.max))
            case "--scale": scale = try integer(arg, 1...3)
            case "--fps": fps = try integer(arg, 1...120)
            case "--frame": frame = try integer(arg, 0...Int(Int32.max))
            case "--frames": frames = try Options.range(try value(arg))
            case "--jobs": jobs = try integer(arg, 1...256)
            case "--appearance":
                let text = try value(arg)
                guard let choice = AppearanceChoice(rawValue: text) else {
                    throw UsageError("--appearance expects light, dark or both, got \"\(text)\"")
                }
                appearance = choice
            case "--content-size":
                let text = try value(arg)
                guard let category = ContentSizeCategory(rawValue: text) else {
                    let names = ContentSizeCategory.allCases.map(\.rawValue)
                    let hint = closest(to: text, in: names).map { "; did you mean \($0)?" } ?? "; expected one of \(names.joined(separator: ", "))"
                    throw UsageError("--content-size: unknown content size category \"\(text)\"\(hint)")
                }
                contentSize = category
            case "--variants": variants = try VariantSpec(try value(arg))
            case "--device":
                let text = try value(arg)
                guard let named = Device.named(text) else {
                    let names = Device.all.map(\.name)
                    let hint = closest(to: text, in: names).map { "; did you mean \"\($0)\"?" } ?? "; the devices are \(names.joined(separator: ", "))"
                    throw UsageError("--device: no device is named \"\(text)\"\(hint)")
                }
                device = named
            case "--layout-direction":
                let text = try value(arg)
                guard let direction = LayoutDirection(rawValue: text) else {
                    throw UsageError("--layout-direction expects ltr or rtl, got \"\(text)\"")
                }
                layoutDirection = direction
            case "--device-frame":
                let text = try value(arg)
                guard let choice = DeviceFrame(rawValue: text) else {
                    throw UsageError("--device-frame expects mask or bezel, got \"\(text)\"")
                }
                deviceFrame = choice
            case "--touches": touches = true
            case "--quiet", "-q": quiet = true
            case "--stats": stats = true
            case "--help", "-h": help = true
            case "--version": version = true
            case _ where !arg.hasPrefix("-") && command != .render: inputs.append(arg)
            case _ where !arg.hasPrefix("-"):
                let hint = arg.lowercased().hasSuffix(".json") ? "; a scene is given as --scene \(arg)" : ""
                throw UsageError("unexpected argument \"\(arg)\"\(hint)")
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
        if deltaE != nil || ssim { tolerance.comparison = Tolerance.Comparison(threshold: nil, deltaE: deltaE, ssim: ssim) }
        if help || version { return }
        switch command {
        case .validate:
            guard !inputs.isEmpty else { throw UsageError("validate needs at least one scene file") }
        case .assemble:
            guard !inputs.isEmpty else { throw UsageError("gif needs a folder of frame_NNNN.png files, or several") }
            guard let out, AnimationFormat.named(by: out) != nil else { throw UsageError("gif needs --out NAME.gif") }
        case .test:
            guard inputs.count <= 1 else { throw UsageError("test takes one suite file, got \(inputs.count)") }
        case .mergeJUnit:
            guard !inputs.isEmpty else { throw UsageError("merge-junit needs the JUnit files to merge") }
            guard out != nil else { throw UsageError("merge-junit needs --out FILE.xml") }
        case .render:
            guard scene != nil else { throw UsageError("--scene is required") }
            guard out != nil || inspect != nil || timeline || hashes != nil || check != nil || contactSheet != nil else {
                throw UsageError("nothing to do: give --out, --hashes, --check, --contact-sheet, --inspect or --timeline")
            }
        }
        try checkApplicable()
    }
}

extension Options {
    /// The scene file for the variant asked for, with `--scale` and `--fps` applied, and the
    /// variants to draw beside it: the dark one for `both`, or those of `--variants`.
    func loadScene(_ file: String) throws -> (scene: Scene, beside: [Scene]) {
        guard let variants else {
            return try Options.loadScene(file, appearance: appearance, contentSize: contentSize, layoutDirection: layoutDirection,
                                         device: device, scale: scale, fps: fps)
        }
        let base = VariantSpec.Variant(appearance: appearance == .dark ? .dark : .light, contentSize: contentSize,
                                       layoutDirection: layoutDirection)
        let scenes = try variants.variants(base: base).map { variant in
            try Options.loadScene(file, appearance: variant.appearance == .dark ? .dark : .light, contentSize: variant.contentSize,
                                  layoutDirection: variant.layoutDirection, device: device, scale: scale, fps: fps).scene
        }
        return (scenes[0], Array(scenes.dropFirst()))
    }

    /// A scene file for `appearance` and `contentSize`, with a scale and frame rate other than its
    /// own where given.
    static func loadScene(_ file: String, appearance: AppearanceChoice, contentSize: ContentSizeCategory,
                          layoutDirection: LayoutDirection, device: Device?, scale: Int?, fps: Int?) throws -> (scene: Scene, beside: [Scene]) {
        func configured(_ scene: Scene) -> Scene {
            var scene = scene
            if let scale { scene.canvas.scale = scale }
            if let fps { scene.fps = fps }
            return scene
        }
        func load(_ appearance: Appearance) throws -> Scene {
            configured(try SceneDecoder.load(file: file, appearance: appearance, contentSize: contentSize, layoutDirection: layoutDirection,
                                             device: device))
        }
        let first = try load(appearance == .dark ? .dark : .light)
        return (first, appearance == .both ? [try load(.dark)] : [])
    }

    /// The scene file's name without folder and extension: the `<scene>` of frame names in hash files.
    var sceneName: String { PathText.stem(of: scene!) }

    /// `I/N` with 1 ≤ I ≤ N.
    static func shard(_ text: String) throws -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
            throw UsageError("--shard expects I/N with 1 ≤ I ≤ N, such as 2/3, got \"\(text)\"")
        }
        return (index, count)
    }

    /// `A-B` or `A`, with A ≤ B.
    static func range(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let first = parts[0], let last = parts.last!, first >= 0, first <= last else {
            throw UsageError("--frames expects A-B with 0 ≤ A ≤ B, or a single frame number, got \"\(text)\"")
        }
        return first...last
    }
}

/// A mistake on the command line; exits with status 2 after the usage hint.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
