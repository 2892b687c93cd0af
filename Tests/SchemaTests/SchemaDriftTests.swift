import Scene
import TestSupport
import XCTest

/// The schema's enums and defaults are copies of the decoder's; these tests catch them drifting.
final class SchemaDriftTests: XCTestCase {
    var schema: JSONInstance!

    override func setUpWithError() throws { schema = try JSONInstance(file: Repository.schema) }

    func testEnumsAreTheDecodersChoices() {
        let choices: [(String, [String])] = [
            ("$defs/view/properties/contentMode", ContentMode.allCases.map(\.rawValue)),
            ("$defs/view/properties/fontWeight", Label.Weight.allCases.map(\.rawValue)),
            ("$defs/view/properties/textAlignment", Label.Alignment.allCases.map(\.rawValue)),
            ("$defs/view/properties/lineBreakMode", Label.LineBreak.allCases.map(\.rawValue)),
            ("$defs/view/properties/cornerCurve", CornerCurve.allCases.map(\.rawValue)),
            ("$defs/curve/oneOf/0", TimingCurve.named.map(\.0)),
            ("$defs/flingStep/properties/rate", FlingRate.allCases.map(\.rawValue)),
            ("$defs/scroll/properties/insetAdjustment", InsetAdjustment.allCases.map(\.rawValue)),
            ("$defs/blurByPullEffect/properties/blurByPull/properties/mode", BlurByPull.Mode.allCases.map(\.rawValue)),
            ("$defs/binding/properties/property", Binding.Property.allCases.map(\.rawValue)),
            ("$defs/driver/oneOf/1/properties/range", ViewProgress.Range.allCases.map(\.rawValue)),
            ("$defs/stack/properties/axis", Stack.Axis.allCases.map(\.rawValue)),
            ("$defs/stack/properties/alignment", Stack.Alignment.allCases.map(\.rawValue)),
            ("$defs/stack/properties/distribution", Stack.Distribution.allCases.map(\.rawValue)),
            ("$defs/gradient/properties/type", LayerGradient.Kind.allCases.map(\.rawValue)),
            ("$defs/view/properties/maskedCorners/items", CornerMask.named.map(\.0)),
            ("properties/statusBar/oneOf/1/properties/style", StatusBarStyle.allCases.map(\.rawValue)),
            ("$defs/view/properties/material", Material.Style.allCases.map(\.rawValue)),
            ("$defs/view/properties/textStyle", FontTextStyle.allCases.map(\.rawValue)),
            ("$defs/view/properties/semanticContentAttribute", SemanticContentAttribute.allCases.map(\.rawValue)),
        ]
        for (pointer, names) in choices {
            XCTAssertEqual(schema.at(pointer + "/enum"), .array(names.map(JSONInstance.string)), pointer)
        }
        guard case .array(let colours)? = schema.at("$defs/systemColor/enum") else { return XCTFail("no system colours") }
        XCTAssertEqual(Set(colours.compactMap { if case .string(let name) = $0 { name } else { nil } }), Set(SystemColor.table.keys),
                       "the system colours")
    }

