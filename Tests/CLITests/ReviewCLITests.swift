import Foundation
import TestSupport
import XCTest

/// `render test --review`: the failing cases served with Accept buttons. Accepting one records its
/// references as `--update` does; nothing is written without an Accept, none comes from another
/// page or host, and the other case still fails afterwards.
final class ReviewCLITests: CLITestCase {
    private var review: Process?

    override func tearDownWithError() throws {
        if let review, review.isRunning { review.terminate() }
        try super.tearDownWithError()
    }

    /// Two cases recorded, then both scenes changed, so both fail.
    private func failingSuite() throws {
        try write("b.json", CLITestCase.scene)
        try write("scrollreel.json", #"{"references": "refs", "tests": [{"scene": "scene.json", "frames": [0, 20]}, {"scene": "b.json", "frames": [0, 20]}]}"#)
        XCTAssertEqual(try render(["test", "--update", "--quiet"]).status, 0)
        for name in ["scene.json", "b.json"] {
            try write(name, CLITestCase.scene.replacingOccurrences(of: "#FFFFFF", with: "#FFDDDD"))
        }
    }

    /// Starts the review and reads the address it prints.
    private func startReview() throws -> String {
        let (process, url) = try startServing(["test", "--review", "--quiet"])
        review = process
        return url
    }

    /// The references' bytes, file by file.
    private func references() throws -> [String: Data] {
        let root = folder.appendingPathComponent("refs")
        var out: [String: Data] = [:]
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! {
            if let data = FileManager.default.contents(atPath: url.path) { out[url.path.replacingOccurrences(of: root.path, with: "")] = data }
        }
        return out
    }

    private func stop() throws {
        let review = try XCTUnwrap(self.review)
        kill(review.processIdentifier, SIGINT)
        review.waitUntilExit()
        XCTAssertEqual(review.terminationStatus, 0)
    }

    /// Requests through Python's http.client: `method`, the path, and the `Host` sent.
    private func request(_ url: String, _ method: String, _ path: String, host: String? = nil) throws -> (status: Int, body: String) {
        let port = url.split(separator: ":").last!.dropLast()
        let run = try SystemPython.run("""
        import http.client, sys
        c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=60)
        c.putrequest(sys.argv[2], sys.argv[3], skip_host=True)
        c.putheader("Host", sys.argv[4])
        c.putheader("Content-Length", "0")
        c.endheaders()
        r = c.getresponse()
        sys.stdout.write("%d\\n" % r.status + r.read().decode())
        """, [String(port), method, path, host ?? "127.0.0.1:\(port)"])
        XCTAssertEqual(run.status, 0, run.errors)
        let text = String(decoding: run.output, as: UTF8.self)
        let newline = try XCTUnwrap(text.firstIndex(of: "\n"))
        return (Int(text[..<newline])!, String(text[text.index(after: newline)...]))
    }

    func testQuittingWithoutAClickWritesNothing() throws {
        try failingSuite()
        let before = try references()
        let url = try startReview()
        let cases = try request(url, "GET", "/cases.json")
        XCTAssertEqual(cases.status, 200)
        XCTAssertTrue(cases.body.contains(#""name":"b.scale1","passed":false"#), cases.body)
        XCTAssertTrue(cases.body.contains(#""name":"scene.scale1","passed":false"#), cases.body)
        try stop()
        XCTAssertEqual(try references(), before)
    }

    func testAcceptingOneCaseRecordsItAlone() throws {
        try failingSuite()
        let before = try references()
        let url = try startReview()
        let page = try request(url, "GET", "/")
        let token = try XCTUnwrap(page.body.components(separatedBy: "const token = \"").dropFirst().first?.prefix { $0 != "\"" })
        // No Accept without the page's token, from another host, or by GET.
        XCTAssertEqual(try request(url, "POST", "/accept?case=scene.scale1").status, 403)
        XCTAssertEqual(try request(url, "POST", "/accept?case=scene.scale1&token=\(token)", host: "attacker.example").status, 403)
        XCTAssertEqual(try request(url, "GET", "/accept?case=scene.scale1&token=\(token)").status, 404)
        XCTAssertEqual(try references(), before)

        let accepted = try request(url, "POST", "/accept?case=scene.scale1&token=\(token)")
        XCTAssertEqual(accepted.status, 200, accepted.body)
        XCTAssertTrue(accepted.body.contains(#""name":"scene.scale1","passed":true"#), accepted.body)
        XCTAssertTrue(accepted.body.contains(#""name":"b.scale1","passed":false"#), accepted.body)
        try stop()

        let after = try references()
        for (name, data) in before where name.contains("/b.scale1") { XCTAssertEqual(after[name], data, name) }
        XCTAssertNotEqual(after["/scene.scale1.sha256"], before["/scene.scale1.sha256"])
        let run = try render(["test", "--quiet"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("1 of 2 cases passed"), run.stderr)
        XCTAssertTrue(run.stderr.contains("FAIL  b.scale1"), run.stderr)
        XCTAssertFalse(run.stderr.contains("scene.scale1"), run.stderr)
    }

    /// Accepting one frame records that frame alone: the case still fails for its other frame.
    func testAcceptingOneFrameKeepsTheOthers() throws {
        try failingSuite()
        let before = try references()
        let url = try startReview()
        let page = try request(url, "GET", "/")
        let token = try XCTUnwrap(page.body.components(separatedBy: "const token = \"").dropFirst().first?.prefix { $0 != "\"" })
        XCTAssertEqual(try request(url, "POST", "/accept?frame=0&token=\(token)").status, 400, "a frame is accepted within one case")
        let accepted = try request(url, "POST", "/accept?case=scene.scale1&frame=0&token=\(token)")
        XCTAssertEqual(accepted.status, 200, accepted.body)
        let shown = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(accepted.body.utf8)) as? [String: [[String: Any]]])
        let failing = shown["cases"]?.first { $0["name"] as? String == "scene.scale1" }?["failures"] as? [[String: Any]]
        XCTAssertEqual(failing?.compactMap { $0["index"] as? Int }, [20], accepted.body)
        try stop()
        let after = try references()
        for (name, data) in before where name.contains("/b.scale1") { XCTAssertEqual(after[name], data, name) }
        let lines = String(decoding: try XCTUnwrap(after["/scene.scale1.sha256"]), as: UTF8.self).split(separator: "\n")
        let old = String(decoding: try XCTUnwrap(before["/scene.scale1.sha256"]), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertNotEqual(lines[0], old[0], "frame 0 recorded again")
        XCTAssertEqual(lines[1], old[1], "frame 20 kept")
        let run = try render(["test", "--quiet"])
        XCTAssertTrue(run.stderr.contains("FAIL  scene.scale1: 1 of 2 frames differ (frame 20:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("FAIL  b.scale1: 2 of 2 frames differ"), run.stderr)
    }

    /// The same, clicked in headless Chromium through WebDriver.
    func testAcceptingInABrowser() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            throw XCTSkip("chromium-driver is not installed, so the review page is not driven in a browser; "
                          + "scripts/test installs it (apt-get install chromium-driver python3-selenium)")
        }
        try failingSuite()
        let url = try startReview()
        let run = try SystemPython.run("""
        import json, sys, tempfile, time
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        options = webdriver.ChromeOptions()
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + tempfile.mkdtemp()]:
            options.add_argument(flag)
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            browser.get(sys.argv[1])
            case = lambda name: browser.find_element(By.CSS_SELECTOR, 'section[data-case="%s"]' % name)
            # Read in one call: the page redraws its sections after an Accept.
            kind = lambda name: browser.execute_script(
                "for (const s of document.querySelectorAll('section.case')) if (s.dataset.case === arguments[0]) return s.className; return '';", name)
            end = time.time() + 10
            while time.time() < end and not browser.find_elements(By.CSS_SELECTOR, "section.case button.accept"): time.sleep(0.05)
            images = len(case("scene.scale1").find_elements(By.TAG_NAME, "img"))
            case("scene.scale1").find_element(By.CSS_SELECTOR, "button.accept").click()
            while time.time() < end and "passed" not in kind("scene.scale1"): time.sleep(0.05)
            print(json.dumps({"images": images, "accepted": kind("scene.scale1"), "other": kind("b.scale1")}))
        finally:
            browser.quit()
        """, [url])
        XCTAssertEqual(run.status, 0, run.errors)
        let seen = try XCTUnwrap(JSONSerialization.jsonObject(with: run.output) as? [String: Any], run.errors)
        XCTAssertGreaterThanOrEqual(seen["images"] as? Int ?? 0, 8, "expected, actual, diff and the slider's two, for each frame")
        XCTAssertEqual(seen["accepted"] as? String, "case passed")
        XCTAssertEqual(seen["other"] as? String, "case failed")
        try stop()
        let check = try render(["test", "--quiet"])
        XCTAssertTrue(check.stderr.contains("1 of 2 cases passed") && check.stderr.contains("FAIL  b.scale1"), check.stderr)
    }

    func testUsage() throws {
        try expectError(["test", "--update", "--review"], status: 2,
                        contains: ["--review does not apply to render test --update, which records and compares nothing"])
        try expectError(["test", "--port", "8080"], status: 2, contains: ["--port applies only to render test --review and render studio"])
    }
}
