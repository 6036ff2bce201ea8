// The playground page: the editor, the diagnostics and the output tabs. Every
// output is one CLI command run in the worker on the editor's bytes.
const $ = (id) => document.getElementById(id);
let nextId = 0, pending = {}, tab = "render", timer = null, checks = 0;
const answer = (e) => { const p = pending[e.data.id]; delete pending[e.data.id]; p && p(e.data); };
// The compiler's worker, and the Go tab's, started the first time that tab
// is opened: gen go's backend and go/format are a build of their own
// (rosettac-go.wasm, play.Build), so the page loads 2 MB less.
const compiler = new Worker("worker.js");
compiler.onmessage = answer;
let goCompiler = null;
function goWorker() {
  if (!goCompiler) { goCompiler = new Worker("worker.js?wasm=rosettac-go.wasm"); goCompiler.onmessage = answer; }
  return goCompiler;
}
// call runs commands in a worker. A run is [args, stdin]; stdin is the
// editor's text, or {pipe: true} for the output of the run before it (a
// translation piped into rosettac tokens).
const call = (w, runs) => new Promise((res) => { const id = nextId++; pending[id] = res; w.postMessage({ id, runs, key: $("key").value }); });

// The longest main-thread tasks (PerformanceObserver "longtask", 50 ms and
// over): the browser test reads them to show the page does not freeze.
// Each is {start, ms}: a test measures the tasks that started after a moment.
self.rosettacLongTasks = [];
try { new PerformanceObserver((l) => { for (const e of l.getEntries()) self.rosettacLongTasks.push({ start: e.startTime, ms: e.duration }); }).observe({ type: "longtask", buffered: true }); } catch (e) {}
// The long animation frames (50 ms and over) with the scripts that ran in
// them, so a long task can be told apart from the page's own work: what the
// browser test logs beside the longest task.
self.rosettacFrames = [];
try {
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      self.rosettacFrames.push({ duration: Math.round(e.duration), blocking: Math.round(e.blockingDuration), render: Math.round(e.startTime + e.duration - e.renderStart),
        start: Math.round(e.startTime), scripts: e.scripts.map((s) => ({ ms: Math.round(s.duration), what: `${s.invoker} ${s.sourceFunctionName || ""} ${(s.sourceURL || "").split("/").pop()}:${s.sourceCharPosition}` })) });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
} catch (e) {}
const loadStart = performance.now();

const editor = rosettacEditor.create($("editor"), () => { editor.onEdit(); later(); });
self.rosettacPage = { editor };

// The fragment: #src=<unpadded base64url of UTF-8>&from=&lang=&view=&tab=&to=
// (docs/playground.md). The pasted key is never in it.
function b64enc(s) {
  const u = new TextEncoder().encode(s); let b = "";
  for (let i = 0; i < u.length; i += 0x8000) b += String.fromCharCode.apply(null, u.subarray(i, i + 0x8000));
  return btoa(b).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function b64dec(s) { const b = atob(s.replace(/-/g, "+").replace(/_/g, "/")); return new TextDecoder().decode(Uint8Array.from(b, (c) => c.charCodeAt(0))); }
// The fragment is written only while it stays a reasonable link: a megabyte
// input would make every keystroke re-encode it.
const fragmentLimit = 64 << 10;
const fragmentDefaults = { from: "", lang: "en", view: "full", to: "json" };
const tabNames = [...document.querySelectorAll("#tabs button")].map((b) => b.dataset.tab);
function readFragment() {
  const q = new URLSearchParams(location.hash.slice(1));
  // A key the fragment leaves out is its default: the fragment is the whole
  // state, so a link opens the same page whatever was open before.
  for (const [k, def] of Object.entries(fragmentDefaults)) {
    const sel = $(k), v = q.has(k) ? q.get(k) : def;
    sel.value = [...sel.options].some((o) => o.value === v) ? v : def;
  }
  tab = tabNames.includes(q.get("tab")) ? q.get("tab") : "render";
  editor.setLanguage($("from").value);
  if (!q.has("src")) return;
  let s;
  try { s = b64dec(q.get("src")); } catch (e) { $("status").textContent = "the link's src= is not base64url"; return; }
  if (s !== editor.text()) return setText(s);
}
function writeFragment(src) {
  const q = new URLSearchParams();
  if (typeof src === "string" && src.length <= fragmentLimit) q.set("src", b64enc(src));
  for (const k of ["from", "lang"]) if ($(k).value) q.set(k, $(k).value);
  if ($("view").value !== "full") q.set("view", $("view").value);
  q.set("tab", tab);
  if (tab === "translate") q.set("to", $("to").value);
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
    // Standard input has no file name to make a package name of.
    case "go": return [[["gen", "go", "--package", "playground", "-"], src]];
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
// showOut shows a command's output. A <pre> of megabytes would take the main
// thread seconds to lay out, so the output is built in blocks of outLines
// lines, outBlocks blocks per task, and each block has
// content-visibility: auto (style.css): the browser lays out only the blocks
// in view, and finding text in the page still finds all of it.
const outLines = 200, outBlocks = 5;
let outGeneration = 0;
async function showOut(text) {
  const out = $("out"), gen = ++outGeneration;
  out.textContent = "";
  for (let start = 0, n = 0; start < text.length; n++) {
    if (n > 0 && n % outBlocks === 0) { await nextTask(); if (gen !== outGeneration) return; }
    let end = start;
    for (let l = 0; l < outLines && end >= 0; l++) end = text.indexOf("\n", end) + 1 || -1;
    end = end <= 0 ? text.length : end;
    const d = document.createElement("div"); d.className = "block"; d.textContent = text.slice(start, end);
    out.append(d);
    start = end;
  }
  out.dataset.shown = String(gen);
}
const nextTask = () => (self.scheduler && scheduler.yield ? scheduler.yield() : new Promise((r) => setTimeout(r, 0)));

// setText puts a text into the editor, as a paste, the fragment, an example
// or "apply all fixes" does. CodeMirror splits and indexes the text it is
// given in one task, seconds for a megabyte on a loaded machine, so a large
// text goes in slices of sliceSize characters, one task each (appended
// within CodeMirror's history group delay, they undo as one edit), and the
// check starts once, after the last.
const sliceSize = 32 << 10;
let loading = 0;
async function setText(text) {
  const gen = ++loading, v = editor.view;
  if (text.length <= sliceSize) { editor.setText(text); loading = 0; return; }
  v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text.slice(0, sliceSize) } });
  for (let i = sliceSize; i < text.length; i += sliceSize) {
    await nextTask();
    if (gen !== loading) return; // a newer text replaced this one
    v.dispatch({ changes: { from: v.state.doc.length, insert: text.slice(i, i + sliceSize) } });
  }
  loading = 0;
  editor.onEdit();
  later();
}
// A large paste goes the same way.
editor.view.contentDOM.addEventListener("paste", (e) => {
  const t = e.clipboardData && e.clipboardData.getData("text/plain");
  const v = editor.view, sel = v.state.selection.main;
  if (!t || t.length <= sliceSize || sel.from !== 0 || sel.to !== v.state.doc.length) return; // pasting over the whole text only
  e.preventDefault(); e.stopPropagation();
  setText(t);
}, true);
self.rosettacPage.setText = setText;
// What the workers fetched, by URL (the browser test's "no network" check).
self.rosettacPage.workerRequests = async () => {
  const ws = [compiler, ...(goCompiler ? [goCompiler] : [])];
  return (await Promise.all(ws.map((w) => new Promise((res) => { const id = nextId++; pending[id] = res; w.postMessage({ id, resources: true }); })))).flatMap((m) => m.resources);
};

