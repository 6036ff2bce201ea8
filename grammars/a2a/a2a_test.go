package a2a_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/grammars/a2a"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/interoptest"
	"github.com/rosettac/rosettac/ir"
)

// foreignA2A is a conversation another A2A agent wrote: no metadata.rosetta,
// UUID ids, every part kind, metadata rosettac cannot carry.
const foreignA2A = `[
  {"kind": "message", "messageId": "9229e770-767c-417b-a0b0-f0741243c589", "role": "user",
   "contextId": "c-1f2e", "taskId": "t-77",
   "parts": [{"kind": "text", "text": "What is the weather in Paris tomorrow?"},
             {"kind": "file", "file": {"name": "cities.csv", "mimeType": "text/csv", "bytes": "Y2l0eSxjb3VudHJ5ClBhcmlzLEZSCg=="}}],
   "metadata": {"trace": "abc"}},
  {"kind": "message", "messageId": "m2", "role": "agent", "contextId": "weather", "taskId": "t-77",
   "parts": [{"kind": "data", "data": {"city": "Paris", "sky": "clear"}},
             {"kind": "data", "data": {"high": 18.5, "hourly": [1, 2], "note": "a, b"}},
             {"kind": "text", "text": "Line one\nline two  \n\nend"},
             {"kind": "file", "file": {"name": "icon.png", "mimeType": "image/png", "bytes": "iVBORw0KGgo="}},
             {"kind": "file", "file": {"uri": "https://example.com/forecast.pdf", "mimeType": "application/pdf"}}]}
]`

// read is Read with the Rosetta grammar's writer, as the compiler's A2A row
// calls it.
func read(name, in string) ([]byte, diag.List) {
	return a2a.Read(diag.NewSource(name, []byte(in)), rosetta.JSONText)
}

