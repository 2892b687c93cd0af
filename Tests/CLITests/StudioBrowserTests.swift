import Foundation
import TestSupport
import XCTest

/// The studio's page in headless Chromium, driven through WebDriver (Debian's `chromium-driver`
/// and `python3-selenium`, which `scripts/test` installs), as a user drives it: scrub, hover, save,
/// break and fix the scene.
final class StudioBrowserTests: CLITestCase {
    /// Drives the page at `argv[1]`; prints one JSON object of what it saw. `argv[2]` is the scene,
    /// `argv[3]` the scene with its cards red, `argv[4]` a path for a screenshot ("" for none),
    /// `argv[5]` the PNG `render --frame 40` wrote.
    private static let driver = #"""
    import base64, io, json, sys, tempfile, time, urllib.request
    from PIL import Image
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    url, scene, red, shot, reference = sys.argv[1:6]
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,760", "--force-device-scale-factor=1",
                 "--user-data-dir=" + tempfile.mkdtemp()]:
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    seen = {}

    def until(test, what, seconds=10):
        end = time.time() + seconds
        while time.time() < end:
            value = test()
            if value:
                return value
            time.sleep(0.05)
        raise SystemExit("timed out waiting for " + what)

    def shown_pixels():
        # The bytes the page's image loaded, fetched again from its own address, decoded.
        data = browser.execute_async_script("""
            const done = arguments[0], image = document.getElementById("frame");
            fetch(image.currentSrc).then(r => r.arrayBuffer()).then(b => {
                let s = ""; for (const x of new Uint8Array(b)) s += String.fromCharCode(x); done(btoa(s)); });""")
        return Image.open(io.BytesIO(base64.b64decode(data))).convert("RGBA").tobytes()

    def loaded(index):
        return browser.execute_script("""const i = document.getElementById("frame");
            return i.complete && i.naturalWidth > 0 && i.dataset.index == arguments[0] ? i.currentSrc : null;""", str(index))

    try:
        browser.get(url)
        until(lambda: "frames" in browser.find_element(By.ID, "scene").text, "the scene's state")
        browser.execute_script("""const s = document.getElementById("scrub"); s.value = 39; s.dispatchEvent(new Event("input"));""")
        until(lambda: loaded(39), "frame 39 by the scrubber")
        # To frame 40 by its time (40 / 30 s), as a user types it.
        field = browser.find_element(By.ID, "time")
        field.send_keys("1.3334\n")
        browser.execute_script("""document.getElementById("time").dispatchEvent(new Event("change"));""")
        first = until(lambda: loaded(40), "frame 40")
        seen["frame40"] = shown_pixels() == Image.open(reference).convert("RGBA").tobytes()

        # Hover at (195, 520) points; the view there, worked out here from the same geometry, must be
        # the one the page names.
        image = browser.find_element(By.ID, "frame")
        state = json.load(urllib.request.urlopen(url + "state.json"))
        k = image.size["width"] / (state["width"] / state["scale"])
        ActionChains(browser).move_to_element_with_offset(image, int(195 * k - image.size["width"] / 2),
                                                          int(520 * k - image.size["height"] / 2)).perform()
        geometry = json.load(urllib.request.urlopen(url + "inspect.json?i=40"))["geometry"]["frames"][0]["views"]
        inside = lambda r: r is not None and r[0] <= 195 < r[0] + r[2] and r[1] <= 520 < r[1] + r[3]
        expected = [v["id"] for v in geometry if inside(v["frame"]) and (v["clip"] is None or inside(v["clip"]))][-1]
        seen["hover"] = until(lambda: browser.find_element(By.ID, "hover").text, "the hover text")
        seen["expected"] = expected
        if shot:
            browser.execute_script("""document.getElementById("outline").click();""")
            time.sleep(0.5)
            browser.save_screenshot(shot)
            browser.execute_script("""document.getElementById("outline").click();""")

        before = shown_pixels()
        with open(scene, "w") as f: f.write(red)
        until(lambda: loaded(40) not in (None, first), "the saved colour")
        seen["changed"] = shown_pixels() != before

        with open(scene, "w") as f: f.write('{"canvas": ')
        error = browser.find_element(By.ID, "error")
        seen["error"] = until(lambda: error.is_displayed() and error.text, "the error")
        with open(scene, "w") as f: f.write(red)
        until(lambda: not error.is_displayed(), "the recovery")
        until(lambda: loaded(40), "frame 40 again")
        seen["recovered"] = shown_pixels() != before
    finally:
        browser.quit()
    print(json.dumps(seen))
    """#

    /// `samples/stretchy-blur.json` and its images, copied into the test's folder.
    private func copySample() throws -> String {
        let samples = ReadmeExampleTests.repository.appendingPathComponent("samples")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("images"))
        try FileManager.default.copyItem(at: samples.appendingPathComponent("images"), to: folder.appendingPathComponent("images"))
        return try String(contentsOf: samples.appendingPathComponent("stretchy-blur.json"), encoding: .utf8)
    }

    func testScrubHoverSaveBreakAndFixInABrowser() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            throw XCTSkip("chromium-driver is not installed, so the studio is not driven in a browser; "
                          + "scripts/test installs it (apt-get install chromium-driver python3-selenium)")
        }
        let sample = try copySample()
        try write("scene.json", sample)
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "f40.png", "--frame", "40", "--quiet"]).status, 0)
        let (studio, url) = try startServing(["studio", "scene.json"])
        defer { studio.terminate() }

        let red = sample.replacingOccurrences(of: "#FFFFFF", with: "#FF3B30")
        let screenshot = ProcessInfo.processInfo.environment["SCROLLREEL_STUDIO_SCREENSHOT"] ?? ""
        let run = try SystemPython.run(StudioBrowserTests.driver, [url, path("scene.json"), red, screenshot, path("f40.png")])
        XCTAssertEqual(run.status, 0, "the browser run failed (scripts/test installs chromium-driver and python3-selenium): \(run.errors)")
        let seen = try XCTUnwrap(JSONSerialization.jsonObject(with: run.output) as? [String: Any], run.errors)
        XCTAssertEqual(seen["frame40"] as? Bool, true, "the image shown at frame 40 is render --frame 40's, decoded")
        let expected = try XCTUnwrap(seen["expected"] as? String)
        XCTAssertTrue((seen["hover"] as? String ?? "").hasPrefix("id: \(expected)\n"), "\(seen["hover"] ?? "") names \(expected)")
        XCTAssertEqual(seen["changed"] as? Bool, true, "a saved colour shows without a reload")
        XCTAssertEqual(seen["error"] as? String, "error: scene.json:1:12: invalid JSON: unexpected end of file, expected a value")
        XCTAssertEqual(seen["recovered"] as? Bool, true)
    }
}
