package compiler

import (
	"slices"
	"strings"
	"time"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/epistemic"
	"github.com/rosettac/rosettac/passes/resolve"
)

// Obligation is a pending obligation opened by ask, do, propose or stop
// (spec §8.3), as Session.Open reports it: a copy, so a host that changes it
// changes nothing in the session.
type Obligation struct {
	ID       string      // the id of the message that opened it
	Act      string      // that message's act: ask, do, propose or stop
	Sender   string      // that message's sender
	Msg      *ir.Message // that message (Session.Message of ID)
	Closer   string      // the id of the message that discharged it, or "" while open
	Claimant string      // the sender of the first take, or "" when unclaimed
	// Answered lists, in arrival order, the senders of the replies that
	// discharged it (a multi-target ask is discharged target by target).
	Answered []string
}

// Confidence is how sure a resolution is, from the status it has: an
// exact address ~hi, a relocated one ~mid, an ambiguous one ~lo, one outside
// the transcript or naming nothing ~?. Its String is the grade as a
// transcript writes it.
type Confidence int

// The confidence grades, lowest first.
const (
	ConfUnknown Confidence = iota // ?
	ConfLow                       // lo
	ConfMid                       // mid
	ConfHigh                      // hi
)

var confidenceNames = [...]string{ConfUnknown: "?", ConfLow: "lo", ConfMid: "mid", ConfHigh: "hi"}

func (c Confidence) String() string {
	if c < 0 || int(c) >= len(confidenceNames) {
		return "?"
	}
	return confidenceNames[c]
}

// confidenceOf reads a grade as passes/resolve writes it.
func confidenceOf(grade string) Confidence {
	switch grade {
	case "hi":
		return ConfHigh
	case "mid":
		return ConfMid
	case "lo":
		return ConfLow
	}
	return ConfUnknown
}

// Resolved is what an address names (Session.Resolve).
type Resolved struct {
	Text   string              // the text it names, or "" when it names nothing
	Status ir.ResolutionStatus // how it resolved: exact, relocated, ambiguous, outside or orphan
	Conf   Confidence          // the confidence that status carries
}

// Session validates AgentRosetta traffic one message at a time, for hosts
// that check live traffic. Its state is a pure function of the messages added
// (spec §19): adding a transcript's messages in order and then calling Finish
// reports exactly what `rosettac check` reports for that transcript.
//
// A Session is not safe for concurrent use.
type Session struct {
	opt     Options
	st      *epistemic.State
	src     *diag.Source
	repairs int // repair messages built, for their sys.N ids (repair.go)
}

// NewSession returns an empty session. Options.Now and Options.Livelock
// configure the stall and livelock checks; the other fields are ignored.
func NewSession(opt Options) *Session { return newSession(opt, nil) }

// newSession is NewSession for a transcript read from src, when src is not
// nil: the session then keeps of each message only what later messages and
// the final report read (see epistemic.Options.Reread), and parses a message
// again from src when a host asks for all of it (Message, Open).
func newSession(opt Options, src *diag.Source) *Session {
	var reread func(diag.Span) *ir.Message
	if src != nil {
		reread = rosetta.NewRereader(src).Message
	}
	return sessionOf(opt, src, reread)
}

// sessionOf is the one place a Session's passes are put together: the
// epistemic session runs every check of a message in order (its Check and
// Report), with passes/resolve as its Resolve step and the compiler's
// header inheritance. reread, when not nil, parses a dropped message again
// (epistemic.Options.Reread).
func sessionOf(opt Options, src *diag.Source, reread func(diag.Span) *ir.Message) *Session {
	return &Session{opt: opt, src: src, st: epistemic.NewState(epistemic.Options{
		Livelock: opt.Livelock,
		Inherit:  inheritHeader,
		Reread:   reread,
		Resolve:  resolveMarks,
	})}
}

// resolveMarks is the Resolve step of a session: a message's marks (against
// the session's messages through carrier) and its src= digests.
func resolveMarks(m *ir.Message, carrier func(id string, orig bool) *ir.Message) diag.List {
	return append(resolve.Marks(m, carrier), resolve.Digests(m)...)
}

// SetSource names the source the next messages were parsed from, so that a
// diagnostic about text inside a slot points at that text. Without it,
// diagnostics point at the slot or header token the IR records.
func (s *Session) SetSource(src *diag.Source) { s.src = src }

// Add checks one message against the session, stores it, and returns its
// diagnostics, each naming the message in Diagnostic.MessageID. A message whose id
// was already added gets only D001 (the same canonical text: a redelivery)
// or D002 (different content: an error naming both positions), and is not
// stored again: msg-id is the idempotency key (spec §19), and a host that
// means to replace a rejected message calls Replace. A degraded message (no
// header) is checked but not stored.
func (s *Session) Add(m *ir.Message) diag.List {
	ds, store := s.check(m, true)
	if store {
		s.st.Store(m)
	}
	return ds
}

