package diag

import (
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// TestSourceLines checks the line index NewSource builds, through Pos and
// LineCount, on the edge cases of line ends.
func TestSourceLines(t *testing.T) {
	for _, tc := range []struct {
		text  string
		lines int
		off   int
		want  Pos
	}{
		{"", 1, 0, Pos{Offset: 0, Line: 1, Col: 1}},
		{"abc", 1, 2, Pos{Offset: 2, Line: 1, Col: 3}},
		{"abc\n", 2, 4, Pos{Offset: 4, Line: 2, Col: 1}},
		{"a\nb\r\nc", 3, 5, Pos{Offset: 5, Line: 3, Col: 1}},
		{"a\n\n\né", 4, 5, Pos{Offset: 5, Line: 4, Col: 2}},
		{"\n", 2, 0, Pos{Offset: 0, Line: 1, Col: 1}},
	} {
		s := NewSource("f", []byte(tc.text))
		if got := s.LineCount(); got != tc.lines {
			t.Errorf("%q: %d lines, want %d", tc.text, got, tc.lines)
		}
		if diff := cmp.Diff(tc.want, s.Pos(tc.off)); diff != "" {
			t.Errorf("%q: Pos(%d) (-want +got):\n%s", tc.text, tc.off, diff)
		}
	}
}

// TestSpanPositions checks that a span computes its ends' positions from its
// source, and the span operations that keep it in that source.
func TestSpanPositions(t *testing.T) {
	src := NewSource("f.rose", []byte("ab\n\tcé d\n"))
	sp := src.Span(4, 8) // "cé " on line 2
	if got, want := sp.String(), "f.rose:2:2"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if diff := cmp.Diff(Pos{Offset: 8, Line: 2, Col: 5}, sp.End()); diff != "" {
		t.Errorf("End() (-want +got):\n%s", diff)
	}
	if got := sp.WithEnd(2).EndOffset(); got != 4 {
		t.Errorf("WithEnd before the start ends at %d, want the start 4", got)
	}
	if got := sp.WithEnd(100).EndOffset(); got != 10 {
		t.Errorf("WithEnd past the text ends at %d, want 10", got)
	}
	if c := sp.Collapse(); c.Len() != 0 || c.StartOffset() != 4 {
		t.Errorf("Collapse() = [%d,%d), want [4,4)", c.StartOffset(), c.EndOffset())
	}
	again := NewSource("f.rose", []byte("ab\n\tcé d\n")).Span(4, 8)
	if !sp.Equal(again) || sp.Equal(again.WithEnd(9)) || sp.Equal(NewSource("g", []byte(src.Content())).Span(4, 8)) {
		t.Error("Equal must compare file name and offsets, not sources")
	}
	var zero Span
	if zero.IsValid() || zero.Start().IsValid() || zero.File() != "" || zero.WithEnd(3).IsValid() {
		t.Error("the zero Span must stay invalid")
	}
	if f := FileSpan("gen.go"); f.IsValid() || f.File() != "gen.go" || f.String() != "gen.go:0:0" {
		t.Errorf("FileSpan = %v (valid %v), want a file without a position", f, f.IsValid())
	}
}

// TestWindow checks that a window over part of a file gives the file's
// offsets, lines and columns.
func TestWindow(t *testing.T) {
	w := NewWindowString("big.adsl", "x|é|z", 100, 7)
	sp := w.Span(104, 106) // "|z" after "x|é"
	if diff := cmp.Diff(Pos{Offset: 104, Line: 7, Col: 4}, sp.Start()); diff != "" {
		t.Errorf("Start() (-want +got):\n%s", diff)
	}
	if got := string(w.Line(7)); got != "x|é|z" {
		t.Errorf("Line(7) = %q", got)
	}
	if w.Line(1) != nil || w.LineStart(7) != 100 {
		t.Errorf("Line(1) = %q, LineStart(7) = %d: a window knows only its lines", w.Line(1), w.LineStart(7))
	}
}

// TestThrough checks that a span from one window to a later one of the same
// file keeps both ends' lines and columns, where WithEnd would clamp its end
// into the first window.
func TestThrough(t *testing.T) {
	head := NewWindowString("big.adsl", "[DATA]", 10, 3)
	mid := NewWindowString("big.adsl", "1|a", 17, 4)
	last := NewWindowString("big.adsl", "2|é", 21, 5)
	sp := head.Span(10, 16)
	j := sp.Through(mid.Span(20, 20)).Through(last.Span(25, 25))
	if s, e := j.Offsets(); s != 10 || e != 25 {
		t.Errorf("Offsets() = %d, %d, want 10, 25", s, e)
	}
	if diff := cmp.Diff([]Pos{{Offset: 10, Line: 3, Col: 1}, {Offset: 25, Line: 5, Col: 4}}, []Pos{j.Start(), j.End()}); diff != "" {
		t.Errorf("Start(), End() (-want +got):\n%s", diff)
	}
	if got := string(j.Source().Line(5)); got != "2|é" {
		t.Errorf("Line(5) = %q", got)
	}
	// The first window is shared by the other spans on its line: it is not changed.
	if e := sp.WithEnd(25).End(); e != (Pos{Offset: 16, Line: 3, Col: 7}) {
		t.Errorf("the first window's span ends at %v, want 3:7 (clamped)", e)
	}
	// Within one source, Through is WithEnd.
	src := NewSource("a", []byte("ab\ncd\n"))
	if got, want := src.Span(0, 1).Through(src.Span(4, 5)), src.Span(0, 5); !got.Equal(want) || got.Source() != src {
		t.Errorf("Through in one source = %v-%v, want %v-%v", got.Start(), got.End(), want.Start(), want.End())
	}
}

// TestLongLineColumns compares the checkpointed columns of long lines with a
// direct count, over ASCII, multi-byte and invalid UTF-8, at every offset.
func TestLongLineColumns(t *testing.T) {
	var b []byte
	b = append(b, "\uFEFFshort line\n"...)
	for i := range 3000 {
		switch i % 7 {
		case 0:
			b = append(b, "é"...)
		case 1:
			b = append(b, 0xe2, 0x82) // a cut sequence
		case 2:
			b = append(b, "👽"...)
		case 3:
			b = append(b, 0x80)
		case 4:
			b = append(b, "中"...) // a 14-byte cycle: the checkpoints fall inside runes too
		default:
			b = append(b, 'a')
		}
	}
	b = append(b, "\r\nlast"...)
	s := NewSource("x", b)
	for off := 0; off <= len(b); off++ {
		p := s.Pos(off)
		start := s.LineStart(p.Line)
		if p.Line == 1 {
			start = min(3, off)
		}
		if want := utf8.RuneCount(b[start:off]) + 1; p.Col != want {
			t.Fatalf("offset %d: column %d, want %d", off, p.Col, want)
		}
	}
}
