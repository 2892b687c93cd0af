import Scene
import XCTest

final class GeometryTests: XCTestCase {
    let bounds = Rect(x: 10, y: 20, width: 200, height: 100)
    let wide = Size(width: 400, height: 100)    // 4:1
    let tall = Size(width: 50, height: 200)     // 1:4

    func testContentModeRects() {
        XCTAssertEqual(ContentMode.scaleToFill.imageRect(in: bounds, imageSize: wide), bounds)
        // Fit a 4:1 image in 200×100: 200×50, centred vertically.
        XCTAssertEqual(ContentMode.scaleAspectFit.imageRect(in: bounds, imageSize: wide), Rect(x: 10, y: 45, width: 200, height: 50))
        // Fill: 400×100, centred horizontally, overhanging 100 on each side.
        XCTAssertEqual(ContentMode.scaleAspectFill.imageRect(in: bounds, imageSize: wide), Rect(x: -90, y: 20, width: 400, height: 100))
        XCTAssertEqual(ContentMode.scaleAspectFill.imageRect(in: bounds, imageSize: tall), Rect(x: 10, y: -330, width: 200, height: 800))
        XCTAssertEqual(ContentMode.scaleAspectFit.imageRect(in: bounds, imageSize: tall), Rect(x: 97.5, y: 20, width: 25, height: 100))
        XCTAssertEqual(ContentMode.center.imageRect(in: bounds, imageSize: tall), Rect(x: 85, y: -30, width: 50, height: 200))
        XCTAssertEqual(ContentMode.top.imageRect(in: bounds, imageSize: tall), Rect(x: 85, y: 20, width: 50, height: 200))
        XCTAssertEqual(ContentMode.bottom.imageRect(in: bounds, imageSize: tall), Rect(x: 85, y: -80, width: 50, height: 200))
    }

    func testStretchyHeaderFollowsThePull() {
        let header = Rect(x: 0, y: 0, width: 390, height: 300)
        XCTAssertEqual(StretchyHeader().frame(header, offset: -120), Rect(x: 0, y: -120, width: 390, height: 420))
        XCTAssertEqual(StretchyHeader().frame(header, offset: 0), header)
        XCTAssertEqual(StretchyHeader().frame(header, offset: 150), header)
    }

    func testHexColours() {
        XCTAssertEqual(Color(hex: "#FF8000"), Color(r: 255, g: 128, b: 0, a: 255))
        XCTAssertEqual(Color(hex: "#00000080"), Color(r: 0, g: 0, b: 0, a: 128))
        XCTAssertNil(Color(hex: "FF8000"))
        XCTAssertNil(Color(hex: "#FF80"))
        XCTAssertNil(Color(hex: "#GG0000"))
        XCTAssertNil(Color(hex: "#+F+F+F"), "only hex digits: Swift's radix parsing alone would accept signs")
    }
}
