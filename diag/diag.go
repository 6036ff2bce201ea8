// Package diag owns rosettac's source positions and diagnostics: the position and
// span types every IR node carries, the Diagnostic (severity, stable code, message,
// span, fix hint, machine-applicable fixes), the sorted and de-duplicated List, and its printers (text with a
// caret snippet, JSON, SARIF 2.1.0 and GitHub workflow annotations).
//
// Columns are 1-based and count Unicode code points, as the AgentRosetta reference
// does for every character position; byte offsets are kept beside them so that
// tools can slice the source without re-decoding it.
package diag

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a point in a source file. The zero Pos is "no position".
type Pos struct {
	Offset int // byte offset, 0-based
	Line   int // 1-based line; 0 means no position
	Col    int // 1-based column in code points
}

// IsValid reports whether p names a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Before reports whether p comes strictly before q.
func (p Pos) Before(q Pos) bool { return p.Offset < q.Offset }

// String formats p as line:col.
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Span is a half-open range of bytes [start, end) in one source file. It is
// 16 bytes, a pointer to the file's Source and two byte offsets, and it
// computes the line and column of either end from that Source when asked (a
// diagnostic being printed) instead of storing them: with the file name and
// both ends' line, column and offset in every IR node, spans were 45% of a
// parsed transcript's memory (docs/performance.md, "Rosetta check").
//
// The zero Span is "no position". Make spans with Source.Span, FileSpan, or
// At on an existing span; compare them with Equal (go-cmp uses it).
type Span struct {
	src        *Source
	start, end uint32
}

// FileSpan is a span that names a file but no position in it, for findings
// about a whole file whose text is not at hand (generated code, say).
func FileSpan(file string) Span {
	if file == "" {
		return Span{}
	}
	return Span{src: &Source{File: file, fileOnly: true}}
}

// IsValid reports whether s names a position.
func (s Span) IsValid() bool { return s.src != nil && !s.src.fileOnly }

// File is the name of s's file, or "" for the zero Span.
func (s Span) File() string {
	if s.src == nil {
		return ""
	}
	return s.src.File
}

// Source is the source s points into, or nil for the zero Span.
func (s Span) Source() *Source { return s.src }

// Start is the position of s's first byte (the zero Pos when s is not valid).
func (s Span) Start() Pos {
	if !s.IsValid() {
		return Pos{}
	}
	return s.src.Pos(int(s.start))
}

// End is the position just after s's last byte (the zero Pos when s is not valid).
func (s Span) End() Pos {
	if !s.IsValid() {
		return Pos{}
	}
	return s.src.Pos(int(s.end))
}

// Offsets returns s's byte range [start, end) without computing lines.
func (s Span) Offsets() (start, end int) { return int(s.start), int(s.end) }

// StartOffset is the byte offset of s's first byte.
func (s Span) StartOffset() int { return int(s.start) }

// EndOffset is the byte offset just after s's last byte.
func (s Span) EndOffset() int { return int(s.end) }

// Len is the number of bytes s covers.
func (s Span) Len() int { return int(s.end - s.start) }

// At returns the span of bytes [start, end) of the file s points into; the
// zero Span when s has no source.
func (s Span) At(start, end int) Span {
	if s.src == nil {
		return Span{}
	}
	return s.src.Span(start, end)
}

// WithEnd returns s with its end moved to byte offset end (not before its start).
func (s Span) WithEnd(end int) Span {
	if s.src == nil {
		return s
	}
	return s.src.Span(int(s.start), end)
}

// Through returns the span from s's start to e's end, for e in the same file
// at or after s. When e ends past the window of the file s's source holds (a
// streamed reader keeps one line at a time, NewWindow), the span's source is
// s's window joined to e's, so each end keeps its own line and column and
// none of the text between them is held; WithEnd would clamp the end into
// s's window.
func (s Span) Through(e Span) Span {
	if s.src == nil || !e.IsValid() || e.src == s.src || int(e.end) <= s.src.end() ||
		e.src.File != s.src.File || e.src.base < s.src.base+len(s.src.text) {
		return s.WithEnd(int(e.end))
	}
	j := *s.src // a copy: s's source is shared by the other spans of its window
	j.tail = e.src
	return j.Span(int(s.start), int(e.end))
}

// Collapse returns the empty span at s's start.
func (s Span) Collapse() Span { return s.WithEnd(int(s.start)) }

// Equal reports whether s and o cover the same bytes of files of the same
// name (two parses of one file give Equal spans).
func (s Span) Equal(o Span) bool {
	return s.IsValid() == o.IsValid() && s.File() == o.File() && s.start == o.start && s.end == o.end
}

// String formats s as file:line:col (line:col when it has no file name).
func (s Span) String() string {
	if s.File() == "" {
		return s.Start().String()
	}
	return s.File() + ":" + s.Start().String()
}

