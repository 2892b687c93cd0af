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

/// The command line, read token by token: each option's value checked as it comes, in order, and
/// the options given listed. Hand-written: no argument-parser package can be fetched here. The
/// commands never see it: `Invocation` turns it into the options of the command asked for
/// (`RenderOptions`, `ValidateOptions`, …), each holding only what applies to its command.
struct ParsedArguments {
    /// What the invocation does besides rendering a scene.
    enum Command: Equatable { case render, validate, assemble, test, mergeJUnit, studio }

    var command = Command.render
    /// Scene files for `validate`, the frame folders for `gif`, the suite file for `test`, or the
    /// JUnit files for `merge-junit`.
    var inputs: [String] = []
    var scene: String?
    var out: String?
    /// Quality 1…100 of a WebP (nil: lossless) or an MP4 (nil: 80).
    var quality: Int?
    /// `--max-size` in bytes: the quality, then the frame rate, fall until the file fits.
    var maxSize: Int?
    /// `--min-fps`: the lowest frame rate `--max-size` may fall to.
    var minFps: Int?
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
    /// `test --review`: serve the failing cases, with Accept buttons.
    var review = false
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
    /// `studio --port`, `--host`: where the page is served.
    var port: UInt16?
    var host: String?
    var help = false
    var version = false
    /// The options given, in order, without their values: what the commands' options judge.
    var given: [String] = []


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
        case "studio": command = .studio; rest.removeFirst()
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
            case "--min-fps": minFps = try integer(arg, 1...120)
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
            case "--review": review = true
            case "--shard": shard = try ParsedArguments.shard(try value(arg))
            case "--every": every = try integer(arg, 1...100_000)
            case "--max-pixels": limits.framePixels = try integer(arg, 1...Int(Int32.max))
            case "--max-frames": limits.frames = try integer(arg, 1...Int(Int32.max))
            case "--max-duration": limits.duration = Double(try integer(arg, 1...Int(Int32.max)))
            case "--max-image-pixels": limits.imagePixels = try integer(arg, 1...Int(Int32.max))
            case "--max-views": limits.views = try integer(arg, 1...Int(Int32.max))
            case "--scale": scale = try integer(arg, 1...3)
            case "--fps": fps = try integer(arg, 1...120)
            case "--frame": frame = try integer(arg, 0...Int(Int32.max))
            case "--frames": frames = try ParsedArguments.range(try value(arg))
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
            case "--port": port = UInt16(try integer(arg, 1...65535))
            case "--host": host = try value(arg)
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
    }
}

extension ParsedArguments {
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
