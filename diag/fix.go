package diag

import (
	"fmt"
	"sort"
)

// Applicability says whether a fix may be applied without a person looking at
// it, as rustc's Applicability and gopls' distinction between a quick fix and a
// suggestion do. The zero value is Review: a fix is safe only when its author
// says so.
type Applicability uint8

const (
	// Review marks a fix that is probably right but changes what the text says
	// (a guessed act, a failure code read from prose): `rosettac fix` applies
	// it only with --all, an editor offers it without preferring it.
	Review Applicability = iota
	// Safe marks a fix whose intent is unambiguous and which changes only
	// coordination syntax (`Tell` → `tell`, `ttl=1 hour` → `ttl=1h`): tools
	// may apply it without asking.
	Safe
)

// String returns "safe" or "review", the names every output format uses.
func (a Applicability) String() string {
	if a == Safe {
		return "safe"
	}
	return "review"
}

// TextEdit replaces the bytes of Span with NewText. An empty span inserts at
// its position; an empty NewText deletes.
type TextEdit struct {
	Span    Span
	NewText string
}

// Fix is one way to repair the problem a diagnostic reports: a title saying
// what it does ("write the act in lower case") and the edits that do it, as
// go/analysis's SuggestedFix. The edits of one fix are applied together or not
// at all; they must not overlap each other.
type Fix struct {
	Title         string
	Applicability Applicability
	Edits         []TextEdit
}

// Replace is the fix of one edit: replace span's bytes with text.
func Replace(title string, a Applicability, span Span, text string) Fix {
	return Fix{Title: title, Applicability: a, Edits: []TextEdit{{Span: span, NewText: text}}}
}

// equal reports whether f and o are the same fix.
func (f Fix) equal(o Fix) bool {
	if f.Title != o.Title || f.Applicability != o.Applicability || len(f.Edits) != len(o.Edits) {
		return false
	}
	for i, e := range f.Edits {
		if e.NewText != o.Edits[i].NewText || !e.Span.Equal(o.Edits[i].Span) {
			return false
		}
	}
	return true
}

func fixesEqual(a, b []Fix) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].equal(b[i]) {
			return false
		}
	}
	return true
}

// AppliedFix is a fix ApplyFixes applied, with the diagnostic that carried it.
type AppliedFix struct {
	Diagnostic Diagnostic
	Fix        Fix
}

// ApplyFixes applies to text, the whole of file, the first fix of each
// diagnostic in l that is about file and whose applicability is at least min
// (Safe: only safe fixes; Review: every fix). A fix whose edits overlap an
// edit already taken, or fall outside text, is skipped, as go/analysis'
// drivers skip conflicting fixes: the next run of the checker offers it again
// against the new text. It returns the new text and the fixes applied, in
// the order of their first edit.
func ApplyFixes(file string, text []byte, l List, min Applicability) ([]byte, []AppliedFix) {
	type edit struct {
		start, end int
		text       string
	}
	var taken []edit // sorted by start, non-overlapping
	// conflicts reports whether [s, e) shares a byte with an edit taken, or
	// is an insertion at the point where one starts (the order of two edits
	// at one point would be a guess). taken is sorted and its edits do not
	// overlap, so their ends are sorted too.
	conflicts := func(s, e int) bool {
		i := sort.Search(len(taken), func(i int) bool { return taken[i].end >= s })
		for ; i < len(taken) && taken[i].start <= e; i++ {
			t := taken[i]
			if s < t.end && t.start < e || s == t.start && (s == e || t.start == t.end) {
				return true
			}
		}
		return false
	}
	var applied []AppliedFix
	for _, d := range l {
		if d.Span.File() != file {
			continue
		}
		var chosen *Fix
		for i := range d.Fixes {
			if d.Fixes[i].Applicability >= min {
				chosen = &d.Fixes[i]
				break
			}
		}
		if chosen == nil || len(chosen.Edits) == 0 {
			continue
		}
		ok := true
		var mine []edit
		for _, e := range chosen.Edits {
			s, t := e.Span.Offsets()
			if !e.Span.IsValid() || e.Span.File() != file || t > len(text) || s > t || conflicts(s, t) {
				ok = false
				break
			}
			for _, m := range mine {
				if s < m.end && m.start < t || s == m.start { // a fix's own edits must not overlap
					ok = false
				}
			}
			mine = append(mine, edit{s, t, e.NewText})
		}
		if !ok {
			continue
		}
		for _, m := range mine {
			i := sort.Search(len(taken), func(i int) bool { return taken[i].start > m.start })
			taken = append(taken, edit{})
			copy(taken[i+1:], taken[i:])
			taken[i] = m
		}
		applied = append(applied, AppliedFix{Diagnostic: d, Fix: *chosen})
	}
	if len(taken) == 0 {
		return text, nil
	}
	out := make([]byte, 0, len(text))
	last := 0
	for _, t := range taken {
		out = append(out, text[last:t.start]...)
		out = append(out, t.text...)
		last = t.end
	}
	out = append(out, text[last:]...)
	sort.SliceStable(applied, func(i, j int) bool {
		return applied[i].Fix.Edits[0].Span.StartOffset() < applied[j].Fix.Edits[0].Span.StartOffset()
	})
	return out, applied
}

// String formats f as "title (safe)" for listings.
func (f Fix) String() string { return fmt.Sprintf("%s (%s)", f.Title, f.Applicability) }
