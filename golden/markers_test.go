package golden

// Inline expected-diagnostic markers for AgentRosetta inputs.
//
// Rosetta has no comment syntax (every line is either coordination text or
// content), so an expectation cannot live inside a line. Instead a marker line
// sits *under* the line it is about and is stripped before parsing:
//
//	 mark body#L7 = nope ~hi
//	«      ^ E022 I029
//
// A marker line starts with « (U+00AB), which no Rosetta line may start with.
// The first ^ stands in the column (counted in code points, like diagnostic
// columns) where the diagnostics' spans must start, on the nearest non-marker
// line above; the words after the carets are the codes expected there. Several
// marker lines may follow one line. A file's diagnostics, after the whole
// check (the finish report included), must be exactly the marked ones: an
// unmarked diagnostic fails the test as surely as a missing one.

import (
	"fmt"
	"path/filepath"
	"sort"
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
		caret := strings.IndexByte(line, '^')
		if caret < 0 {
			t.Fatalf("%s:%d: a marker line needs a ^", name, i+1)
		}
		col := utf8.RuneCountInString(line[:caret]) + 1
		codes := strings.Fields(strings.TrimLeft(line[caret:], "^"))
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

// TestMarkers checks every golden/testdata/errors/*.rose file against its markers.
func TestMarkers(t *testing.T) {
	needParser(t)
	eachFile(t, filepath.Join("testdata", "errors", "*.rose"), func(t *testing.T, f string, b []byte) {
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
