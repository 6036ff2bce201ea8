package compiler

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/toon"
	"github.com/rosettac/rosettac/ir"
)

// encodeTOON writes a JSON text as TOON, as translate --to toon does.
func encodeTOON(t *testing.T, js string, opt toon.EncodeOptions) []byte {
	t.Helper()
	v, ds := toon.ParseJSON(diag.NewSource("x.json", []byte(js)))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	return toon.Encode(v, opt)
}

// TestTOONReadsAsJSON: a TOON input is read as the JSON it decodes to, by that
// JSON's shape, through the JSON row: a Rosetta data form is checked as the
// Rosetta text it describes, a relational one as AgentDSL data.
func TestTOONReadsAsJSON(t *testing.T) {
	// An ask nobody answers (W010) and without want (I012): diagnostics to
	// carry back through both steps.
	const rose = "a1.1 ask a1>b2 #t\n q why?\n"
	js := `{"format":"rosetta","items":[{"message":{"id":"a1.1","act":"ask","from":"a1","to":["b2"],"topic":"t","slots":[{"slot":"q","text":"why?"}]}}]}`
	fromJSON := Check("t.json", []byte(js), Options{})
	if fromJSON.Lang != ir.Rosetta || fromJSON.Source.Content() != rose || len(fromJSON.Diags) == 0 {
		t.Fatalf("the JSON form: %s %q %v (the test needs a diagnostic)", fromJSON.Lang, fromJSON.Source.Content(), fromJSON.Diags)
	}
	src := encodeTOON(t, js, toon.EncodeOptions{})
	for _, opt := range []Options{{}, {From: ir.TOON}} {
		if opt.From == "" && Detect("t.toon", src) != ir.TOON {
			t.Fatalf("Detect(t.toon) = %s", Detect("t.toon", src))
		}
		r := Check("t.toon", src, opt)
		if r.Lang != ir.Rosetta || r.Form != ir.TOON || r.Source.Content() != rose {
			t.Fatalf("From %q: lang %s, form %s, source %q", opt.From, r.Lang, r.Form, r.Source.Content())
		}
		if diff := cmp.Diff(codes(fromJSON.Diags), codes(r.Diags)); diff != "" {
			t.Errorf("codes through TOON differ from the JSON form's (-json +toon):\n%s", diff)
		}
		for _, d := range r.Diags {
			// Mapped back out of the Rosetta text into the JSON, and out of
			// the JSON into the .toon file, onto the token they concern.
			s := d.Span.Source()
			if s == nil || s.File != "t.toon" || s.Content() != string(src) {
				t.Errorf("%s is in %q, want t.toon", d.Code, d.Span.File())
				continue
			}
			a, b := d.Span.Offsets()
			if got := s.Content()[a:b]; got != "ask" || d.Span.Start().Line != 5 {
				t.Errorf("%s at %d:%d on %q, want line 5 on the act", d.Code, d.Span.Start().Line, d.Span.Start().Col, got)
			}
		}
		if d := Diagnose("t.toon", src, opt); cmp.Diff(codes(r.Diags), codes(d.Diags)) != "" {
			t.Errorf("Diagnose: %v, want %v", d.Diags, r.Diags)
		}
		if out, ds := Format(r, FormatOptions{}); out != nil || len(ds) != 1 || ds[0].Message != "no canonical printer for toon input" ||
			ds[0].Span.Source().Content() != string(src) || ds[0].Span.File() != "t.toon" {
			t.Errorf("Format of a TOON input: %q %v (want it reported in the .toon file)", out, ds)
		}
	}

	dsl := Check("d.toon", encodeTOON(t, `{"users":[{"id":1,"name":"a"},{"id":2,"name":"b"}]}`, toon.EncodeOptions{}), Options{})
	if dsl.Lang != ir.JSON || dsl.Form != ir.TOON || dsl.Doc == nil || dsl.Doc.Language() != ir.AgentDSL || dsl.Diags.HasErrors() {
		t.Errorf("relational data: lang %s, form %s, doc %T, %v", dsl.Lang, dsl.Form, dsl.Doc, dsl.Diags)
	}

	// A decode error is the decoder's, in the .toon file, at its line.
	bad := Check("b.toon", []byte("ok: 1\nitems[3]: a,b\n"), Options{})
	if len(bad.Diags) != 1 || bad.Diags[0].Code != "TN001" || bad.Diags[0].Span.Source() != bad.Source || bad.Diags[0].Span.Start().Line != 2 {
		t.Errorf("decode error: %v", bad.Diags)
	}

	// The decoder's options reach it: four-space indentation, lenient mode.
	wide := encodeTOON(t, `{"users":[{"id":1,"name":"a"}]}`, toon.EncodeOptions{Indent: 4})
	if r := Check("w.toon", wide, Options{}); !r.Diags.HasErrors() {
		t.Errorf("four-space TOON read with indent 2: no error")
	}
	if r := Check("w.toon", wide, Options{TOONIndent: 4}); r.Diags.HasErrors() {
		t.Errorf("TOONIndent 4: %v", r.Diags)
	}
	odd := []byte("a:\n   b: 1\n")
	if r := Check("o.toon", odd, Options{}); !strings.Contains(strings.Join(codes(r.Diags), " "), "TN006") {
		t.Errorf("strict decode of odd indentation: %v", r.Diags)
	}
	if r := Check("o.toon", odd, Options{TOONLenient: true}); r.Diags.HasErrors() && r.Diags[0].Code[:2] == "TN" {
		t.Errorf("lenient decode: %v", r.Diags)
	}
}
