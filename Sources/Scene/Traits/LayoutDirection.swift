/// UIKit's user interface layout direction: which way leading and trailing run.
///
/// Right to left mirrors what `semanticContentAttribute` mirrors (see `Scene.mirrored()`):
/// frames measured from the leading edge, stacks, leading and trailing constraints, natural text
/// alignment, the back chevron and bar items, the tabs' order and the scroll indicator's side.
/// Images keep their pixels, and `left` and `right` constraints their sides.
public enum LayoutDirection: String, CaseIterable, Sendable {
    case leftToRight = "ltr", rightToLeft = "rtl"

    /// The direction the decoder builds the system bars for: task-local, as `Appearance.decoding` is.
    @TaskLocal static var decoding = LayoutDirection.leftToRight
}

/// `UIView.semanticContentAttribute`: whether a view and its subviews follow the layout
/// direction or keep one of their own.
public enum SemanticContentAttribute: String, CaseIterable, Sendable {
    case unspecified, forceLeftToRight, forceRightToLeft
}
