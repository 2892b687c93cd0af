// swift-tools-version:5.9
import PackageDescription

// libFuzzer targets for the input parsers. A package of their own, so that ScrollReel's
// `swift build` and `swift test` never build them: they need `--sanitize=fuzzer`, which links in
// libFuzzer's `main` and mutator. Build and run them with `scripts/fuzz`.
let package = Package(
    name: "ScrollReelFuzz",
    dependencies: [
        // Named, because a path dependency's identity is otherwise its folder's name, which
        // depends on where the repository was cloned.
        .package(name: "ScrollReel", path: ".."),
    ],
    targets: [
        .executableTarget(name: "SceneFuzzer", dependencies: [.product(name: "Scene", package: "ScrollReel")]),
        // zlib's CRC-32 and the declaration of libFuzzer's mutator, for the PNG target.
        .systemLibrary(name: "CFuzzSupport"),
        // What the image decoders' targets share: the pixel limit and the contract.
        .target(name: "DecoderFuzzing", dependencies: [.product(name: "Codecs", package: "ScrollReel")]),
        .executableTarget(name: "PNGFuzzer",
                          dependencies: [.product(name: "Codecs", package: "ScrollReel"), "DecoderFuzzing", "CFuzzSupport"]),
        .executableTarget(name: "WebPFuzzer", dependencies: [.product(name: "Codecs", package: "ScrollReel"), "DecoderFuzzing"]),
        .executableTarget(name: "H264Fuzzer", dependencies: [.product(name: "Codecs", package: "ScrollReel"), "DecoderFuzzing"]),
    ]
)
