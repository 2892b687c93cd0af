import TestSupport
import XCTest

/// What editors need from the schema beyond validation, and what keeps it as strict as the decoder.
final class SchemaFormTests: XCTestCase {
    var schema: JSONInstance!

    override func setUpWithError() throws { schema = try JSONInstance(file: Repository.schema) }

    func testItIsDraft2020_12() {
        XCTAssertEqual(schema.at("$schema"), .string("https://json-schema.org/draft/2020-12/schema"))
    }

    /// Editors show the description when hovering over a key.
    func testEveryPropertyHasADescription() {
        for (pointer, value) in SchemaWalk.objects(in: schema) where pointer.hasSuffix("properties") {
            guard case .object(let members) = value else { continue }
            for key in members.keys where members[key]?.at("description") == nil {
                XCTFail("\(pointer)/\(key) has no description")
            }
        }
    }

    /// The decoder rejects unknown keys, so every object in a scene must be closed.
    func testEveryObjectSaysWhichKeysItTakes() {
        for (pointer, value) in SchemaWalk.objects(in: schema) where value.at("type") == .string("object") {
            XCTAssertNotNil(value.at("additionalProperties"), pointer)
        }
    }

    /// Titles name the alternatives in "expected one of: …" messages.
    func testEveryDefinitionHasATitleAndADescription() throws {
        guard case .object(let definitions)? = schema.at("$defs") else { return XCTFail("no $defs") }
        for (name, definition) in definitions {
            XCTAssertNotNil(definition.at("title"), name)
            XCTAssertNotNil(definition.at("description"), name)
        }
    }
}
