extension Scene {
    /// The scene laid out for `layoutDirection`: under right to left, each view whose effective
    /// direction is right to left has its frame mirrored in its parent's width (the canvas's for a
    /// top-level view), so its x is measured from the leading edge, and its natural text alignment
    /// becomes right, as UIKit aligns natural text in a right-to-left interface. A view's direction
    /// is its parent's (the scene's at the top) unless its `semanticContentAttribute` forces one.
    ///
    /// It runs in two steps, each once every width it needs is known:
    /// - `.framed`, after `StackLayout`: every view placed by a frame or a stack, except the
    ///   children of views placed by constraints, whose widths the solver has yet to find;
    /// - `.inConstrainedParents`, after the constraints are solved at rest: those children.
    /// Views placed by constraints are left to the solver, whose leading and trailing follow the
    /// scene's direction. Images are not flipped: a mirrored view draws its image as before.
    /// Invariant: under left to right, the scene is returned unchanged.
    public enum MirroringStep: Sendable { case framed, inConstrainedParents }

    public func mirrored(_ step: MirroringStep) -> Scene {
        guard layoutDirection == .rightToLeft else { return self }
        /// `width` is the parent's, nil for the scroll content; `constrainedParent`, whether the
        /// solver places the parent.
        func mirror(_ view: View, width: Double, constrainedParent: Bool, inherited: LayoutDirection) -> View {
            var view = view
            let direction: LayoutDirection
            switch view.semanticContentAttribute {
            case .unspecified: direction = inherited
            case .forceLeftToRight: direction = .leftToRight
            case .forceRightToLeft: direction = .rightToLeft
            }
            if direction == .rightToLeft, !view.constrained, constrainedParent == (step == .inConstrainedParents) {
                view.frame.x = width - view.frame.x - view.frame.width
            }
            if direction == .rightToLeft, step == .framed, view.label?.alignment == .natural { view.label?.alignment = .right }
            view.children = view.children.map {
                mirror($0, width: view.frame.width, constrainedParent: view.constrained, inherited: direction)
            }
            return view
        }
        var scene = self
        scene.views = views.map { mirror($0, width: canvas.width, constrainedParent: false, inherited: .rightToLeft) }
        return scene
    }
}
