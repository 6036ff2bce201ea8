package rosblock

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rosettac/rosettac/ir"
)

func block(win string, lines ...string) *ir.Block {
	b := &ir.Block{Name: "b"}
	if win != "" {
		b.Attrs = []ir.Attr{{Key: "win", Value: win}}
	}
	for _, l := range lines {
		b.Lines = append(b.Lines, ir.BlockLine{Text: l})
	}
	return b
}

func TestWindow(t *testing.T) {
	tests := []struct {
		win      string
		from, to int
		ok       bool
		first    int
	}{
		{"", 0, 0, false, 1},
		{"L38-46", 38, 46, true, 38},
		{"38-46", 38, 46, true, 38},
		{"L38-L46", 38, 46, true, 38},
		{"L38", 0, 0, false, 1},
		{"L3a-4", 0, 0, false, 1},
		{"-4", 0, 0, false, 1},
	}
	for _, tt := range tests {
		b := block(tt.win, "x")
		from, to, ok := Window(b)
		if from != tt.from || to != tt.to || ok != tt.ok || FirstLine(b) != tt.first {
			t.Errorf("win=%q: Window = %d, %d, %v, FirstLine = %d; want %d, %d, %v, %d", tt.win, from, to, ok, FirstLine(b), tt.from, tt.to, tt.ok, tt.first)
		}
	}
}

func TestParagraphsAndLines(t *testing.T) {
	b := block("L10-15", "a", "b", "", " ", "c", "")
	if d := cmp.Diff([][2]int{{10, 11}, {14, 14}}, Paragraphs(b, FirstLine(b))); d != "" {
		t.Errorf("Paragraphs (-want +got):\n%s", d)
	}
	tests := []struct {
		sel  ir.Selector
		line int
		ok   bool
	}{
		{ir.Selector{Kind: ir.SelLine, From: 12}, 12, true},
		{ir.Selector{Kind: ir.SelPara, From: 2}, 14, true},
		{ir.Selector{Kind: ir.SelPara, From: 3}, 0, false},
		{ir.Selector{Kind: ir.SelChar, From: 4}, 10, true},
		{ir.Selector{Kind: ir.SelQuote, Quote: "c"}, 0, false},
	}
	for _, tt := range tests {
		if line, ok := PosLine(b, FirstLine(b), &tt.sel); line != tt.line || ok != tt.ok {
			t.Errorf("PosLine(%+v) = %d, %v; want %d, %v", tt.sel, line, ok, tt.line, tt.ok)
		}
	}
	sels := []ir.Selector{{Kind: ir.SelQuote, Quote: "c"}, {Kind: ir.SelPara, From: 3}, {Kind: ir.SelPara, From: 2}}
	if got := AnchorLine(b, sels, nil); got != 14 {
		t.Errorf("AnchorLine = %d, want 14 (the first selector with a position)", got)
	}
	if got := AnchorLine(b, sels, &ir.Resolution{Line: 11}); got != 11 {
		t.Errorf("AnchorLine = %d, want the resolution's 11", got)
	}
	if got := AnchorLine(block(""), nil, nil); got != 0 {
		t.Errorf("AnchorLine of an empty block = %d, want 0", got)
	}
}

func TestFindAndText(t *testing.T) {
	first, second := block("", "one"), block("", "two", "lines")
	m := &ir.Message{Slots: []ir.Slot{&ir.BlockSlot{Block: first}, &ir.BlockSlot{Block: second}}}
	if Find(m, "b") != second || Find(m, "c") != nil {
		t.Error("Find must return the last block of the name, nil for none")
	}
	if got := Text(second); got != "two\nlines" {
		t.Errorf("Text = %q", got)
	}
	el := block("")
	el.Attrs = []ir.Attr{{Key: "src", Value: "@sha256:ab"}}
	if !Elided(el) || Elided(first) {
		t.Error("Elided: a block with src= and no lines only")
	}
}