// Severity orders diagnostics by how much they matter.
type Severity int

// Severities, from least to most serious. Their names are the ones the CLI prints.
const (
	Info Severity = iota
	Warning
	Error
)

// String returns the lower-case name used in every output format.
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	default:
		return "error"
	}
}

// ParseSeverity is the inverse of Severity.String.
func ParseSeverity(s string) (Severity, bool) {
	switch s {
	case "info":
		return Info, true
	case "warning":
		return Warning, true
	case "error":
		return Error, true
	}
	return Error, false
}

// Diagnostic is one finding about the input.
type Diagnostic struct {
	Severity  Severity
	Code      string // stable code: P…, E…, W…, I…, S…, D001, L…, AD…, G…, T…
	Message   string // what is wrong, in one sentence
	Hint      string // what to do about it, or ""
	Span      Span
	MessageID string // the Rosetta message id this concerns, or ""
	Fixes     []Fix  // ways to repair it, the preferred first; or nil (fix.go)
	// Group names the thing a rule reports once per occurrence (the symbol
	// of an I011, the first message of the propose chain of a W010): in
	// text output the diagnostics of one file with the same code and group
	// print as one, with a count and every position. "" groups nothing.
	Group string
}

// equal reports whether d and o are the same finding at the same place.
func (d Diagnostic) equal(o Diagnostic) bool {
	return d.Severity == o.Severity && d.Code == o.Code && d.Message == o.Message &&
		d.Hint == o.Hint && d.MessageID == o.MessageID && d.Group == o.Group && d.Span.Equal(o.Span) && fixesEqual(d.Fixes, o.Fixes)
}

// Error formats d as "file:line:col: severity CODE: message".
func (d Diagnostic) Error() string {
	return fmt.Sprintf("%s: %s %s: %s", d.Span, d.Severity, d.Code, d.Message)
}

// List is a collection of diagnostics. The zero List is empty and ready to use.
type List []Diagnostic

// Add appends a diagnostic.
//
// It is never inlined: an inlined append of a Diagnostic copies the struct
// and the growth path into each of several hundred call sites, about 100 KB
// of every binary (the playground's wasm has a size budget), to save a call
// that happens once per diagnostic.
//
//go:noinline
func (l *List) Add(d Diagnostic) { *l = append(*l, d) }

// Addf appends a diagnostic built from its parts. Not inlined, as Add.
//
//go:noinline
func (l *List) Addf(sev Severity, code string, span Span, format string, args ...any) {
	*l = append(*l, Diagnostic{Severity: sev, Code: code, Span: span, Message: fmt.Sprintf(format, args...)})
}

// Append appends every diagnostic of m.
func (l *List) Append(m List) { *l = append(*l, m...) }

// Sort orders the list by file name, then by start offset, and keeps the
// original order of diagnostics at the same file and offset (passes report
// in a meaningful order, which a stable sort preserves); codes and messages
// are not compared.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Span, l[j].Span
		if a.File() != b.File() {
			return a.File() < b.File()
		}
		return a.start < b.start
	})
}

// Dedup removes exact duplicates (same span, code, message and message id),
// which arise when two passes reach the same finding. The list must be sorted.
func (l List) Dedup() List {
	if len(l) < 2 {
		return l
	}
	out := l[:1]
	for _, d := range l[1:] {
		dup := false
		for k := len(out) - 1; k >= 0 && out[k].Span.File() == d.Span.File() && out[k].Span.start == d.Span.start; k-- {
			if out[k].equal(d) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, d)
		}
	}
	return out
}

// Count returns how many diagnostics have severity sev.
func (l List) Count(sev Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == sev {
			n++
		}
	}
	return n
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool { return l.Count(Error) > 0 }

// Max returns the most serious severity in l, and false when l is empty.
func (l List) Max() (Severity, bool) {
	if len(l) == 0 {
		return Info, false
	}
	m := Info
	for _, d := range l {
		if d.Severity > m {
			m = d.Severity
		}
	}
	return m, true
}

// Err returns l as an error, or nil when l holds no error-level diagnostic.
func (l List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return l
}

// Error prints the first error and how many more there are.
func (l List) Error() string {
	var first *Diagnostic
	for i := range l {
		if l[i].Severity == Error {
			first = &l[i]
			break
		}
	}
	if first == nil {
		return "no errors"
	}
	n := l.Count(Error)
	if n == 1 {
		return first.Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", first.Error(), n-1)
}

// Codes returns the codes of l in order; handy in tests.
func (l List) Codes() []string {
	out := make([]string, len(l))
	for i, d := range l {
		out[i] = d.Code
	}
	return out
}

// String prints one Error() line per diagnostic.
func (l List) String() string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.Error())
		b.WriteByte('\n')
	}
	return b.String()
}