// editorText is the editor's text for the worker: a string, or for a large
// text its slices, read sliceSize characters at a time, a task per
// textSlices of them, and joined in the worker. Joining a megabyte of
// CodeMirror's lines into one string, and copying it into the message, is
// one long task on the main thread.
const textSlices = 4;
async function editorText() {
  const doc = editor.view.state.doc;
  if (doc.length <= fragmentLimit) return doc.toString();
  const parts = [];
  for (let i = 0; i < doc.length; i += sliceSize) {
    if (i > 0 && (i / sliceSize) % textSlices === 0) await nextTask();
    parts.push(doc.sliceString(i, i + sliceSize));
  }
  return parts;
}

let firstDiagnostics = null, updates = 0;
async function update() {
  if (loading) return; // setText checks once its last slice is in
  const seq = ++updates, src = await editorText();
  if (seq !== updates) return;
  writeFragment(src);
  $("status").textContent = tab === "go" && !goCompiler ? "loading the Go generator…" : "checking…";
  const t0 = performance.now();
  const check = [["check", "--format", "json", ...from(), ...keyArgs(), "-"], src];
  // The Go tab's generation runs in its own worker, beside the check.
  const [m, g] = await Promise.all(tab === "go" ? [call(compiler, [check]), call(goWorker(), tabRuns(tab, src))] : [call(compiler, [check, ...tabRuns(tab, src)])]);
  if (seq !== updates) return; // a later edit's results are on their way
  const shown = performance.now();
  showDiags(m.results[0]);
  const rs = g ? g.results : m.results.slice(1), r = rs[0];
  const done = showOut(r.stdout + (r.stderr ? "\n" + r.stderr : ""));
  $("chart").textContent = "";
  if (tab === "tokens") showTokens(rs);
  await done;
  if (seq !== updates) return;
  const ms = Math.max(m.ms, g ? g.ms : 0);
  if (firstDiagnostics === null) { firstDiagnostics = performance.now() - loadStart; document.body.dataset.firstDiagnosticsMs = firstDiagnostics.toFixed(0); }
  $("status").textContent = `checked in ${ms.toFixed(0)} ms`;
  document.body.dataset.showMs = (performance.now() - shown).toFixed(0); // from the results' arrival to the last block shown
  document.body.dataset.checkMs = ms.toFixed(0);
  document.body.dataset.roundTripMs = (performance.now() - t0).toFixed(0);
  document.body.dataset.checked = String(++checks);
}
const later = () => { clearTimeout(timer); timer = setTimeout(update, 250); };
$("from").addEventListener("change", () => { editor.setLanguage($("from").value); update(); });
for (const k of ["lang", "view", "to", "key"]) $(k).addEventListener("change", update);
for (const b of document.querySelectorAll("#tabs button")) b.onclick = () => { tab = b.dataset.tab; markTab(); update(); };
function markTab() { for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === tab); }
$("fix").onclick = async () => { const m = await call(compiler, [[["fix", ...from(), "-"], editor.text()]]); if (m.results[0].code !== 2 && m.results[0].stdout) setText(m.results[0].stdout); };
for (const n of self.rosettacExamples || []) { const o = document.createElement("option"); o.textContent = n; $("examples").append(o); }
$("examples").onchange = async () => { const n = $("examples").value; if (!n) return; setText(await (await fetch("examples/" + n)).text()); };
window.addEventListener("hashchange", () => { readFragment(); markTab(); clearTimeout(timer); update(); });
readFragment(); markTab(); clearTimeout(timer); update();
