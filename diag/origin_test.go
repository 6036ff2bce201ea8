package diag

import (
	"strings"
	"testing"
)

// TestOrigin: an offset in a copied piece maps to its byte in the file,
// anything else to the range its piece came from; a fix survives only when
// it edits inside a copied piece and adds no line break, its text quoted as
// the file writes it; Verify turns a wrong copy mark into a range.
func TestOrigin(t *testing.T) {
	file := NewSource("f.json", []byte(`{"k": "one ~high", "n": 2}`))
	text := "k = one ~high\nn = 2\n"
	gen := NewSource("f.json", []byte(text))
	o := &Origin{From: file, Quote: func(s string) string { return strings.ReplaceAll(s, `"`, `\"`) }}
	o.Mark(0, 0, 26, -1, 0)                         // the object
	o.Mark(4, 6, 17, 7, len("one ~high"))           // "one ~high", copied
	o.Mark(4+len("one ~high"), 0, 26, -1, 0)        // the object again
	o.Mark(strings.Index(text, "2"), 24, 25, -1, 0) // the number, not a string
	if n := o.Verify(text); n != 0 {
		t.Fatalf("Verify corrected %d right marks", n)
	}
	content := file.Content()
	for _, tc := range []struct {
		a, b  int
		want  string
		exact bool
	}{
		{8, 13, "~high", true},
		{4, 13, "one ~high", true},
		{13, 13, "", true}, // the end of the copy: an insertion there is inside the string
		{0, 1, content, false},
		{8, 15, `"one ~high"`, false}, // runs past the copy: the literal its start is in
		{18, 19, "2", false},
	} {
		sp, exact := o.Span(gen.Span(tc.a, tc.b))
		a, b := sp.Offsets()
		if content[a:b] != tc.want || exact != tc.exact || sp.Source() != file {
			t.Errorf("Span(%d,%d) = %q exact %v, want %q %v", tc.a, tc.b, content[a:b], exact, tc.want, tc.exact)
		}
	}

	d := Diagnostic{Code: "P021", Span: gen.Span(8, 13), Fixes: []Fix{
		Replace("quote", Safe, gen.Span(8, 13), `~"hi"`),
		Replace("a new line", Safe, gen.Span(13, 13), "\n unk []"),
		Replace("past the copy", Safe, gen.Span(8, 16), "~hi"),
	}}
	got := o.Diagnostics(List{d})
	if len(got) != 1 || len(got[0].Fixes) != 1 || got[0].Fixes[0].Edits[0].NewText != `~\"hi\"` {
		t.Fatalf("fixes = %+v, want the quoted one alone", got[0].Fixes)
	}
	if a, b := got[0].Span.Offsets(); content[a:b] != "~high" || got[0].Span.Start().String() != "1:12" {
		t.Errorf("span %s %q", got[0].Span.Start(), content[a:b])
	}
	if len(d.Fixes) != 3 {
		t.Error("Diagnostics changed its argument")
	}

	o.NoFixes = true
	if got := o.Diagnostics(List{d}); len(got) != 1 || len(got[0].Fixes) != 0 || got[0].Span.Start().String() != "1:12" {
		t.Errorf("NoFixes: %+v, want the diagnostic mapped, without its fixes", got)
	}

	bad := &Origin{From: file}
	bad.Mark(0, 6, 17, 8, 3) // claims "ne " is at the start of the text
	if n := bad.Verify(text); n != 1 {
		t.Errorf("Verify corrected %d wrong marks, want 1", n)
	}
	if _, exact := bad.Span(gen.Span(0, 1)); exact {
		t.Error("a corrected mark still maps exactly")
	}
}
