package compiler

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/internal/rosettacompare"
	"github.com/rosettac/rosettac/ir"
)

func TestInheritHeader(t *testing.T) {
	src := "a3.12 ask a3>a1 #CKO.5xx\n q why?\n\n" +
		"a1.13 tell re=a3.12\n a x = 1 ~hi\n\n" + // elided: inherits both
		"a1.14 tell a1>a3 re=a3.12 #CKO.5xx\n a x = 2 ~hi\n\n" + // written, equal: marked
		"a1.15 tell a1>a9 re=a3.12 #other\n a x = 3 ~hi\n\n" + // different: left alone
		"a1.16 tell re=zz9\n a x = 4 ~hi\n" // unknown parent
	res := Parse("t.rose", []byte(src), Options{})
	tr := res.Doc.(*ir.Transcript)
	type got struct {
		To, Topic bool
		Targets   string
		Topic2    string
	}
	var gs []got
	for _, m := range tr.Messages[1:] {
		tg := ""
		for _, x := range m.Header.Targets {
			tg += x.Text
		}
		gs = append(gs, got{m.InheritedTo, m.InheritedTopic, tg, m.Header.Topic})
	}
	want := []got{{true, true, "a3", "CKO.5xx"}, {true, true, "a3", "CKO.5xx"}, {false, false, "a9", "other"}, {false, false, "", ""}}
	if d := cmp.Diff(want, gs); d != "" {
		t.Errorf("inheritance (-want +got):\n%s", d)
	}
	out, _ := Format(res, FormatOptions{Terse: true})
	wantOut := "a3.12 ask >a1 #CKO.5xx\n q why?\n\na1.13 tell re=a3.12\n a x = 1 ~hi\n\na1.14 tell re=a3.12\n a x = 2 ~hi\n\n" +
		"a1.15 tell >a9 #other re=a3.12\n a x = 3 ~hi\n\na1.16 tell re=zz9\n a x = 4 ~hi\n"
	if d := cmp.Diff(wantOut, string(out)); d != "" {
		t.Errorf("terse fmt (-want +got):\n%s", d)
	}
	full, _ := Format(res, FormatOptions{Terse: false})
	for _, o := range [][]byte{out, full} {
		res2 := Parse("t.rose", o, Options{})
		if d := cmp.Diff(rosettacompare.Normalize(tr), rosettacompare.Normalize(res2.Doc.(*ir.Transcript))); d != "" {
			t.Errorf("IR of fmt(x) != IR of x after inheritance:\n%s", d)
		}
	}
}
