package compiler

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func init() { registerChecker(ir.Rosetta, checkRosetta) }

// checkRosetta checks a transcript as one session: it is a fold of Session.Add
// over the messages in order, then Session.Finish (open obligations, stalls,
// escalations), so a host feeding the same messages one by one gets the same
// diagnostics (spec §19: state is a pure function of the message sequence).
func checkRosetta(doc ir.Document, src *diag.Source, opt *Options) diag.List {
	t, ok := doc.(*ir.Transcript)
	if !ok {
		return nil
	}
	s := NewSession(*opt)
	s.SetSource(src)
	var ds diag.List
	for _, m := range t.Messages {
		ds = append(ds, s.Add(m)...)
	}
	return append(ds, s.Finish()...)
}
