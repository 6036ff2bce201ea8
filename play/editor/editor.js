// The playground's editor: CodeMirror 6 with highlighting for rosettac's three
// languages (and JSON), the diagnostics underlined in the text, and their
// fixes as actions. go generate (play/internal/bundle) bundles this file with
// the packages package-lock.json pins into play/static/editor.js, which the
// page loads as a plain script: the page needs no Node at run time.
import { EditorView, basicSetup } from "codemirror";
import { EditorState, Compartment } from "@codemirror/state";
import { StreamLanguage, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { json } from "@codemirror/lang-json";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { tags as t } from "@lezer/highlight";

// The vocabulary of AgentRosetta (../shared/spec/rosetta.md): a header is an
// agent address, an act and header fields; a slot line starts with a slot name.
const acts = new Set("ask tell do take part done fail stop propose accept reject revise def note".split(" "));
const slots = new Set("q a why ctx want unk assume risk opt sub on by txt mark".split(" "));
const headerRe = /^[a-z][a-z0-9_-]*(\.[0-9]+)*\s+[a-z]+(\s|$)/;

const rosetta = StreamLanguage.define({
  name: "rosetta",
  startState: () => ({ header: false, content: false }),
  token(stream, state) {
    if (stream.sol()) {
      state.content = false;
      state.header = !/^\s/.test(stream.string) && headerRe.test(stream.string) && acts.has(stream.string.split(/\s+/)[1]);
      if (stream.match(/^\s*\|/)) { state.content = true; return "punctuation"; }
    }
    if (state.content) { stream.skipToEnd(); return "string"; } // content bytes, verbatim
    if (stream.eatSpace()) return null;
    if (state.header) {
      if (stream.column() === 0 && stream.match(/^\S+/)) return "variableName.definition";
      if (stream.match(/^>\S+/)) return "variableName";
      if (stream.match(/^#\S+/)) return "labelName";
      if (stream.match(/^[a-z_][a-z0-9_]*=/)) { stream.match(/^\S*/); return "attributeName"; }
      const w = stream.match(/^\S+/);
      return w && acts.has(w[0]) ? "keyword" : null;
    }
    if (stream.pos === stream.string.search(/\S/)) {
      const w = stream.match(/^[^\s:：]+[:：]?/);
      if (w && slots.has(w[0].replace(/[:：]$/, "").toLowerCase())) return "propertyName";
      return null;
    }
    if (stream.match(/^@[a-z]+:\S+/)) return "link";
    if (stream.match(/^~(hi|mid|lo)\b/)) return "modifier";
    if (stream.match(/^[A-Z][A-Z0-9_]+\b/)) return "atom";
    stream.match(/^[^\s@~A-Z]+|^./);
    return null;
  },
});

// Agent Lingua (../shared/spec/lingua.md): a frame is a marker (👽, ^, !E),
// fields split by |, addresses (@), sessions (#) and payloads ($j:, $e:).
const lingua = StreamLanguage.define({
  name: "lingua",
  startState: () => ({ frame: false }),
  token(stream, state) {
    if (stream.sol()) {
      state.frame = /^(👽|\^|!E|--👽)/u.test(stream.string);
      if (!state.frame) { stream.skipToEnd(); return "comment"; } // prose around the frames
      if (stream.match(/^--👽\S*/u)) return "meta";
      if (stream.match(/^(👽|\^|!E)[0-9A-Za-z]*/u)) return "keyword";
    }
    if (stream.eat("|")) return "punctuation";
    if (stream.match(/^@[^|]*/)) return "variableName";
    if (stream.match(/^#[^|]*/)) return "labelName";
    if (stream.match(/^\$[a-z]:/)) { stream.match(/^[^|]*/); return "string"; }
    stream.match(/^[^|]+/);
    return null;
  },
});

// AgentDSL (../shared/spec/agentdsl.md): block markers in brackets, column
// lines NAME:type, rows of cells split by |.
const adslTypes = /^(str|int|float|bool|any|date|datetime|list|obj)\*?/;
const agentdsl = StreamLanguage.define({
  name: "agentdsl",
  startState: () => ({}),
  token(stream) {
    if (stream.sol()) {
      if (stream.match(/^\[(SCHEMA(:[^\]]*)?|DATA|FUNCTIONS|CALL|RESULT|CONFIG|METADATA)\]/)) return "keyword";
      if (stream.match(/^(DESC|IN|OUT)(?=\[)/)) return "keyword";
      if (stream.match(/^\[[A-Za-z][A-Za-z0-9_]*\]\s*$/)) return "definition";
    }
    if (stream.eat("|")) return "punctuation";
    if (stream.match(/^[\[\]]/)) return "bracket";
    if (stream.match(/^[A-Z][A-Z0-9_]*(?=:)/)) return "propertyName";
    if (stream.eat(":")) {
      if (stream.match(adslTypes)) return "typeName";
      return "punctuation";
    }
    if (stream.match(/^_(?=\||$)/)) return "atom";
    stream.match(/^[^|:\[\]]+|^./);
    return "string";
  },
});

const style = HighlightStyle.define([
  { tag: t.keyword, color: "#7a3e9d", fontWeight: "bold" },
  { tag: [t.definition(t.variableName), t.definition(t.name)], color: "#1f5fa8", fontWeight: "bold" },
  { tag: t.variableName, color: "#1f5fa8" },
  { tag: t.labelName, color: "#a35c00" },
  { tag: t.attributeName, color: "#5a6b00" },
  { tag: t.propertyName, color: "#006b6b", fontWeight: "bold" },
  { tag: t.typeName, color: "#8a4b00" },
  { tag: t.string, color: "#333" },
  { tag: t.link, color: "#0a58ca", textDecoration: "underline" },
  { tag: t.modifier, color: "#b00060" },
  { tag: t.atom, color: "#6b3fa0" },
  { tag: t.comment, color: "#777", fontStyle: "italic" },
  { tag: t.meta, color: "#777" },
  { tag: t.punctuation, color: "#999" },
]);

// sniff guesses the language for highlighting only, the way the CLI detects
// it (compiler/frontend.go): the check itself always runs in the compiler.
function sniff(text) {
  const head = text.slice(0, 4096);
  if (/^\s*[{[]/.test(head) && !/^\s*\[[A-Z]/.test(head)) return "json";
  if (/^(👽|\^|!E|--👽lingua\/)/mu.test(head)) return "lingua";
  if (/^\[(SCHEMA:|DATA\]|FUNCTIONS\]|CALL\]|RESULT\])/m.test(head)) return "agentdsl";
  return "rosetta";
}
const languages = { rosetta, lingua, agentdsl, json: json() };

// utf16Col is the UTF-16 offset in line of code-point column col (1-based),
// the unit of rosettac's diagnostics.
function utf16Col(line, col) {
  let i = 0;
  for (let n = 1; n < col && i < line.length; n++) i += line.codePointAt(i) > 0xffff ? 2 : 1;
  return i;
}

// create makes the editor in parent. onChange is called after each edit.
export function create(parent, onChange) {
  const language = new Compartment();
  let chosen = ""; // the language picked in the page; "" detects
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: "",
      extensions: [
        basicSetup,
        // Only \n ends a line: a \r stays in the text, so the bytes the
        // compiler sees are the bytes pasted (CodeMirror's default would turn
        // \r\n into \n).
        EditorState.lineSeparator.of("\n"),
        language.of(rosetta),
        syntaxHighlighting(style),
        lintGutter(),
        EditorView.updateListener.of((u) => { if (u.docChanged) onChange(); }),
      ],
    }),
  });
  let current = "rosetta";
  const relanguage = () => {
    const want = chosen || sniff(view.state.doc.sliceString(0, 4096));
    if (want !== current) { current = want; view.dispatch({ effects: language.reconfigure(languages[want]) }); }
  };
  // pos is the editor position of a (line, code-point column) of rosettac's.
  const pos = (line, col) => {
    const doc = view.state.doc;
    if (line < 1) return 0;
    if (line > doc.lines) return doc.length;
    const l = doc.line(line);
    return l.from + utf16Col(l.text, col);
  };
  const fixChanges = (fix) => fix.edits.map((e) => ({ from: pos(e.line, e.col), to: pos(e.end_line, e.end_col), insert: e.new_text }));
  const api = {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      relanguage();
    },
    setLanguage(lang) { chosen = lang; relanguage(); },
    language: () => current,
    pos,
    // applyFix applies one fix of a diagnostic (its edits together), as
    // rosettac fix would.
    applyFix(fix) { view.dispatch({ changes: fixChanges(fix), userEvent: "input.fix" }); },
    // select selects a diagnostic's range and scrolls to it.
    select(d) {
      const from = pos(d.line, d.col), to = Math.max(from, pos(d.end_line, d.end_col));
      view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
      view.focus();
    },
    // showDiagnostics underlines the diagnostics (rosettac's JSON) in the
    // text; a diagnostic's fixes are actions in its tooltip.
    showDiagnostics(ds) {
      const len = view.state.doc.length;
      const marks = ds.map((d) => {
        const from = Math.min(pos(d.line, d.col), len);
        let to = Math.min(pos(d.end_line, d.end_col), len);
        if (to <= from) to = Math.min(from + 1, len);
        return {
          from, to,
          severity: d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "info",
          source: d.code,
          message: d.message + (d.hint ? " (" + d.hint + ")" : ""),
          actions: (d.fixes || []).map((f) => ({ name: f.title, apply: () => api.applyFix(f) })),
        };
      });
      view.dispatch(setDiagnostics(view.state, marks));
    },
  };
  api.onEdit = relanguage;
  return api;
}

self.rosettacEditor = { create, sniff };
