package fuzz

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/spancheck"
	"github.com/rosettac/rosettac/ir"
)

// fixSeeds are model-shaped inputs whose fixes overlap and follow each other.
var fixSeeds = []string{
	"**wx1 Tell re=a1.1 ttl=1 hour**\n a x = 1 ~high\n   y = 2 (~hi)\n unk []\n",
	"- ops4 tell >dba at=2026-07-01 10:30 Re=a1.1\n txt body\n | **a1.2 Tell >a3**\n",
	"a1.1 fail >a2\n why Timed out fetching\n\na1.2 fail >a2\n why notfoud\n",
	"ops3 do >dba #inc.etl-0914 prio=high extra\n q x ~HI\n",
}

// fixSeedsOther are model-shaped Lingua and AgentDSL inputs with fixes.
var fixSeedsOther = []string{
	"Here it is:\n```\n👽WEB.GET|@web|#1|%karma>100|%N==3|$r:a|b\n👽3G|@1|#2|%S<>x|%K=>5\n```\n",
	"[Schema:User]\nID:int|NAME:string|AGE:Integer\n[data]\n1|bob|30\n\n[SCEHMA:X]\nA:flaot\n[RESULTS]\n[HITS:int]\n3\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n",
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

// FuzzFix checks rosettac fix on every input read as each of the three
// languages: no panic, idempotent (a second fix applies nothing and changes
// nothing), so no fix of its mode is left, and the content bytes unchanged
// (the Rosetta `|` lines as written, and compiler.Content: the `|` lines,
// Lingua payloads and AgentDSL rows the parse reads), in both modes.
func FuzzFix(f *testing.F) {
	for _, s := range append(append(fixSeeds, fixSeedsOther...), rosettaSeeds...) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if !utf8.Valid(src) || len(src) > 4096 {
			return
		}
		for _, lang := range []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL} {
			opt := compiler.Options{From: lang}
			name := "f." + map[ir.Language]string{ir.Rosetta: "rose", ir.Lingua: "lingua", ir.AgentDSL: "adsl"}[lang]
			before := compiler.Check(name, src, opt)
			for _, min := range []diag.Applicability{diag.Safe, diag.Review} {
				once, _, res := compiler.Fix(name, src, opt, min)
				twice, again, _ := compiler.Fix(name, once, opt, min)
				if !bytes.Equal(once, twice) || len(again) > 0 {
					t.Fatalf("%s %v: not idempotent (%d more fixes):\n%q\n%q", lang, min, len(again), once, twice)
				}
				fixed := compiler.Parse(name, once, opt)
				checkTree(t, once, fixed.Doc, fixed.Diags)
				if lang == ir.Rosetta && contentLines(src) != contentLines(once) {
					t.Fatalf("%s %v: content lines changed:\n%q\n%q", lang, min, src, once)
				}
				if why := spancheck.ContentKept(src, compiler.Content(before.Doc), compiler.Content(res.Doc)); why != "" {
					t.Fatalf("%s %v: %s\ninput: %q\nfixed: %q", lang, min, why, src, once)
				}
			}
		}
	})
}
