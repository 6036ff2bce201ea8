package rosetta

import (
	"runtime"
	"runtime/debug"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/chatter"
	"github.com/rosettac/rosettac/ir"
)

// Parsing on several cores.
//
// A message's parse depends on nothing before its header line: any line that
// the header grammar reads whole is a header wherever it stands (line, in
// scan.go, tries the header grammar before it looks at the state), and a
// header ends the message and the prose before it. So a transcript cut just
// before header lines is parsed piece by piece, each piece by a fresh parser,
// and the pieces' messages, prose and diagnostics, put back in order, are
// exactly the whole parse's (TestParallelSameAsWhole). The consumer (the
// session, which is ordered) still sees every message in order, on its own
// goroutine, while the next pieces are parsed on the other cores.

// chunkSize is the size a piece aims at: large enough that a piece's fixed
// cost (a parser and its slabs, a goroutine hand-off) is small next to its
// parse, small enough that a few pieces in flight hold little memory (a
// piece's IR is several times its text; 128 KiB pieces were 4 MB in flight
// of a streamed check's 30, and 64 KiB cost no measurable CPU more).
const chunkSize = 64 << 10

// ParseEachParallel is ParseEach on every core (runtime.GOMAXPROCS): the same
// transcript and diagnostics, each called with the same messages in the same
// order, on the caller's goroutine. With one core, or an input too small to
// cut, it is ParseEach.
func ParseEachParallel(src *diag.Source, each func(*ir.Message)) (*ir.Transcript, diag.List) {
	return parseParallel(src, each, runtime.GOMAXPROCS(0), chunkSize)
}

// Items are the callbacks of ParseItems: one for each message, one for each
// prose run (nil: prose is only kept in the transcript).
type Items struct {
	Message func(*ir.Message)
	Prose   func(*ir.Prose)
}

// ParseItems is ParseEachParallel that hands out the prose runs too: every
// message and every prose run goes to its callback in source order (the order
// Print and the translations write them in), so that a writer of the whole
// transcript can write it item by item, never holding it. The transcript
// returned keeps the prose as well. Input with no header at all is one
// degraded message (P001) and no prose, as in Parse.
func ParseItems(src *diag.Source, it Items) (*ir.Transcript, diag.List) {
	return parseItems(src, itemsOf(it), runtime.GOMAXPROCS(0), chunkSize)
}

// ParseItemsPrepared is ParseItems with a step of the consumer's own on the
// parsing cores: prepare runs on each message as soon as its piece is
// parsed, on the goroutine that parsed it (so concurrently with message on
// earlier messages, and once), and message gets each message with what
// prepare made of it, in order on the caller's goroutine. prepare must read
// only the message and src, and change neither. Work a consumer can do on a
// message alone (a checker's single-message rules) then leaves the
// consumer's goroutine, which is ordered and the slowest stage.
func ParseItemsPrepared[T any](src *diag.Source, prepare func(*ir.Message) T, message func(*ir.Message, T), prose func(*ir.Prose)) (*ir.Transcript, diag.List) {
	return parseItems(src, prepItems[T]{prepare: prepare, message: message, prose: prose}, runtime.GOMAXPROCS(0), chunkSize)
}

// prepItems are ParseItemsPrepared's steps; a nil prepare gives each message
// T's zero value, a nil message keeps the messages in the transcript.
type prepItems[T any] struct {
	prepare func(*ir.Message) T
	message func(*ir.Message, T)
	prose   func(*ir.Prose)
}

// itemsOf is ParseItems' callbacks as ParseItemsPrepared's, with nothing to
// prepare.
func itemsOf(it Items) prepItems[struct{}] {
	pi := prepItems[struct{}]{prose: it.Prose}
	if it.Message != nil {
		pi.message = func(m *ir.Message, _ struct{}) { it.Message(m) }
	}
	return pi
}

// prepared is prepare(m), or T's zero value without a prepare.
func (it prepItems[T]) prepared(m *ir.Message) T {
	if it.prepare == nil {
		var zero T
		return zero
	}
	return it.prepare(m)
}

func parseParallel(src *diag.Source, each func(*ir.Message), workers, chunk int) (*ir.Transcript, diag.List) {
	return parseItems(src, itemsOf(Items{Message: each}), workers, chunk)
}

// piece is one cut of the input, parsed: its messages (in order) with what
// prepare made of each when they are handed on, its prose and its
// diagnostics.
type piece[T any] struct {
	msgs     []*ir.Message
	prepared []T
	prose    []*ir.Prose
	diags    diag.List
	panicked any // what parsing the piece panicked with, raised again by the caller
}

