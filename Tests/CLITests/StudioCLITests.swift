import Codecs
import Foundation
import Raster
import TestSupport
import XCTest

/// `render studio`, run as a user runs it and asked over HTTP as the page asks: frames equal to
/// `render --frame`, the geometry under the cursor, live reload through a broken save, the
/// refusals, and a clean stop on Ctrl-C.
final class StudioCLITests: CLITestCase {
    private var studio: Process?
    private var url = ""

    override func tearDownWithError() throws {
        if let studio, studio.isRunning { studio.terminate() }
        try super.tearDownWithError()
    }

    /// Starts the studio on the test's scene and reads the address it prints.
    private func start() throws {
        (studio, url) = try startServing(["studio", "scene.json"])
    }

    private var port: Int { Int(url.split(separator: ":").last!.dropLast())! }

    /// One request through Python's http.client, which lets a test send any `Host`.
    private func get(_ path: String, host: String? = nil) throws -> (status: Int, body: Data) {
        let run = try SystemPython.run("""
        import http.client, sys
        c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=30)
        c.putrequest("GET", sys.argv[2], skip_host=True)
        c.putheader("Host", sys.argv[3])
        c.endheaders()
        r = c.getresponse()
        body = r.read()
        sys.stdout.buffer.write(b"%d\\n" % r.status + body)
        """, ["\(port)", path, host ?? "127.0.0.1:\(port)"])
        XCTAssertEqual(run.status, 0, run.errors)
        let newline = try XCTUnwrap(run.output.firstIndex(of: UInt8(ascii: "\n")))
        return (Int(String(decoding: run.output[..<newline], as: UTF8.self))!, run.output[(newline + 1)...])
    }

    private func state() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: try get("/state.json").body) as? [String: Any])
    }

    /// Waits until the studio's state passes `test`, for at most two seconds.
    private func waitForState(_ test: ([String: Any]) -> Bool) throws -> [String: Any] {
        for _ in 0..<40 {
            let now = try state()
            if test(now) { return now }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try state()
    }

    func testFramesGeometryAndLiveReload() throws {
        try start()
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), url)
        let page = try get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(String(decoding: page.body, as: UTF8.self).contains("ScrollReel Studio"))
        let first = try state()
        XCTAssertEqual(first["frames"] as? Int, 30)
        XCTAssertEqual((first["steps"] as? [Any])?.count, 2)

        // A frame is the one render writes, pixel for pixel.
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "f20.png", "--frame", "20", "--quiet"]).status, 0)
        let served = try get("/frame.png?i=20")
        XCTAssertEqual(served.status, 200)
        XCTAssertEqual(try PNGCodec.decode(Array(served.body)).pixels, try decodePNG("f20.png").pixels)
        XCTAssertEqual(try get("/frame.png?i=20&appearance=dark").status, 200)
        XCTAssertEqual(try get("/frame.png?i=99").status, 422)

        // The geometry the page hit-tests, with each view's effects.
        let inspect = try XCTUnwrap(JSONSerialization.jsonObject(with: try get("/inspect.json?i=0").body) as? [String: Any])
        XCTAssertEqual((inspect["effects"] as? [String: [String]])?["header"], ["stretchy"])
        let frames = try XCTUnwrap((inspect["geometry"] as? [String: Any])?["frames"] as? [[String: Any]])
        let ids = (frames[0]["views"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        XCTAssertEqual(Array(ids.prefix(2)), ["header", "card"], "the scene's views, in drawing order")

        // A save is seen; a broken save shows its error as the command line words it; a good one recovers.
        try write("scene.json", CLITestCase.scene.replacingOccurrences(of: "#FFFFFF", with: "#FF0000"))
        let changed = try waitForState { ($0["version"] as? Int ?? 0) > (first["version"] as? Int ?? 0) }
        XCTAssertNil(changed["error"])
        XCTAssertNotEqual(try get("/frame.png?i=20").body, served.body, "the card is red now")
        try write("scene.json", "{\"canvas\": ")
        let broken = try waitForState { $0["error"] != nil }
        XCTAssertEqual(broken["error"] as? String, "scene.json:1:12: invalid JSON: unexpected end of file, expected a value")
        try write("scene.json", CLITestCase.scene)
        let fixed = try waitForState { $0["error"] == nil }
        XCTAssertEqual(fixed["frames"] as? Int, 30)
        XCTAssertEqual(try PNGCodec.decode(Array(try get("/frame.png?i=20").body)).pixels, try decodePNG("f20.png").pixels)
    }

    /// Loopback only; a request for another host is refused (DNS rebinding); nothing outside the
    /// studio's own answers is served; Ctrl-C closes the port and leaves no file behind.
    func testRefusalsAndACleanStop() throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        try start()
        // /proc/net/tcp lists the listening socket's address: 0100007F is 127.0.0.1.
        let sockets = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let listening = sockets.split(separator: "\n").filter { $0.contains(String(format: ":%04X ", port)) && $0.contains(" 0A ") }
        XCTAssertFalse(listening.isEmpty, sockets)
        for line in listening { XCTAssertTrue(line.contains("0100007F:"), String(line)) }

        XCTAssertEqual(try get("/", host: "attacker.example").status, 403)
        XCTAssertEqual(try get("/frame.png?i=0", host: "attacker.example:\(port)").status, 403)
        XCTAssertEqual(try get("/", host: "localhost:\(port)").status, 200)
        XCTAssertEqual(try get("/../scene.json").status, 404)
        XCTAssertEqual(try get("/scene.json").status, 404)
        XCTAssertEqual(try get("/images/pic.png").status, 404)

        // A page's standing request for the next state is waiting when Ctrl-C comes: it does not hold the stop up.
        let waiting = Process()
        waiting.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        waiting.arguments = ["-c", "import urllib.request, sys\ntry: urllib.request.urlopen(sys.argv[1], timeout=60).read()\nexcept Exception: pass",
                             url + "state.json?after=\(try state()["version"] as? Int ?? 0)"]
        try waiting.run()
        Thread.sleep(forTimeInterval: 0.3)
        let studio = try XCTUnwrap(self.studio)
        let interrupted = Date()
        kill(studio.processIdentifier, SIGINT)
        studio.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(interrupted), 5, "stops at once")
        waiting.waitUntilExit()
        XCTAssertEqual(studio.terminationStatus, 0)
        let after = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        XCTAssertFalse(after.split(separator: "\n").contains { $0.contains(String(format: ":%04X ", port)) && $0.contains(" 0A ") },
                       "the port is closed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), before, "no temporaries")
    }

    func testUsage() throws {
        try expectError(["studio"], status: 2, contains: ["studio needs a scene file"])
        try expectError(["studio", "scene.json", "--out", "x.gif"], status: 2, contains: ["--out does not apply to render studio"])
        try expectError(["studio", "missing.json"], status: 2, contains: ["studio missing.json: no such file"])
        try expectError(["studio", "scene.json", "--host", "example"], status: 2, contains: ["example is not an IPv4 address"])
    }
}
