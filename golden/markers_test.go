package golden

// Inline expected-diagnostic markers, for the inputs of every language
// (AgentRosetta .rose, Agent Lingua .lingua, AgentDSL .adsl).
//
// None of the languages has a comment syntax that every line could take
// (Rosetta's lines are coordination text or content, Lingua's a message or
// prose, AgentDSL's rows hold any bytes), so an expectation cannot live inside
// a line. Instead a marker line sits *under* the line it is about and is
// stripped before parsing:
//
//	 mark body#L7 = nope ~hi
//	«      ^ E022 I029
//
// A marker line starts with « (U+00AB), which no line of these files starts
// with. The first ^ stands in the column (counted in code points, like
// diagnostic columns) where the diagnostics' spans must start, on the nearest
// non-marker line above; the words after the carets are the codes expected
// there. A caret cannot stand in column 1, so «:1 CODE (or «:N for column N)
// writes the column out instead. Several marker lines may follow one line. A
// file's diagnostics, after the whole check (the finish report included),
// must be exactly the marked ones: an
// unmarked diagnostic fails the test as surely as a missing one.

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/rosettac/rosettac/compiler"
)

const markerLead = "«"

// stripMarkers removes marker lines from src and returns the input to parse
// and the expected "line:col CODE" strings.
func stripMarkers(t *testing.T, name, src string) (string, []string) {
	var kept, want []string
	for i, line := range strings.Split(src, "\n") {
		if !strings.HasPrefix(line, markerLead) {
			kept = append(kept, line)
			continue
		}
		if len(kept) == 0 {
			t.Fatalf("%s:%d: a marker line needs a line above it", name, i+1)
		}
		var col int
		var codes []string
		if rest, ok := strings.CutPrefix(line, markerLead+":"); ok {
			// «:1 CODE: the column written out (a caret cannot stand in column 1).
			f := strings.Fields(rest)
			n, err := strconv.Atoi(f[0])
			if err != nil || n < 1 {
				t.Fatalf("%s:%d: «:COL needs a column number", name, i+1)
			}
			col, codes = n, f[1:]
		} else {
			caret := strings.IndexByte(line, '^')
			if caret < 0 {
				t.Fatalf("%s:%d: a marker line needs a ^ (or «:COL)", name, i+1)
			}
			col = utf8.RuneCountInString(line[:caret]) + 1
			codes = strings.Fields(strings.TrimLeft(line[caret:], "^"))
		}
		if len(codes) == 0 {
			t.Fatalf("%s:%d: a marker line needs at least one code", name, i+1)
		}
		for _, c := range codes {
			want = append(want, fmt.Sprintf("%d:%d %s", len(kept), col, c))
		}
	}
	sort.Strings(want)
	return strings.Join(kept, "\n"), want
}

// TestMarkers checks every golden/testdata/errors/*.{rose,lingua,adsl} file
// against its markers, each in the language of its extension.
func TestMarkers(t *testing.T) {
	needParser(t)
	for _, ext := range []string{"rose", "lingua", "adsl"} {
		t.Run(ext, func(t *testing.T) { testMarkers(t, filepath.Join("testdata", "errors", "*."+ext)) })
	}
}

func testMarkers(t *testing.T, pattern string) {
	eachFile(t, pattern, func(t *testing.T, f string, b []byte) {
		src, want := stripMarkers(t, f, string(b))
		res := compiler.Check(filepath.Base(f), []byte(src), compiler.Options{})
		var got []string
		for _, d := range res.Diags {
			got = append(got, fmt.Sprintf("%d:%d %s", d.Span.Start().Line, d.Span.Start().Col, d.Code))
		}
		sort.Strings(got)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("diagnostics differ from the markers (-want +got):\n%s\nfull output:\n%s", d, res.Diags)
		}
	})
}