func parseItems[T any](src *diag.Source, it prepItems[T], workers, chunk int) (*ir.Transcript, diag.List) {
	each := it.message
	text := src.Content()
	start := diag.BOMLen(text)
	whole := func() (*ir.Transcript, diag.List) {
		one := Items{Prose: it.prose}
		if each != nil {
			one.Message = func(m *ir.Message) { each(m, it.prepared(m)) }
		}
		return parseEach(src, one)
	}
	if workers < 2 || len(text)-start < 2*chunk {
		return whole()
	}
	// Cut points are found as the pieces are handed out, by a scan of a few
	// lines from each aimed-at offset to the next header line.
	cutter := &cutter{text: text}
	first := cutter.next(start + chunk)
	if first == len(text) {
		// No cut: the input may have no header at all, and only the whole
		// parse knows to wrap it as one note then (P001).
		return whole()
	}
	type job struct {
		from, to int
		out      chan piece[T]
	}
	// At most window pieces are parsed or waiting to be consumed at once, so
	// memory stays a few pieces' IR whatever the input size: one being
	// parsed on each worker and one ready, since the consumer (the ordered
	// session) is the slowest stage.
	window := workers + 1
	jobs := make(chan job, window)
	order := make(chan chan piece[T], window)
	for range workers {
		go func() {
			// The text may be a file mapped into memory (cmd/rosettac maps a
			// large input), which faults where the file was cut short while
			// it is read: a fault here is a panic, handed to the caller with
			// any other, so that it is raised where the parse was called and
			// not in a goroutine no one can recover.
			debug.SetPanicOnFault(true)
			for j := range jobs {
				j.out <- parsePieceRecovered(src, j.from, j.to, it)
			}
		}()
	}
	go func() {
		debug.SetPanicOnFault(true) // the cutter reads the text too
		defer close(jobs)
		defer close(order)
		defer func() {
			if r := recover(); r != nil {
				out := make(chan piece[T], 1)
				out <- piece[T]{panicked: r}
				order <- out
			}
		}()
		from, to := start, first
		for from < len(text) {
			if from > start {
				to = cutter.next(from + chunk)
			}
			out := make(chan piece[T], 1)
			order <- out // blocks while window pieces are unconsumed
			jobs <- job{from, to, out}
			from = to
		}
	}()
	t := &ir.Transcript{Span: src.Span(0, src.Len())}
	var ds diag.List
	defer func() {
		// A panic here (the consumer's, or a piece's raised again) leaves
		// pieces unconsumed: let the producer and the workers finish.
		if r := recover(); r != nil {
			go func() {
				for out := range order {
					<-out
				}
			}()
			panic(r)
		}
	}()
	for out := range order {
		pc := <-out
		if pc.panicked != nil {
			panic(pc.panicked)
		}
		pi := 0 // the piece's prose runs, handed out in order among its messages
		for i, m := range pc.msgs {
			if each != nil {
				for ; it.prose != nil && pi < len(pc.prose) && pc.prose[pi].Span.StartOffset() < m.Span.StartOffset(); pi++ {
					it.prose(pc.prose[pi])
				}
				each(m, pc.prepared[i])
			} else {
				t.Messages = append(t.Messages, m)
			}
		}
		for ; it.prose != nil && pi < len(pc.prose); pi++ {
			it.prose(pc.prose[pi])
		}
		t.Prose = append(t.Prose, pc.prose...)
		ds = append(ds, pc.diags...)
	}
	return t, ds
}

// parsePieceRecovered is parsePiece with a panic kept in the piece.
func parsePieceRecovered[T any](src *diag.Source, from, to int, it prepItems[T]) (pc piece[T]) {
	defer func() {
		if r := recover(); r != nil {
			pc = piece[T]{panicked: r}
		}
	}()
	return parsePiece(src, from, to, it)
}

// parsePiece parses the lines in text[from:to] as the whole parse does from a
// header line on (ParseEachFrom), keeping the messages, and, when they are
// handed on, what it.prepare makes of each.
func parsePiece[T any](src *diag.Source, from, to int, it prepItems[T]) piece[T] {
	p := &parser{src: src, text: src.Content()}
	p.t = &ir.Transcript{}
	p.lines(from, to)
	p.endMessage()
	p.endProse()
	pc := piece[T]{msgs: p.t.Messages, prose: p.t.Prose, diags: p.diags}
	if it.message != nil {
		pc.prepared = make([]T, len(pc.msgs))
		if it.prepare != nil {
			for i, m := range pc.msgs {
				pc.prepared[i] = it.prepare(m)
			}
		}
	}
	return pc
}

// cutter finds cut points: starts of header lines.
type cutter struct {
	text string
	lex  lineLexer
}

// next returns the start of the first line at or after offset at (at the start
// of a line or not) that is a header line wherever it stands, or the end of
// the text.
func (c *cutter) next(at int) int {
	text := c.text
	if at >= len(text) {
		return len(text)
	}
	// the start of the line after the one at is in (or at itself when it
	// starts a line)
	if at > 0 && text[at-1] != '\n' {
		_, next := diag.LineEnd(text, at)
		at = next
	}
	for start := at; start < len(text); {
		end, next := diag.LineEnd(text, start)
		if c.isHeader(text[start:end]) {
			return start
		}
		start = next
	}
	return len(text)
}

// isHeader reports whether line is a header line in any state of the parse:
// what parser.line does with it before it looks at the state. Lines with
// bytes outside ASCII are passed over (the parser may normalise them first);
// they are never cut before, only parsed.
func (c *cutter) isHeader(line string) bool {
	i := skipWS(line, 0)
	if i == len(line) || line[i] == '|' || chatter.IsFence(line[i:]) {
		return false
	}
	s := line[i:]
	for k := 0; k < len(s); k++ {
		if s[k] >= 0x80 {
			return false
		}
	}
	return headerCandidate(s) && parseLine(&c.lex, headerParser(), modeHeader, s) != nil
}
