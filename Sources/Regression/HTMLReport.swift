import FileOutput
import Foundation

/// One self-contained HTML page of a check's results, in the manner of Playwright's report: a
/// summary, then every failing case with a contact sheet of its failing frames, and every failing
/// frame with its expected, actual and diff images side by side and a slider or onion-skin view
/// of expected against actual. Failures whose images were not kept (past
/// `FailureLog.reportedFrames`) are listed with the paths of their files.
///
/// Images are embedded as data URLs and the page carries its own styles and script, so it opens
/// from the file system, with no server and no network, and can be passed around as one file.
/// Each image appears once in the page; the comparison view reuses the side-by-side ones.
///
/// The page marks its state for scripts that read it: `body[data-images-loaded]` and
/// `[data-images-broken]` count the images once the page has loaded; each failing frame is a
/// `section.frame` with `data-case`, `data-frame`, `data-offset` and `data-differing`.
public enum HTMLReport {
    /// - Parameters:
    ///   - title: what was checked, such as the suite file: `scrollreel.json`.
    public static func html(title: String, outcomes: [CaseOutcome]) -> String {
        let failing = outcomes.filter { !$0.passed }
        let frames = outcomes.reduce(0) { $0 + $1.frames }
        let failingFrames = outcomes.reduce(0) { $0 + $1.failures.count }
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            \(generator)
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(MarkupText.escape(title)): \(failing.isEmpty ? "all passed" : "\(failing.count) failing")</title>
            <style>\(style)</style></head>
            <body data-cases="\(outcomes.count)" data-failing-cases="\(failing.count)" data-failing-frames="\(failingFrames)">
            <header><h1>\(MarkupText.escape(title))</h1>
            <p class="summary"><span class="\(failing.isEmpty ? "pass" : "fail")">\(outcomes.count - failing.count) of \(outcomes.count) cases passed</span>
            · \(frames) frames compared · \(failingFrames) failing frames</p>

            """
        if !failing.isEmpty {
            out += "<nav><ul>"
            for outcome in failing {
                let what = outcome.error != nil ? "error" : "\(outcome.failures.count) frames"
                out += "<li><a href=\"#\(anchor(outcome.name))\">\(MarkupText.escape(outcome.name))</a> <span class=\"count\">\(what)</span></li>"
            }
            out += "</ul></nav>\n"
        }
        out += "</header>\n<main>\n"
        for outcome in failing { out += section(outcome) }
        let passed = outcomes.filter(\.passed)
        if !passed.isEmpty {
            out += "<details class=\"passed\"><summary>\(passed.count) passing cases</summary><ul>"
            out += passed.map { "<li>\(MarkupText.escape($0.name)) <span class=\"count\">\($0.frames) frames</span></li>" }.joined()
            out += "</ul></details>\n"
        }
        out += "</main>\n<script>\(script)</script>\n</body></html>\n"
        return out
    }

    /// What marks a page as render's report, near its start, so that `--report` replaces only a
    /// report (see `FileKind.report`).
    static let generator = #"<meta name="generator" content="ScrollReel">"#

    private static func section(_ outcome: CaseOutcome) -> String {
        var out = "<section class=\"case\" id=\"\(anchor(outcome.name))\" data-case=\"\(MarkupText.escape(outcome.name))\">\n"
        out += "<h2>\(MarkupText.escape(outcome.name))</h2>\n<p class=\"scene\">\(MarkupText.escape(outcome.scene))</p>\n"
        if let error = outcome.error {
            return out + "<pre class=\"error\">\(MarkupText.escape(error))</pre>\n</section>\n"
        }
        out += "<p>\(outcome.failures.count) of \(outcome.frames) frames differ from their references.</p>\n"
        let changes = outcome.geometrySummary
        if !changes.isEmpty {
            out += "<ul class=\"changes\">" + changes.map { "<li>\(MarkupText.escape($0))</li>" }.joined() + "</ul>\n"
        }
        if let sheet = outcome.contactSheet {
            out += "<figure class=\"sheet\"><img alt=\"contact sheet of the failing frames\" src=\"\(dataURL(sheet))\">"
            out += "<figcaption>failing frames, actual</figcaption></figure>\n"
        }
        for failure in outcome.failures { out += frame(failure, of: outcome.name) }
        return out + "</section>\n"
    }

    private static func frame(_ failure: FrameFailure, of name: String) -> String {
        var attributes = "class=\"frame\" data-case=\"\(MarkupText.escape(name))\" data-frame=\"\(failure.index)\""
        if let offset = failure.offset { attributes += " data-offset=\"\(points(offset))\"" }
        if let differing = failure.differing { attributes += " data-differing=\"\(differing)\"" }
        if let antialiased = failure.antialiased { attributes += " data-antialiased=\"\(antialiased)\"" }
        var facts = ["frame \(failure.index)"]
        if let offset = failure.offset { facts.append("offset \(points(offset)) pt") }
        if let differing = failure.differing { facts.append("\(differing) pixels differ") }
        if let antialiased = failure.antialiased { facts.append("\(antialiased) anti-aliased") }
        var out = "<section \(attributes)>\n<h3>\(facts.joined(separator: " · "))</h3>\n"
        // The counts say it already when there are counts; otherwise the reason is all there is.
        if failure.differing == nil { out += "<p class=\"reason\">\(MarkupText.escape(failure.reason))</p>\n" }
        if let changes = failure.changes, !changes.isEmpty {
            out += "<p class=\"reason\">" + changes.map { MarkupText.escape($0.description) }.joined(separator: "<br>") + "</p>\n"
        }
        // Past `FailureLog.reportedFrames` a failure keeps only its files' paths; a frame the scene
        // no longer has has no images at all.
        guard !failure.images.isEmpty, failure.images.allSatisfy({ !$0.png.isEmpty }) else {
            let files = failure.images.map { "\($0.role.rawValue): <code>\(MarkupText.escape($0.path))</code>" }
            return out + "<p class=\"files\">\(files.joined(separator: "<br>"))</p>\n</section>\n"
        }
        out += "<div class=\"row\">"
        for image in failure.images {
            out += "<figure><img class=\"\(image.role.rawValue)\" alt=\"\(image.role.rawValue)\" src=\"\(dataURL(image.png))\">"
            out += "<figcaption>\(image.role.rawValue)"
            out += "<br><code>\(MarkupText.escape(image.path))</code>"
            out += "</figcaption></figure>"
        }
        if failure.image(.expected) != nil {
            // Filled by the script from the images beside it, so each image is embedded once.
            out += """
                <figure class="compare"><div class="stage"><img class="under" alt="expected"><img class="over" alt="actual">\
                <div class="handle"></div></div>
                <figcaption><span class="side">◀ expected</span> <span class="side">actual ▶</span><br>
                <input type="range" min="0" max="100" value="50" aria-label="divider position or actual's opacity"><br>
                <label><input type="radio" name="mode-\(anchor(name))-\(failure.index)" value="slider" checked> slider</label>
                <label><input type="radio" name="mode-\(anchor(name))-\(failure.index)" value="onion"> onion skin</label>\
                </figcaption></figure>
                """
        }
        out += "</div>\n"
        return out + "</section>\n"
    }

    private static func dataURL(_ png: [UInt8]) -> String { "data:image/png;base64," + Data(png).base64EncodedString() }

    /// A fragment identifier made of the name's letters, digits, dots, dashes and underscores.
    private static func anchor(_ name: String) -> String {
        "case-" + String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) ? Character($0) : "_" })
    }

    private static let style = """
        body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f5f5f7;color:#1d1d1f}
        header{background:#fff;border-bottom:1px solid #d2d2d7;padding:16px 24px}
        h1{font-size:20px;margin:0 0 4px}h2{font-size:17px;margin:0}h3{font-size:14px;margin:0 0 4px}
        .summary .fail{color:#c9190b;font-weight:600}.summary .pass{color:#1e7d32;font-weight:600}
        nav ul{margin:8px 0 0;padding-left:20px}.count{color:#6e6e73}
        main{padding:16px 24px}
        .case{background:#fff;border:1px solid #d2d2d7;border-radius:10px;padding:16px;margin-bottom:20px}
        .scene{color:#6e6e73;margin:2px 0 8px;font-family:ui-monospace,monospace;font-size:12px}
        .error{background:#fdecea;color:#7f1d1d;padding:10px;border-radius:6px;white-space:pre-wrap}
        .sheet img{max-width:100%;border:1px solid #d2d2d7}
        figure{margin:0}figcaption{font-size:12px;color:#6e6e73;text-align:center;margin-top:2px}
        .frame{border-top:1px solid #e5e5ea;padding-top:12px;margin-top:12px}
        .reason{margin:0 0 8px;color:#6e6e73}
        .row{display:flex;gap:12px;flex-wrap:wrap;align-items:flex-start}
        .row figure{width:240px}
        .row img{width:240px;height:auto;border:1px solid #d2d2d7;box-sizing:border-box;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px;image-rendering:pixelated}
        figcaption code{font-size:10px;word-break:break-all}
        .compare .side{display:inline-block;width:48%}.compare input[type=range]{width:100%}
        .stage{position:relative;line-height:0}
        .stage .over{position:absolute;left:0;top:0}
        .stage .handle{position:absolute;top:0;bottom:0;width:2px;background:#0a84ff;pointer-events:none}
        details.passed{background:#fff;border:1px solid #d2d2d7;border-radius:10px;padding:10px 16px}
        """

    private static let script = """
        for (const c of document.querySelectorAll('.compare')) {
          const f = c.closest('.frame');
          const under = c.querySelector('.under'), over = c.querySelector('.over'), handle = c.querySelector('.handle');
          under.src = f.querySelector('.row img.expected').src;
          over.src = f.querySelector('.row img.actual').src;
          const range = c.querySelector('input[type=range]');
          const update = () => {
            const v = range.value, onion = c.querySelector('input[value=onion]').checked;
            over.style.clipPath = onion ? 'none' : `inset(0 0 0 ${v}%)`;
            over.style.opacity = onion ? v / 100 : 1;
            handle.style.display = onion ? 'none' : 'block';
            handle.style.left = `${v}%`;
          };
          for (const input of c.querySelectorAll('input')) input.addEventListener('input', update);
          update();
        }
        addEventListener('load', () => {
          const images = [...document.images];
          const loaded = images.filter(i => i.complete && i.naturalWidth > 0).length;
          document.body.dataset.imagesLoaded = loaded;
          document.body.dataset.imagesBroken = images.length - loaded;
        });
        """
}

extension FileKind {
    /// render's HTML report: the page's head names ScrollReel as its generator. Reports written
    /// before the page said so are known by the counts on their `<body>`, which no other page has.
    public static let report = FileKind(name: "an HTML report of render's", headLength: 1 << 16) { head, _ in
        let text = String(decoding: head, as: UTF8.self)
        return text.hasPrefix("<!DOCTYPE html>") && (text.contains(HTMLReport.generator) || text.contains("<body data-cases=\""))
    }
}
