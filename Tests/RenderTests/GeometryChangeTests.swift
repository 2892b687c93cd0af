import Raster
import Regression
import Render
import Scene
import XCTest

/// What a failing frame reports of its geometry: each change named once, a view moving with its
/// parent not apart from it, changes grouped over frames, and a geometry file read back as written.
final class GeometryChangeTests: XCTestCase {
    typealias View = FrameGeometry.View

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    /// A header, a body and a card in it with an avatar.
    static func screen(cardY: Double = 316, avatarX: Double = 32, blur: Double? = 0.8, text: String = "Day 2",
                       alpha: Double = 1) -> FrameGeometry {
        FrameGeometry(views: [
            View(id: "header", frame: rect(0, 0, 390, 300), clip: rect(0, 0, 390, 300), blur: blur, imageFrame: rect(-20, 0, 430, 300)),
            View(id: "body", frame: rect(0, 300, 390, 1288)),
            View(id: "card3", parent: 1, frame: rect(16, cardY, 358, 160), alpha: alpha, cornerRadius: 14),
            View(id: "card3.avatar", parent: 2, frame: rect(avatarX, cardY + 16, 44, 44), cornerRadius: 22),
            View(id: "card3.title", parent: 2, frame: rect(88, cardY + 20, 180, 14), text: text),
        ])
    }

    func testEqualGeometryHasNoChange() {
        XCTAssertEqual(GeometryChange.changes(expected: Self.screen(), actual: Self.screen()), [])
    }

    func testAMoveIsNamedOnceWithItsDirectionAndSize() {
        let down = GeometryChange.changes(expected: Self.screen(), actual: Self.screen(cardY: 317))
        XCTAssertEqual(down.map(\.description), ["card3 moved +1 pt down"], "the subviews move with their parent")
        let up = GeometryChange.changes(expected: Self.screen(), actual: Self.screen(cardY: 315.5))
        XCTAssertEqual(up.map(\.description), ["card3 moved -0.5 pt up"])
        // A subview that moves within its moving parent is told apart, relative to the parent.
        let both = GeometryChange.changes(expected: Self.screen(), actual: Self.screen(cardY: 317, avatarX: 34))
        XCTAssertEqual(both.map(\.description), ["card3 moved +1 pt down", "card3.avatar moved +2 pt right"])
    }

    func testBlurTextAndAlpha() {
        let changes = GeometryChange.changes(expected: Self.screen(), actual: Self.screen(blur: 0.75, text: "Day 3", alpha: 0.5))
        XCTAssertEqual(changes.map(\.description), ["header blur 0.8 → 0.75", "card3 alpha 1 → 0.5",
                                                    "card3.title text changed \"Day 2\" → \"Day 3\""])
    }

    func testViewsThatAppearOrGoAreNamedWithoutTheirSubviews() {
        var fewer = Self.screen()
        fewer.views.removeLast(3)
        XCTAssertEqual(GeometryChange.changes(expected: Self.screen(), actual: fewer).map(\.description),
                       ["card3 is gone from [16, 316, 358, 160]"])
        XCTAssertEqual(GeometryChange.changes(expected: fewer, actual: Self.screen()).map(\.description),
                       ["card3 appeared at [16, 316, 358, 160]"])
    }

    func testChangesGroupOverFrames() {
        let moved = GeometryChange(view: "card3", what: "moved +1 pt down")
        let blur = { (values: String) in GeometryChange(view: "header", what: "blur", values: values) }
        let lines = GeometrySummary.lines([(44, [moved]), (40, [moved, blur("0.8 → 0.75")]), (41, [moved, blur("0.7 → 0.65")]),
                                           (42, [moved]), (43, [moved]), (50, [moved])])
        XCTAssertEqual(lines, ["card3 moved +1 pt down in frames 40–44, 50", "header blur in frames 40–41 (0.8 → 0.75 in frame 40)"])
        XCTAssertEqual(GeometrySummary.lines([(7, [blur("1 → 0.5")])]), ["header blur 1 → 0.5 in frame 7"])
        let many = (0..<12).map { GeometryChange(view: "card\($0)", what: "moved +1 pt down") }
        XCTAssertEqual(GeometrySummary.lines([(0, many)]).last, "… and 4 more changes")
    }

