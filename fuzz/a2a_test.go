package fuzz

import (
	"fmt"
	"os"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/a2a"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/ir"
)

// FuzzA2ARead: reading A2A never panics; every diagnostic has a valid span
// in the A2A input, and an error or warning a hint; text comes only without
// errors, and is UTF-8; the compiler's A2A row reports what the reader does
// and then what checking the text as Rosetta does; and JSON a2a.Is takes is
// read without --from a2a exactly as with it.
func FuzzA2ARead(f *testing.F) {
	for _, s := range []string{
		`{"kind":"message","messageId":"m-1","role":"user","taskId":"t1","parts":[{"kind":"text","text":"hi"}],"metadata":{"trace":"x"}}`,
		`[{"kind":"message","messageId":"m-1","role":"user","contextId":"c d","parts":[{"kind":"data","data":{"a":"x","n":1.50}}]},` +
			`{"kind":"message","messageId":"m-2","role":"agent","referenceTaskIds":["m-1","z"],"parts":[{"kind":"file","file":{"name":"a.csv","mimeType":"text/csv","bytes":"YSxiCg=="}},{"kind":"file","file":{"uri":"https://x","name":"n"}}]}]`,
		`{"kind":"task","id":"t","contextId":"c","status":{"state":"working"},"history":[{"kind":"message","messageId":"a1.1","role":"agent","parts":[{"kind":"file","file":{"bytes":"AAE="}}]}]}`,
		`{"messages":[{"kind":"message","messageId":"a1.1","role":"agent","parts":[{"kind":"text","text":"x","metadata":{"rosetta":{"slot":"q"}}}],"metadata":{"rosetta":{"id":"a1.1","act":"ask","from":"a1","to":["b"],"prose_before":["p"]}}}],"tasks":[]}`,
		`{"kind":"message","messageId":"a1.1","role":"agent","parts":[{"kind":"data","data":{"k":"v"},"metadata":{"rosetta":{"slot":"a","confidence":{"k":"hi"},"negated":["k"]}}}],"metadata":{"rosetta":{"id":"a1.1","act":"tell","from":"a1"}}}`,
		`{"kind":"message","messageId":"x","role":"robot","parts":[]}`,
		"\uFEFF[1,]",
		`{"kind":"nothing"}`,
	} {
		f.Add(s)
	}
	if b, err := os.ReadFile("../examples/incident.rose"); err == nil {
		if r := compiler.Check("incident.rose", b, compiler.Options{}); r.Doc != nil {
			f.Add(string(b)) // not A2A: refused
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		src := diag.NewSource("f.json", []byte(in))
		text, ds := a2a.Read(src, rosetta.JSONText)
		for _, d := range ds {
			if d.Span.Source() != src || d.Span.EndOffset() > len(in) ||
				d.Span.EndOffset() < d.Span.StartOffset() || d.Severity >= diag.Warning && d.Hint == "" {
				t.Fatalf("bad diagnostic %+v", d)
			}
		}
		if text != nil && (ds.HasErrors() || !utf8.Valid(text)) {
			t.Fatalf("text %q with %v", text, ds)
		}
		if len(compiler.CheckInput(src, 0)) > 0 {
			return // empty or not UTF-8: no row reads it
		}
		r := compiler.Check("f.json", []byte(in), compiler.Options{From: ir.A2A})
		want := ds.Codes()
		if text != nil {
			// No messages is no text: F001, as an empty Rosetta file.
			want = append(want, compiler.Check("f.json (as rosetta)", text, compiler.Options{From: ir.Rosetta}).Diags.Codes()...)
		}
		got := r.Diags.Codes()
		if text == nil && r.Doc != nil || fmt.Sprint(sorted(got)) != fmt.Sprint(sorted(want)) {
			t.Fatalf("through the row %v, the reader then Rosetta %v", got, want)
		}
		if a2a.Is(in) {
			sniffed := compiler.Check("f.json", []byte(in), compiler.Options{})
			if sniffed.Form != ir.JSON || fmt.Sprint(sniffed.Diags.Codes()) != fmt.Sprint(got) {
				t.Fatalf("read as A2A by its shape: %s %v, with --from a2a %v", sniffed.Form, sniffed.Diags.Codes(), got)
			}
		}
	})
}

// sorted is a list of codes in order, for comparing two lists whose
// diagnostics are sorted by position in different texts.
func sorted(codes []string) []string {
	out := slices.Clone(codes)
	slices.Sort(out)
	return out
}
