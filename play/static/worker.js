// The compiler runs here, off the page's main thread: rosettacRun is the CLI's
// own run() compiled to wasm (cmd/rosettac/main_js.go).
importScripts("wasm_exec.js");
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
