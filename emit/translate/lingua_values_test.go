package translate_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// TestRosettaLinguaBindingValues: Rosetta -> Lingua -> Rosetta keeps binding
// values that no JSON member gives back as written. Before the fix,
// quote = "quoted" became the member "quote":"quoted" and came back as
// quote = quoted, with no diagnostic; such a slot now travels in the "ro"
// member as Rosetta text, and slots whose values all come back stay JSON.
func TestRosettaLinguaBindingValues(t *testing.T) {
	for _, src := range []string{
		"a1.1 tell >a2\n a quote = \"quoted\"\n   n     = 1\n",
		"a1.1 tell >a2\n a obj = {\"a\": 1}\n",
		"a1.1 tell >a2\n a arr = [1, 2]\n",
		"a1.1 tell >a2\n a s = \"two words\"\n",
		"a1.1 tell >a2\n a n = 1.50\n   b = true\n   s = \"\"\n   j = {\"a\":[null]}\n   p = plain text\n",
	} {
		in := compiler.Check("in.rose", []byte(src), compiler.Options{From: ir.Rosetta})
		if in.Doc == nil {
			t.Fatalf("does not parse: %v\n%s", in.Diags, src)
		}
		canon, _ := compiler.Format(in, compiler.FormatOptions{Terse: true})
		mid, _ := translate.Translate(in.Doc, ir.Lingua)
		l := compiler.Check("mid.lingua", mid, compiler.Options{From: ir.Lingua})
		if l.Doc == nil {
			t.Fatalf("lingua does not parse: %v\n%s", l.Diags, mid)
		}
		back, _ := translate.Translate(l.Doc, ir.Rosetta)
		if d := cmp.Diff(string(canon), string(back)); d != "" {
			t.Errorf("rosetta -> lingua -> rosetta (-want +got):\n%s\nlingua: %s", d, mid)
		}
	}
}

// TestRosettaLinguaNoReencryption: a Rosetta message marked x_enc=e that did
// not come with its Lingua wire text cannot be encrypted (rosettac does not
// re-encrypt): that is a T023 error, and the payload is left out rather than
// sent in clear. No test pinned this before the audit.
func TestRosettaLinguaNoReencryption(t *testing.T) {
	in := compiler.Check("in.rose", []byte("a1.1 tell >a2 x_enc=e\n a t = secret\n"), compiler.Options{From: ir.Rosetta})
	if in.Doc == nil {
		t.Fatalf("does not parse: %v", in.Diags)
	}
	out, ds := translate.Translate(in.Doc, ir.Lingua)
	var found bool
	for _, d := range ds {
		if d.Code == translate.CodeEncrypted {
			found = true
			if d.Severity != diag.Error {
				t.Errorf("T023 is a %v, want an error", d.Severity)
			}
		}
	}
	if !found {
		t.Errorf("no T023: %v", ds)
	}
	if got, want := string(out), "👽13|@a2|#a1.1\n"; got != want {
		t.Errorf("output %q, want %q (no payload, nothing in clear)", got, want)
	}
}

// TestLinguaRoundTripKeepsEveryByte: Lingua -> Rosetta -> Lingua gives back
// the input byte for byte, lines not in canonical form included (issue 20:
// 👽2a came back as 👽2A, and the fields of a line with an error in another
// order), as T026 promises.
func TestLinguaRoundTripKeepsEveryByte(t *testing.T) {
	src := "prose before\n" +
		"👽2a|@1|$j:eyJ0IjoidGVzdCJ9\n" +
		"👽73|#x|@1|$j:eyJ0IjoidGVzdCJ9\n" +
		"👽73A|@1\n" +
		"👽73|@1|$j:eyJ0IjoidGVzdCJ9\n--👽lingua/0.4@agent-lingua\n"
	in := compiler.Check("in.lingua", []byte(src), compiler.Options{From: ir.Lingua})
	if in.Doc == nil {
		t.Fatalf("does not parse: %v", in.Diags)
	}
	mid, ds := translate.Translate(in.Doc, ir.Rosetta)
	r := compiler.Check("mid.rose", mid, compiler.Options{From: ir.Rosetta})
	if r.Doc == nil {
		t.Fatalf("rosetta does not parse: %v\n%s", r.Diags, mid)
	}
	back, _ := translate.Translate(r.Doc, ir.Lingua)
	if d := cmp.Diff(src, string(back)); d != "" {
		t.Errorf("lingua -> rosetta -> lingua (-want +got):\n%s\nrosetta:\n%s\n%v", d, mid, ds)
	}
}

// TestRosettaLinguaTimeOfDay: an at= that is a time of day (relative to the
// session epoch) is not written as Lingua's ~@ (an ISO time, L004 on
// "~@14:02:20"); it travels in "ro" and comes back as written (issue 20).
func TestRosettaLinguaTimeOfDay(t *testing.T) {
	src := "a1 def >*\n epoch = 2026-08-26T14:00:00Z\n\nobs7 tell >a3 at=@t:14:02:20\n a n = 1\n unk []\n"
	in := compiler.Check("in.rose", []byte(src), compiler.Options{From: ir.Rosetta})
	mid, _ := translate.Translate(in.Doc, ir.Lingua)
	l := compiler.Check("mid.lingua", mid, compiler.Options{From: ir.Lingua})
	for _, d := range l.Diags {
		if d.Code == "L004" || d.Severity == diag.Error {
			t.Errorf("lingua: %s %s\n%s", d.Code, d.Message, mid)
		}
	}
	back, _ := translate.Translate(l.Doc, ir.Rosetta)
	if !strings.Contains(string(back), "obs7 tell >a3 at=@t:14:02:20\n") || strings.Contains(string(back), "txt wire") {
		t.Errorf("at= not kept:\n%s", back)
	}
}
