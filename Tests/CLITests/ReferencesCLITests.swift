import Codecs
import FileOutput
import Foundation
import Raster
import Regression
import TestSupport
import XCTest

/// `--hashes FILE --references`: each distinct frame once, as a lossless WebP beside the hash file,
/// read back by `--check` and, independently, by Pillow.
final class ReferencesCLITests: CLITestCase {
    /// The scene rests for 0.2 s between its two scrolls, so several frames repeat one another.
    private func writeRestingScene() throws {
        try write("scene.json", CLITestCase.scene.replacingOccurrences(
            of: "\"curve\": \"easeOut\"},", with: "\"curve\": \"easeOut\"}, {\"wait\": 0.2},"))
    }

    /// Pillow's SHA-256 of each `frame_*.webp` in a folder, computed as ScrollReel defines frame
    /// hashes, as `name hash` lines. Pillow comes with python3-pil, which `scripts/test` installs.
    private func pillowHashes(_ folder: String) throws -> [String: String] {
        let script = """
        import glob, hashlib, os, struct, sys
        from PIL import Image
        for name in sorted(glob.glob(sys.argv[1] + "/frame_*.webp")):
            image = Image.open(name)
            pixels = image.convert("RGBA")
            print(os.path.basename(name)[:-5], hashlib.sha256(struct.pack(">II", *image.size) + pixels.tobytes()).hexdigest())
        """
        let run = try SystemPython.run(script, [path(folder)])
        XCTAssertEqual(run.status, 0, "Pillow could not read the references (scripts/test installs python3-pil): \(run.errors)")
        let text = String(decoding: run.output, as: UTF8.self)
        return Dictionary(uniqueKeysWithValues: text.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (String(parts[0]), String(parts[1]))
        })
    }

    func testEachDistinctFrameIsStoredOnceExactly() throws {
        try writeRestingScene()
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        let run = try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let manifest = try HashManifest(parsing: String(contentsOfFile: path("g/scene.sha256"), encoding: .utf8))
        XCTAssertEqual(manifest.entries.count, 36)
        // The first frame of each hash, and only those, have a file.
        var seen = Set<String>()
        let firsts = manifest.entries.filter { seen.insert($0.hash).inserted }.map { String($0.name.dropFirst("scene/".count)) }
        XCTAssertLessThan(firsts.count, 36, "the rest repeats frames")
        XCTAssertEqual(try frameFiles("g/scene"), firsts.map { $0 + ".webp" })
        // Pillow, an independent decoder, reads each file as the very pixels its hash describes.
        let hashes = Dictionary(uniqueKeysWithValues: manifest.entries.map { (String($0.name.dropFirst("scene/".count)), $0.hash) })
        let decoded = try pillowHashes("g/scene")
        XCTAssertEqual(decoded.count, firsts.count)
        for (name, hash) in decoded { XCTAssertEqual(hash, hashes[name], name) }
        // Far smaller than the same frames as PNGs.
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("png") + "/"]).status, 0)
        let size = { (folder: String) in try self.frameFiles(folder).reduce(0) { total, name in
            total + ((try FileManager.default.attributesOfItem(atPath: self.path(folder + "/" + name))[.size] as? Int) ?? 0)
        } }
        XCTAssertLessThan(try size("g/scene"), try size("png") / 2)
    }

    /// A frame without a file of its own is diffed against the file of the first frame it repeats.
    func testCheckDiffsRepeatedFramesAgainstTheFirst() throws {
        try writeRestingScene()
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references"]).status, 0)
        let manifest = try HashManifest(parsing: String(contentsOfFile: path("g/scene.sha256"), encoding: .utf8))
        let stored = Set(try frameFiles("g/scene"))
        guard let repeated = manifest.entries.firstIndex(where: { !stored.contains(String($0.name.dropFirst("scene/".count)) + ".webp") }),
              let first = manifest.entries.firstIndex(where: { $0.hash == manifest.entries[repeated].hash }) else {
            return XCTFail("the resting scene has a repeated frame")
        }
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256"), "--threshold", "0.1"]).status, 0)
        // The card is off screen while the scroll rests; the background is not.
        try write("scene.json", try String(contentsOfFile: path("scene.json"), encoding: .utf8)
            .replacingOccurrences(of: "#F2F2F7", with: "#F2F2F0"))
        let failed = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.hasPrefix("check: 36 frames fail"), failed.stderr)
        XCTAssertFalse(failed.stderr.contains("hash differs"), "every frame has a reference to diff against")
        let expected = try decodePNG("g/scene-failures/" + FrameName.png(repeated, suffix: "-expected"))
        let firstFile = try Data(contentsOf: URL(fileURLWithPath: path("g/scene/" + FrameName.webp(first))))
        XCTAssertEqual(expected, try WebPCodec.decode(Array(firstFile)))
    }

    /// Recording references replaces PNG references that `--out DIR/` wrote in the same place, and
    /// a damaged reference is named in the failure rather than taken for a missing one.
    func testReplacesPNGReferencesAndReportsDamagedOnes() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--out", path("g/scene") + "/"]).status, 0)
        let run = try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(try frameFiles("g/scene").allSatisfy { $0.hasSuffix(".webp") })
        try Data("RIFF....WEBPVP8L".utf8).write(to: URL(fileURLWithPath: path("g/scene/frame_0000.webp")))
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "\"#FFFFFF\", \"cornerRadius\": 6", with: "\"#FF0000\", \"cornerRadius\": 6"))
        let failed = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("scene/frame_0000: hash differs, and its reference frame_0000.webp cannot be read: "
                                             + "not a readable WebP image"), failed.stderr)
    }

    /// A reference whose header declares an enormous image is refused from the header, as a
    /// frame of the wrong size, before anything is allocated for it.
    func testAReferenceDeclaringHugeSizeIsRefusedFromItsHeader() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--out", path("g/scene") + "/"]).status, 0)
        let bomb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CodecsTests/PNGs/bad/bomb-100000x100000.png")
        try FileManager.default.removeItem(atPath: path("g/scene/frame_0000.png"))
        try FileManager.default.copyItem(atPath: bomb.path, toPath: path("g/scene/frame_0000.png"))
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "#F2F2F7", with: "#F2F2F0"))
        let failed = try render(["--scene", path("scene.json"), "--check", path("g/scene.sha256")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("scene/frame_0000: size 120×160, expected 100000×100000"), failed.stderr)
    }

    /// A frame written again as PNG replaces its WebP reference: the two formats are one slot.
    func testAFrameWrittenAgainReplacesItsOtherFormat() throws {
        try FileManager.default.createDirectory(atPath: path("g"), withIntermediateDirectories: false)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--hashes", path("g/scene.sha256"), "--references"]).status, 0)
        XCTAssertEqual(try render(["--scene", path("scene.json"), "--out", path("g/scene") + "/", "--frames", "3-4"]).status, 0)
        let files = try frameFiles("g/scene")
        XCTAssertTrue(files.contains("frame_0003.png") && !files.contains("frame_0003.webp"), "\(files)")
        XCTAssertTrue(files.contains("frame_0005.webp"), "\(files)")
    }

    func testReferencesNeedAHashFile() throws {
        try expectError(["--scene", path("scene.json"), "--references", "--out", path("x.gif")], status: 2,
                        contains: ["--references records the frames beside a hash file: give --hashes FILE too"])
        try expectError(["--scene", path("scene.json"), "--hashes", path("nowhere/scene.sha256"), "--references"], status: 2,
                        contains: ["--hashes \(path("nowhere/scene.sha256")): the folder \(path("nowhere")) does not exist"])
    }
}
