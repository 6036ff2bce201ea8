package rosetta

import (
	"runtime"

	"github.com/rosettac/rosettac/diag"
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
// parse, small enough that a few pieces in flight hold little memory.
const chunkSize = 128 << 10

// ParseEachParallel is ParseEach on every core (runtime.GOMAXPROCS): the same
// transcript and diagnostics, each called with the same messages in the same
// order, on the caller's goroutine. With one core, or an input too small to
// cut, it is ParseEach.
func ParseEachParallel(src *diag.Source, each func(*ir.Message)) (*ir.Transcript, diag.List) {
	return parseParallel(src, nil, func(m *ir.Message, _ struct{}) { each(m) }, runtime.GOMAXPROCS(0), chunkSize)
}

// ParseEachPrepared is ParseEachParallel with a step of the consumer's own
// on the parsing cores: prepare runs on each message as soon as its piece
// is parsed, on the goroutine that parsed it (so concurrently with each on
// earlier messages, and never twice), and each gets the message with what
// prepare made of it, in order on the caller's goroutine. prepare must read
// only the message and src, and change neither. Work a consumer can do on a
// message alone (a checker's single-message rules) then leaves the
// consumer's goroutine, which is ordered and the slowest stage.
func ParseEachPrepared[T any](src *diag.Source, prepare func(*ir.Message) T, each func(*ir.Message, T)) (*ir.Transcript, diag.List) {
	return parseParallel(src, prepare, each, runtime.GOMAXPROCS(0), chunkSize)
}

// piece is one cut of the input, parsed: its messages (in order) with what
// prepare made of each, its prose and its diagnostics.
type piece[T any] struct {
	msgs     []*ir.Message
	prepared []T
	prose    []*ir.Prose
	diags    diag.List
}

// parseParallel is ParseEachPrepared with the number of workers and the
// size of a piece; a nil prepare gives each T's zero value.
func parseParallel[T any](src *diag.Source, prepare func(*ir.Message) T, each func(*ir.Message, T), workers, chunk int) (*ir.Transcript, diag.List) {
	text := src.Content()
	start := diag.BOMLen(text)
	whole := func() (*ir.Transcript, diag.List) {
		if each == nil {
			return ParseEach(src, nil)
		}
		return ParseEach(src, func(m *ir.Message) { each(m, prepared(prepare, m)) })
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
	// memory stays a few pieces' IR whatever the input size.
	window := 2 * workers
	jobs := make(chan job, window)
	order := make(chan chan piece[T], window)
	for range workers {
		go func() {
			for j := range jobs {
				j.out <- parsePiece(src, j.from, j.to, prepare, each != nil)
			}
		}()
	}
	go func() {
		defer close(jobs)
		defer close(order)
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
	for out := range order {
		pc := <-out
		for i, m := range pc.msgs {
			if each != nil {
				each(m, pc.prepared[i])
			} else {
				t.Messages = append(t.Messages, m)
			}
		}
		t.Prose = append(t.Prose, pc.prose...)
		ds = append(ds, pc.diags...)
	}
	return t, ds
}

// prepared is prepare(m), or T's zero value without a prepare.
func prepared[T any](prepare func(*ir.Message) T, m *ir.Message) T {
	if prepare == nil {
		var zero T
		return zero
	}
	return prepare(m)
}

// parsePiece parses the lines in text[from:to] as the whole parse does from a
// header line on (ParseEachFrom), keeping the messages, and, when they are
// to be handed on, what prepare makes of each.
func parsePiece[T any](src *diag.Source, from, to int, prepare func(*ir.Message) T, handed bool) piece[T] {
	p := &parser{src: src, text: src.Content()}
	p.t = &ir.Transcript{}
	p.lines(from, to)
	p.endMessage()
	p.endProse()
	pc := piece[T]{msgs: p.t.Messages, prose: p.t.Prose, diags: p.diags}
	if handed {
		pc.prepared = make([]T, len(pc.msgs))
		if prepare != nil {
			for i, m := range pc.msgs {
				pc.prepared[i] = prepare(m)
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
	if i == len(line) || line[i] == '|' || isFence(line[i:]) {
		return false
	}
	s := line[i:]
	for k := 0; k < len(s); k++ {
		if s[k] >= 0x80 {
			return false
		}
	}
	return headerCandidate(s) && parseLine(&c.lex, headerParser, modeHeader, s) != nil
}
