package translate_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
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
	text, ds := translate.FromA2A(diag.NewSource("in.json", []byte(foreignA2A)))
	if text == nil || ds.HasErrors() {
		t.Fatalf("FromA2A: %v", ds)
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
		if d.Code == translate.CodeLost {
			lost = append(lost, d.Span.Start().String()+" "+d.Message)
		}
	}
	if len(lost) != 2 || !strings.Contains(lost[0], "metadata of message 9229e770") || !strings.Contains(lost[1], `MIME type "application/pdf"`) {
		t.Errorf("T025s: %q", lost)
	}
	if !strings.HasPrefix(lost[0], "2:23 ") {
		t.Errorf("T025 at %s, want the messageId at 2:23", lost[0])
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
		text, ds := translate.FromA2A(diag.NewSource("in.json", []byte(tc.in)))
		if text != nil || len(ds) == 0 || ds[0].Code != translate.CodeBadJSON || !strings.Contains(ds[0].Message, tc.want) {
			t.Errorf("%s: %q %v, want T027 with %q", tc.in, text, ds, tc.want)
		}
	}
}
