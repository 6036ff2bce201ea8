package compiler

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/epistemic"
)

// What a host that sits between models needs beyond Add: checking a message
// before accepting it, replacing one that was rejected, and reading a model's
// output as messages with their own diagnostics (docs/repair.md).

// check runs every rule Add runs for m against the session as it is, and
// reports whether Add should store m (it has a header and its id is new).
// Without dups, a message whose id is stored is checked as if it were not
// (Repair of a message already added).
func (s *Session) check(m *ir.Message, dups bool) (diag.List, bool) {
	if m == nil {
		return nil, false
	}
	return s.checkPrechecked(m, dups, epistemic.Precheck(m, s.src))
}

// checkPrechecked is check of m when the single-message rules ran already
// (epistemic.Precheck, on the core that parsed m).
func (s *Session) checkPrechecked(m *ir.Message, dups bool, p epistemic.Prechecked) (diag.List, bool) {
	ds := s.st.CheckPrechecked(m, s.src, p)
	if m.Degraded || m.Header == nil {
		return ds, false
	}
	id := m.Header.ID.Text
	if dups && s.st.Has(id) {
		return diag.List{s.duplicate(m)}, false
	}
	for i := range ds {
		ds[i].MessageID = id
	}
	return ds, true
}

// duplicate is the finding about m, whose id is stored already: D001 when it
// is the same message again (a redelivery), D002 when its content differs
// (a different message under a taken id, whose content would otherwise be
// dropped without a word).
func (s *Session) duplicate(m *ir.Message) diag.Diagnostic {
	id := m.Header.ID.Text
	sp := m.Header.ID.Span
	if !sp.IsValid() {
		sp = m.Header.Span
	}
	first := s.st.Get(id)
	if first == nil || bytes.Equal(canonicalMessage(first), canonicalMessage(m)) {
		return diag.Diagnostic{Severity: diag.Info, Code: "D001", Span: sp, MessageID: id,
			Message: fmt.Sprintf("duplicate delivery of %s ignored", id),
			Hint:    "redelivery is idempotent; nothing to do unless the content differs"}
	}
	where := "earlier"
	if first.Span.IsValid() {
		where = "at " + first.Span.String()
	}
	return diag.Diagnostic{Severity: diag.Error, Code: "D002", Span: sp, MessageID: id,
		Message: fmt.Sprintf("%s was already used %s by a message with different content; the session keeps the first and ignores this one", id, where),
		Hint:    "send the correction under a new id (a revise of the first), or as a new message; a host that replaces a rejected message calls Session.Replace"}
}

// canonicalMessage is m's canonical text, the terse form fmt writes: two
// deliveries of one message print the same however they were spaced.
func canonicalMessage(m *ir.Message) []byte {
	return rosetta.Print(&ir.Transcript{Messages: []*ir.Message{m}}, true)
}

// Check returns the diagnostics Add would return for m, without storing it:
// a host checks a message before it accepts it, and answers one that has an
// error with Repair instead of passing it on.
func (s *Session) Check(m *ir.Message) diag.List {
	ds, _ := s.check(m, true)
	return ds
}

// Replace stores m in place of the stored message with the same id (one
// that was rejected and has been corrected under its id, the repair
// accepted) and returns m's diagnostics. The session becomes what it would
// be had the first version never arrived and m arrived now: its state is a
// pure function of the messages added (spec §19), so the other messages are
// added again, in order, to a fresh state. With no message stored under m's
// id, Replace is Add.
func (s *Session) Replace(m *ir.Message) diag.List {
	if m == nil || m.Degraded || m.Header == nil || !s.st.Has(m.Header.ID.Text) {
		return s.Add(m)
	}
	id := m.Header.ID.Text
	old := s.st
	fresh := NewSession(s.opt)
	fresh.src = s.src
	for _, other := range old.IDs() {
		if other == id {
			continue
		}
		if om := old.Get(other); om != nil {
			fresh.Add(om)
		}
	}
	s.st = fresh.st
	return s.Add(m)
}

// Added is one message AddMessages read, with its own diagnostics: the
// parser's about its text and the session's about it.
type Added struct {
	Message *ir.Message
	// Diags are what the message got when it was added: its parse
	// diagnostics and Add's. Never nil (empty when there was nothing), so
	// Repair(Message, Diags) repairs what adding found, not what the
	// session, which has since seen later messages, would say of it now.
	Diags diag.List
}

// AddMessages is AddText for a host that answers each message: it parses
// text (a model's output: one message or several, with prose and fences
// around them), adds each message in order, and returns every message with
// its own diagnostics, and separately the diagnostics about the text outside
// any message (prose, fences). name is the file name diagnostics report.
func (s *Session) AddMessages(name string, text []byte) ([]Added, diag.List) {
	res := Parse(name, text, Options{From: ir.Rosetta})
	t, ok := res.Doc.(*ir.Transcript)
	if !ok {
		return nil, res.Diags
	}
	s.SetSource(res.Source)
	parsed, rest := byMessage(t.Messages, res.Diags)
	out := make([]Added, len(t.Messages))
	for i, m := range t.Messages {
		ds := append(append(diag.List{}, parsed[i]...), s.Add(m)...)
		for k := range ds {
			if ds[k].MessageID == "" && m.Header != nil && !m.Degraded {
				ds[k].MessageID = m.Header.ID.Text
			}
		}
		out[i] = Added{Message: m, Diags: ds}
	}
	return out, rest
}

// byMessage splits ds into the diagnostics inside each message's span (ms
// in source order) and the rest.
func byMessage(ms []*ir.Message, ds diag.List) ([]diag.List, diag.List) {
	per := make([]diag.List, len(ms))
	var rest diag.List
	for _, d := range ds {
		off := d.Span.StartOffset()
		i := sort.Search(len(ms), func(i int) bool { return ms[i].Span.StartOffset() > off }) - 1
		if d.Span.IsValid() && i >= 0 && off <= ms[i].Span.EndOffset() {
			per[i] = append(per[i], d)
			continue
		}
		rest = append(rest, d)
	}
	return per, rest
}
