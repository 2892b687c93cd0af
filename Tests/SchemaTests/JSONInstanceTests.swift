import TestSupport
import XCTest

/// JSONSerialization returns booleans and numbers alike as NSNumber; the schema needs them apart.
final class JSONInstanceTests: XCTestCase {
    func testBooleansAndNumbersAreToldApart() throws {
        let parsed = try JSONInstance("[true, false, 1, 0, 1.0, -0, 2.5, 1e3, null, \"1\"]")
        XCTAssertEqual(parsed, .array([.bool(true), .bool(false), .number(1), .number(0), .number(1), .number(0),
                                       .number(2.5), .number(1000), .null, .string("1")]))
    }

    func testBooleansInsideObjectsStayBooleans() throws {
        XCTAssertEqual(try JSONInstance("{\"fixed\": true, \"fps\": 1}"), .object(["fixed": .bool(true), "fps": .number(1)]))
    }

    func testEqualityIsJSONs() {
        XCTAssertEqual(JSONInstance.number(1), .number(1.0))
        XCTAssertNotEqual(JSONInstance.bool(true), .number(1))
        XCTAssertNotEqual(JSONInstance.bool(false), .number(0))
    }

    func testWholeNumbers() throws {
        XCTAssertTrue(try JSONInstance("2.0").isWholeNumber)
        XCTAssertFalse(try JSONInstance("2.5").isWholeNumber)
        XCTAssertFalse(try JSONInstance("true").isWholeNumber)
    }

    func testDescriptionIsCompactJSON() throws {
        XCTAssertEqual(try JSONInstance("{\"b\": [1.0, 2.5, false], \"a\": \"x\\\"y\\n\"}").description,
                       "{\"a\": \"x\\\"y\\u000A\", \"b\": [1, 2.5, false]}")
    }
}
