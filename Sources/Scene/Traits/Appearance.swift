/// UIKit's user interface style: which of a colour's two values a scene is drawn with.
public enum Appearance: String, CaseIterable, Sendable {
    case light, dark

    /// The appearance the decoder picks colours for. A task-local value, so that every colour
    /// read deep in the decoder picks the same side without each decoding function passing it on,
    /// and decodes on other threads are not affected.
    @TaskLocal static var decoding = Appearance.light
}
