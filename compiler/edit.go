package compiler

import (
	"bytes"
	"sort"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/ir"
)

// checkpointEvery is how many messages apart an EditedTranscript keeps a copy
// of the session: an edit re-adds at most this many unchanged messages (from
// the copy before the edited one) before it parses anything. Smaller is
// faster per edit and costs a session copy more per interval.
const checkpointEvery = 256

// maxSources is how many versions of the text the messages an
// EditedTranscript keeps may point into (each message's spans hold the whole
// text it was parsed from) before an update parses again the messages of
// all versions but the first, so the memory of a document edited in many
// places stays bounded.
const maxSources = 8

// EditedTranscript checks one AgentRosetta transcript that is edited, for an
// editor: each Update gives the text as it is now and gets what Diagnose reports
// for it, the same diagnostics in the same
// order (TestEditedTranscriptMatchesCheck), but the messages before the
// first changed line are neither parsed nor checked again. The session is
// copied every checkpointEvery messages; an update starts from the copy
// before the message the edit touched, adds the unchanged messages after
// that copy from their kept IR, and parses only from the touched message on
// (rosetta.ParseEachFrom). An edit near the end of a long transcript so
// costs about the messages after it, not the transcript.
//
// An EditedTranscript is not safe for concurrent use.
type EditedTranscript struct {
	file string
	opt  Options

	text  []byte
	src   *diag.Source // the source of text
	ok    bool         // the last update was parsed (no F-code input problem)
	msgs  []editedMsg
	prose []*ir.Prose
	pds   diag.List    // parse diagnostics, in the parser's order
	sess  *Session     // the session after the last message
	marks []checkpoint // session copies, by message index, ascending
	runs  []sourceRun  // where each version of the text the messages point into starts

	last   *Result
	parsed int // messages the last update parsed
}

// editedMsg is one message of an EditedTranscript: its IR, what the parse
// wrote in the header before the session's inheritance changed it (so that
// the message can be added to a session again as if parsed afresh), and what
// the session reported for it.
type editedMsg struct {
	m       *ir.Message
	targets []ir.Target
	topic   string
	diags   diag.List
}

// checkpoint is the session as it was before message at was added.
type checkpoint struct {
	at   int
	sess *Session
}

// sourceRun says that messages from index first on were parsed from src.
type sourceRun struct {
	first int
	src   *diag.Source
}

// NewEditedTranscript returns an EditedTranscript of the file named file
// (the name diagnostics report), checked with opt.
func NewEditedTranscript(file string, opt Options) *EditedTranscript {
	opt.From, opt.syntaxOnly = ir.Rosetta, false
	return &EditedTranscript{file: file, opt: opt}
}

// Parsed is how many messages the last Update parsed (the rest it reused).
func (e *EditedTranscript) Parsed() int { return e.parsed }

// Session is the session after the last Update's messages, for questions
// about the transcript (Resolve, Message, Open). A caller must not add to it.
func (e *EditedTranscript) Session() *Session { return e.sess }

// Update checks text, the whole transcript as it is now. The Result's Doc is
// the transcript with every message (inheritance applied and marks
// resolved), or nil when the input could not be read (an F code); text must
// not be changed while the Result is in use.
func (e *EditedTranscript) Update(text []byte) *Result {
	if e.last != nil && bytes.Equal(text, e.text) {
		return e.last
	}
	src := diag.NewSource(e.file, text)
	res := &Result{File: e.file, Lang: ir.Rosetta, Source: src}
	prev := e.text
	e.text, e.src = text, src
	if ds := CheckInput(src, e.opt.MaxBytes); len(ds) > 0 {
		e.ok, e.msgs, e.prose, e.pds, e.marks, e.runs, e.sess, e.parsed = false, nil, nil, nil, nil, nil, nil, 0
		res.Diags = ds
		e.last = res
		return res
	}
	from := 0 // the first message parsed again
	if e.ok {
		from = e.reusable(prev, text)
	}
	e.ok = true
	e.recheck(from)

	t := &ir.Transcript{Span: src.Span(0, len(text)), Prose: e.prose, Messages: make([]*ir.Message, len(e.msgs))}
	n := len(e.pds)
	for i, m := range e.msgs {
		t.Messages[i] = m.m
		n += len(m.diags)
	}
	fin := e.sess.Finish()
	ds := make(diag.List, 0, n+len(fin))
	ds = append(ds, e.pds...)
	for _, m := range e.msgs {
		ds = append(ds, m.diags...)
	}
	ds = append(ds, fin...)
	ds.Sort()
	res.Doc, res.Diags = t, ds.Dedup()
	e.last = res
	return res
}

