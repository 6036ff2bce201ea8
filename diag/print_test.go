package diag

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPrintTextSnippets checks the caret snippet: under the span's columns
// (a byte order mark is not a column), cut to a window on a long line, and
// left out where the line is empty.
func TestPrintTextSnippets(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		start, end int
		want       string
	}{
		{"columns", "a1.1 tell >a2\n", 5, 9, "f:1:6: error X1: m\n    a1.1 tell >a2\n         ^^^^\n"},
		{"bom", "\uFEFFa1.1 tell >a2\n", 8, 12, "f:1:6: error X1: m\n    a1.1 tell >a2\n         ^^^^\n"},
		{"empty file", "", 0, 0, "f:1:1: error X1: m\n"},
		{"blank line", "x\n\ny\n", 2, 2, "f:2:1: error X1: m\n"},
	} {
		src := NewSource("f", []byte(tc.text))
		var b bytes.Buffer
		PrintText(&b, List{{Severity: Error, Code: "X1", Message: "m", Span: src.Span(tc.start, tc.end)}}, nil, TextOptions{})
		if d := cmp.Diff(tc.want, b.String()); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}
}

// TestPrintTextRanked: with a limit, errors come first, then warnings, then
// infos, each in position order; the summary counts everything and says
// how many the limit hid.
func TestPrintTextRanked(t *testing.T) {
	src := NewSource("f", []byte("a\nb\nc\nd\ne\n"))
	at := func(line int) Span { return src.Span(2*(line-1), 2*(line-1)+1) }
	l := List{
		{Severity: Info, Code: "I1", Message: "i", Span: at(1)},
		{Severity: Warning, Code: "W1", Message: "w", Span: at(2)},
		{Severity: Info, Code: "I2", Message: "i", Span: at(3)},
		{Severity: Error, Code: "E1", Message: "e", Span: at(4)},
		{Severity: Error, Code: "E2", Message: "e", Span: at(5)},
	}
	var b bytes.Buffer
	PrintText(&b, l, nil, TextOptions{Limit: 3, Ranked: true, Summary: true})
	want := "f:4:1: error E1: e\n    d\n    ^\n" +
		"f:5:1: error E2: e\n    e\n    ^\n" +
		"f:2:1: warning W1: w\n    b\n    ^\n" +
		"f: 2 errors, 1 warning, 2 infos (2 hidden; --all-errors shows them)\n"
	if d := cmp.Diff(want, b.String()); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	b.Reset()
	PrintText(&b, l, nil, TextOptions{Limit: 2})
	if got := b.String(); !bytes.HasPrefix([]byte(got), []byte("f:1:1: info I1")) || !bytes.HasSuffix([]byte(got), []byte("... and 3 more (use --all-errors to see all)\n")) {
		t.Errorf("unranked output keeps the list's order:\n%s", got)
	}
}

// TestPrintTextGroups: diagnostics of one file with the same code and
// group print once, with a count and the other positions; another group,
// file or code stays apart.
func TestPrintTextGroups(t *testing.T) {
	src := NewSource("f", []byte("PMID x PMID\nEUR PMID\n"))
	g := NewSource("g", []byte("PMID\n"))
	l := List{
		{Severity: Info, Code: "I011", Message: "symbol PMID", Group: "PMID", Span: src.Span(0, 4), MessageID: "a1.1"},
		{Severity: Info, Code: "I011", Message: "symbol PMID", Group: "PMID", Span: src.Span(7, 11), MessageID: "a1.1"},
		{Severity: Info, Code: "I011", Message: "symbol EUR", Group: "EUR", Span: src.Span(12, 15), MessageID: "a1.2"},
		{Severity: Info, Code: "I011", Message: "symbol PMID", Group: "PMID", Span: src.Span(16, 20), MessageID: "a1.2"},
		{Severity: Info, Code: "I011", Message: "symbol PMID", Group: "PMID", Span: g.Span(0, 4)},
	}
	var b bytes.Buffer
	PrintText(&b, l, nil, TextOptions{Group: true, Ranked: true, Limit: 10, Summary: true, Files: []string{"f", "g", "h"}})
	want := "f:1:1: info I011: symbol PMID\n    PMID x PMID\n    ^^^^\n    3 in all; also at 1:8 (a1.1), 2:5 (a1.2)\n" +
		"f:2:1: info I011: symbol EUR\n    EUR PMID\n    ^^^\n" +
		"g:1:1: info I011: symbol PMID\n    PMID\n    ^^^^\n" +
		"f: 0 errors, 0 warnings, 4 infos\ng: 0 errors, 0 warnings, 1 info\nh: 0 errors, 0 warnings, 0 infos\n" +
		"total: 0 errors, 0 warnings, 5 infos\n"
	if d := cmp.Diff(want, b.String()); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// A limit counts a group once, and hides the diagnostics of the groups
	// it leaves out.
	b.Reset()
	PrintText(&b, l, nil, TextOptions{Group: true, Limit: 1, Summary: true, Files: []string{"f", "g"}})
	if got := b.String(); !bytes.HasSuffix([]byte(got), []byte("total: 0 errors, 0 warnings, 5 infos (2 hidden; --all-errors shows them)\n")) {
		t.Errorf("hidden count:\n%s", got)
	}
}

func TestAtLeast(t *testing.T) {
	l := List{{Severity: Info, Code: "I1"}, {Severity: Error, Code: "E1"}, {Severity: Warning, Code: "W1"}}
	if got := l.AtLeast(Warning).Codes(); !cmp.Equal(got, []string{"E1", "W1"}) {
		t.Errorf("AtLeast(Warning) = %v", got)
	}
	if got := l.AtLeast(Info); len(got) != 3 {
		t.Errorf("AtLeast(Info) = %v", got)
	}
}
