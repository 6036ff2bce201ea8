package compiler

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rosettac/rosettac/grammars/toon"
	"github.com/rosettac/rosettac/ir"
)

// TestA2ARow: A2A messages are read through the A2A row as the Rosetta text
// they describe, with --from a2a and, for a .json file of A2A's shape,
// through the JSON row; the reader's losses are in the A2A file, the check's
// findings in "FILE (as rosetta)".
func TestA2ARow(t *testing.T) {
	const msg = `{"kind":"message","messageId":"m-1","role":"user","parts":[{"kind":"text","text":"why?"}],"metadata":{"trace":"x"}}`
	const rose = "user.1 ask user>agent x_a2a_id=m-1\n q why?\n"
	for _, tc := range []struct {
		name string
		src  []byte
		opt  Options
		form ir.Language
	}{
		{"m.json", []byte(msg), Options{From: ir.A2A}, ir.A2A},
		{"m.json", []byte(msg), Options{}, ir.JSON},
		{"m.toon", encodeTOON(t, msg, toon.EncodeOptions{}), Options{}, ir.TOON},
	} {
		r := Check(tc.name, tc.src, tc.opt)
		if r.Lang != ir.Rosetta || r.Form != tc.form || r.Source.Content() != rose || r.Doc == nil {
			t.Fatalf("%s %v: lang %s, form %s, source %q, %v", tc.name, tc.opt.From, r.Lang, r.Form, r.Source.Content(), r.Diags)
		}
		var files []string
		for _, d := range r.Diags {
			files = append(files, d.Code+" "+d.Span.File())
		}
		// The reader's T025 is in the file (through the decoded JSON's
		// Origin for TOON); the check's are in the Rosetta text, which has
		// no Origin, however that text was reached.
		text := tc.name + " (as rosetta)"
		if tc.form == ir.TOON {
			text = tc.name + " (as JSON) (as rosetta)"
		}
		want := []string{"T025 " + tc.name, "I012 " + text, "W010 " + text}
		if diff := cmp.Diff(want, files); diff != "" {
			t.Errorf("%s %v: diagnostics (-want +got):\n%s", tc.name, tc.opt.From, diff)
		}
		if d := Diagnose(tc.name, tc.src, tc.opt); cmp.Diff(codes(r.Diags), codes(d.Diags)) != "" {
			t.Errorf("Diagnose: %v, want %v", d.Diags, r.Diags)
		}
	}

	// What is not A2A is refused with --from a2a, at the value, and never
	// read as A2A without it.
	bad := Check("b.json", []byte(`{"kind":"message","messageId":"x","role":"robot","parts":[]}`), Options{From: ir.A2A})
	if bad.Doc != nil || len(bad.Diags) != 1 || bad.Diags[0].Code != "T027" || bad.Diags[0].Span.Start().Col != 42 {
		t.Errorf("robot: %v", bad.Diags)
	}
	table := Check("t.json", []byte(`{"messages":[{"id":1,"messageId":"m","text":"hi"}]}`), Options{})
	if table.Lang != ir.JSON || table.Doc == nil || table.Doc.Language() != ir.AgentDSL {
		t.Errorf("a table of messages: lang %s, doc %T, %v", table.Lang, table.Doc, table.Diags)
	}
	if r := Check("e.json", []byte("[]"), Options{From: ir.A2A}); r.Doc != nil || !strings.Contains(strings.Join(codes(r.Diags), " "), "F001") {
		t.Errorf("no messages: %v", r.Diags)
	}
}
