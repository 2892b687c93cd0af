import Foundation
import TestSupport
import XCTest

/// The bad-scene corpus of the command-line tests: every file whose name has `-type-` in it puts a
/// value of the wrong JSON type somewhere, which the schema alone must catch.
final class BadSceneCorpusTests: XCTestCase {
    func testEveryWrongTypeSceneIsRejected() throws {
        let validator = try SchemaValidator(file: Repository.schema)
        let folder = Repository.badScenes
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && $0.contains("-type-") }.sorted()
        // An empty selection would pass without checking anything.
        XCTAssertFalse(names.isEmpty, "no -type- scenes in \(folder.path)")
        for name in names {
            let scene = try JSONInstance(file: folder.appendingPathComponent(name).path)
            XCTAssertFalse(validator.validate(scene).isEmpty, "the schema accepts \(name)")
        }
    }
}
