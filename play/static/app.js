// The playground page: the editor, the diagnostics and the output tabs. Every
// output is one CLI command run in the worker on the editor's bytes.
const $ = (id) => document.getElementById(id);
const worker = new Worker("worker.js");
let nextId = 0, pending = {}, tab = "render", timer = null, checks = 0;
worker.onmessage = (e) => { const p = pending[e.data.id]; delete pending[e.data.id]; p && p(e.data); };
// call runs commands in the worker. A run is [args, stdin]; stdin is the
// editor's text, or {pipe: true} for the output of the run before it (a
// translation piped into rosettac tokens).
const call = (runs) => new Promise((res) => { const id = nextId++; pending[id] = res; worker.postMessage({ id, runs, key: $("key").value }); });

// The longest main-thread tasks (PerformanceObserver "longtask", 50 ms and
// over): the browser test reads them to show the page does not freeze.
self.rosettacLongTasks = [];
try { new PerformanceObserver((l) => { for (const e of l.getEntries()) self.rosettacLongTasks.push(e.duration); }).observe({ type: "longtask", buffered: true }); } catch (e) {}
const loadStart = performance.now();

const editor = rosettacEditor.create($("editor"), () => { editor.onEdit(); later(); });
self.rosettacPage = { editor };

// The fragment: #src=<unpadded base64url of UTF-8>&from=&lang=&tab=.
function b64enc(s) {
  const u = new TextEncoder().encode(s); let b = "";
  for (let i = 0; i < u.length; i += 0x8000) b += String.fromCharCode.apply(null, u.subarray(i, i + 0x8000));
  return btoa(b).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function b64dec(s) { const b = atob(s.replace(/-/g, "+").replace(/_/g, "/")); return new TextDecoder().decode(Uint8Array.from(b, (c) => c.charCodeAt(0))); }
// The fragment is written only while it stays a reasonable link: a megabyte
// input would make every keystroke re-encode it.
const fragmentLimit = 64 << 10;
function readFragment() {
  const q = new URLSearchParams(location.hash.slice(1));
  if (q.has("from")) $("from").value = q.get("from");
  if (q.has("lang")) $("lang").value = q.get("lang");
  if (q.has("tab")) tab = q.get("tab");
  editor.setLanguage($("from").value);
  if (q.has("src")) { const s = b64dec(q.get("src")); if (s !== editor.text()) { editor.setText(s); clearTimeout(timer); } }
}
function writeFragment(src) {
  const q = new URLSearchParams();
  if (src.length <= fragmentLimit) q.set("src", b64enc(src));
  for (const k of ["from", "lang"]) if ($(k).value) q.set(k, $(k).value);
  q.set("tab", tab);
  history.replaceState(null, "", "#" + q.toString());
}
const from = () => ($("from").value ? ["--from", $("from").value] : []);
const keyArgs = () => ($("key").value ? ["--key-file", "pasted.key"] : []);
const tokensArgs = (lang) => ["tokens", "--format", "json", "--by", "component", ...(lang ? ["--from", lang] : from()), "-"];
// The languages rosettac tokens attributes, so the side-by-side view shows
// each translation's own components.
const tokenTargets = ["json", "rosetta", "lingua", "agentdsl"];
function tabRuns(t, src) {
  switch (t) {
    case "render": return [[["render", "--lang", $("lang").value, ...($("view").value !== "full" ? ["--view", $("view").value] : []), ...from(), ...keyArgs(), "-"], src]];
    case "fmt": return [[["fmt", ...from(), "-"], src]];
    case "translate": return [[["translate", "--to", $("to").value, ...from(), ...keyArgs(), "-"], src]];
    case "ir": return [[["compile", "--emit", "ir", ...from(), ...keyArgs(), "-"], src]];
    case "go": return [[["gen", "go", "-"], src]];
    case "repair": return [[["check", "--repair", ...from(), "-"], src]];
    case "tokens": {
      // The input's counts first (what #out shows: rosettac tokens' JSON),
      // then each translation and its counts.
      const runs = [[tokensArgs(), src]];
      for (const to of tokenTargets) {
        runs.push([["translate", "--to", to, ...from(), ...keyArgs(), "-"], src]);
        runs.push([tokensArgs(to), { pipe: true }]);
      }
      return runs;
    }
  }
}
function position(d) { return d.line ? `${d.line}:${d.col}` : ""; }
function showDiags(r) {
  const ul = $("diags"); ul.textContent = "";
  let ds = [];
  try { ds = JSON.parse(r.stdout).diagnostics || []; } catch (e) { ds = []; if (r.stderr) { const li = document.createElement("li"); li.textContent = r.stderr; ul.append(li); } }
  editor.showDiagnostics(ds);
  const shown = ds.slice(0, 500); // the list stays light on a huge input; the editor marks them all
  for (const d of shown) {
    const li = document.createElement("li");
    li.className = "diag " + (d.severity || "");
    li.dataset.code = d.code || "";
    const text = document.createElement("span");
    text.textContent = `${d.code || ""} ${position(d)} ${d.message || ""}${d.hint ? " — " + d.hint : ""}`;
    text.onclick = () => editor.select(d);
    li.append(text);
    for (const f of d.fixes || []) {
      const b = document.createElement("button");
      b.className = "fix"; b.dataset.code = d.code || ""; b.dataset.applicability = f.applicability;
      b.textContent = `fix: ${f.title}${f.applicability === "review" ? " (review)" : ""}`;
      b.onclick = () => editor.applyFix(f);
      li.append(" ", b);
    }
    ul.append(li);
  }
  if (ds.length > shown.length) { const li = document.createElement("li"); li.textContent = `… and ${ds.length - shown.length} more (marked in the editor)`; ul.append(li); }
  $("status").dataset.diags = ds.length;
}
function bar(label, v, max) {
  const d = document.createElement("div"); d.className = "row";
  d.innerHTML = `<span class="bar" style="width:${(240 * v) / Math.max(1, max)}px"></span> `;
  d.append(`${label} ${v}`);
  return d;
}
// showTokens draws the input's and each translation's counts side by side:
// per encoding a bar for the total, and the per-component breakdown.
function showTokens(results) {
  const c = $("chart"); c.textContent = "";
  const sides = [["input", results[0], null]];
  for (let i = 0; i < tokenTargets.length; i++) sides.push([tokenTargets[i], results[2 + 2 * i], results[1 + 2 * i]]);
  const parsed = sides.map(([name, r, tr]) => {
    try { return [name, JSON.parse(r.stdout).files[0].encodings, tr]; } catch (e) { return [name, null, tr]; }
  });
  const max = Math.max(1, ...parsed.flatMap(([, es]) => (es || []).map((e) => e.total)));
  for (const [name, es, tr] of parsed) {
    const box = document.createElement("div"); box.className = "side"; box.dataset.side = name;
    const h = document.createElement("b"); h.textContent = name === "input" ? "the input" : `as ${name}`; box.append(h);
    if (!es) { box.append(` — ${tr && tr.code === 2 ? "not translated (see the translate tab)" : "no counts"}`); c.append(box); continue; }
    for (const e of es) {
      const row = bar(e.encoding, e.total, max); row.classList.add("total"); row.dataset.encoding = e.encoding; box.append(row);
      const comps = Object.entries(e.components || {}).filter(([, v]) => v > 0);
      const small = document.createElement("div"); small.className = "components";
      small.textContent = comps.map(([k, v]) => `${k} ${v}`).join(" · ");
      box.append(small);
    }
    c.append(box);
  }
}
// showOut shows a command's output. Laying out megabytes of text in a <pre>
// takes the main thread seconds, so past outLimit characters the pane shows
// the beginning and a button for the rest.
const outLimit = 200000;
function showOut(text) {
  const out = $("out");
  out.textContent = text.length > outLimit ? text.slice(0, outLimit) : text;
  if (text.length > outLimit) {
    const more = document.createElement("button");
    more.id = "more";
    more.textContent = `show all ${text.length} characters`;
    more.onclick = () => { out.textContent = text; };
    out.append("\n", more);
  }
}
let firstDiagnostics = null;
async function update() {
  const src = editor.text();
  writeFragment(src);
  $("status").textContent = "checking…";
  const t0 = performance.now();
  const m = await call([[["check", "--format", "json", ...from(), ...keyArgs(), "-"], src], ...tabRuns(tab, src)]);
  const shown = performance.now();
  showDiags(m.results[0]);
  const rs = m.results.slice(1), r = rs[0];
  showOut(r.stdout + (r.stderr ? "\n" + r.stderr : ""));
  $("chart").textContent = "";
  if (tab === "tokens") showTokens(rs);
  if (firstDiagnostics === null) { firstDiagnostics = performance.now() - loadStart; document.body.dataset.firstDiagnosticsMs = firstDiagnostics.toFixed(0); }
  $("status").textContent = `checked in ${m.ms.toFixed(0)} ms`;
  document.body.dataset.showMs = (performance.now() - shown).toFixed(0); // main-thread time to show the results
  document.body.dataset.checkMs = m.ms.toFixed(0);
  document.body.dataset.roundTripMs = (performance.now() - t0).toFixed(0);
  document.body.dataset.checked = String(++checks);
}
const later = () => { clearTimeout(timer); timer = setTimeout(update, 250); };
$("from").addEventListener("change", () => { editor.setLanguage($("from").value); update(); });
for (const k of ["lang", "view", "to", "key"]) $(k).addEventListener("change", update);
for (const b of document.querySelectorAll("#tabs button")) b.onclick = () => { tab = b.dataset.tab; markTab(); update(); };
function markTab() { for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === tab); }
$("fix").onclick = async () => { const m = await call([[["fix", ...from(), "-"], editor.text()]]); if (m.results[0].code !== 2 && m.results[0].stdout) editor.setText(m.results[0].stdout); };
for (const n of self.rosettacExamples || []) { const o = document.createElement("option"); o.textContent = n; $("examples").append(o); }
$("examples").onchange = async () => { const n = $("examples").value; if (!n) return; editor.setText(await (await fetch("examples/" + n)).text()); };
window.addEventListener("hashchange", () => { readFragment(); markTab(); update(); });
readFragment(); markTab(); clearTimeout(timer); update();