// reusable returns how many of the messages kept stay as they are when the
// text changes from prev to text: those before the message holding the
// first changed line, or right before that line. That message's header line
// is unchanged and ends the messages before it, so their parse cannot change.
func (e *EditedTranscript) reusable(prev, text []byte) int {
	p := 0
	for p < len(prev) && p < len(text) && prev[p] == text[p] {
		p++
	}
	line := bytes.LastIndexByte(text[:p], '\n') + 1 // the changed line starts here
	// The last message that starts before that line.
	j := sort.Search(len(e.msgs), func(i int) bool { return e.msgs[i].m.Span.StartOffset() >= line }) - 1
	if j <= 0 {
		return 0
	}
	if kept := sort.Search(len(e.runs), func(i int) bool { return e.runs[i].first >= j }); kept+1 > maxSources {
		// Too many versions of the text held: parse again from where the
		// second oldest starts, so the messages point into the first
		// version and this one only. Edits that move forward through the
		// end of a transcript keep this near the end.
		j = min(j, e.runs[1].first)
	}
	return j
}

// recheck keeps messages [0, from), parses the text from message from on and
// checks every message from the last checkpoint at or before from.
func (e *EditedTranscript) recheck(from int) {
	e.parsed = 0
	tail := 0
	if from > 0 {
		// From the start of the message's header line, not of its span: a
		// decorated header (`**a1 ask ...**`, `- a1 ask`) has its lead
		// before the span, and header recovery reads the line whole (what
		// closes the decoration depends on what opened it).
		start := e.msgs[from].m.Span.StartOffset()
		tail = strings.LastIndexByte(e.src.Content()[:start], '\n') + 1
	}
	e.msgs = e.msgs[:from]
	e.prose = keepBefore(e.prose, tail, func(p *ir.Prose) int { return p.Span.StartOffset() })
	e.pds = keepBefore(e.pds, tail, func(d diag.Diagnostic) int { return d.Span.StartOffset() })
	for len(e.runs) > 0 && e.runs[len(e.runs)-1].first >= from {
		e.runs = e.runs[:len(e.runs)-1]
	}
	e.runs = append(e.runs, sourceRun{first: from, src: e.src})

	// The session from the last checkpoint, then the kept messages after it.
	k := sort.Search(len(e.marks), func(i int) bool { return e.marks[i].at > from }) - 1
	e.marks = e.marks[:k+1]
	start := 0
	if k >= 0 {
		e.sess, start = e.marks[k].sess.clone(), e.marks[k].at
	} else {
		e.sess = e.newSession()
	}
	e.sess.SetSource(e.src)
	for i := start; i < from; i++ {
		e.add(i)
	}
	if from == 0 {
		// From the top, through the whole-text parser: an input with no
		// header at all is one degraded note (P001), which only it knows.
		t, pds := rosetta.ParseEach(e.src, e.parsedMsg)
		e.prose, e.pds = t.Prose, pds
		return
	}
	t, pds := rosetta.ParseEachFrom(e.src, tail, e.parsedMsg)
	e.prose = append(e.prose, t.Prose...)
	e.pds = append(e.pds, pds...)
}

// parsedMsg keeps a message the parser has just read and adds it to the session.
func (e *EditedTranscript) parsedMsg(m *ir.Message) {
	em := editedMsg{m: m}
	if m.Header != nil {
		em.targets, em.topic = m.Header.Targets, m.Header.Topic
	}
	e.msgs = append(e.msgs, em)
	e.parsed++
	e.add(len(e.msgs) - 1)
}

// add adds message i to the session, as streamCheckRosetta does, after a
// checkpoint when one is due. A message added before is first put back as
// it was parsed (the session's inheritance changes its header): its parent
// is kept too, so inheriting again gives the same header today, but a rule
// that reads the written route must not see an inherited one.
func (e *EditedTranscript) add(i int) {
	if i%checkpointEvery == 0 && (len(e.marks) == 0 || e.marks[len(e.marks)-1].at < i) {
		e.marks = append(e.marks, checkpoint{at: i, sess: e.sess.clone()})
	}
	em := &e.msgs[i]
	m := em.m
	if m.Header != nil {
		m.Header.Targets, m.Header.Topic = em.targets, em.topic
	}
	m.InheritedTo, m.InheritedTopic, m.Epoch = false, false, ""
	em.diags = e.sess.addParsed(m)
}

// newSession is the session of an EditedTranscript: like a streamed check's,
// it keeps of each message only what later messages read, and parses a
// message again, from the text as it is now, when a host asks for all of it.
func (e *EditedTranscript) newSession() *Session {
	return sessionOf(e.opt, e.src, func(sp diag.Span) *ir.Message {
		return rosetta.ParseMessage(e.src, sp) // kept messages' offsets hold in the text as it is now
	})
}

// clone returns a copy of s that evolves independently (epistemic.State.Clone).
func (s *Session) clone() *Session {
	return &Session{opt: s.opt, st: s.st.Clone(), src: s.src}
}

// keepBefore keeps the elements of l whose offset is before end; l is in
// the parser's order, which is the order of the lines they are on.
func keepBefore[T any](l []T, end int, off func(T) int) []T {
	n := 0
	for _, x := range l {
		if off(x) < end {
			l[n] = x
			n++
		}
	}
	return l[:n]
}
