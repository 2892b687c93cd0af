// swift-tools-version:5.9
import PackageDescription

// Pixel loops compiled without optimization run tens of times slower, so a debug-built test that
// asserts frames would wait seconds for each one. Raster is optimized in debug builds too, and so
// is Regression, whose diffs of a failing 780×1688 frame took 2.5 to 3.9 s unoptimized against
// 0.03 to 0.18 s; SCROLLREEL_UNOPTIMIZED_DEBUG=1 leaves them at -Onone, as scripts/test's debug run
// does, so that the unoptimized build is still tested against the release one frame for frame.
let optimizedInDebug: [SwiftSetting] = Context.environment["SCROLLREEL_UNOPTIMIZED_DEBUG"] == nil
    ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "ScrollReel",
    products: [
        .executable(name: "render", targets: ["render"]),
        // For other packages' tests: render scenes and compare frames with recorded references.
        .library(name: "ScrollReelTesting", targets: ["ScrollReelTesting"]),
        // The two input parsers, for the fuzz targets in Fuzz/ (a package of its own).
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "Codecs", targets: ["Codecs"]),
    ],
    targets: [
        // System libraries, reached through module maps. Debian names the packages.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // libavif's pkg-config flags carry -DAVIF_DLL, which SwiftPM refuses with a warning; its
        // header needs nothing from them.
        .systemLibrary(name: "CAVIF", providers: [.apt(["libavif-dev"])]),
        // GNU libmicrohttpd, which serves `render studio`'s page.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // FFmpeg's declarations only: the program is not linked with FFmpeg (see CFFmpegLoader).
        .systemLibrary(name: "CFFmpeg", providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev"])]),
        // FFmpeg's libraries opened when an MP4, an APNG or a reference video is written or read, not with the program.
        .target(name: "CFFmpegLoader", dependencies: ["CFFmpeg"]),

        // The one platform-specific file-system call: a rename that never replaces.
        .systemLibrary(name: "CFileSystem"),
        // The C library's allocator settings: frames stay in the heap instead of fresh mappings.
        .systemLibrary(name: "CMalloc"),
        // Output files and folders: checked before rendering, written aside, put in place together
        // or not at all; and paths split as text. Knows no pixels and no scenes.
        // Paths split as text, as the user typed them: what scenes, suites and outputs share.
        .target(name: "Paths"),
        .target(name: "FileOutput", dependencies: ["CFileSystem", "Paths"]),
        // Pixels only: bitmaps, coverage, resampling, compositing. No JSON, no scenes.
        .target(name: "Raster", swiftSettings: optimizedInDebug),
        // PNG, GIF, animated WebP and MP4 files, quantization, frame hashes.
        .target(name: "Codecs", dependencies: ["Raster", "CPNG", "CGIF", "CWebP", "CAVIF", "CFFmpeg", "CFFmpegLoader", "CCrypto"]),
        // Text: shaped by HarfBuzz, ordered by FriBidi, fonts found by fontconfig, glyphs drawn
        // by FreeType; lines broken and truncated here. No scenes.
        .target(name: "Text", dependencies: ["Raster", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig"]),
        // A Cassowary constraint solver: linear equalities and inequalities with priorities,
        // re-solved incrementally as edit variables move. Knows no views.
        .target(name: "Cassowary"),
        // Frames made on several threads and handed to outputs in order: FramePipeline, FrameSink,
        // LastMade, Stats. Knows no scenes and no formats.
        .target(name: "Pipeline", dependencies: ["Raster"]),
        // Every animation format render writes, registered in one table (AnimationFormat.all), with
        // the sinks that write them into a file or memory.
        .target(name: "Outputs", dependencies: ["Pipeline", "Codecs", "Raster", "FileOutput"]),
        // The scene model, its validation and the timeline. No pixels.
        .target(name: "Scene", dependencies: ["Paths", "Cassowary"]),
        // Scene + offset -> display list -> bitmap. Knows no codecs: the scene's images are decoded
        // by the ImageDecoder its caller gives (Codecs' PNGDecoder).
        .target(name: "Render", dependencies: ["Scene", "Raster", "Text", "Pipeline", "FileOutput"]),
        // Frame hashes, reference checks, pixelmatch-style and perceptual diffs, view masks, recorded
        // geometry and what changed in it, and the JUnit and HTML reports of failures, for the CLI
        // and for tests.
        .target(name: "Regression", dependencies: ["Codecs", "Raster", "Scene", "Render", "FileOutput", "Paths", "Pipeline"],
                swiftSettings: optimizedInDebug),
        // render studio: the page, frames rendered on demand, the scene reloaded as it changes on disk.
        .target(name: "Studio", dependencies: ["CMicroHTTPD", "Render", "Scene", "Codecs", "Regression"]),
        // assertFrames for XCTest and Swift Testing, with swift-snapshot-testing's record modes.
        .target(name: "ScrollReelTesting", dependencies: ["Render", "Scene", "Regression", "Codecs", "Raster", "FileOutput", "Paths",
                                                         "Pipeline", "Outputs"]),
        // The command-line tool. Thin: arguments, progress, output routing.
        .executableTarget(name: "render", dependencies: ["CMalloc", "Render", "Scene", "Codecs", "Raster", "Regression", "FileOutput", "Paths",
                                                          "Pipeline", "Outputs", "Studio"]),

        // scripts/bench-solver's side of the solver benchmark against kiwisolver.
        .executableTarget(name: "solver-bench", dependencies: ["Cassowary"], path: "Benchmarks/SolverBench"),

        // Helpers shared by the tests: giflib's decoder, test bitmaps, a JSON Schema validator,
        // hb-shape's glyph positions.
        .target(name: "TestSupport", dependencies: ["Codecs", "Raster", "Text", "CGIF"], path: "Tests/TestSupport"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
        .testTarget(name: "FileOutputTests", dependencies: ["FileOutput", "Paths"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "Raster", "TestSupport", "CPNG"],
                    exclude: ["PNGs"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene"]),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "TestSupport"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Raster", "TestSupport"]),
        // samples/schema.json against the samples, hand-written bad scenes and the decoder.
        .testTarget(name: "SchemaTests", dependencies: ["Scene", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Scene", "Codecs", "Raster", "Regression", "Pipeline", "Outputs",
                                                      "ScrollReelTesting", "TestSupport"]),
        // Runs the built `render` executable as a user would.
        .testTarget(name: "CLITests", dependencies: ["render", "Codecs", "Raster", "TestSupport"],
                    exclude: ["BadScenes"]),
    ]
)
