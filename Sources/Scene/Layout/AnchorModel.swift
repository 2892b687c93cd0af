import Cassowary

/// The scene's views and guides as linear expressions for the solver. Variable 0 is the scroll
/// offset; a view placed by constraints (the k-th in document order) has variables 1 + 4k …
/// 4 + 4k for its left, top, width and height in content coordinates. Every other edge is an
/// expression of those: a frame's numbers added to its parent's origin.
struct AnchorModel {
    struct Entry {
        let view: View
        let parent: String?
        let fixed: Bool
        let index: Int
    }

    static let offset = Variable(0)

    let scene: Scene
    private(set) var placed: [Entry] = []
    private var entries: [String: Entry] = [:]

    init(scene: Scene) {
        self.scene = scene
        func visit(_ view: View, parent: String?, fixed: Bool) {
            let entry = Entry(view: view, parent: parent, fixed: fixed, index: view.constrained ? placed.count : -1)
            if view.constrained { placed.append(entry) }
            entries[view.id] = entry
            for child in view.children { visit(child, parent: view.id, fixed: fixed) }
        }
        for view in scene.views { visit(view, parent: nil, fixed: view.fixed) }
    }

    func variable(_ index: Int, _ attribute: Attribute) -> Variable {
        switch attribute {
        case .left, .leading: return Variable(1 + 4 * index)
        case .top: return Variable(2 + 4 * index)
        case .width: return Variable(3 + 4 * index)
        default: return Variable(4 + 4 * index)
        }
    }

    /// The word an ambiguity error uses for a variable's attribute.
    static func word(_ attribute: Attribute) -> String {
        switch attribute {
        case .left: return "horizontal position"
        case .top: return "vertical position"
        default: return attribute.rawValue
        }
    }

    /// The views with frames that `c` names, as `views[1].frame ("bar")`.
    func framedViews(in c: LayoutConstraint) -> [String] {
        var out: [String] = []
        for term in c.terms {
            guard case .view(let id, _) = term.anchor, let entry = entries[id], entry.index < 0 else { continue }
            let item = "\(entry.view.jsonPath).frame (\"\(id)\")"
            if !out.contains(item) { out.append(item) }
        }
        return out
    }

    /// A view's top-left corner in content coordinates.
    func origin(of id: String) -> (x: LinearExpression, y: LinearExpression) {
        let entry = entries[id]!
        if entry.index >= 0 { return (LinearExpression(variable(entry.index, .left)), LinearExpression(variable(entry.index, .top))) }
        let frame = entry.view.frame, parent = parentOrigin(of: id)
        return (AnchorModel.plus(parent.x, frame.x), AnchorModel.plus(parent.y, frame.y))
    }

    /// Where a view's frame is measured from: its parent's origin; the content's for a top-level
    /// view, which for a fixed one is the screen's top, at the offset.
    func parentOrigin(of id: String) -> (x: LinearExpression, y: LinearExpression) {
        let entry = entries[id]!
        if let parent = entry.parent { return origin(of: parent) }
        return (LinearExpression(constant: 0), entry.fixed ? LinearExpression(AnchorModel.offset) : LinearExpression(constant: 0))
    }

    /// The rectangle of a view or guide as left, top, width and height.
    private func box(_ anchor: Anchor) throws -> [LinearExpression] {
        let k = { (c: Double) in LinearExpression(constant: c) }
        let offset = LinearExpression(AnchorModel.offset)
        let canvas = scene.canvas, insets = scene.scroll.adjustedInsets
        switch anchor {
        case .view(let id, _):
            let entry = entries[id]!
            if entry.index >= 0 { return [Attribute.left, .top, .width, .height].map { LinearExpression(variable(entry.index, $0)) } }
            let (x, y) = origin(of: id)
            return [x, y, k(entry.view.frame.width), k(entry.view.frame.height)]
        case .guide(let guide, let attribute):
            switch guide {
            case .content:
                if scene.scroll.autoContentHeight, attribute != .top, attribute != .left, attribute != .leading, attribute != .width {
                    throw ConstraintError("the content's height is \"auto\", measured from the views, so constraints cannot use content.\(attribute.rawValue)")
                }
                return [k(0), k(0), k(canvas.width), k(scene.scroll.contentHeight)]
            case .screen: return [k(0), offset, k(canvas.width), k(canvas.height)]
            case .safeArea: return [k(0), AnchorModel.plus(offset, insets.top), k(canvas.width), k(canvas.height - insets.top - insets.bottom)]
            case .topGuide: return [k(0), offset, k(canvas.width), k(insets.top)]
            case .bottomGuide: return [k(0), AnchorModel.plus(offset, canvas.height - insets.bottom), k(canvas.width), k(insets.bottom)]
            }
        case .offset:
            return [k(0), offset, k(0), k(0)]
        }
    }

    func expression(_ anchor: Anchor) throws -> LinearExpression {
        let attribute: Attribute
        switch anchor {
        case .view(_, let a), .guide(_, let a): attribute = a
        case .offset: return LinearExpression(AnchorModel.offset)
        }
        let b = try box(anchor)
        let (left, top, width, height) = (b[0], b[1], b[2], b[3])
        switch attribute {
        // Leading and trailing are the left and right edges. Right to left they are the right and
        // left ones, measured leftwards, as UIKit flips them: negated, so that "a.leading ==
        // b.leading + 10" puts a's right edge 10 points left of b's. Left and right keep their sides.
        case .left: return left
        case .right: return AnchorModel.sum(left, width, 1)
        case .leading: return scene.layoutDirection == .rightToLeft ? LinearExpression() - AnchorModel.sum(left, width, 1) : left
        case .trailing: return scene.layoutDirection == .rightToLeft ? LinearExpression() - left : AnchorModel.sum(left, width, 1)
        case .top: return top
        case .bottom: return AnchorModel.sum(top, height, 1)
        case .width: return width
        case .height: return height
        case .centerX: return AnchorModel.sum(left, width, 0.5)
        case .centerY: return AnchorModel.sum(top, height, 0.5)
        }
    }

    /// The solver's form of a scene constraint.
    func constraint(_ c: LayoutConstraint) throws -> Constraint {
        var total = LinearExpression(constant: c.constant)
        do {
            for term in c.terms { total = AnchorModel.sum(total, try expression(term.anchor), term.coefficient) }
        } catch let error as ConstraintError {
            throw SceneError.invalid(file: scene.file, path: c.jsonPath, message: "\"\(c.text)\": \(error.message)")
        }
        let relation: Constraint.Relation = c.relation == .equal ? .equal : c.relation == .lessOrEqual ? .lessOrEqual : .greaterOrEqual
        return Constraint(total, relation, strength: Strength(priority: c.priority))
    }

    static func plus(_ e: LinearExpression, _ c: Double) -> LinearExpression {
        LinearExpression(e.terms, constant: e.constant + c)
    }

    /// `a + k × b`.
    static func sum(_ a: LinearExpression, _ b: LinearExpression, _ k: Double) -> LinearExpression {
        LinearExpression(a.terms + b.terms.map { ($0.variable, $0.coefficient * k) }, constant: a.constant + k * b.constant)
    }
}
