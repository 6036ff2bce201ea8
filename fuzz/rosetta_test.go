package fuzz

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/rosettacompare"
	"github.com/rosettac/rosettac/ir"
)

var rosettaSeeds = []string{
	"a3.12 ask a3>a1 #CKO.5xx\n q root_cause?\n ctx @a3.7 @file:log#L4-5\n want {cause, fix, eta?}\n unk [when]\n",
	"a1.13 tell re=a3.12\n a cause = x ~hi\n   fix != y ~lo\n   go = !now ~0.85\n why @a3.12 ok\n unk []\n",
	"obs7 tell >a3\n txt tgt @md/zh v=1 src=@sha256:ab win=L3-9\n | 看守人，\n |\n mark tgt#L3.c0-2|q\"看\"@2 > \"x\" ~mid\n",
	"cmd0 def >* #sys.hello\n dialect = rosetta/2.1\n X != y\n | c\n",
	"prose\n```\na1.1 note >*\n - why: x\n 1. unk [a, b\n txt \"open\n more\"\n```\nafter\n",
	"no header at all\n",
	"a1.1 tell a1＞a2，a3 ＃t re＝a0.1\n a k ＝ v ～hi\n risk：x\n",
	"a1.1 tell >a2\n why x\r\n | a\rb\u2028c\f\n\nprose after\n",
}

// FuzzRosettaParse checks that parsing never panics, that every span nests
// in its parent's and content lines are the bytes at their spans, that each message parsed again from its span alone is the
// message the whole parse gave (a session that dropped a message's IR reads
// it again that way), and that parse(print(parse(x))) equals parse(x) (in the
// comparison form of internal/rosettacompare, after session inheritance), with
// fmt idempotent in both header modes.
func FuzzRosettaParse(f *testing.F) {
	for _, s := range append(rosettaSeeds, fixSeeds...) { // fixSeeds: recovered headers (fix_test.go)
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(compiler.CheckInput(diag.NewSource("f.rose", src), 0)) > 0 {
			return // F001-F003 are the compiler's, before any grammar runs (a lone BOM is empty)
		}
		res := compiler.Parse("f.rose", src, compiler.Options{From: ir.Rosetta})
		tr, ok := res.Doc.(*ir.Transcript)
		if !ok {
			t.Fatalf("no transcript")
		}
		checkTree(t, src, tr, res.Diags)
		checkReparse(t, res.Source)
		for _, terse := range []bool{true, false} {
			out, _ := compiler.Format(res, compiler.FormatOptions{Terse: terse})
			res2 := compiler.Parse("f.rose", out, compiler.Options{From: ir.Rosetta})
			if d := cmp.Diff(rosettacompare.Normalize(tr), rosettacompare.Normalize(res2.Doc.(*ir.Transcript))); d != "" {
				t.Fatalf("terse=%v: parse(print(parse(x))) != parse(x) (-x +fmt(x)):\n%s\ninput: %q\nfmt: %q", terse, d, src, out)
			}
			again, _ := compiler.Format(res2, compiler.FormatOptions{Terse: terse})
			if !bytes.Equal(again, out) {
				t.Fatalf("terse=%v: fmt not idempotent:\n%q\n%q", terse, out, again)
			}
		}
	})
}

// FuzzRosettaCheck checks that rosettac check's streamed check (each message
// into the session as it is parsed, keeping only what later rules read)
// reports exactly what checking the whole parsed transcript reports, and that
// neither panics.
func FuzzRosettaCheck(f *testing.F) {
	for _, s := range rosettaSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte("a1.1 ask a1>b2,b3 #t\n want {x}\n txt body\n | one\n | two\n" +
		"b2.1 tell re=a1.1\n a x = 1 ~hi\n mark @a1.1.body#L2|q\"two\" = ok\n" +
		"a1.2 revise re=a1.1\n txt body\n | one\n | 2\n" +
		"c1.1 fail re=a1.1\n why busy\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(compiler.CheckInput(diag.NewSource("f.rose", src), 0)) > 0 {
			return
		}
		whole := compiler.Check("f.rose", src, compiler.Options{From: ir.Rosetta})
		streamed := compiler.Diagnose("f.rose", src, compiler.Options{From: ir.Rosetta})
		checkTree(t, src, whole.Doc, whole.Diags)
		checkTree(t, src, nil, streamed.Diags)
		if d := cmp.Diff(whole.Diags, streamed.Diags); d != "" {
			t.Fatalf("diagnostics (-whole transcript +streamed):\n%s\ninput: %q", d, src)
		}
	})
}

// checkReparse parses every message of src again from its span alone and
// compares it with the message of the whole parse (before any session
// inheritance, which the grammar does not apply).
func checkReparse(t *testing.T, src *diag.Source) {
	t.Helper()
	tr, _ := rosetta.Parse(src)
	for _, m := range tr.Messages {
		if m.Degraded {
			continue
		}
		again := rosetta.ParseMessage(src, m.Span)
		if d := cmp.Diff(m, again); d != "" {
			t.Fatalf("message at %v parsed again from its span differs (-whole parse +alone):\n%s\ninput: %q", m.Span, d, src.Content())
		}
	}
}

// FuzzRosettaFastPath is the differential test of the Rosetta fast path
// (grammars/rosetta/fastpath.go): for every input, the parse with the fast
// path (rosetta.Parse) and the parse with every structured line read by its
// participle grammar (rosetta.ParseGrammar) give the same transcript and the
// same diagnostics. The fast path only declines (hands a line to the
// grammar) or agrees; it never decides differently.
func FuzzRosettaFastPath(f *testing.F) {
	for _, s := range append(rosettaSeeds, fixSeeds...) {
		f.Add([]byte(s))
	}
	f.Add([]byte("a1.1 tell a1>a2 #t re=a0.1\n a k = v ~hi\n mark tgt#L3|| = x\n mark tgt#|L3 = x\n txt n @md k=v k2=\n txt \"x\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if !utf8.Valid(src) {
			return
		}
		s := diag.NewSource("f.rose", src)
		ft, fd := rosetta.Parse(s)
		gt, gd := rosetta.ParseGrammar(s)
		checkTree(t, src, ft, fd)
		checkTree(t, src, gt, gd)
		if d := cmp.Diff(gt, ft); d != "" {
			t.Fatalf("transcript (-grammar +fast path):\n%s\ninput: %q", d, src)
		}
		if d := cmp.Diff(gd, fd); d != "" {
			t.Fatalf("diagnostics (-grammar +fast path):\n%s\ninput: %q", d, src)
		}
	})
}
