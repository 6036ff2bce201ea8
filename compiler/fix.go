package compiler

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// fixRounds bounds how often Fix checks again after applying fixes: a fix
// that conflicted with another is offered again by the next check, and a
// repaired header can reveal a fix in what follows it.
const fixRounds = 8

// Fix applies the fixes at or above min (diag.Safe, or diag.Review for all)
// of the diagnostics of src, checks the result again and repeats, until no
// fix is left to apply (at most fixRounds rounds). It returns the text, the
// fixes applied (each with the diagnostic of its round: its positions are in
// that round's text), and the check of the text returned. opt.From is kept
// to the language of src, whatever the fixes did.
func Fix(file string, src []byte, opt Options, min diag.Applicability) ([]byte, []diag.AppliedFix, *Result) {
	res := Check(file, src, opt)
	if opt.From == "" {
		opt.From = res.Lang
		if res.Form != "" {
			// A data form stays one: its fixes are those that edit inside
			// a string of the JSON (diag.Origin keeps no other).
			opt.From = res.Form
		}
	}
	text := src
	var all []diag.AppliedFix
	for range fixRounds {
		next, applied := diag.ApplyFixes(res.File, text, res.Diags, min)
		if len(applied) == 0 {
			break
		}
		all = append(all, applied...)
		text = next
		res = Check(file, text, opt)
	}
	return text, all, res
}

// Content returns the content bytes of a parsed document, in order: the
// text of each Rosetta `|` line, each Lingua payload as written after `$`,
// each AgentDSL row. They are what no fix (and no fmt) may change: the
// property tests and the fix fuzz target compare them before and after.
func Content(doc ir.Node) []string {
	var out []string
	ir.Inspect(doc, func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.BlockLine:
			out = append(out, x.Text)
		case *ir.LinguaPayload:
			out = append(out, x.Text)
		case *ir.DSLRow:
			out = append(out, x.Text)
		}
		return true
	})
	return out
}