// Commit stores m after Check: a host that refuses a message with an error
// (the mesh gateway) checks first and commits only what it accepts, so a
// refused message never becomes session state and is checked once. Check
// then Commit is Add. A message Add would not store (no header, an id
// stored already) is not stored.
func (s *Session) Commit(m *ir.Message) {
	if m != nil && m.Header != nil && !m.Degraded && !s.st.Has(m.Header.ID.Text) {
		s.st.Store(m)
	}
}

// Open lists the obligations not yet discharged, in arrival order.
func (s *Session) Open() []*Obligation {
	open := s.st.Open()
	out := make([]*Obligation, len(open))
	for i, o := range open {
		out[i] = &Obligation{ID: o.ID, Act: o.Act, Sender: o.Sender, Msg: o.Msg, Closer: o.Closer,
			Claimant: o.Claimant, Answered: slices.Clone(o.Answered)}
	}
	return out
}

// Stalls reports every open obligation whose ttl has run out at time at (W030).
func (s *Session) Stalls(at time.Time) diag.List { return s.st.Stalls(at) }

// Now is the time the stall check uses: Options.Now, else the latest at= seen.
func (s *Session) Now() (time.Time, bool) {
	if !s.opt.Now.IsZero() {
		return s.opt.Now, true
	}
	return s.st.Latest()
}

// Finish reports what a session reports after the last message: every open
// obligation (W010), every ask to several agents some never answered (W032),
// every stalled one (W030, at Now), and the escalations (E017, I018).
func (s *Session) Finish() diag.List {
	now, ok := s.Now()
	return s.st.Report(now, ok)
}

// Sender is the sender of the message stored under id: the first with it
// (a later message with a taken id is not stored).
func (s *Session) Sender(id string) (string, bool) { return s.st.Sender(id) }

// Message returns the message an id names, following revisions unless orig.
func (s *Session) Message(id string, orig bool) *ir.Message { return s.st.Lookup(id, orig) }

// Resolve resolves an address (@a1.7.tgt#L3|q"..."), through revisions unless
// it says @orig, to the text it names, how it resolved, and the confidence
// that status carries. Slot and binding addresses (@a1.7.why, @a1.7.a.cause)
// resolve to the slot text or the binding value; a topic address (@#CKO.5xx)
// to the ids of every message on that topic, space-separated, in arrival
// order.
func (s *Session) Resolve(addr string) Resolved {
	if topic, ok := strings.CutPrefix(addr, "@#"); ok {
		ids := s.st.OnTopic(topic)
		if len(ids) == 0 {
			return Resolved{Status: ir.Orphan, Conf: ConfUnknown}
		}
		return Resolved{Text: strings.Join(ids, " "), Status: ir.Exact, Conf: ConfHigh}
	}
	r := resolve.Address(addr, nil, s.st.Lookup)
	return Resolved{Text: r.Text, Status: r.Status, Conf: confidenceOf(r.Conf)}
}

// AddText parses text (one message or several, as a host receives them) and
// adds each message in order, returning the parser's diagnostics and every
// message's, sorted. name is the file name diagnostics report ("" for none);
// their positions are within text. A reply inherits its route and topic
// (2.1-c) from a parent added before, in this text or an earlier one.
func (s *Session) AddText(name string, text []byte) diag.List {
	src := diag.NewSource(name, text)
	ds := CheckInput(src, 0)
	if len(ds) > 0 {
		return ds
	}
	s.SetSource(src)
	_, pds := rosetta.ParseEach(src, func(m *ir.Message) { ds = append(ds, s.addParsed(m)...) })
	pds.Sort()
	ds = append(pds.Dedup(), ds...) // the parser's, as Parse reports them
	ds.Sort()
	return ds
}

// addParsed adds a message straight from the parser: it first inherits its
// route and topic from its parent in the session (what Check's parse stage
// does for a whole transcript), then is checked and stored (Add).
func (s *Session) addParsed(m *ir.Message) diag.List {
	return s.addPrechecked(m, epistemic.Precheck(m, s.src))
}

// addPrechecked is addParsed of m when its single-message rules ran already
// (epistemic.Precheck, on the core that parsed it; they read neither the
// route nor the topic it inherits here).
func (s *Session) addPrechecked(m *ir.Message, p epistemic.Prechecked) diag.List {
	if !m.Degraded {
		s.st.Inherit(m)
	}
	ds, store := s.checkPrechecked(m, true, p)
	if store {
		s.st.Store(m)
	}
	return ds
}
