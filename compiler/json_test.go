package compiler

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// TestDetectJSON: a JSON text's language is told by its top level alone.
func TestDetectJSON(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want ir.Language
	}{
		{`{"format":"rosetta","items":[]}`, ir.Rosetta},
		{`{"items":[{"prose":"x"}], "format":"lingua"}`, ir.Lingua},
		{"\n  {\"form\\u0061t\":\"rosetta\",\"items\":[]}", ir.Rosetta}, // a key spelled with an escape
		{`{"format":"rosetta","items":{}}`, ir.AgentDSL},                // items not an array
		{`{"format":"agentdsl","items":[]}`, ir.AgentDSL},               // no row reads such a form
		{`{"format":"rosetta"}`, ir.AgentDSL},
		{`{"rows":[{"format":"rosetta","items":[]}]}`, ir.AgentDSL}, // nested: not the top level
		{`[{"format":"rosetta","items":[]}]`, ir.AgentDSL},
		{`{"format":"rosetta","items":[]`, ir.AgentDSL}, // not JSON: from_json says so
	} {
		if got := DetectJSON([]byte(tt.src)); got != tt.want {
			t.Errorf("DetectJSON(%s) = %s, want %s", tt.src, got, tt.want)
		}
	}
}

// TestJSONReadsAsItsLanguage: a Rosetta or Lingua data form is checked as
// the text it describes, with that text's language, source and diagnostics;
// AgentDSL's relational form stays the JSON row's.
func TestJSONReadsAsItsLanguage(t *testing.T) {
	const rose = "a1.1 ask a1>b2 #t\n q why?\n"
	js := `{"format":"rosetta","items":[{"message":{"id":"a1.1","act":"ask","from":"a1","to":["b2"],"topic":"t","slots":[{"slot":"q","text":"why?"}]}}]}`
	for _, opt := range []Options{{}, {From: ir.JSON}} {
		r := Check("t.json", []byte(js), opt)
		if r.Lang != ir.Rosetta || r.Source.Content() != rose {
			t.Fatalf("From %q: lang %s, source %q; want rosetta, %q", opt.From, r.Lang, r.Source.Content(), rose)
		}
		want := Check("t.json", []byte(rose), Options{From: ir.Rosetta})
		if fmt.Sprint(r.Diags) != fmt.Sprint(want.Diags) {
			t.Errorf("the form's diagnostics %v, the text's %v", r.Diags, want.Diags)
		}
		if _, ok := r.Doc.(*ir.Transcript); !ok || r.Form != ir.JSON {
			t.Errorf("doc is a %T, form %q", r.Doc, r.Form)
		}
		// fmt and fix leave the form alone: the text's canonical form and
		// fixes are not the file's.
		if out, ds := Format(r, FormatOptions{}); out != nil || len(ds) != 1 || ds[0].Message != "no canonical printer for json input" ||
			ds[0].Span.Source().Content() != js {
			t.Errorf("Format of a data form: %q %v (want it reported in the JSON file)", out, ds)
		}
		if out, applied, _ := Fix("t.json", []byte(js), opt, diag.Review); string(out) != js || applied != nil {
			t.Errorf("Fix of a data form: %q %v", out, applied)
		}
		if d := Diagnose("t.json", []byte(js), opt); fmt.Sprint(d.Diags) != fmt.Sprint(want.Diags) {
			t.Errorf("Diagnose: %v, want %v", d.Diags, want.Diags)
		}
	}
	lin := Check("l.json", []byte(`{"format":"lingua","items":[{"line":{"messages":[{"kind":"natural","text":"hi"}]}}]}`), Options{})
	if lin.Lang != ir.Lingua || lin.Source.Content() != "👽 hi\n" {
		t.Errorf("lingua form: %s %q", lin.Lang, lin.Source.Content())
	}
	dsl := Check("d.json", []byte(`{"users":[{"id":1,"name":"a"}]}`), Options{})
	if dsl.Lang != ir.JSON || dsl.Form != ir.JSON || dsl.Doc == nil || dsl.Doc.Language() != ir.AgentDSL || dsl.Diags.HasErrors() {
		t.Errorf("relational form: lang %s, doc %T, %v", dsl.Lang, dsl.Doc, dsl.Diags)
	}
	// A form that names itself but is not of its shape is T027, on the JSON.
	bad := Check("b.json", []byte(`{"format":"rosetta","items":[42]}`), Options{})
	if bad.Lang != ir.JSON || bad.Doc != nil || len(bad.Diags) != 1 || bad.Diags[0].Code != "T027" ||
		!strings.Contains(bad.Diags[0].Message, "$.items[0]") || bad.Diags[0].Span.Source() != bad.Source {
		t.Errorf("bad form: %s %v", bad.Lang, bad.Diags)
	}
	// A form with no items describes empty text, which is F001 as empty text is.
	if e := Check("e.json", []byte(`{"format":"lingua","items":[]}`), Options{}); e.Lang != ir.Lingua || len(e.Diags) != 1 || e.Diags[0].Code != codeEmpty {
		t.Errorf("empty form: %s %v", e.Lang, e.Diags)
	}
}

