package compiler

import (
	"slices"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/ir"
)

// TestRosettaSessionIsConcatenation: files read as one session report what
// their concatenation reports (the same message ids and codes), each in the
// file its span points into.
func TestRosettaSessionIsConcatenation(t *testing.T) {
	files := []Input{
		{"a.rose", []byte("a1.1 ask a1>a2 #lit\n q how many?\n want {n}\n\na1.2 do a1>a3\n q ship it\n want done|fail\n")},
		{"b.rose", []byte("a2.1 tell re=a1.1\n a m = 3 ~hi\n unk []\n")},
		{"c.rose", []byte("a3.1 fail re=a1.2\n why unsafe no\n\na3.2 tell re=a9.1\n a x = CKO ~hi\n unk []\n")},
	}
	var whole []byte
	for _, f := range files {
		whole = append(append(whole, f.Data...), '\n')
	}
	pairs := func(rs ...*Result) (out []string) {
		for _, r := range rs {
			for _, d := range r.Diags {
				out = append(out, d.MessageID+" "+d.Code)
			}
		}
		slices.Sort(out)
		return out
	}
	want := pairs(Check("all.rose", whole, Options{From: ir.Rosetta}))
	got := CheckRosettaSession(files, Options{})
	if g := pairs(got...); !slices.Equal(g, want) {
		t.Errorf("session %v, concatenation %v", g, want)
	}
	if len(want) < 3 {
		t.Fatalf("too little to compare: %v", want)
	}
	for _, r := range got {
		for _, d := range r.Diags {
			if d.Span.File() != r.File {
				t.Errorf("%s holds a diagnostic of %s: %v", r.File, d.Span.File(), d)
			}
		}
	}
	if !strings.Contains(pairs(got[1])[0], "a2.1 E009") {
		t.Errorf("b.rose: the reply's want contract is checked across files: %v", pairs(got[1]))
	}
}
