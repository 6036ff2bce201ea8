package compiler

import (
	"runtime"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/epistemic"
)

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

// streamCheckRosetta is parse and check in one pass, for when only the
// diagnostics are wanted (Diagnose, rosettac check): each
// message goes into the session as soon as it is parsed, and the session
// keeps the IR of only the newest messages, parsing an older one again when a
// later message needs it (a reply's want contract, a mark on its block). The
// whole transcript's IR is never live at once, so the check holds little more
// than the input; the diagnostics are exactly checkRosetta's. The transcript
// returned keeps its prose, not its messages.
func streamCheckRosetta(src *diag.Source, opt *Options) (ir.Document, diag.List) {
	return streamCheckItems(src, opt, Items{})
}

// streamCheckItems is streamCheckRosetta handing each message to it once the
// session has checked it, and the prose runs, in source order
// (DiagnoseItems).
func streamCheckItems(src *diag.Source, opt *Options, it Items) (*ir.Transcript, diag.List) {
	s := newSession(*opt, src)
	if it.Session != nil {
		it.Session(s)
	}
	var ds diag.List
	n := 0
	// The parse runs on the other cores, a piece ahead of the session, which
	// takes the messages in order on this goroutine (rosetta.ParseItemsPrepared:
	// the same messages and diagnostics whatever GOMAXPROCS is). The rules
	// that read a message alone run there too, as each message is parsed
	// (epistemic.Precheck): the session, which is ordered, is the slowest
	// stage, so what leaves it shortens the check.
	precheck := func(m *ir.Message) epistemic.Prechecked { return epistemic.Precheck(m, src) }
	t, pds := rosetta.ParseItemsPrepared(src, precheck, func(m *ir.Message, p epistemic.Prechecked) {
		n++
		ds = append(ds, s.addPrechecked(m, p)...)
		if it.Message != nil {
			// the epoch in force now that m is stored (a def epoch = on m
			// itself included); Settle says whether it held to the end
			m.Epoch = s.st.Epoch()
			it.Message(m)
		}
	}, it.Prose)
	t.Checked = n
	ds = append(pds, ds...)
	ds = append(ds, s.Finish()...)
	if it.Settle != nil {
		it.Settle(s.st.Epoch())
	}
	if checkedHook != nil {
		checkedHook() // the session is still live here: its memory is the check's peak
		runtime.KeepAlive(s)
	}
	return t, ds
}

// checkedHook, when set (by the benchmark), runs at the end of a streamed
// check, while the session still holds everything it kept.
var checkedHook func()
