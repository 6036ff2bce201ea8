package diag

import "sort"

// An Origin maps a text generated from a file back to that file, so that
// what is found in the text is reported where the user wrote it: a data JSON
// form is read through the Rosetta or Lingua text it describes, and a
// diagnostic on line 5 of that text would otherwise name line 5 of a JSON
// file that has one.
//
// The writer of the text marks where each piece of it comes from (Mark):
// the text from a generated offset on comes from a range of the file, and,
// when the piece is copied from the file byte for byte, where its first byte
// is. An offset inside a copied piece maps exactly; any other maps to the
// whole range its piece came from.
type Origin struct {
	From *Source // the file the text was generated from
	// Quote writes a fix's new text as the file's syntax has it inside a
	// copied piece (a JSON string escapes `"` and `\`), or nil: as it is.
	Quote func(string) string
	// NoFixes drops every fix, keeping its diagnostic: the file's syntax
	// around a copied piece may not take a fix's text as it is (an unquoted
	// TOON token, where a delimiter or a colon would change the structure),
	// so positions map exactly but no edit is carried into the file.
	NoFixes bool
	marks   []originMark
}

type originMark struct {
	gen        int // where the piece starts in the generated text
	start, end int // the range of From it comes from
	copied     int // the piece's length when it is From[copyAt:copyAt+copied] byte for byte, else -1
	copyAt     int
}

// Mark records that the generated text from offset gen on comes from
// From[start:end]; if copyAt >= 0, its first n bytes are From[copyAt:copyAt+n]
// byte for byte. Marks are made in the order of gen.
func (o *Origin) Mark(gen, start, end, copyAt, n int) {
	if copyAt < 0 {
		n = -1
	}
	o.marks = append(o.marks, originMark{gen: gen, start: start, end: end, copied: n, copyAt: copyAt})
}

// Verify holds the marks to the generated text: a piece marked as copied
// whose bytes in text are not the file's maps no longer exactly, so that no
// position (and no fix) lands on the wrong bytes whatever the writer did. It
// returns how many marks it so corrected (none, from a writer that is right).
func (o *Origin) Verify(text string) int {
	bad := 0
	src := o.From.Content()
	for i, m := range o.marks {
		if m.copied < 0 {
			continue
		}
		if m.gen+m.copied > len(text) || m.copyAt+m.copied > len(src) || text[m.gen:m.gen+m.copied] != src[m.copyAt:m.copyAt+m.copied] {
			o.marks[i].copied = -1
			bad++
		}
	}
	return bad
}

// Span maps a span of the generated text to From: exactly when both ends lie
// in one copied piece (exact is then true), else to the range the piece of
// its start came from. A span before the first mark maps to the start of From.
func (o *Origin) Span(s Span) (_ Span, exact bool) {
	if !s.IsValid() || o == nil || o.From == nil {
		return s, false
	}
	a, b := s.Offsets()
	i := sort.Search(len(o.marks), func(i int) bool { return o.marks[i].gen > a }) - 1
	if i < 0 {
		return o.From.Span(0, 0), false
	}
	for _, k := range []int{i, i - 1} {
		// k = i-1: a span at the very end of a copy, where the next piece
		// starts (an insertion after a value), is inside the copy.
		if k < 0 {
			break
		}
		if m := o.marks[k]; m.copied >= 0 && a >= m.gen && b <= m.gen+m.copied {
			return o.From.Span(m.copyAt+a-m.gen, m.copyAt+b-m.gen), true
		}
	}
	m := o.marks[i]
	return o.From.Span(m.start, m.end), false
}

// Diagnostics maps l's spans to From. A fix is kept only when every edit maps
// exactly and puts no line break into the file (a line of the text is a
// structure of the form, not part of the piece copied); the others are
// dropped with their diagnostic kept, since a fix must replace exactly what
// was written.
func (o *Origin) Diagnostics(l List) List {
	if o == nil || len(l) == 0 {
		return l
	}
	out := make(List, len(l))
	for i, d := range l {
		d.Span, _ = o.Span(d.Span)
		var fixes []Fix
		for _, f := range d.Fixes {
			if g, ok := o.fix(f); ok {
				fixes = append(fixes, g)
			}
		}
		d.Fixes = fixes
		out[i] = d
	}
	return out
}

func (o *Origin) fix(f Fix) (Fix, bool) {
	if o.NoFixes {
		return Fix{}, false
	}
	edits := make([]TextEdit, len(f.Edits))
	for i, e := range f.Edits {
		sp, exact := o.Span(e.Span)
		if !exact || containsLineBreak(e.NewText) {
			return Fix{}, false
		}
		if o.Quote != nil {
			e.NewText = o.Quote(e.NewText)
		}
		edits[i] = TextEdit{Span: sp, NewText: e.NewText}
	}
	f.Edits = edits
	return f, true
}

func containsLineBreak(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\r' {
			return true
		}
	}
	return false
}
