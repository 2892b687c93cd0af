import Scene
import Text

/// What views' text and images measure, in points, for `StackLayout`: UIKit's intrinsic content
/// sizes. Text is measured as it is drawn, at the output scale, and rounded up to whole pixels,
/// as UIKit rounds intrinsic sizes up to its pixel grid.
struct ContentMeasure {
    let scale: Double
    let texts: LabelTexts
    let imageSizes: [String: Size]
    let sceneFile: String

    /// A view's content; text wraps in `width` points when given, as a label's height depends on
    /// its width.
    func content(of view: View, width: Double?) throws -> StackLayout.Content {
        var content = StackLayout.Content(image: view.image.flatMap { imageSizes[$0] })
        if let label = view.label {
            content.text = try size(of: label, width: width, jsonPath: view.jsonPath)
        }
        return content
    }

    /// The lines of `label`: the widest one's advance wide, one line height per line tall; nothing
    /// when empty, as an empty UILabel measures.
    private func size(of label: Label, width: Double?, jsonPath: String) throws -> Size {
        guard !label.text.isEmpty else { return Size(width: 0, height: 0) }
        do {
            let block = try texts.layout(label, width: width.map { $0 * scale }, scale: scale)
            return Size(width: block.width.rounded(.up) / scale, height: block.measuredHeight.rounded(.up) / scale)
        } catch let error as FontError {
            throw RenderError.font(sceneFile: sceneFile, jsonPath: jsonPath + ".text", reason: error.description)
        }
    }
}
