/// Decoding of a view's `effects` array, with the checks that tie an effect to its view.
extension SceneDecoder {
    static let effectKinds = ["stretchy", "blurByPull", "parallax", "textReveal", "sticky", "collapsing"]

    static func decodeEffects(_ node: JSONNode, for view: View, topLevel: Bool) throws -> [Effect] {
        var seen = Set<String>()
        return try node.array().map { item in
            guard case .object(let members) = item.value, members.count == 1, let kind = members.first?.key else {
                throw item.fail("expected one effect, such as {\"stretchy\": {}}")
            }
            guard effectKinds.contains(kind) else {
                let hint = closest(to: kind, in: effectKinds).map { "; did you mean \"\($0)\"?" } ?? ""
                throw item.child(kind, .null).fail("unknown effect\(hint)")
            }
            guard seen.insert(kind).inserted else { throw item.fail("effect \"\(kind)\" appears twice") }
            let params = item.child(kind, members[0].value)
            switch kind {
            case "stretchy":
                guard topLevel && !view.fixed else { throw params.fail("only a top-level view that scrolls can stretch") }
                let o = try params.object(allowed: ["pinned"])
                return .stretchy(StretchyHeader(pinned: try o["pinned"]?.bool() ?? false))
            case "blurByPull":
                let o = try params.object(allowed: ["radius", "fullAt", "mode", "tint"])
                return .blurByPull(BlurByPull(
                    radius: try o["radius"]?.number(in: 0...500) ?? 20,
                    fullAt: try o["fullAt"]?.number(in: 1...100_000) ?? 100,
                    mode: try o["mode"]?.choice(BlurByPull.Mode.allCases.map { ($0.rawValue, $0) }) ?? .opacity,
                    tint: try o["tint"].map(decodeColor)))
            case "collapsing":
                guard topLevel && !view.fixed else { throw params.fail("only a top-level view that scrolls can collapse") }
                let o = try params.object(allowed: ["minHeight"])
                let minimum = try o.required("minHeight")
                let minHeight = try minimum.number(in: 0...1_000_000)
                guard view.constrained || view.fit.contains(.height) || minHeight <= view.frame.height else {
                    throw minimum.fail("\(format(minHeight)) is taller than the header's \(format(view.frame.height))")
                }
                return .collapsing(CollapsingHeader(minHeight: minHeight))
            case "sticky":
                guard topLevel && !view.fixed else { throw params.fail("only a top-level view that scrolls can pin") }
                let o = try params.object(allowed: ["top"])
                return .sticky(StickyHeader(top: try o["top"]?.number(in: -10_000...10_000)))
            case "parallax":
                guard view.image != nil else { throw params.fail("needs a view with an \"image\"") }
                let o = try params.object(allowed: ["travel"])
                return .parallax(ParallaxImage(travel: try o["travel"]?.number(in: 0...10_000) ?? 20))
            default:
                guard view.children.contains(where: { $0.label != nil }) else {
                    throw params.fail("needs a view whose children include labels (views with \"text\")")
                }
                let o = try params.object(allowed: ["bandColor", "revealColor", "from", "to"])
                return .textReveal(TextReveal(
                    bandColor: try o["bandColor"].map(decodeColor) ?? Color(r: 0, g: 0, b: 0, a: 204),
                    revealColor: try o["revealColor"].map(decodeColor) ?? .white,
                    from: try o["from"]?.number(in: -1_000_000...1_000_000),
                    to: try o["to"]?.number(in: -1_000_000...1_000_000)))
            }
        }
    }
}
