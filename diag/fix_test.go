package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestApplyFixes checks which fixes are applied: the first fix at or above the
// applicability asked for, never one that overlaps an edit already taken or
// that is about another file, and every edit of a fix or none.
func TestApplyFixes(t *testing.T) {
	text := "a1 Tell >a2 ttl=1 hour\n"
	src := NewSource("f", []byte(text))
	other := NewSource("g", []byte(text))
	act := Replace("lower-case the act", Safe, src.Span(3, 7), "tell")
	ttl := Replace("write the duration as 1h", Safe, src.Span(16, 22), "1h")
	guess := Replace("guess", Review, src.Span(0, 2), "b1")
	overlap := Replace("overlaps the act", Safe, src.Span(5, 9), "X")
	insertAtAct := Replace("insert where the act starts", Safe, src.Span(3, 3), "Y")
	twoEdits := Fix{Title: "two edits, one conflicting", Applicability: Safe, Edits: []TextEdit{
		{Span: src.Span(0, 0), NewText: "#"}, {Span: src.Span(4, 6), NewText: "z"},
	}}
	l := List{
		{Code: "A", Span: src.Span(3, 7), Fixes: []Fix{act}},
		{Code: "B", Span: src.Span(16, 22), Fixes: []Fix{ttl}},
		{Code: "C", Span: src.Span(0, 2), Fixes: []Fix{guess}},
		{Code: "D", Span: src.Span(5, 9), Fixes: []Fix{overlap}},
		{Code: "E", Span: src.Span(3, 3), Fixes: []Fix{insertAtAct}},
		{Code: "F", Span: src.Span(0, 0), Fixes: []Fix{twoEdits}},
		{Code: "G", Span: other.Span(0, 2), Fixes: []Fix{Replace("other file", Safe, other.Span(0, 2), "zz")}},
	}
	for _, tc := range []struct {
		min   Applicability
		want  string
		codes []string
	}{
		{Safe, "a1 tell >a2 ttl=1h\n", []string{"A", "B"}},
		{Review, "b1 tell >a2 ttl=1h\n", []string{"C", "A", "B"}},
	} {
		got, applied := ApplyFixes("f", []byte(text), l, tc.min)
		if string(got) != tc.want {
			t.Errorf("min %v: got %q, want %q", tc.min, got, tc.want)
		}
		var codes []string
		for _, a := range applied {
			codes = append(codes, a.Diagnostic.Code)
		}
		if d := cmp.Diff(tc.codes, codes); d != "" {
			t.Errorf("min %v: applied (-want +got):\n%s", tc.min, d)
		}
	}
	if got, applied := ApplyFixes("f", []byte(text), nil, Safe); string(got) != text || applied != nil {
		t.Errorf("no fixes changed the text: %q %v", got, applied)
	}
}

