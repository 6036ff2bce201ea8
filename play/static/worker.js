// The compiler runs here, off the page's main thread: rosettacRun is the CLI's
// own run() compiled to wasm (cmd/rosettac/main_js.go). worker.js loads
// rosettac.wasm; worker.js?wasm=rosettac-go.wasm loads the Go tab's build
// (play.Build), which counts no tokens and so fetches no vocabulary.
importScripts("wasm_exec.js");
const wasm = new URLSearchParams(self.location.search).get("wasm") || "rosettac.wasm";
// wasm_exec.js gives the browser no working directory; the CLI's config search
// walks up from it and finds nothing in a page that has no files.
// The page has no files (pasted keys live inside the wasm): every file the
// CLI looks for, such as rosettac.yaml, does not exist.
self.process.cwd = () => "/";
const enoent = () => Object.assign(new Error("no such file or directory"), { code: "ENOENT" });
for (const f of ["stat", "lstat", "open"]) self.fs[f] = (...a) => a[a.length - 1](enoent());
const started = new Promise((resolve) => { self.rosettacReady = resolve; });
const go = new Go();
WebAssembly.instantiateStreaming(fetch(wasm), go.importObject).then((r) => go.run(r.instance));
// The browser build has no tokenizer vocabulary compiled in (it would be most
// of the wasm): fetch each encoding's file, fetched once, parsed on first use.
const vocabulary = (enc) => fetch(enc + ".tiktoken").then((r) => {
  if (!r.ok) throw new Error(`${enc}.tiktoken: ${r.status}`);
  return r.arrayBuffer();
});
const encodings = wasm === "rosettac.wasm" ? ["o200k_base", "cl100k_base"] : [];
const ready = Promise.all([started, ...encodings.map(vocabulary)]).then(([, ...files]) => {
  files.forEach((f, i) => {
    const err = self.rosettacSetVocabulary(encodings[i], new Uint8Array(f));
    if (err) throw new Error(err);
  });
});
self.onmessage = async (e) => {
  // What this worker fetched (the browser test checks it all came from
  // rosettac play: no network once loaded).
  if (e.data.resources) return postMessage({ id: e.data.id, resources: performance.getEntriesByType("resource").map((r) => r.name) });
  await ready;
  const { id, runs, key } = e.data;
  self.rosettacSetKey("pasted.key", key || "");
  const t0 = performance.now();
  const results = [];
  for (const [args, src] of runs) {
    // src is the editor's text (a string, or for a large text its slices),
    // or {pipe: true}: the output of the run before.
    const text = typeof src === "string" ? src : Array.isArray(src) ? src.join("") : results[results.length - 1].stdout;
    results.push(self.rosettacRun(args, new TextEncoder().encode(text)));
  }
  postMessage({ id, results, ms: performance.now() - t0 });
};
