package diag

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"
)

// Source maps byte offsets of one file to positions. Build it once per file; each
// lookup is a binary search over line starts plus a scan of one line.
type Source struct {
	File  string
	Text  []byte
	lines []int // byte offset of the start of each line
}

// NewSource indexes text. Lines end at '\n' only (a '\r' before it belongs to
// the line ending, any other control character is content).
func NewSource(file string, text []byte) *Source {
	lines := make([]int, 1, 1+len(text)/32)
	for i := 0; ; {
		k := bytes.IndexByte(text[i:], '\n') // vectorised; a byte loop was 3% of a Rosetta parse
		if k < 0 {
			break
		}
		i += k + 1
		lines = append(lines, i)
	}
	return &Source{File: file, Text: text, lines: lines}
}

// Pos returns the position of byte offset off, clamped into the text.
func (s *Source) Pos(off int) Pos {
	if off < 0 {
		off = 0
	}
	if off > len(s.Text) {
		off = len(s.Text)
	}
	line := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	start := s.lines[line]
	return Pos{Offset: off, Line: line + 1, Col: utf8.RuneCount(s.Text[start:off]) + 1}
}

// Span returns the span of bytes [start, end).
func (s *Source) Span(start, end int) Span {
	if end < start {
		end = start
	}
	return Span{File: s.File, Start: s.Pos(start), End: s.Pos(end)}
}

// LineCount is the number of lines (a final line without '\n' counts).
func (s *Source) LineCount() int { return len(s.lines) }

// Line returns the text of 1-based line n without its line ending ("\n" or "\r\n").
func (s *Source) Line(n int) []byte {
	if n < 1 || n > len(s.lines) {
		return nil
	}
	start := s.lines[n-1]
	end := len(s.Text)
	if n < len(s.lines) {
		end = s.lines[n] - 1
	}
	for end > start && s.Text[end-1] == '\r' {
		end--
	}
	return s.Text[start:end]
}

// LineStart returns the byte offset where 1-based line n starts.
func (s *Source) LineStart(n int) int {
	if n < 1 {
		return 0
	}
	if n > len(s.lines) {
		return len(s.Text)
	}
	return s.lines[n-1]
}

// LineEnd returns the end of the text of the line that starts at byte start,
// and the start of the next line. This is rosettac's one rule for lines in
// every language: a line ends at "\n", and the '\r's right before it (or
// before the end of the input) belong to the line ending, so no line's text
// ends in '\r' and every line prints back as its text plus "\n".
func LineEnd(text string, start int) (end, next int) {
	nl := strings.IndexByte(text[start:], '\n')
	if nl < 0 {
		end, next = len(text), len(text)
	} else {
		end, next = start+nl, start+nl+1
	}
	for end > start && text[end-1] == '\r' {
		end--
	}
	return end, next
}