// TestFixFormats checks that --format json and --format sarif carry a
// diagnostic's fixes with their applicability, and the text printer names them.
func TestFixFormats(t *testing.T) {
	src := NewSource("f.ar", []byte("a1 Tell >a2\n"))
	l := List{{Severity: Warning, Code: "P020", Message: "act written in upper case", Span: src.Span(3, 7),
		Fixes: []Fix{Replace("write the act as tell", Safe, src.Span(3, 7), "tell")}}}

	var j bytes.Buffer
	if err := PrintJSON(&j, l); err != nil {
		t.Fatal(err)
	}
	var jd struct {
		Diagnostics []struct {
			Fixes []jsonFix `json:"fixes"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(j.Bytes(), &jd); err != nil {
		t.Fatal(err)
	}
	wantJSON := []jsonFix{{Title: "write the act as tell", Applicability: "safe", Edits: []jsonEdit{
		{Offset: 3, EndOffset: 7, Line: 1, Col: 4, EndLine: 1, EndCol: 8, NewText: "tell"},
	}}}
	if d := cmp.Diff(wantJSON, jd.Diagnostics[0].Fixes); d != "" {
		t.Errorf("json fixes (-want +got):\n%s", d)
	}

	var s bytes.Buffer
	if err := PrintSARIF(&s, l, "rosettac", "test"); err != nil {
		t.Fatal(err)
	}
	var sd sarifLog
	if err := json.Unmarshal(s.Bytes(), &sd); err != nil {
		t.Fatal(err)
	}
	fixes := sd.Runs[0].Results[0].Fixes
	if len(fixes) != 1 || fixes[0].Description.Text != "write the act as tell" || fixes[0].Properties.Applicability != "safe" {
		t.Fatalf("sarif fixes: %+v", fixes)
	}
	r := fixes[0].ArtifactChanges[0].Replacements[0]
	if fixes[0].ArtifactChanges[0].ArtifactLocation.URI != "f.ar" || r.InsertedContent.Text != "tell" ||
		r.DeletedRegion.StartColumn != 4 || r.DeletedRegion.EndColumn != 8 || *r.DeletedRegion.ByteOffset != 3 || *r.DeletedRegion.ByteLength != 4 {
		t.Errorf("sarif replacement: %+v", r)
	}

	var txt bytes.Buffer
	PrintText(&txt, l, nil, TextOptions{})
	if !strings.Contains(txt.String(), "    fix (safe): write the act as tell\n") {
		t.Errorf("text printer does not name the fix:\n%s", txt.String())
	}
}

// TestDedupComparesFixes keeps two findings that differ only in their fixes.
func TestDedupComparesFixes(t *testing.T) {
	src := NewSource("f", []byte("abc"))
	a := Diagnostic{Code: "X", Span: src.Span(0, 1), Fixes: []Fix{Replace("x", Safe, src.Span(0, 1), "y")}}
	b := a
	b.Fixes = []Fix{Replace("x", Safe, src.Span(0, 1), "z")}
	if got := (List{a, a, b}).Dedup(); len(got) != 2 {
		t.Errorf("Dedup kept %d, want 2", len(got))
	}
}

// TestClosest checks the did-you-mean: near words are found, far ones and
// exact ones are not.
func TestClosest(t *testing.T) {
	acts := []string{"ask", "tell", "do", "take", "part", "done", "fail", "stop", "propose", "accept", "reject", "revise", "def", "note"}
	for _, tc := range []struct {
		word, want string
		ok         bool
	}{
		{"tel", "tell", true}, {"Tell", "tell", true}, {"propse", "propose", true}, {"accepts", "accept", true},
		{"tlel", "tell", true}, {"TLEL", "tell", true}, {"aks", "ask", true}, {"porpsoe", "propose", true},
		{"tell", "", false}, {"urgent", "", false}, {"answer", "", false}, {"lelt", "", false},
	} {
		got, ok := Closest(tc.word, acts)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Closest(%q) = %q, %v; want %q, %v", tc.word, got, ok, tc.want, tc.ok)
		}
	}
}

// TestDistance checks the optimal string alignment distance against its
// definition: a swap of neighbours is one edit, a letter is not edited twice
// (ca → abc is 3, not Damerau's unrestricted 2), and the early stop never
// changes an answer below its limit.
func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"tell", "tell", 0}, {"tlel", "tell", 1}, {"tel", "tell", 1},
		{"kitten", "sitting", 3}, {"ca", "abc", 3}, {"abcd", "badc", 2}, {"recieve", "receive", 1},
		{"译翻", "翻译", 1}, {"Tell", "tell", 1},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.b, tc.a, got, tc.want)
		}
		for limit := 1; limit <= 4; limit++ {
			want := min(tc.want, limit)
			if got := distance([]rune(tc.a), []rune(tc.b), limit); got != want {
				t.Errorf("distance(%q, %q, %d) = %d, want %d", tc.a, tc.b, limit, got, want)
			}
		}
	}
}
