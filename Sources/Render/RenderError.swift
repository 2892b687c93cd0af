/// Failures while turning a valid scene into pixels.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// An asset file is missing or is not a usable PNG. Names the scene file, the asset's JSON path
    /// and the image file.
    case asset(sceneFile: String, jsonPath: String, imageFile: String, reason: String)
    /// A font is missing, unreadable, or failed while drawing. Names the scene file, the JSON path
    /// of the label that uses it, and FreeType's reason.
    case font(sceneFile: String, jsonPath: String, reason: String)
    /// The scene asks for more than a limit allows; the message names the flag that raises it.
    case limit(kind: RenderLimits.Kind, message: String)
    /// A frame index outside the timeline. Names the scene file.
    case frameOutOfRange(sceneFile: String, index: Int, count: Int)

    public var description: String {
        switch self {
        case let .asset(scene, path, image, reason): return "\(scene): \(path): \(image): \(reason)"
        case let .font(scene, path, reason): return "\(scene): \(path): \(reason)"
        case let .limit(kind, message): return "\(message) (raise it with \(kind.rawValue))"
        case let .frameOutOfRange(scene, index, count):
            let frames = count == 1 ? "1 frame (0)" : "\(count) frames (0…\(count - 1))"
            return "\(scene): frame \(index) is out of range: the scene has \(frames)"
        }
    }
}
