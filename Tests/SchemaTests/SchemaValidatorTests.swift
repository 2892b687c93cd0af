import TestSupport
import XCTest

/// The validator keyword by keyword, on small schemas.
final class SchemaValidatorTests: XCTestCase {
    func violations(_ schema: String, _ instance: String) throws -> [SchemaViolation] {
        try SchemaValidator(schema: JSONInstance(schema)).validate(JSONInstance(instance))
    }

    func assertValid(_ schema: String, _ instances: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        for instance in instances {
            XCTAssertEqual(try violations(schema, instance), [], instance, file: file, line: line)
        }
    }

    func assertInvalid(_ schema: String, _ instances: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        for instance in instances {
            XCTAssertFalse(try violations(schema, instance).isEmpty, instance, file: file, line: line)
        }
    }

    // MARK: type

    func testTypeTellsBooleansFromNumbers() throws {
        try assertValid(#"{"type": "boolean"}"#, ["true", "false"])
        try assertInvalid(#"{"type": "boolean"}"#, ["1", "0", "\"true\"", "null"])
        try assertInvalid(#"{"type": "number"}"#, ["true", "false", "\"1\""])
        XCTAssertEqual(try violations(#"{"type": "number"}"#, "true"),
                       [SchemaViolation(path: "", message: "expected a number, found a boolean")])
    }

    func testIntegerIsANumberWithoutAFraction() throws {
        try assertValid(#"{"type": "integer"}"#, ["2", "2.0", "-3", "0"])
        try assertInvalid(#"{"type": "integer"}"#, ["2.5", "true", "\"2\""])
        try assertValid(#"{"type": "number"}"#, ["2", "2.5"])
        XCTAssertEqual(try violations(#"{"type": "integer"}"#, "2.5"),
                       [SchemaViolation(path: "", message: "expected a whole number, found 2.5")])
    }

    func testTypeList() throws {
        try assertValid(#"{"type": ["string", "null"]}"#, ["\"a\"", "null"])
        try assertInvalid(#"{"type": ["string", "null"]}"#, ["1", "[]", "{}"])
    }

    func testWrongTypeStopsTheOtherChecks() throws {
        XCTAssertEqual(try violations(#"{"type": "string", "enum": ["a"], "minLength": 3}"#, "7").count, 1)
    }

    // MARK: objects

    func testPropertiesReportNestedPaths() throws {
        let schema = #"{"properties": {"a": {"properties": {"b": {"type": "string"}}}}}"#
        try assertValid(schema, [#"{"a": {"b": "x"}}"#, #"{"c": 1}"#, "5"])
        XCTAssertEqual(try violations(schema, #"{"a": {"b": 1}}"#).map(\.path), ["a.b"])
    }

    func testRequired() throws {
        let schema = #"{"required": ["a", "b"]}"#
        try assertValid(schema, [#"{"a": 1, "b": null}"#, "[]"])
        XCTAssertEqual(try violations(schema, #"{"a": 1}"#),
                       [SchemaViolation(path: "", message: "missing required key \"b\"")])
    }

    func testAdditionalPropertiesFalseReportsUnknownKeysAtTheObject() throws {
        let schema = #"{"properties": {"o": {"properties": {"a": {}}, "additionalProperties": false}}}"#
        try assertValid(schema, [#"{"o": {"a": 1}}"#, #"{"o": {}}"#])
        XCTAssertEqual(try violations(schema, #"{"o": {"a": 1, "b": 2}}"#),
                       [SchemaViolation(path: "o", message: "unknown key \"b\"")])
    }

    func testAdditionalPropertiesSchemaCoversTheOtherKeys() throws {
        let schema = #"{"properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "number"}}"#
        try assertValid(schema, [#"{"a": "x", "b": 1, "c": 2}"#])
        XCTAssertEqual(try violations(schema, #"{"a": "x", "b": "y"}"#).map(\.path), ["b"])
    }

    func testDependentRequired() throws {
        let schema = #"{"dependentRequired": {"fontSize": ["text"]}}"#
        try assertValid(schema, [#"{"text": "a", "fontSize": 3}"#, #"{"text": "a"}"#, "{}"])
        XCTAssertEqual(try violations(schema, #"{"fontSize": 3}"#),
                       [SchemaViolation(path: "", message: "\"fontSize\" needs \"text\"")])
    }

    func testObjectViolationsComeUnknownThenMissingThenMembersBySortedKey() throws {
        let schema = #"""
        {"required": ["r"], "additionalProperties": false,
         "properties": {"r": {}, "b": {"type": "string"}, "a": {"type": "string"}}}
        """#
        XCTAssertEqual(try violations(schema, #"{"b": 1, "x": 0, "a": 1}"#).map(\.description),
                       ["(top level): unknown key \"x\"", "(top level): missing required key \"r\"",
                        "a: expected a string, found 1", "b: expected a string, found 1"])
    }

    // MARK: arrays

    func testItemsAndPrefixItems() throws {
        let schema = #"{"prefixItems": [{"type": "string"}], "items": {"type": "number"}}"#
        try assertValid(schema, [#"["a", 1, 2]"#, #"["a"]"#, "[]"])
        XCTAssertEqual(try violations(schema, #"[1, 2, "c"]"#).map(\.path), ["[0]", "[2]"])
        XCTAssertEqual(try violations(#"{"properties": {"v": {"items": {"type": "number"}}}}"#, #"{"v": [1, true]}"#)
                        .map(\.path), ["v[1]"])
    }

    func testMinItemsAndMaxItemsComeBeforeTheItems() throws {
        let schema = #"{"minItems": 2, "maxItems": 3, "items": {"type": "number"}}"#
        try assertValid(schema, ["[1, 2]", "[1, 2, 3]"])
        XCTAssertEqual(try violations(schema, #"["x"]"#).map(\.message),
                       ["expected at least 2 items, found 1", "expected a number, found a string"])
        XCTAssertEqual(try violations(schema, "[1, 2, 3, 4]").map(\.message), ["expected at most 3 items, found 4"])
    }

    // MARK: values

    func testEnum() throws {
        try assertValid(#"{"enum": ["a", 1, true]}"#, ["\"a\"", "1", "1.0", "true"])
        try assertInvalid(#"{"enum": ["a", 1, true]}"#, ["\"b\"", "2", "false", "null"])
        XCTAssertEqual(try violations(#"{"enum": ["a", "b"]}"#, "\"c\"").map(\.message),
                       ["expected one of \"a\", \"b\", found \"c\""])
    }

    func testConstDoesNotConfuseBooleansWithNumbers() throws {
        try assertValid(#"{"const": true}"#, ["true"])
        try assertInvalid(#"{"const": true}"#, ["1", "false"])
        try assertInvalid(#"{"const": 0}"#, ["false"])
        try assertValid(#"{"const": {"a": [1]}}"#, [#"{"a": [1.0]}"#])
    }

    func testMinimumAndMaximumAreInclusive() throws {
        let schema = #"{"minimum": 1, "maximum": 3}"#
        try assertValid(schema, ["1", "2.5", "3", "\"not a number\""])
        XCTAssertEqual(try violations(schema, "0.5").map(\.message), ["0.5 is less than the minimum 1"])
        XCTAssertEqual(try violations(schema, "5").map(\.message), ["5 is greater than the maximum 3"])
    }

    func testExclusiveMinimum() throws {
        try assertValid(#"{"exclusiveMinimum": 0}"#, ["0.001", "1"])
        try assertInvalid(#"{"exclusiveMinimum": 0}"#, ["0", "-1"])
    }

    func testMinLengthCountsCodePoints() throws {
        try assertValid(#"{"minLength": 2}"#, ["\"ab\"", "\"é!\"", "3"])
        try assertInvalid(#"{"minLength": 2}"#, ["\"a\"", "\"é\"", "\"\""])
    }

    func testPatternSearchesUnlessAnchored() throws {
        try assertValid(#"{"pattern": "b"}"#, ["\"abc\""])
        try assertValid(#"{"pattern": "^#[0-9A-F]{2}$"}"#, ["\"#0F\"", "12"])
        try assertInvalid(#"{"pattern": "^#[0-9A-F]{2}$"}"#, ["\"#0F0\"", "\"x#0F\"", "\"#0f\""])
        try assertInvalid(#"{"pattern": "^[^\\u0000-\\u001F]*$"}"#, ["\"a\\tb\"", "\"a\\nb\""])
    }

    // MARK: alternatives and references

    func testOneOfNeedsExactlyOneMatch() throws {
        let schema = #"{"oneOf": [{"type": "number"}, {"minimum": 5}]}"#
        try assertValid(schema, ["1", "\"x\""])
        XCTAssertEqual(try violations(schema, "7").map(\.message), ["matches more than one of: alternative 1, alternative 2"])
    }

    func testOneOfReportsTheAlternativeThatAcceptedTheValueItself() throws {
        let schema = #"""
        {"oneOf": [
          {"title": "wait", "required": ["wait"], "additionalProperties": false, "properties": {"wait": {"type": "number"}}},
          {"title": "fling", "required": ["fling"], "additionalProperties": false, "properties": {"fling": {"type": "number"}}}
        ]}
        """#
        XCTAssertEqual(try violations(schema, #"{"wait": "long"}"#),
                       [SchemaViolation(path: "wait", message: "expected a number, found a string")])
        XCTAssertEqual(try violations(schema, #"{"wait": 1, "fling": 2}"#),
                       [SchemaViolation(path: "", message: "expected one of: wait, fling")])
    }

    func testOneOfReportsTheOnlyAlternativeForTheValuesType() throws {
        let schema = #"{"oneOf": [{"type": "string", "enum": ["linear"]}, {"type": "array", "minItems": 4}]}"#
        XCTAssertEqual(try violations(schema, #""lineer""#).map(\.message), ["expected one of \"linear\", found \"lineer\""])
        XCTAssertEqual(try violations(schema, "[1]").map(\.message), ["expected at least 4 items, found 1"])
        XCTAssertEqual(try violations(schema, "1").map(\.message), ["expected one of: alternative 1, alternative 2"])
    }

    func testAnyOfNeedsAtLeastOneMatch() throws {
        let schema = #"{"anyOf": [{"type": "number"}, {"minimum": 5}]}"#
        try assertValid(schema, ["1", "7", "\"x\""])
        try assertInvalid(#"{"anyOf": [{"type": "number"}, {"type": "boolean"}]}"#, ["\"x\"", "null"])
    }

    func testRefsReachDefsRecursively() throws {
        let schema = #"""
        {"$ref": "#/$defs/node",
         "$defs": {"node": {"type": "object", "additionalProperties": false,
                            "properties": {"id": {"type": "string"}, "children": {"items": {"$ref": "#/$defs/node"}}}}}}
        """#
        try assertValid(schema, [#"{"id": "a", "children": [{"id": "b", "children": [{}]}]}"#])
        XCTAssertEqual(try violations(schema, #"{"children": [{"children": [{"id": 3}]}]}"#).map(\.path),
                       ["children[0].children[0].id"])
    }

    func testRefSiblingsApplyToo() throws {
        let schema = ##"{"$ref": "#/$defs/n", "maximum": 3, "$defs": {"n": {"type": "number"}}}"##
        try assertValid(schema, ["2"])
        try assertInvalid(schema, ["\"2\"", "4"])
    }

    func testAnnotationsAreIgnored() throws {
        let schema = #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "scene", "title": "t",
         "description": "d", "default": 3, "examples": [1], "properties": {"a": {"description": "x", "default": "y"}}}
        """#
        try assertValid(schema, [#"{"a": 5}"#, "null"])
    }

    // MARK: refusals

    func testUnsupportedKeywordsAreRefusedWherever() {
        let unsupported = ["maxLength", "exclusiveMaximum", "multipleOf", "allOf", "not", "if", "patternProperties",
                           "uniqueItems", "format", "unevaluatedProperties", "contains", "propertyNames",
                           "minProperties", "dependentSchemas", "$anchor", "$dynamicRef", "typo"]
        let placements = [
            { (k: String) in #"{"\#(k)": 1}"# },
            { (k: String) in #"{"properties": {"a": {"\#(k)": 1}}}"# },
            { (k: String) in #"{"items": {"\#(k)": 1}}"# },
            { (k: String) in #"{"prefixItems": [{}, {"\#(k)": 1}]}"# },
            { (k: String) in #"{"oneOf": [{"\#(k)": 1}]}"# },
            { (k: String) in #"{"anyOf": [{}, {"\#(k)": 1}]}"# },
            { (k: String) in #"{"additionalProperties": {"\#(k)": 1}}"# },
            { (k: String) in #"{"$defs": {"unused": {"\#(k)": 1}}}"# },
        ]
        for keyword in unsupported {
            for place in placements {
                XCTAssertThrowsError(try SchemaValidator(schema: JSONInstance(place(keyword))), place(keyword)) {
                    XCTAssertEqual(($0 as? SchemaCompileError)?.message, "unsupported keyword \"\(keyword)\"")
                }
            }
        }
    }

    func testMalformedOrUnsupportedUsesAreRefused() {
        let schemas = [
            ##"{"$ref": "#/definitions/a", "definitions": {"a": {}}}"##,
            #"{"$ref": "other.json#/$defs/a"}"#,
            ##"{"$ref": "#/$defs/missing", "$defs": {}}"##,
            #"{"properties": {"a": {"$defs": {"b": {}}}}}"#,
            #"{"properties": {"a": {"$id": "a"}}}"#,
            #"{"$schema": "http://json-schema.org/draft-07/schema#"}"#,
            #"{"additionalProperties": true}"#,
            #"{"properties": {"a": true}}"#,
            #"{"items": false}"#,
            #"{"type": "int"}"#,
            #"{"required": "a"}"#,
            #"{"minItems": -1}"#,
            #"{"minItems": 1.5}"#,
            #"{"oneOf": []}"#,
            #"{"pattern": "("}"#,
            #"{"dependentRequired": {"a": "b"}}"#,
            #"{"minimum": "1"}"#,
            "true",
        ]
        for schema in schemas {
            XCTAssertThrowsError(try SchemaValidator(schema: JSONInstance(schema)), schema)
        }
    }
}
