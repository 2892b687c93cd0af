import Cassowary

/// Places the views that `constraints` position, by solving the scene's constraints: once at rest
/// to check them, then at each frame with the scroll offset as the solver's edit variable.
///
/// Each view without a frame has four unknowns: left, top, width and height, in content
/// coordinates. A view with a frame keeps it: its edges are known numbers (or, under a view
/// placed by constraints or on a fixed view, follow that view or the offset). A placed view with
/// text, an image or a stack also gets UIKit's intrinsic-size constraints: at least its content's
/// size at its `compressionResistance` (750 unless set), at most that at its `contentHugging`
/// (250). The solver built
/// at rest is copied for each frame and given that frame's offset, so frames are the same
/// whatever order they are rendered in.
public struct ConstraintLayout: Sendable {
    /// A placed view, and where its frame is measured from (its parent's origin).
    private struct Placed: Sendable { let id: String, parentOrigin: (x: LinearExpression, y: LinearExpression) }

    private let base: Solver
    private let placed: [Placed]
    public let restOffset: Double
    private let file: String
    /// The required constraints that name the screen, a guide or the offset: the ones that can
    /// stop the scroll.
    private let scrollHolders: [LayoutConstraint]

    /// The layout of `scene`'s constraints; nil when it has none.
    public static func build(_ scene: Scene, content: (View) throws -> StackLayout.Content) throws -> ConstraintLayout? {
        guard !scene.constraints.isEmpty else { return nil }
        return try ConstraintLayout(scene, content: content)
    }

    private init(_ scene: Scene, content: (View) throws -> StackLayout.Content) throws {
        file = scene.file
        restOffset = scene.scroll.restOffset
        scrollHolders = scene.constraints.filter { c in
            c.isRequired && c.terms.contains { term in
                switch term.anchor {
                case .guide(let guide, _): return guide != .content
                case .offset: return true
                case .view: return false
                }
            }
        }
        let model = AnchorModel(scene: scene)
        placed = model.placed.map { Placed(id: $0.view.id, parentOrigin: model.parentOrigin(of: $0.view.id)) }
        var solver = try ConstraintLayout.solver(at: restOffset)
        var added: [(LayoutConstraint, Constraint)] = []
        for constraint in scene.constraints {
            let c = try model.constraint(constraint)
            do {
                try solver.add(c)
                added.append((constraint, c))
            } catch SolverError.unsatisfiable {
                throw ConstraintLayout.conflict(constraint, c, earlier: added, model: model, offset: restOffset, file: file)
            }
        }
        for entry in model.placed {
            let own = try content(entry.view)
            var size = StackLayout.union(own.text, own.image)
            if size == nil, entry.view.stack != nil { size = entry.view.frame.size }
            guard let size else { continue }
            for (variable, length) in [(model.variable(entry.index, .width), size.width), (model.variable(entry.index, .height), size.height)] {
                try solver.add(Constraint(LinearExpression(variable), .greaterOrEqual, LinearExpression(constant: length),
                                          strength: Strength(priority: entry.view.compressionResistance)))
                try solver.add(Constraint(LinearExpression(variable), .lessOrEqual, LinearExpression(constant: length),
                                          strength: Strength(priority: entry.view.contentHugging)))
            }
        }
        for entry in model.placed {
            for attribute in [Attribute.left, .top, .width, .height] where !solver.isDetermined(model.variable(entry.index, attribute)) {
                throw SceneError.invalid(file: file, path: entry.view.jsonPath,
                                         message: "ambiguous layout: no constraint fixes its \(AnchorModel.word(attribute)) (\"\(entry.view.id)\")")
            }
        }
        base = solver
    }

    /// An empty solver with the scroll offset as its edit variable, at `offset`. The edit weighs
    /// more than any priority below 1000 (10⁹ at 999), so only required constraints can hold the
    /// scroll back.
    static func solver(at offset: Double) throws -> Solver {
        var solver = Solver()
        try solver.addEditVariable(AnchorModel.offset, strength: Strength(weight: 1e12))
        try solver.suggest(AnchorModel.offset, offset)
        return solver
    }

    /// The frames of the placed views at `offset`, by id, in their parents' coordinates (the
    /// screen's, for a fixed top-level view). Throws when required constraints stop the scroll
    /// short of `offset`.
    public func frames(offset: Double) throws -> [String: Rect] {
        var solver = base
        try solver.suggest(AnchorModel.offset, offset)
        let reached = solver.value(AnchorModel.offset)
        guard abs(reached - offset) <= 1e-9 * max(1, abs(offset)) else {
            let holding = scrollHolders.first
            throw SceneError.invalid(file: file, path: holding?.jsonPath ?? "constraints",
                                     message: (holding.map { "\"\($0.text)\" and the constraints with it " } ?? "the constraints ")
                                        + "hold the scroll at \(format(reached)) where the script asks for \(format(offset)); "
                                        + "the screen and its guides move with the scroll, so constraints that are required must not fix them")
        }
        func evaluate(_ e: LinearExpression) -> Double {
            e.terms.reduce(e.constant) { $0 + $1.coefficient * solver.value($1.variable) }
        }
        var frames: [String: Rect] = [:]
        for (k, entry) in placed.enumerated() {
            let v = { (i: Int) in solver.value(Variable(1 + 4 * k + i)) }
            frames[entry.id] = Rect(x: v(0) - evaluate(entry.parentOrigin.x), y: v(1) - evaluate(entry.parentOrigin.y),
                                    width: v(2), height: v(3))
        }
        return frames
    }

    /// `scene` with every placed view at its frame at rest, and an "auto" content height measured
    /// again.
    public func resolve(_ scene: Scene) throws -> Scene {
        let rest = try frames(offset: restOffset)
        var scene = scene
        func visit(_ view: inout View) {
            if let frame = rest[view.id] { view.frame = frame; view.fit = [] }
            for i in view.children.indices { visit(&view.children[i]) }
        }
        for i in scene.views.indices { visit(&scene.views[i]) }
        if scene.scroll.autoContentHeight { scene.scroll.contentHeight = try StackLayout.contentHeight(of: scene.views, file: scene.file) }
        // The solved widths are known now: the views framed inside constrained ones can be mirrored.
        return scene.mirrored(.inConstrainedParents)
    }
}
