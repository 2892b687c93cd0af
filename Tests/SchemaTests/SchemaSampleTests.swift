import TestSupport
import XCTest

/// Every sample scene is valid under samples/schema.json.
final class SchemaSampleTests: XCTestCase {
    func testEverySampleIsValid() throws {
        let validator = try SchemaValidator(file: Repository.schema)
        XCTAssertFalse(Repository.samples.isEmpty)
        for sample in Repository.samples {
            XCTAssertEqual(validator.validate(try JSONInstance(file: sample)), [], sample)
        }
    }

    /// The other schema tests change one part of these scenes; the rest must be valid.
    func testTheSceneBuildersMakeValidScenes() throws {
        let validator = try SchemaValidator(file: Repository.schema)
        let scenes = [SceneText.scene(), SceneText.view(#""alpha": 1"#), SceneText.steps(#"{"wait": 1}"#),
                      SceneText.bindings(#"{"property": "x", "driver": "offset", "keyframes": [[0, 0]]}"#)]
        for scene in scenes {
            XCTAssertEqual(validator.validate(try JSONInstance(scene)), [], scene)
            XCTAssertTrue(SceneText.decodes(scene), scene)
        }
    }
}
