/// The review page: each failing case with its frames' expected, actual and diff images, a
/// slider between expected and actual, an onion skin, what moved, and Accept buttons.
enum ReviewPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>ScrollReel review</title>
<style>
  :root { color-scheme: light dark; font: 13px/1.4 system-ui, sans-serif; }
  body { margin: 16px; }
  header { display: flex; gap: 12px; align-items: center; margin-bottom: 12px; }
  section.case { border: 1px solid #8884; border-radius: 10px; padding: 12px; margin-bottom: 16px; }
  section.case.passed { border-color: #34c759; }
  .status { font-weight: 600; }
  .passed .status { color: #34c759; }
  .failed .status { color: #ff3b30; }
  .frame { display: flex; gap: 12px; flex-wrap: wrap; margin: 10px 0; align-items: flex-start; }
  .frame figure { margin: 0; }
  .frame img { max-height: 320px; display: block; }
  .compare { position: relative; display: inline-block; }
  .compare img.top { position: absolute; inset: 0; }
  .changed { font: 12px/1.5 ui-monospace, monospace; white-space: pre-wrap; }
</style>
</head>
<body>
<header><strong>ScrollReel review</strong><span id="summary"></span><button id="acceptAll">Accept all</button></header>
<div id="cases"></div>
<script>
const token = "%TOKEN%";
const $ = id => document.getElementById(id);
const image = (name, frame, role) => "/image.png?case=" + encodeURIComponent(name) + "&frame=" + frame + "&image=" + role;

function draw(data) {
  const root = $("cases");
  root.replaceChildren();
  const failing = data.cases.filter(c => !c.passed).length;
  $("summary").textContent = failing + " of " + data.cases.length + " cases failing";
  for (const c of data.cases) {
    const section = document.createElement("section");
    section.className = "case " + (c.passed ? "passed" : "failed");
    section.dataset.case = c.name;
    const title = document.createElement("div");
    title.innerHTML = "<span class=status></span> <b></b> <span class=scene></span> ";
    title.querySelector(".status").textContent = c.passed ? "passing" : "failing";
    title.querySelector("b").textContent = c.name;
    title.querySelector(".scene").textContent = c.scene;
    if (!c.passed) {
      const button = document.createElement("button");
      button.textContent = "Accept case";
      button.className = "accept";
      button.onclick = () => accept(c.name);
      title.append(button);
    }
    section.append(title);
    if (c.error) { const p = document.createElement("p"); p.textContent = c.error; section.append(p); }
    if (c.changed.length) { const p = document.createElement("div"); p.className = "changed"; p.textContent = "changed: " + c.changed.join("\nchanged: "); section.append(p); }
    for (const f of c.passed ? [] : c.failures) {
      const row = document.createElement("div");
      row.className = "frame";
      const caption = document.createElement("div");
      caption.textContent = "frame " + f.index + ": " + f.reason + " ";
      const button = document.createElement("button");
      button.textContent = "Accept frame";
      button.className = "acceptFrame";
      button.onclick = () => accept(c.name, f.index);
      caption.append(button);
      row.append(caption);
      for (const role of f.images) {
        const figure = document.createElement("figure");
        figure.innerHTML = "<img><figcaption></figcaption>";
        figure.querySelector("img").src = image(c.name, f.index, role);
        figure.querySelector("figcaption").textContent = role;
        row.append(figure);
      }
      if (f.images.includes("expected") && f.images.includes("actual")) {
        const compare = document.createElement("figure");
        compare.innerHTML = "<div class=compare><img class=bottom><img class=top></div>"
          + "<figcaption>slider <input type=range class=slider min=0 max=100 value=50> onion skin <input type=range class=onion min=0 max=100 value=100></figcaption>";
        compare.querySelector(".bottom").src = image(c.name, f.index, "expected");
        const top = compare.querySelector(".top");
        top.src = image(c.name, f.index, "actual");
        const update = () => {
          top.style.clipPath = "inset(0 0 0 " + compare.querySelector(".slider").value + "%)";
          top.style.opacity = compare.querySelector(".onion").value / 100;
        };
        compare.querySelector(".slider").oninput = update;
        compare.querySelector(".onion").oninput = update;
        update();
        row.append(compare);
      }
      section.append(row);
    }
    root.append(section);
  }
}

async function accept(name, frame) {
  const query = "token=" + token + (name ? "&case=" + encodeURIComponent(name) : "") + (frame === undefined ? "" : "&frame=" + frame);
  const response = await fetch("/accept?" + query, {method: "POST"});
  if (response.ok) draw(await response.json()); else alert(await response.text());
}

$("acceptAll").onclick = () => accept(null);
fetch("/cases.json").then(r => r.json()).then(draw);
</script>
</body>
</html>
"""#
}
