package spancheck

import (
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestTree: a tree whose spans are right passes; a child outside its parent,
// a content line whose span does not hold its text and an inner span outside
// its node each fail, though every span lies inside the input.
func TestTree(t *testing.T) {
	src := []byte("[DATA]\nab|cd\n")
	s := diag.NewSource("t.adsl", src)
	row := func(a, b int) ir.DSLRow {
		return ir.DSLRow{Span: s.Span(a, b), Text: "ab|cd", Cells: []ir.DSLCell{{Start: 0, End: 2}, {Start: 3, End: 5}}}
	}
	doc := func(data ir.DSLData) *ir.DSLDoc {
		return &ir.DSLDoc{Span: s.Span(0, len(src)), Blocks: []ir.DSLBlock{&data}}
	}
	good := ir.DSLData{Span: s.Span(0, 12), Header: s.Span(0, 6), Rows: []ir.DSLRow{row(7, 12)}}
	if err := Tree(src, doc(good)); err != nil {
		t.Fatalf("a right tree: %v", err)
	}
	for name, tc := range map[string]struct {
		data ir.DSLData
		want string
	}{
		"child outside":  {ir.DSLData{Span: s.Span(0, 11), Header: s.Span(0, 6), Rows: []ir.DSLRow{row(7, 12)}}, "outside its parent"},
		"text not bytes": {ir.DSLData{Span: s.Span(0, 12), Header: s.Span(0, 6), Rows: []ir.DSLRow{row(6, 11)}}, "not the input's bytes"},
		"inner outside":  {ir.DSLData{Span: s.Span(6, 12), Header: s.Span(0, 6), Rows: []ir.DSLRow{row(7, 12)}}, "Header"},
	} {
		if err := Tree(src, doc(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, tc.want)
		}
	}
}