// TestA2AForeign: messages another agent wrote (valid against the schema's
// Message) read into Rosetta that parses without errors, keeping every text
// byte, the data and the file bytes, with the thread (re=, topic) derived from
// taskId and contextId, and a T025 for each thing Rosetta cannot carry.
func TestA2AForeign(t *testing.T) {
	dir := interoptest.Dir(t, "a2a/specification/json")
	msgSchema := interoptest.Schema(t, filepath.Join(dir, "a2a.json"), "/definitions/Message")
	var msgs []json.RawMessage
	if err := json.Unmarshal([]byte(foreignA2A), &msgs); err != nil {
		t.Fatal(err)
	}
	for i, m := range msgs {
		if err := interoptest.Validate(msgSchema, m); err != nil {
			t.Fatalf("fixture message %d is not an A2A Message: %v", i+1, err)
		}
	}
	text, ds := read("in.json", foreignA2A)
	if text == nil || ds.HasErrors() {
		t.Fatalf("Read: %v", ds)
	}
	got := string(text)
	for _, want := range []string{
		"user.1 ask user>agent x_a2a_id=9229e770-767c-417b-a0b0-f0741243c589 x_a2a_task=t-77 x_a2a_context=c-1f2e\n",
		" q What is the weather in Paris tomorrow?\n",
		" txt cities @csv\n | city,country\n | Paris,FR\n",
		"agent.1 tell agent>user #weather re=user.1 x_a2a_id=m2\n", // re=: the task's earlier message
		" a city = Paris\n   sky = clear\n",
		" txt data @json\n | {\n |   \"high\": 18.5,\n",
		" txt text\n | Line one\n | line two  \n |\n | end\n",
		" txt icon @base64\n | iVBORw0KGgo=\n",
		" ctx https://example.com/forecast.pdf\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Rosetta text lacks %q:\n%s", want, got)
		}
	}
	var lost []string
	for _, d := range ds {
		if d.Code == a2a.CodeLost {
			lost = append(lost, d.Span.Start().String()+" "+d.Message)
		}
	}
	if len(lost) != 2 || !strings.Contains(lost[0], "metadata of message 9229e770") || !strings.Contains(lost[1], `MIME type "application/pdf"`) {
		t.Errorf("T025s: %q", lost)
	}
	if !strings.HasPrefix(lost[0], "6:16 ") || !strings.HasPrefix(lost[1], "12:39 ") {
		t.Errorf("T025s at %q, want the metadata at 6:16 and the file at 12:39", lost)
	}
	r := compiler.Check("back.rose", text, compiler.Options{From: ir.Rosetta})
	if r.Diags.HasErrors() {
		t.Errorf("the Rosetta text has errors: %v\n%s", r.Diags, text)
	}
	// And on to A2A again: the text and the file bytes are unchanged.
	out, _ := translate.ToA2A(r.Doc, translate.Options{})
	for _, want := range []string{`"text": "What is the weather in Paris tomorrow?"`, `"bytes": "Y2l0eSxjb3VudHJ5ClBhcmlzLEZSCg=="`,
		`"text": "https://example.com/forecast.pdf"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("A2A again lacks %s", want)
		}
	}
}

// TestA2AForeignRefused: what is not an A2A Message is T027, naming why.
func TestA2AForeignRefused(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`[{"kind":"message","messageId":"x","role":"robot","parts":[]}]`, `role is "robot"`},
		{`[{"kind":"message","role":"user","parts":[]}]`, "needs a messageId"},
		{`[{"kind":"message","messageId":"x","role":"user","parts":[{"kind":"video"}]}]`, `unknown kind "video"`},
		{`[{"kind":"message","messageId":"x","role":"user","parts":[{"kind":"file","file":{"bytes":"%%%"}}]}]`, "not base64"},
		{`[{"kind":"status-update"}]`, "not an A2A Message"},
		{`{"kind":"nothing"}`, "expected an A2A Message"},
	} {
		text, ds := read("in.json", tc.in)
		if text != nil || len(ds) == 0 || ds[0].Code != a2a.CodeBadA2A || !strings.Contains(ds[0].Message, tc.want) {
			t.Errorf("%s: %q %v, want T027 with %q", tc.in, text, ds, tc.want)
		}
	}
}

// TestA2APositions: each diagnostic is at the value it is about: a refused
// value, a loss, JSON that is not JSON (after an encoding mark too).
func TestA2APositions(t *testing.T) {
	for _, tc := range []struct{ in, code, at string }{
		{`{"kind":"message","messageId":"x","role":"robot","parts":[]}`, a2a.CodeBadA2A, `"robot"`},
		{`[{"kind":"message","messageId":"x","role":"user","parts":[{"kind":"video"}]}]`, a2a.CodeBadA2A, `{"kind":"video"}`},
		{`{"kind":"nothing"}`, a2a.CodeBadA2A, `{"kind":"nothing"}`},
		{`{"kind":"task","id":"t","status":{"state":"working"},"history":[]}`, a2a.CodeLost, `"working"`},
		{`{"kind":"message","messageId":"a b","role":"user","parts":[]}`, a2a.CodeLost, `"a b"`},
		{`{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"file","file":{"bytes":"AAE=","name":"x.bin"}}]}`, "T026", `"AAE="`},
		{`{"kind":"message","messageId":"m","role":"user","parts":[}`, a2a.CodeJSON, `}`},
		{"\uFEFF[1,]", a2a.CodeJSON, `]`},
	} {
		_, ds := read("in.json", tc.in)
		var d *diag.Diagnostic
		for i := range ds {
			if ds[i].Code == tc.code {
				d = &ds[i]
				break
			}
		}
		if d == nil {
			t.Errorf("%s: no %s in %v", tc.in, tc.code, ds)
			continue
		}
		start, end := d.Span.StartOffset(), d.Span.EndOffset()
		if got := tc.in[start:max(end, start+1)]; got != tc.at {
			t.Errorf("%s: %s at %q, want %q", tc.in, tc.code, got, tc.at)
		}
	}
	if _, ds := read("in.json", " \n"); len(ds) != 1 || ds[0].Message != "the input is not valid JSON: no JSON value" {
		t.Errorf("blank input: %v", ds)
	}
}

// TestA2ADataKept: a data part that is not bindings is carried as its JSON
// byte for byte, re-indented: numbers as written, escapes as written, a
// repeated key twice. Bindings read a repeated key as JSON.parse does.
func TestA2ADataKept(t *testing.T) {
	in := `{"kind":"message","messageId":"m","role":"user","parts":[` +
		`{"kind":"data","data":{"n":1.50,"e":1e2,"s":"\u2028x\b","k":1,"k":2,"z":[]}},` +
		`{"kind":"data","data":{"a":"x","a":"y"}}]}`
	text, ds := read("in.json", in)
	if text == nil || ds.HasErrors() {
		t.Fatal(ds)
	}
	want := " txt data @json\n | {\n |   \"n\": 1.50,\n |   \"e\": 1e2,\n |   \"s\": \"\\u2028x\\b\",\n" +
		" |   \"k\": 1,\n |   \"k\": 2,\n |   \"z\": []\n | }\n a a = y\n"
	if !strings.Contains(string(text), want) {
		t.Errorf("got\n%s\nwant it to hold\n%s", text, want)
	}
}

// TestA2AIs: the shapes read as A2A without --from a2a, and near misses that
// stay the JSON row's (AgentDSL data may have a table of messages).
func TestA2AIs(t *testing.T) {
	msg := `{"kind":"message","messageId":"m","role":"user","parts":[]}`
	for in, want := range map[string]bool{
		msg:                         true,
		"[" + msg + "," + msg + "]": true,
		`{"kind":"task","id":"t","status":{"state":"working"},"history":[` + msg + `]}`: true,
		`{"messages":[` + msg + `],"tasks":[]}`:                                         true,
		`[]`:                                                                            false,
		"[" + msg + `,{"messageId":"x"}]`:                                               false,
		`{"messages":[` + msg + `]}`:                                                    false, // not what --to a2a writes
		`{"messages":[{"messageId":1}],"tasks":[]}`:                                     false,
		`{"kind":"message","messageId":"m","role":"user"}`:                              false, // no parts
		`{"kind":"mess\u0061ge","messageId":"m","role":"user","parts":[]}`:              true,
		`{"k\u0069nd":"message","messageId":"m","role":"user","parts":[]}`:              true,
		`{"kind":"message","messageId":"m","role":"user","parts":[]` + "\n":             false, // not JSON
		`{"format":"rosetta","items":[]}`:                                               false,
	} {
		if got := a2a.Is(in); got != want {
			t.Errorf("Is(%s) = %v, want %v", in, got, want)
		}
	}
}

// BenchmarkRead reads foreignA2A's messages repeated 2,000 times (4.9 MB):
// every part kind, and a T025 warning with its span for each message.
func BenchmarkRead(b *testing.B) {
	body := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(foreignA2A), "["), "]")
	data := []byte("[" + strings.Repeat(body+",", 1999) + body + "]")
	src := diag.NewSource("bench.json", data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if text, ds := a2a.Read(src, rosetta.JSONText); text == nil {
			b.Fatal(ds)
		}
	}
}

// TestA2ARosettaFormRefused: a message rosettac wrote whose metadata.rosetta
// the data form's writer refuses, or that nests deeper than a data form's
// reader reads, is T027 at the start of the file, as the form's JSON text
// would be refused.
func TestA2ARosettaFormRefused(t *testing.T) {
	msg := func(meta string) string {
		return `[{"kind":"message","messageId":"a1","role":"agent","parts":[],"metadata":{"rosetta":` + meta + `}}]`
	}
	for _, tc := range []struct{ in, want string }{
		{msg(`{"slots":3}`), "id and act are required"},
		{msg(`{"id":"a1","act":"tell","x":` + strings.Repeat("[", 250) + strings.Repeat("]", 250) + `}`), "JSON nested more than 200 deep"},
	} {
		text, ds := read("in.json", tc.in)
		if text != nil || len(ds) != 1 || ds[0].Code != "T027" || !strings.Contains(ds[0].Message, tc.want) || ds[0].Span.StartOffset() != 0 {
			t.Errorf("%.60s: %q %v, want one T027 at the start with %q", tc.in, text, ds, tc.want)
		}
	}
	// Just within the reader's depth, the form is read.
	if text, ds := read("in.json", msg(`{"id":"a1","act":"tell","x_deep":`+strings.Repeat("[", 190)+strings.Repeat("]", 190)+`,"slots":[]}`)); text == nil {
		t.Errorf("a form 195 deep refused: %v", ds)
	}
}

// TestA2ARosettaFormNotCarried: a key of metadata.rosetta that Rosetta's
// data form does not have is a T025, at its value in the A2A file when that
// value is a string, number or boolean, and at the start of the file when it
// is an array or object (the form holds a copy of those); the message is
// still read.
func TestA2ARosettaFormNotCarried(t *testing.T) {
	in := `[{"kind":"message","messageId":"a1","role":"agent","parts":[],"metadata":{"rosetta":{"id":"a1","act":"tell","x":"v","y":[1]}}}]`
	text, ds := read("in.json", in)
	if string(text) != "a1 tell\n" {
		t.Errorf("text %q, want the message", text)
	}
	got := map[string]string{}
	for _, d := range ds {
		if d.Code == "T025" {
			path, _, _ := strings.Cut(d.Message, " ")
			got[path] = in[d.Span.StartOffset():d.Span.EndOffset()]
		}
	}
	want := map[string]string{"$.items[0].message.x": `"v"`, "$.items[0].message.y": ""}
	if len(got) != len(want) || got["$.items[0].message.x"] != want["$.items[0].message.x"] || got["$.items[0].message.y"] != "" {
		t.Errorf("T025s at %q, want %q", got, want)
	}
}
