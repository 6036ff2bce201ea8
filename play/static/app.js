// The playground page: the editor, the diagnostics and the output tabs. Every
// output is one CLI command run in the worker on the editor's bytes.
const $ = (id) => document.getElementById(id);
const worker = new Worker("worker.js");
let nextId = 0, pending = {}, tab = "render", timer = null;
worker.onmessage = (e) => { const p = pending[e.data.id]; delete pending[e.data.id]; p && p(e.data); };
const call = (runs) => new Promise((res) => { const id = nextId++; pending[id] = res; worker.postMessage({ id, runs, key: $("key").value }); });

// The fragment: #src=<unpadded base64url of UTF-8>&from=&lang=&tab=.
function b64enc(s) { let b = ""; for (const c of new TextEncoder().encode(s)) b += String.fromCharCode(c); return btoa(b).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""); }
function b64dec(s) { const b = atob(s.replace(/-/g, "+").replace(/_/g, "/")); return new TextDecoder().decode(Uint8Array.from(b, (c) => c.charCodeAt(0))); }
function readFragment() {
  const q = new URLSearchParams(location.hash.slice(1));
  if (q.has("src")) $("editor").value = b64dec(q.get("src"));
  if (q.has("from")) $("from").value = q.get("from");
  if (q.has("lang")) $("lang").value = q.get("lang");
  if (q.has("tab")) tab = q.get("tab");
}
function writeFragment() {
  const q = new URLSearchParams();
  q.set("src", b64enc($("editor").value));
  for (const k of ["from", "lang"]) if ($(k).value) q.set(k, $(k).value);
  q.set("tab", tab);
  history.replaceState(null, "", "#" + q.toString());
}
const from = () => ($("from").value ? ["--from", $("from").value] : []);
const keyArgs = () => ($("key").value ? ["--key-file", "pasted.key"] : []);
function tabArgs(t) {
  switch (t) {
    case "render": return ["render", "--lang", $("lang").value, ...from(), ...keyArgs(), "-"];
    case "fmt": return ["fmt", ...from(), "-"];
    case "translate": return ["translate", "--to", $("to").value, ...from(), ...keyArgs(), "-"];
    case "ir": return ["compile", "--emit", "ir", ...from(), ...keyArgs(), "-"];
    case "go": return ["gen", "go", "-"];
    case "repair": return ["check", "--repair", ...from(), "-"];
    case "tokens": return ["tokens", "--format", "json", "--by", "component", ...from(), "-"];
  }
}
function showDiags(r) {
  const ul = $("diags"); ul.textContent = "";
  let ds = [];
  try { ds = JSON.parse(r.stdout).diagnostics || []; } catch (e) { ds = []; if (r.stderr) { const li = document.createElement("li"); li.textContent = r.stderr; ul.append(li); } }
  for (const d of ds) {
    const li = document.createElement("li");
    li.className = "diag " + (d.severity || "");
    const pos = d.range || d.pos || {};
    li.textContent = `${d.code || ""} ${JSON.stringify(d.start || d.position || pos)} ${d.message || ""}`;
    li.onclick = () => select(d);
    ul.append(li);
  }
  $("status").dataset.diags = ds.length;
}
// select highlights a diagnostic's position in the editor.
function select(d) {
  const off = d.offset ?? d.start?.offset ?? d.range?.start?.offset;
  if (off != null) { const ed = $("editor"); ed.focus(); ed.setSelectionRange(off, d.end?.offset ?? off + 1); }
}
function showChart(r) {
  const c = $("chart"); c.textContent = "";
  if (tab !== "tokens") return;
  try {
    const j = JSON.parse(r.stdout);
    const rows = []; (function walk(o, p) { for (const [k, v] of Object.entries(o)) { if (typeof v === "number") rows.push([p + k, v]); else if (v && typeof v === "object") walk(v, p + k + "."); } })(j, "");
    const max = Math.max(1, ...rows.map((x) => x[1]));
    for (const [k, v] of rows) { const d = document.createElement("div"); d.innerHTML = `<span class="bar" style="width:${(200 * v) / max}px"></span> `; d.append(`${k} ${v}`); c.append(d); }
  } catch (e) {}
}
async function update() {
  writeFragment();
  const src = $("editor").value;
  $("status").textContent = "checking…";
  const m = await call([[["check", "--format", "json", ...from(), ...keyArgs(), "-"], src], [tabArgs(tab), src]]);
  showDiags(m.results[0]);
  const r = m.results[1];
  $("out").textContent = r.stdout + (r.stderr ? "\n" + r.stderr : "");
  showChart(r);
  $("status").textContent = `checked in ${m.ms.toFixed(0)} ms`;
  document.body.dataset.checked = String(Number(document.body.dataset.checked || 0) + 1);
}
const later = () => { clearTimeout(timer); timer = setTimeout(update, 250); };
$("editor").addEventListener("input", later);
for (const k of ["from", "lang", "to", "key"]) $(k).addEventListener("change", update);
for (const b of document.querySelectorAll("#tabs button")) b.onclick = () => { tab = b.dataset.tab; markTab(); update(); };
function markTab() { for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === tab); }
$("fix").onclick = async () => { const m = await call([[["fix", ...from(), "-"], $("editor").value]]); if (m.results[0].code !== 2 && m.results[0].stdout) $("editor").value = m.results[0].stdout; update(); };
for (const n of self.rosettacExamples || []) { const o = document.createElement("option"); o.textContent = n; $("examples").append(o); }
$("examples").onchange = async () => { const n = $("examples").value; if (!n) return; $("editor").value = await (await fetch("examples/" + n)).text(); update(); };
window.addEventListener("hashchange", () => { readFragment(); markTab(); update(); });
readFragment(); markTab(); update();
