import Scene
import Text

/// What views' text and images measure, in points, for `StackLayout`: UIKit's intrinsic content
/// sizes. Text is measured as it is drawn, at the output scale, and rounded up to whole pixels,
/// as UIKit rounds intrinsic sizes up to its pixel grid.
struct ContentMeasure {
    let scale: Double
    let fonts: [String: Font]
    let imageSizes: [String: Size]
    let sceneFile: String

    func content(of view: View) throws -> StackLayout.Content {
        var content = StackLayout.Content(image: view.image.flatMap { imageSizes[$0] })
        if let label = view.label, let font = fonts[Painter.fontPath(label)] {
            content.text = try size(of: label, font, jsonPath: view.jsonPath)
        }
        return content
    }

    /// One line of `label`: its advance wide and the font's line height tall; nothing when empty,
    /// as an empty UILabel measures.
    private func size(of label: Label, _ font: Font, jsonPath: String) throws -> Size {
        guard !label.text.isEmpty else { return Size(width: 0, height: 0) }
        let pixelSize = label.fontSize * scale
        do {
            let line = try font.layout(label.text, pixelSize: pixelSize, tracking: label.letterSpacing * scale)
            let height = font.metrics(pixelSize: pixelSize).lineHeight
            return Size(width: line.width.rounded(.up) / scale, height: height.rounded(.up) / scale)
        } catch let error as FontError {
            throw RenderError.font(sceneFile: sceneFile, jsonPath: jsonPath + ".text", reason: error.description)
        }
    }
}
