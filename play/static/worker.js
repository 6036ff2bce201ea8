// The compiler runs here, off the page's main thread: rosettacRun is the CLI's
// own run() compiled to wasm (cmd/rosettac/main_js.go).
importScripts("wasm_exec.js");
// wasm_exec.js gives the browser no working directory; the CLI's config search
// walks up from it and finds nothing in a page that has no files.
// The page has no files (pasted keys live inside the wasm): every file the
// CLI looks for, such as rosettac.yaml, does not exist.
self.process.cwd = () => "/";
const enoent = () => Object.assign(new Error("no such file or directory"), { code: "ENOENT" });
for (const f of ["stat", "lstat", "open"]) self.fs[f] = (...a) => a[a.length - 1](enoent());
const ready = new Promise((resolve) => { self.rosettacReady = resolve; });
const go = new Go();
WebAssembly.instantiateStreaming(fetch("rosettac.wasm"), go.importObject).then((r) => go.run(r.instance));
self.onmessage = async (e) => {
  await ready;
  const { id, runs, key } = e.data;
  self.rosettacSetKey("pasted.key", key || "");
  const t0 = performance.now();
  const results = runs.map(([args, src]) => self.rosettacRun(args, new TextEncoder().encode(src)));
  postMessage({ id, results, ms: performance.now() - t0 });
};
