/// The resource limits (`--max-pixels`, `--max-frames`, …): options of every command that loads
/// a scene, read into a `RenderLimits`.
enum LimitOptions {
    static let names: Set<String> = ["--max-pixels", "--max-frames", "--max-duration", "--max-image-pixels", "--max-views"]
}
