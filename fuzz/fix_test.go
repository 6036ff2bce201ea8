package fuzz

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// fixSeeds are model-shaped inputs whose fixes overlap and follow each other.
var fixSeeds = []string{
	"**wx1 Tell re=a1.1 ttl=1 hour**\n a x = 1 ~high\n   y = 2 (~hi)\n unk []\n",
	"- ops4 tell >dba at=2026-07-01 10:30 Re=a1.1\n txt body\n | **a1.2 Tell >a3**\n",
	"a1.1 fail >a2\n why Timed out fetching\n\na1.2 fail >a2\n why notfoud\n",
	"ops3 do >dba #inc.etl-0914 prio=high extra\n q x ~HI\n",
}

// contentLines are the Rosetta `|` lines of text, in order.
func contentLines(text []byte) string {
	var out []string
	for _, l := range strings.Split(string(text), "\n") {
		if t := strings.TrimLeft(l, " \t"); strings.HasPrefix(t, "|") {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n")
}

// FuzzFix checks rosettac fix on Rosetta input: no panic, idempotent (a
// second fix applies nothing and changes nothing), content lines unchanged,
// in both modes.
func FuzzFix(f *testing.F) {
	for _, s := range append(fixSeeds, rosettaSeeds...) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if !utf8.Valid(src) || len(src) > 4096 {
			return
		}
		opt := compiler.Options{From: ir.Rosetta}
		for _, min := range []diag.Applicability{diag.Safe, diag.Review} {
			once, _, _ := compiler.Fix("f.rose", src, opt, min)
			twice, again, _ := compiler.Fix("f.rose", once, opt, min)
			if !bytes.Equal(once, twice) {
				t.Fatalf("%v: not idempotent (%d more fixes):\n%q\n%q", min, len(again), once, twice)
			}
			fixed := compiler.Parse("f.rose", once, opt)
			checkTree(t, once, fixed.Doc, fixed.Diags)
			if contentLines(src) != contentLines(once) {
				t.Fatalf("%v: content lines changed:\n%q\n%q", min, src, once)
			}
		}
	})
}