    /// Every optional key left out, so that the decoder fills in its defaults.
    static let bare = #"""
    {"canvas": {"width": 100, "height": 100}, "scroll": {"contentHeight": 100},
     "views": [{"id": "plain", "frame": [0, 0, 10, 10]}, {"id": "column", "frame": [0, 0, 10, 10], "stack": {}}]}
    """#
    static let rich = #"""
    {"canvas": {"width": 100, "height": 100}, "assets": {"pic": {"path": "pic.png"}},
     "scroll": {"contentHeight": 100, "script": [{"scrollTo": 0, "duration": 1}, {"drag": 0, "duration": 1}, {"fling": 0}]},
     "views": [
       {"id": "header", "frame": [0, 0, 100, 50], "image": "pic", "shadowOpacity": 0.5,
        "effects": [{"stretchy": {}}, {"blurByPull": {}}, {"parallax": {}}],
        "bindings": [{"property": "alpha", "driver": {"view": "header"}, "keyframes": [[0, 1]]}]},
       {"id": "list", "frame": [0, 50, 100, 50], "effects": [{"textReveal": {}}],
        "children": [{"id": "row", "frame": [0, 0, 100, 50], "text": "Row"}]},
       {"id": "column", "frame": [0, 0, 10, 10], "stack": {"padding": {}}},
       {"id": "ramp", "frame": [0, 0, 10, 10], "gradient": {"colors": ["#000000", "#FFFFFF"]}}]}
    """#

    static let bars = #"""
    {"canvas": {"device": "iPhone 15 Pro"}, "scroll": {"contentHeight": 100}, "views": [],
     "statusBar": {}, "navigationBar": {"title": "T"}, "tabBar": {"items": [{"title": "A"}, {"title": "B"}]}}
    """#

    func testDefaultsAreWhatTheDecoderFillsIn() throws {
        let bare = try SceneDecoder.decode(Array(SchemaDriftTests.bare.utf8), file: "/scenes/bare.json")
        let bars = try SceneDecoder.decode(Array(SchemaDriftTests.bars.utf8), file: "/scenes/bars.json")
        func view(_ id: String) -> View? {
            func all(_ v: View) -> [View] { [v] + v.children.flatMap(all) }
            return bars.views.flatMap(all).first { $0.id == id }
        }
        let firstTab = try XCTUnwrap(view("tabBar.item0.glyph")?.label), secondTab = try XCTUnwrap(view("tabBar.item1.glyph")?.label)
        let rich = try SceneDecoder.decode(Array(SchemaDriftTests.rich.utf8), file: "/scenes/rich.json")
        let plain = bare.views[0], header = rich.views[0], label = try XCTUnwrap(rich.views[1].children[0].label)
        let stack = try XCTUnwrap(bare.views[1].stack), padding = try XCTUnwrap(rich.views[2].stack).padding
        let gradient = try XCTUnwrap(rich.views[3].gradient)
        guard case .scrollTo(_, _, let scrollCurve) = rich.scroll.script[0],
              case .drag(_, _, let dragCurve) = rich.scroll.script[1], case .fling(_, let rate) = rich.scroll.script[2],
              case .stretchy(let stretchy) = header.effects[0], case .blurByPull(let blur) = header.effects[1],
              case .parallax(let parallax) = header.effects[2], case .textReveal(let reveal) = rich.views[1].effects[0],
              case .viewProgress(let progress) = header.bindings[0].driver
        else { return XCTFail("the scenes did not decode to the expected steps, effects and driver") }
        let binding = header.bindings[0]

        let decoded: [(String, JSONInstance)] = [
            ("properties/fps", .number(Double(bare.fps))),
            ("properties/statusBar/oneOf/1/properties/time",
             .string(try XCTUnwrap(view("statusBar.time")?.label).text)),
            ("properties/navigationBar/properties/largeTitle", .bool(view("navigationBar.largeTitle") != nil)),
            // Left out, the bar has its material: it is transparent only without one.
            ("properties/navigationBar/properties/transparent", .bool(view("navigationBar")?.material == nil)),
            ("properties/tabBar/properties/items/items/properties/glyph", .string(firstTab.text)),
            // The selected tab is the one in the system blue.
            ("properties/tabBar/properties/selected", firstTab.color == Color(r: 0, g: 122, b: 255) && secondTab.color != firstTab.color
                ? .number(0) : .null),
            ("properties/homeIndicator", .bool(view("homeIndicator") != nil)),
            ("properties/assets", bare.assets.isEmpty ? .object([:]) : .null),
            ("$defs/canvas/properties/scale", .number(Double(bare.canvas.scale))),
            ("$defs/canvas/properties/background", hex(bare.canvas.background)),
            ("$defs/asset/oneOf/1/properties/scale", .number(try XCTUnwrap(rich.assets["pic"]).scale)),
            ("$defs/scroll/properties/insets/properties/top", .number(bare.scroll.insets.top)),
            ("$defs/scroll/properties/insets/properties/bottom", .number(bare.scroll.insets.bottom)),
            ("$defs/scroll/properties/script", bare.scroll.script.isEmpty ? .array([]) : .null),
            ("$defs/scroll/properties/paging", .bool(bare.scroll.snapping == .paging)),
            ("$defs/scroll/properties/insetAdjustment", .string(bare.scroll.insetAdjustment.rawValue)),
            ("$defs/scroll/properties/showsVerticalScrollIndicator", .bool(bare.scroll.showsVerticalScrollIndicator)),
            ("$defs/scroll/properties/refreshControl", .bool(bare.scroll.refreshControl != nil)),
            ("$defs/scroll/properties/refreshControl/anyOf/1/properties/tint", hex(try XCTUnwrap(SceneDecoder.decode(Array("""
                {"canvas": {"width": 10, "height": 10}, "scroll": {"contentHeight": 10, "refreshControl": {}}, "views": []}
                """.utf8), file: "/scenes/refresh.json").scroll.refreshControl).tint)),
            ("$defs/scrollToStep/properties/curve", name(of: scrollCurve)),
            ("$defs/dragStep/properties/curve", name(of: dragCurve)),
            ("$defs/flingStep/properties/rate", .string(rate.rawValue)),
            ("$defs/view/properties/cornerRadius", .number(plain.cornerRadius)),
            ("$defs/view/properties/cornerCurve", .string(plain.cornerCurve.rawValue)),
            ("$defs/view/properties/contentMode", .string(plain.contentMode.rawValue)),
            ("$defs/view/properties/clipsToBounds", .bool(plain.clipsToBounds)),
            ("$defs/view/properties/alpha", .number(plain.alpha)),
            ("$defs/view/properties/fixed", .bool(plain.fixed)),
            ("$defs/view/properties/effects", plain.effects.isEmpty ? .array([]) : .null),
            ("$defs/view/properties/bindings", plain.bindings.isEmpty ? .array([]) : .null),
            ("$defs/view/properties/children", plain.children.isEmpty ? .array([]) : .null),
            ("$defs/view/properties/fontSize", .number(label.fontSize)),
            ("$defs/view/properties/fontWeight", .string(label.weight.rawValue)),
            ("$defs/view/properties/textColor", hex(label.color)),
            ("$defs/view/properties/textAlignment", .string(label.alignment.rawValue)),
            ("$defs/view/properties/letterSpacing", .number(label.letterSpacing)),
            ("$defs/view/properties/numberOfLines", .number(Double(label.numberOfLines))),
            ("$defs/view/properties/lineBreakMode", .string(label.lineBreak.rawValue)),
            (effect("stretchy", "pinned"), .bool(stretchy.pinned)),
            (effect("blurByPull", "radius"), .number(blur.radius)),
            (effect("blurByPull", "fullAt"), .number(blur.fullAt)),
            (effect("blurByPull", "mode"), .string(blur.mode.rawValue)),
            (effect("parallax", "travel"), .number(parallax.travel)),
            (effect("textReveal", "bandColor"), hex(reveal.bandColor)),
            (effect("textReveal", "revealColor"), hex(reveal.revealColor)),
            // Left out, `from` stays nil and counts as 0 where the band is placed (TextReveal.bandTop).
            (effect("textReveal", "from"), .number(reveal.from ?? 0)),
            // Left out, a binding's curve stays nil and interpolates linearly (Binding.value).
            ("$defs/binding/properties/curve", binding.curve.map(name(of:)) ?? .string("linear")),
            ("$defs/binding/properties/clamp", .bool(binding.clamp)),
            ("$defs/driver/oneOf/1/properties/range", .string(progress.range.rawValue)),
            ("$defs/driver/oneOf/1/properties/insets", .array([.number(progress.insets.top), .number(progress.insets.bottom)])),
            ("$defs/stack/properties/axis", .string(stack.axis.rawValue)),
            ("properties/metrics", .object([:])),
            ("properties/constraints", bare.constraints.isEmpty ? .array([]) : .null),
            ("$defs/view/properties/constraints", bare.constraints.isEmpty ? .array([]) : .null),
            ("$defs/view/properties/compressionResistance", .number(plain.compressionResistance)),
            ("$defs/view/properties/contentHugging", .number(plain.contentHugging)),
            ("$defs/view/properties/borderWidth", .number(plain.borderWidth)),
            ("$defs/view/properties/semanticContentAttribute", .string(plain.semanticContentAttribute.rawValue)),
            ("$defs/view/properties/maskedCorners", .array(CornerMask.named.filter { plain.maskedCorners.contains($0.1) }.map { .string($0.0) })),
            ("$defs/view/properties/borderColor", hex(plain.borderColor)),
            ("$defs/view/properties/shadowOpacity", plain.shadow == nil ? .number(0) : .null),
            ("$defs/view/properties/shadowColor", hex(try XCTUnwrap(header.shadow).color)),
            ("$defs/view/properties/shadowOffset", .array([.number(try XCTUnwrap(header.shadow).offset.dx), .number(try XCTUnwrap(header.shadow).offset.dy)])),
            ("$defs/view/properties/shadowRadius", .number(try XCTUnwrap(header.shadow).radius)),
            ("$defs/gradient/properties/type", .string(gradient.kind.rawValue)),
            ("$defs/gradient/properties/startPoint", .array([.number(gradient.startPoint.x), .number(gradient.startPoint.y)])),
            ("$defs/gradient/properties/endPoint", .array([.number(gradient.endPoint.x), .number(gradient.endPoint.y)])),
            ("$defs/stack/properties/spacing", .number(stack.spacing)),
            // Left out, padding is 0 on every edge, as the number 0 says.
            ("$defs/stack/properties/padding", stack.padding == EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) ? .number(0) : .null),
            ("$defs/stack/properties/alignment", .string(stack.alignment.rawValue)),
            ("$defs/stack/properties/distribution", .string(stack.distribution.rawValue)),
            ("$defs/stack/properties/padding/anyOf/1/properties/top", .number(padding.top)),
            ("$defs/stack/properties/padding/anyOf/1/properties/left", .number(padding.left)),
            ("$defs/stack/properties/padding/anyOf/1/properties/bottom", .number(padding.bottom)),
            ("$defs/stack/properties/padding/anyOf/1/properties/right", .number(padding.right)),
        ]
        for (pointer, value) in decoded {
            XCTAssertEqual(schema.at(pointer + "/default"), value, pointer)
        }
        let defaults = SchemaWalk.objects(in: schema).filter { $0.value.at("default") != nil }.map(\.pointer)
        XCTAssertEqual(Set(decoded.map(\.0)), Set(defaults), "every default in the schema is checked here")
    }

    /// The schema of an effect's parameter.
    func effect(_ name: String, _ parameter: String) -> String {
        "$defs/\(name)Effect/properties/\(name)/properties/\(parameter)"
    }

    func hex(_ c: Color) -> JSONInstance {
        .string(String(format: "#%02X%02X%02X", c.r, c.g, c.b) + (c.a == 255 ? "" : String(format: "%02X", c.a)))
    }

    func name(of curve: TimingCurve) -> JSONInstance {
        TimingCurve.named.first { $0.1 == curve }.map { .string($0.0) } ?? .null
    }
}