    func testTheFileReadsBackAsWritten() throws {
        let file = GeometryFile(frames: ["frame_0040": Self.screen(cardY: 316.125), "frame_0002": Self.screen(blur: nil, text: "\"q\"\n")])
        let text = file.text
        XCTAssertTrue(text.hasPrefix("{\"geometry\": 1, \"frames\": {\n\"frame_0002\": [{\"id\": \"header\""), text)
        XCTAssertEqual(try GeometryFile(parsing: Data(text.utf8)), file)
        XCTAssertThrowsError(try GeometryFile(parsing: Data("{\"frames\": {}}".utf8)))
        XCTAssertThrowsError(try GeometryFile(parsing: Data("{\"geometry\": 1, \"frames\": {\"frame_0000\": [{\"id\": 3}]}}".utf8)))
    }

    /// Views off screen are not kept; a kept view's parent is its nearest kept ancestor.
    func testOnlyViewsOnScreenAreKept() {
        let card = DisplayItem(id: "card", frame: Self.rect(10, 700, 100, 50))
        let inside = DisplayItem(id: "inside", frame: Self.rect(10, 10, 50, 20),
                                 children: [DisplayItem(id: "leaf", frame: Self.rect(12, 12, 4, 4))])
        let root = DisplayItem(id: "root", frame: Self.rect(0, 0, 200, 1000), children: [card, inside])
        let geometry = FrameGeometry(items: [root], canvas: Size(width: 200, height: 400))
        XCTAssertEqual(geometry.views.map(\.id), ["root", "inside", "leaf"])
        XCTAssertEqual(geometry.views.map(\.parent), [nil, 0, 1])
    }

    /// A subview that moves exactly with its parent has no move of its own, whatever the rounding
    /// of the differences says.
    func testAParentsMoveCancelsExactly() {
        func frame(_ parentY: Double, _ childY: Double) -> FrameGeometry {
            FrameGeometry(views: [View(id: "p", frame: Self.rect(0, parentY, 100, 100)),
                                  View(id: "c", parent: 0, frame: Self.rect(10, childY, 10, 10))])
        }
        XCTAssertEqual(GeometryChange.changes(expected: frame(50.2, 100.1), actual: frame(51.4, 101.3)).map(\.description),
                       ["p moved +1.2 pt down"])
    }

    /// A file whose parent indices or numbers cannot be a frame's is refused, not trusted.
    func testAFileWithImpossibleViewsIsRefused() {
        for view in [#"{"id": "a", "frame": [0, 0, 1, 1], "parent": 0}"#, #"{"id": "a", "frame": [0, 0, 1, 1], "parent": -1}"#,
                     #"{"id": "a", "frame": [0, 0, 1e300, 1]}"#] {
            XCTAssertThrowsError(try GeometryFile(parsing: Data(("{\"geometry\": 1, \"frames\": {\"frame_0000\": [" + view + "]}}").utf8)),
                                 view)
        }
    }

    /// A masked view partly off its screen masks nothing of the screen beside it (`both`).
    func testAMaskStaysOnItsScreen() {
        let mask = ViewMask(ids: ["v"], scale: 2, origins: [(0, 0), (100, 0)], screen: (100, 50))
        let geometry = FrameGeometry(views: [View(id: "v", frame: Self.rect(40, 5, 20, 5))])
        let bitmap = mask.masking(Bitmap(width: 200, height: 50, fill: PremultipliedColor(r: 255, g: 255, b: 255, a: 255)!),
                                  geometries: [geometry])
        XCTAssertEqual(bitmap.pixel(x: 99, y: 12).a, 0, "masked up to its screen's edge")
        XCTAssertEqual(bitmap.pixel(x: 100, y: 12).a, 255, "the other screen's first column is kept")
        XCTAssertEqual(bitmap.pixel(x: 199, y: 12).a, 0, "and its own copy is masked there")
        XCTAssertEqual(bitmap.pixel(x: 79, y: 12).a, 255)
    }
}
