/// The studio's page: the frame, play and pause, a scrubber with the script's steps marked (and
/// boxes that jump to a time or an offset), the
/// variant switches, the view under the cursor, and the scene's error over the last good frame.
/// A request for the next `state.json` is always waiting at the server, which answers it as soon
/// as a save is seen, so the new frame follows at once.
enum StudioPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>ScrollReel Studio</title>
<style>
  :root { color-scheme: light dark; font: 13px/1.4 system-ui, sans-serif; }
  body { margin: 0; display: grid; grid-template-columns: minmax(460px, max-content) 320px; gap: 24px; padding: 16px; }
  #stage { position: relative; display: inline-block; background: repeating-conic-gradient(#8882 0 25%, #0000 0 50%) 0 0 / 16px 16px; }
  #frame { display: block; max-height: calc(100vh - 150px); image-rendering: auto; }
  #outlines { position: absolute; inset: 0; pointer-events: none; }
  #error { position: absolute; inset: 0; display: none; background: #b00020e0; color: white; padding: 16px;
           font: 13px/1.5 ui-monospace, monospace; white-space: pre-wrap; overflow: auto; }
  #controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-top: 10px; }
  #track { position: relative; flex: 1; }
  #scrub { width: 100%; margin: 0; }
  .step { position: absolute; top: -6px; width: 2px; height: 8px; background: #0a84ff; }
  #readout { font-variant-numeric: tabular-nums; flex-basis: 100%; }
  aside label { display: block; margin: 6px 0 2px; color: GrayText; }
  aside select { width: 100%; }
  #hover { margin-top: 16px; font: 12px/1.5 ui-monospace, monospace; white-space: pre-wrap; }
</style>
</head>
<body>
<main>
  <div id="stage"><img id="frame" alt="frame"><canvas id="outlines"></canvas><div id="error"></div></div>
  <div id="controls">
    <button id="play">Play</button>
    <div id="track"><input id="scrub" type="range" min="0" value="0"><div id="steps"></div></div>
    <span id="readout"></span>
    <label>time <input id="time" type="number" step="0.01" min="0" size="6"> s</label>
    <label>offset <input id="offset" type="number" step="1" size="6"> pt</label>
  </div>
</main>
<aside>
  <div id="scene"></div>
  <label for="appearance">Appearance</label>
  <select id="appearance"><option>light</option><option>dark</option></select>
  <label for="scale">Scale</label>
  <select id="scale"><option value="">scene's own</option><option>1</option><option>2</option><option>3</option></select>
  <label for="device">Device</label>
  <select id="device"><option value="">scene's own</option></select>
  <label for="contentSize">Content size</label>
  <select id="contentSize"></select>
  <label for="layoutDirection">Layout direction</label>
  <select id="layoutDirection"><option value="leftToRight">left to right</option><option value="rightToLeft">right to left</option></select>
  <label><input id="outline" type="checkbox"> Outline every view</label>
  <div id="hover">Hover over the frame to see the view under the cursor.</div>
</aside>
<script>
const $ = id => document.getElementById(id);
let state = null, index = 0, playing = null, geometry = {}, filled = false;

function variant() {
  const q = new URLSearchParams();
  for (const key of ["appearance", "scale", "device", "contentSize", "layoutDirection"]) if ($(key).value) q.set(key, $(key).value);
  return q;
}

// The state now; with `after`, the next one, which the server sends as soon as the scene changes.
async function poll(after) {
  try {
    const asked = variant().toString();
    const next = await (await fetch("/state.json?" + asked + (after === undefined ? "" : "&after=" + after))).json();
    if (asked !== variant().toString()) return;
    const changed = !state || next.version !== state.version || next.frames !== state.frames || next.error !== state.error
      || next.width !== state.width || next.height !== state.height;
    if (!filled) fill(next);
    if (changed) apply(next);
  } catch (e) { /* the studio stopped, or is reloading */ }
}

function fill(s) {
  for (const name of s.devices) $("device").add(new Option(name, name));
  for (const name of s.contentSizes) $("contentSize").add(new Option(name, name, name === "large", name === "large"));
  filled = true;
}

function apply(s) {
  const error = $("error");
  if (s.error) {
    error.textContent = "error: " + s.error;
    error.style.display = "block";
    state = Object.assign({}, state || {}, {version: s.version, error: s.error});
    return;
  }
  error.style.display = "none";
  state = s;
  geometry = {};
  $("scene").textContent = s.scene + ": " + s.frames + " frames at " + s.fps + " fps, scale " + s.scale;
  $("scrub").max = s.frames - 1;
  const steps = $("steps");
  steps.replaceChildren();
  const last = Math.max(1, (s.frames - 1) / s.fps);
  for (const step of s.steps) {
    const tick = document.createElement("div");
    tick.className = "step";
    tick.title = step.kind + " at " + step.time.toFixed(2) + " s";
    tick.style.left = (100 * Math.min(1, step.time / last)) + "%";
    steps.append(tick);
  }
  show(Math.min(index, s.frames - 1));
}

function show(i) {
  index = i;
  $("scrub").value = i;
  $("frame").src = "/frame.png?i=" + i + "&" + variant() + "&v=" + state.version;
  $("frame").dataset.index = i;
  $("readout").textContent = "frame " + i + " · " + (i / state.fps).toFixed(3) + " s · offset " + state.offsets[i].toFixed(2) + " pt";
  if ($("outline").checked) outline();
}

async function views(i) {
  const key = state.version + ":" + i + ":" + variant();
  if (!geometry[key]) geometry[key] = (await fetch("/inspect.json?i=" + i + "&" + variant())).json();
  return geometry[key];
}

function pointScale() { return $("frame").clientWidth / (state.width / (state.scale || 1)); }

async function outline() {
  const canvas = $("outlines"), image = $("frame");
  canvas.width = image.clientWidth; canvas.height = image.clientHeight;
  const context = canvas.getContext("2d");
  context.clearRect(0, 0, canvas.width, canvas.height);
  if (!$("outline").checked || !state || state.error) return;
  const data = await views(index), k = pointScale();
  context.strokeStyle = "#ff2d55"; context.lineWidth = 1;
  for (const view of data.geometry.frames[0].views) {
    const [x, y, w, h] = view.frame;
    context.strokeRect(x * k + 0.5, y * k + 0.5, w * k, h * k);
  }
}

$("frame").addEventListener("mousemove", async event => {
  if (!state || state.error) return;
  const data = await views(index), k = pointScale();
  const x = event.offsetX / k, y = event.offsetY / k;
  const inside = (r, px, py) => r && px >= r[0] && py >= r[1] && px < r[0] + r[2] && py < r[1] + r[3];
  const found = data.geometry.frames[0].views.filter(v => inside(v.frame, x, y) && (v.clip === null || inside(v.clip, x, y))).pop();
  if (!found) { $("hover").textContent = "no view at " + x.toFixed(1) + ", " + y.toFixed(1) + " pt"; return; }
  const lines = ["id: " + found.id, "frame: [" + found.frame.join(", ") + "]", "clip: " + (found.clip ? "[" + found.clip.join(", ") + "]" : "none"),
                 "alpha: " + found.alpha, "effects: " + ((data.effects[found.id] || []).join(", ") || "none")];
  for (const key of ["imageFrame", "blur", "material", "cornerRadius"]) if (key in found) lines.push(key + ": " + JSON.stringify(found[key]));
  $("hover").textContent = lines.join("\n");
  $("hover").dataset.id = found.id;
});

$("scrub").addEventListener("input", () => show(Number($("scrub").value)));
// By time: the frame shown at that moment. By offset: the first frame nearest to it.
$("time").addEventListener("change", () => {
  if (state && !state.error) show(Math.max(0, Math.min(state.frames - 1, Math.floor(Number($("time").value) * state.fps + 1e-9))));
});
$("offset").addEventListener("change", () => {
  if (!state || state.error) return;
  const target = Number($("offset").value);
  let best = 0;
  state.offsets.forEach((o, i) => { if (Math.abs(o - target) < Math.abs(state.offsets[best] - target)) best = i; });
  show(best);
});
$("outline").addEventListener("change", outline);
$("frame").addEventListener("load", () => { if ($("outline").checked) outline(); });
for (const key of ["appearance", "scale", "device", "contentSize", "layoutDirection"]) {
  $(key).addEventListener("change", () => { state = null; poll(); });
}
$("play").addEventListener("click", () => {
  if (playing) { clearInterval(playing); playing = null; $("play").textContent = "Play"; return; }
  $("play").textContent = "Pause";
  playing = setInterval(() => { if (state && !state.error && $("frame").complete) show((index + 1) % state.frames); }, 1000 / (state ? state.fps : 30));
});
async function watch() {
  for (;;) {
    const version = state ? state.version : -1;
    await poll(version);
    if (state && state.version === version) await new Promise(resolve => setTimeout(resolve, 250));
  }
}
poll().then(watch);
</script>
</body>
</html>
"""#
}
