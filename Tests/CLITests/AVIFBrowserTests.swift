import Foundation
import TestSupport
import XCTest

/// An animated AVIF as a browser shows it: headless Chromium, driven through WebDriver (Debian's
/// `chromium-driver` and `python3-selenium`, which `scripts/test` installs), loads it in an
/// `<img>` from a local web server and plays it, and its own decoder reads its frames.
final class AVIFBrowserTests: CLITestCase {
    /// Serves the folder `argv[1]`, opens `page.html` there, and prints one JSON object of what it
    /// saw: Chromium's frame count, the PSNR of its frame 15 against `argv[2]` (that frame's PNG,
    /// on white), and whether two screenshots of the page, 0.4 s apart, differ.
    private static let driver = #"""
    import base64, functools, http.server, io, json, math, sys, tempfile, threading, time
    import numpy as np
    from PIL import Image
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    folder, reference = sys.argv[1:3]
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1", "--user-data-dir=" + tempfile.mkdtemp()]:
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    seen = {}

    def shown():
        # The page as it is on screen now: drawing an animated <img> into a canvas gives its first
        # frame, whatever it shows.
        return browser.get_screenshot_as_png()

    try:
        browser.get("http://127.0.0.1:%d/page.html" % server.server_address[1])
        end = time.time() + 10
        while not browser.execute_script("""const i = document.getElementById("preview"); return i.complete && i.naturalWidth > 0;"""):
            if time.time() > end:
                raise SystemExit("the AVIF did not load")
            time.sleep(0.05)
        first = shown()
        time.sleep(0.4)
        seen["plays"] = shown() != first
        decoded = browser.execute_async_script("""const done = arguments[0];
            fetch("scene.avif").then(r => r.arrayBuffer()).then(async data => {
                const decoder = new ImageDecoder({data, type: "image/avif"});
                await decoder.tracks.ready;
                const track = decoder.tracks.selectedTrack, frame = (await decoder.decode({frameIndex: 15})).image;
                const c = document.createElement("canvas"); c.width = frame.displayWidth; c.height = frame.displayHeight;
                c.getContext("2d").drawImage(frame, 0, 0);
                done({frames: track.frameCount, animated: track.animated, png: c.toDataURL("image/png")});
            }).catch(e => done({error: String(e)}));""")
        if "error" in decoded:
            raise SystemExit("ImageDecoder: " + decoded["error"])
        seen["frames"] = decoded["frames"]
        seen["animated"] = decoded["animated"]
        got = np.asarray(Image.open(io.BytesIO(base64.b64decode(decoded["png"].split(",")[1]))).convert("RGB"), dtype=np.float64)
        rgba = Image.open(reference).convert("RGBA")
        white = Image.alpha_composite(Image.new("RGBA", rgba.size, (255, 255, 255, 255)), rgba).convert("RGB")
        mse = float(((got - np.asarray(white, dtype=np.float64)) ** 2).mean())
        seen["psnr"] = 99.0 if mse == 0 else 10 * math.log10(255 ** 2 / mse)
    finally:
        browser.quit()
        server.shutdown()
    print(json.dumps(seen))
    """#

    private struct Seen: Decodable {
        let plays: Bool
        let frames: Int
        let animated: Bool
        let psnr: Double
    }

    func testChromiumPlaysIt() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            throw XCTSkip("chromium-driver is not installed, so the AVIF is not played in a browser; "
                          + "scripts/test installs it (apt-get install chromium-driver python3-selenium)")
        }
        XCTAssertEqual(try render(["--scene", "scene.json", "--out", "frames/", "--quiet"]).status, 0)
        let run = try render(["--scene", "scene.json", "--out", "scene.avif", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        try write("page.html", #"<!doctype html><img id="preview" src="scene.avif">"#)
        let played = try SystemPython.run(AVIFBrowserTests.driver, [folder.path, path("frames/frame_0015.png")])
        XCTAssertEqual(played.status, 0, "the browser run failed (scripts/test installs chromium-driver and python3-selenium): \(played.errors)")
        let seen = try JSONDecoder().decode(Seen.self, from: played.output)
        XCTAssertEqual(seen.frames, 30, "Chromium reads every frame")
        XCTAssertTrue(seen.animated)
        XCTAssertTrue(seen.plays, "the picture shown 0.4 s later differs from the first")
        XCTAssertGreaterThan(seen.psnr, 38, "Chromium's frame 15 is the PNG frame 15, within the quality's error")
    }
}
