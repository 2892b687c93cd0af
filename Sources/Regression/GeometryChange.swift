import Foundation
import Render
import Scene

/// One thing about one view that differs between a reference frame's geometry and a new frame's:
/// `card3 moved +1 pt down`, `header blur 0.8 → 0.75`, `title text "Day 2" → "Day 3"`.
///
/// Invariant: `view` and `what` are the same words in every frame where the same change shows
/// (a move by the same amount, a blur that changed), so that frames group by them; `values`
/// holds what may vary from frame to frame, nil when `what` says it all.
public struct GeometryChange: Hashable, Sendable {
    public var view: String
    public var what: String
    public var values: String?

    public init(view: String, what: String, values: String? = nil) { self.view = view; self.what = what; self.values = values }

    /// `card3 moved +1 pt down`, `header blur 0.8 → 0.75`.
    public var description: String { [view, what, values].compactMap { $0 }.joined(separator: " ") }

    /// What differs between the reference's `expected` geometry and the frame's `actual` one, in
    /// the order the frame draws its views; empty when they are equal. A view that moves with its
    /// parent is not reported apart from it, nor one that appears or goes with its parent.
    public static func changes(expected: FrameGeometry, actual: FrameGeometry) -> [GeometryChange] {
        var expectedIndex: [String: Int] = [:]
        for (k, view) in expected.views.enumerated() where expectedIndex[view.id] == nil { expectedIndex[view.id] = k }
        let actualIDs = Set(actual.views.map(\.id))
        var changes: [GeometryChange] = []
        for view in actual.views {
            guard let was = expectedIndex[view.id].map({ expected.views[$0] }) else {
                // A view that comes with its parent is part of that change.
                if let parent = view.parent, expectedIndex[actual.views[parent].id] == nil { continue }
                changes.append(GeometryChange(view: view.id, what: "appeared", values: "at \(Inspection.rect(view.frame))"))
                continue
            }
            let parentMove = view.parent.flatMap { parent -> (Double, Double)? in
                let p = actual.views[parent]
                return expectedIndex[p.id].map { (p.frame.x - expected.views[$0].frame.x, p.frame.y - expected.views[$0].frame.y) }
            } ?? (0, 0)
            changes += differences(was, view, parentMove: parentMove)
        }
        for view in expected.views where !actualIDs.contains(view.id) {
            if let parent = view.parent, !actualIDs.contains(expected.views[parent].id) { continue }
            changes.append(GeometryChange(view: view.id, what: "is gone", values: "from \(Inspection.rect(view.frame))"))
        }
        return changes
    }

    private static func differences(_ was: FrameGeometry.View, _ now: FrameGeometry.View,
                                    parentMove: (x: Double, y: Double)) -> [GeometryChange] {
        var changes: [GeometryChange] = []
        func note(_ what: String, _ values: String? = nil) { changes.append(GeometryChange(view: now.id, what: what, values: values)) }
        // Rounded as the geometry is, so that a move cancelled by the parent's is no move at all.
        let dx = FrameGeometry.rounded(now.frame.x - was.frame.x - parentMove.x)
        let dy = FrameGeometry.rounded(now.frame.y - was.frame.y - parentMove.y)
        let moves = [(dy, "down", "up"), (dx, "right", "left")].filter { $0.0 != 0 }
        if !moves.isEmpty {
            note("moved " + moves.map { "\(signed($0.0)) pt \($0.0 > 0 ? $0.1 : $0.2)" }.joined(separator: " and "))
        }
        if now.frame.size != was.frame.size {
            let dw = FrameGeometry.rounded(now.frame.width - was.frame.width)
            let dh = FrameGeometry.rounded(now.frame.height - was.frame.height)
            let parts = [(dw, "wider", "narrower"), (dh, "taller", "shorter")].filter { $0.0 != 0 }
            note("resized " + parts.map { "\(signed($0.0)) pt \($0.0 > 0 ? $0.1 : $0.2)" }.joined(separator: " and "),
                 "(\(size(was.frame)) → \(size(now.frame)) pt)")
        }
        if now.alpha != was.alpha { note("alpha", "\(plain(was.alpha)) → \(plain(now.alpha))") }
        if now.cornerRadius != was.cornerRadius { note("corner radius", "\(plain(was.cornerRadius)) → \(plain(now.cornerRadius))") }
        if now.blur != was.blur { note("blur", "\(was.blur.map(plain) ?? "none") → \(now.blur.map(plain) ?? "none")") }
        if now.text != was.text { note("text changed", "\(quoted(was.text)) → \(quoted(now.text))") }
        // The image within its view: a move of the view already moved it. A clip that changes is
        // not told: it changes whenever a view moves under a clipping ancestor that does not.
        let image = { (view: FrameGeometry.View) in
            view.imageFrame.map { FrameGeometry.rounded($0.offsetBy(dx: -view.frame.x, dy: -view.frame.y)) }
        }
        if image(now) != image(was) {
            note("image frame in the view", "\(image(was).map(Inspection.rect) ?? "none") → \(image(now).map(Inspection.rect) ?? "none")")
        }
        return changes
    }

    /// A length or fraction as precise as geometry is kept, and no more: `1`, `0.75`.
    static func plain(_ value: Double) -> String { Inspection.number(FrameGeometry.rounded(value)) }

    /// With its sign: `+1`, `-0.5`.
    static func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + plain(value) }

    private static func size(_ rect: Rect) -> String { "\(plain(rect.width))×\(plain(rect.height))" }

    private static func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "none" }
}