// TestAddDataForm: a language's data JSON form is one field of its row.
func TestAddDataForm(t *testing.T) {
	row := *csvFrontEnd
	row.dataJSON = func(items *ir.JSONValue, mark func(int, *ir.JSONValue), _ func(string, *ir.JSONValue)) (string, error) {
		var b strings.Builder
		for _, it := range items.Items {
			mark(b.Len(), it) // each line is an item's string, written as it is
			b.WriteString(it.Text + "\n")
		}
		return b.String(), nil
	}
	withFrontEnd(t, &row)
	src := `{"format":"csv","items":["ID,NAME","1,ann"]}`
	if got := DetectJSON([]byte(src)); got != "csv" {
		t.Errorf("DetectJSON = %s, want csv", got)
	}
	r := Check("t.json", []byte(src), Options{})
	if r.Lang != "csv" || r.Source.Content() != "ID,NAME\n1,ann\n" || r.Doc == nil {
		t.Errorf("lang %s, source %q, doc %v", r.Lang, r.Source.Content(), r.Doc)
	}

	// What the check finds in the text is reported in the JSON, where the
	// row was written (a span in the text would name line 2 of a file that
	// has one).
	src = `{"format":"csv","items":["ID,NAME",` + "\n" + `  "x,ann"]}`
	r = Check("t.json", []byte(src), Options{})
	if len(r.Diags) == 0 {
		t.Fatal("a row whose ID is not an int: no diagnostic")
	}
	for _, d := range r.Diags {
		a, b := d.Span.Offsets()
		if d.Span.Source().Content() != src || !strings.Contains("x,ann", src[a:b]) || d.Span.Start().Line != 2 {
			t.Errorf("%s at %s (%q of the JSON), want inside the row's string on line 2", d.Code, d.Span, src[a:b])
		}
	}
}

// TestDataFormNotCarried: a member of Rosetta's data form that its text does
// not carry (a key the form does not have, one its shape leaves unused, or
// one of a kind it does not read) is a T025 warning at the member's value,
// naming its path, and the rest is read; a form translate --to json wrote
// has none.
func TestDataFormNotCarried(t *testing.T) {
	form := `{"format":"rosetta","items":[` +
		`{"prose":"p\n","note":1},` +
		`{"message":{"id":"a1.1","act":"tell","from":"a1","to":["b1"],"colour":"red","topic":7,"slots":[` +
		`{"slot":"a","bindings":[{"key":"k","value":"v","conf":"hi","why":"x"}],"items":["lost"]},` +
		`{"slot":"ctx","text":"@a1.0","refs":["@a1.0"]},` +
		`{"slot":"want","fields":[{"name":"eta","type":"dur","unit":"s"}]},` +
		`{"slot":"mark","marks":[{"addr":"a1.0#L1","op":"=","value":"n","by":"me"}]},` +
		`{"slot":"unk","items":[],"extra":true},` +
		`{"slot":"txt","name":"n","lines":["a",true,5]}]}}]}`
	r := Check("f.json", []byte(form), Options{})
	if r.Lang != ir.Rosetta || r.Doc == nil {
		t.Fatalf("read as %s, doc %v: %v", r.Lang, r.Doc, r.Diags)
	}
	got := map[string]string{}
	for _, d := range r.Diags {
		if d.Code == "T025" {
			path, _, _ := strings.Cut(d.Message, " ")
			got[path] = form[d.Span.StartOffset():d.Span.EndOffset()]
		}
	}
	want := map[string]string{
		"$.items[0].note":                             "1",
		"$.items[1].message.colour":                   `"red"`,
		"$.items[1].message.topic":                    "7", // a member the form has, of a kind it does not read
		"$.items[1].message.slots[0].items":           `["lost"]`,
		"$.items[1].message.slots[0].bindings[0].why": `"x"`,
		"$.items[1].message.slots[2].fields[0].unit":  `"s"`,
		"$.items[1].message.slots[3].marks[0].by":     `"me"`,
		"$.items[1].message.slots[4].extra":           "true",
		"$.items[1].message.slots[5].lines[1]":        "true", // an element with no text (a number has its digits)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("T025s (-want +got), path to the JSON at their spans:\n%s", diff)
	}
	// Lingua's form: a code's words and a payload's decoded content say
	// again what the code and the wire say, and are read.
	lform := `{"format":"lingua","items":[{"line":{"messages":[` +
		`{"kind":"request","code":"73","domain":"MBK","action":"PST","id":"p1","via":"x","time":9,` +
		`"payload":{"prefix":"j","wire":"j:eyJ0IjoidGVzdCJ9","json":{"t":"test"},"zip":1}},` +
		`{"kind":"natural","text":"hi","lang":"en"}],"signature_text":"sig","mood":"ok"}}]}`
	got = map[string]string{}
	r = Check("l.json", []byte(lform), Options{})
	if r.Lang != ir.Lingua || r.Doc == nil {
		t.Fatalf("read as %s, doc %v: %v", r.Lang, r.Doc, r.Diags)
	}
	for _, d := range r.Diags {
		if d.Code == "T025" {
			path, _, _ := strings.Cut(d.Message, " ")
			got[path] = lform[d.Span.StartOffset():d.Span.EndOffset()]
		}
	}
	want = map[string]string{
		"$.items[0].line.mood":                    `"ok"`,
		"$.items[0].line.messages[0].via":         `"x"`,
		"$.items[0].line.messages[0].time":        "9",
		"$.items[0].line.messages[0].payload.zip": "1",
		"$.items[0].line.messages[1].lang":        `"en"`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lingua T025s (-want +got):\n%s", diff)
	}
	// What translate --to json writes reads back with none.
	for _, f := range []string{"../examples/incident.rose", "../examples/handshake.lingua"} {
		out, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := Check(f, out, Options{})
		js, _ := translate.Translate(src.Doc, ir.JSON)
		for _, d := range Check(f+".json", js, Options{}).Diags {
			if d.Code == "T025" {
				t.Errorf("translate --to json's own form of %s: %v", f, d)
			}
		}
	}
}
