package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"
)

// DefaultLimit is how many diagnostics the text printer shows unless asked for all,
// as go/parser stops at ten: the first few are the useful ones, provided the
// first few are the most serious (PrintText puts errors first).
const DefaultLimit = 10

// SourceFunc returns the indexed source of a file, or nil when it is not known.
type SourceFunc func(file string) *Source

// TextOptions controls PrintText.
type TextOptions struct {
	Limit int // show at most this many (a group counts once); 0 means all
	// Ranked prints errors first, then warnings, then infos, each in
	// position order, so a limit never hides an error behind infos (the
	// command line's order); otherwise the list's order is kept.
	Ranked bool
	// Group prints the diagnostics of one file with the same code and
	// Group key as one, with a count and every position.
	Group bool
	// Summary ends the output with the count of each severity, per file
	// and in total, and how many the limit hid.
	Summary bool
	// Files are the files the summary accounts for, in order, including
	// those with nothing to report; nil means the files the list names.
	Files []string
}

// AtLeast returns the diagnostics of l of severity min or more serious
// (--severity), in their order.
func (l List) AtLeast(min Severity) List {
	if min == Info {
		return l
	}
	out := make(List, 0, len(l))
	for _, d := range l {
		if d.Severity >= min {
			out = append(out, d)
		}
	}
	return out
}

// textEntry is one diagnostic as the text printer shows it, with the
// others of its group.
type textEntry struct {
	d    Diagnostic
	also []Diagnostic // the rest of its group, in position order
}

// textEntries orders l for the text printer: with ranked, errors, then
// warnings, then infos, each in position order (the order of l, which Sort
// made), with the members of a group folded into their first when group is
// set.
func textEntries(l List, group, ranked bool) []textEntry {
	type key struct{ file, code, group string }
	var out []textEntry
	at := map[key]int{}
	for _, d := range l {
		if group && d.Group != "" {
			k := key{d.Span.File(), d.Code, d.Group}
			if i, ok := at[k]; ok && out[i].d.Severity == d.Severity {
				out[i].also = append(out[i].also, d)
				continue
			}
			at[k] = len(out)
		}
		out = append(out, textEntry{d: d})
	}
	if ranked {
		sort.SliceStable(out, func(i, j int) bool { return out[i].d.Severity > out[j].d.Severity })
	}
	return out
}

// PrintText writes each diagnostic as "file:line:col: severity CODE: message",
// the source line as written (control characters escaped, so agent text can never
// drive the terminal) and a caret line under the span, then the hint. With
// opt.Ranked errors come first, then warnings, then infos, so a limit never
// hides an error behind infos; with opt.Summary the last line says how many
// of each there are and how many the limit hid.
func PrintText(w io.Writer, l List, src SourceFunc, opt TextOptions) {
	entries := textEntries(l, opt.Group, opt.Ranked)
	shown := entries
	if opt.Limit > 0 && len(entries) > opt.Limit {
		shown = entries[:opt.Limit]
	}
	hidden := len(l)
	for _, e := range shown {
		hidden -= 1 + len(e.also)
		d := e.d
		fmt.Fprintf(w, "%s: %s %s: %s\n", d.Span, d.Severity, d.Code, SanitizeLine(d.Message))
		if d.Span.IsValid() {
			s := d.Span.Source() // a window of a streamed file, or the whole file
			if src != nil {
				if whole := src(d.Span.File()); whole != nil {
					s = whole
				}
			}
			writeSnippet(w, s, d.Span)
		}
		if len(e.also) > 0 {
			fmt.Fprintf(w, "    %d in all; also at %s\n", 1+len(e.also), alsoAt(e.also))
		}
		if d.Hint != "" {
			fmt.Fprintf(w, "    hint: %s\n", SanitizeLine(d.Hint))
		}
		for _, f := range d.Fixes {
			fmt.Fprintf(w, "    fix (%s): %s\n", f.Applicability, SanitizeLine(f.Title))
		}
	}
	if !opt.Summary {
		if hidden > 0 {
			fmt.Fprintf(w, "... and %d more (use --all-errors to see all)\n", hidden)
		}
		return
	}
	writeSummary(w, l, opt.Files, hidden)
}

// alsoAt lists the positions of a group's other members, line:col in the
// file of the first, with the message id when there is one.
func alsoAt(ds []Diagnostic) string {
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(d.Span.Start().String())
		if d.MessageID != "" {
			fmt.Fprintf(&b, " (%s)", SanitizeLine(d.MessageID))
		}
	}
	return b.String()
}

// Counts says how many errors, warnings and infos l holds:
// "3 errors, 1 warning, 14 infos".
func Counts(l List) string {
	return fmt.Sprintf("%s, %s, %s", plural(l.Count(Error), "error"), plural(l.Count(Warning), "warning"), plural(l.Count(Info), "info"))
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// writeSummary writes one line per file and, for more than one, a total,
// the last line saying how many the limit hid.
func writeSummary(w io.Writer, l List, files []string, hidden int) {
	if files == nil {
		seen := map[string]bool{}
		for _, d := range l {
			if f := d.Span.File(); !seen[f] {
				seen[f] = true
				files = append(files, f)
			}
		}
	}
	byFile := map[string]List{}
	for _, d := range l {
		byFile[d.Span.File()] = append(byFile[d.Span.File()], d)
	}
	note := ""
	if hidden > 0 {
		note = fmt.Sprintf(" (%d hidden; --all-errors shows them)", hidden)
	}
	if len(files) == 1 && len(byFile[files[0]]) == len(l) {
		name := files[0]
		if name == "" {
			name = "total"
		}
		fmt.Fprintf(w, "%s: %s%s\n", name, Counts(l), note)
		return
	}
	for _, f := range files {
		name := f
		if name == "" {
			name = "(no file)"
		}
		fmt.Fprintf(w, "%s: %s\n", name, Counts(byFile[f]))
	}
	fmt.Fprintf(w, "total: %s%s\n", Counts(l), note)
}

// snippetRunes is the most of a source line a snippet shows. A longer line is
// cut to a window around the span, marked with "…" at the cut ends, as rustc
// and gcc do: a megabyte-long line must not become a megabyte-long message.
const snippetRunes = 160

// snippetLead is how much of the line before the span a cut window keeps.
const snippetLead = 60

func writeSnippet(w io.Writer, s *Source, sp Span) {
	start, end := sp.Start(), sp.End()
	line := s.Line(start.Line)
	if len(line) == 0 {
		return // a caret under nothing (an empty file, a blank line) shows nothing the position does not
	}
	startCol := start.Col - 1
	endCol := startCol + 1
	if end.Line == start.Line && end.Col > start.Col {
		endCol = end.Col - 1
	} else if end.Line > start.Line {
		endCol = utf8.RuneCount(line)
	}
	// The window [lo, hi) of runes shown: the whole line when it is short,
	// else from a little before the span, at most snippetRunes long.
	lo, hi := 0, snippetRunes
	if startCol > snippetLead && utf8.RuneCount(line) > snippetRunes {
		lo = startCol - snippetLead
		hi = lo + snippetRunes
	}
	var text, caret strings.Builder
	if lo > 0 {
		text.WriteString("…")
		caret.WriteString(" ")
	}
	col := 0
	for _, r := range string(line) {
		if col >= hi {
			text.WriteString("…")
			break
		}
		if col < lo {
			col++
			continue
		}
		shown := sanitizeRune(r)
		wd := displayWidth(shown)
		pad := " "
		if r == '\t' {
			pad = "\t"
		}
		switch {
		case col < startCol:
			caret.WriteString(strings.Repeat(pad, wd))
		case col < endCol:
			caret.WriteString(strings.Repeat("^", wd))
		}
		text.WriteString(shown)
		col++
	}
	if col <= startCol && col < hi { // span at end of line
		caret.WriteString("^")
	}
	fmt.Fprintf(w, "    %s\n    %s\n", text.String(), caret.String())
}

// displayWidth counts terminal columns: East Asian wide and fullwidth characters
// take two, so carets line up under CJK text.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if isWide(r) {
			n++
		}
	}
	return n
}

// wideRanges are the East Asian Wide and Fullwidth blocks (UAX #11), coarsely.
var wideRanges = [][2]rune{
	{0x1100, 0x115F}, {0x2E80, 0x303E}, {0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF},
	{0xA000, 0xA4CF}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE30, 0xFE4F}, {0xFF00, 0xFF60},
	{0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x3FFFD},
}

func isWide(r rune) bool {
	for _, w := range wideRanges {
		if r >= w[0] && r <= w[1] {
			return true
		}
	}
	return false
}

// SanitizeLine escapes control characters (other than tab) and bidi overrides so
// a line of agent text printed to a terminal shows what it is instead of acting.
func SanitizeLine(s string) string {
	clean := true
	for _, r := range s {
		if sanitizeRune(r) != string(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		b.WriteString(sanitizeRune(r))
	}
	return b.String()
}

func sanitizeRune(r rune) string {
	switch {
	case r == '\t':
		return "\t"
	case r == utf8.RuneError:
		return "\\ufffd"
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf("\\x%02x", r)
	case r >= 0x80 && r < 0xa0, r == 0x2028, r == 0x2029, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return fmt.Sprintf("\\u%04x", r)
	}
	return string(r)
}

// jsonDiagnostic is the documented shape of one diagnostic in --format json.
type jsonDiagnostic struct {
	Code     string    `json:"code"`
	Severity string    `json:"severity"`
	Message  string    `json:"message"`
	Hint     string    `json:"hint,omitempty"`
	File     string    `json:"file"`
	Line     int       `json:"line"`
	Col      int       `json:"col"`
	EndLine  int       `json:"end_line"`
	EndCol   int       `json:"end_col"`
	Msg      string    `json:"msg"`
	Fixes    []jsonFix `json:"fixes,omitempty"`
}

// jsonFix is one fix of a diagnostic in --format json: edits carry both the
// byte range (to splice the file) and line and column (to show it).
type jsonFix struct {
	Title         string     `json:"title"`
	Applicability string     `json:"applicability"` // "safe" or "review"
	Edits         []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Offset    int    `json:"offset"`
	EndOffset int    `json:"end_offset"`
	Line      int    `json:"line"`
	Col       int    `json:"col"`
	EndLine   int    `json:"end_line"`
	EndCol    int    `json:"end_col"`
	NewText   string `json:"new_text"`
}

func jsonFixes(fs []Fix) []jsonFix {
	var out []jsonFix
	for _, f := range fs {
		j := jsonFix{Title: f.Title, Applicability: f.Applicability.String(), Edits: []jsonEdit{}}
		for _, e := range f.Edits {
			s, t := e.Span.Start(), e.Span.End()
			j.Edits = append(j.Edits, jsonEdit{Offset: e.Span.StartOffset(), EndOffset: e.Span.EndOffset(),
				Line: s.Line, Col: s.Col, EndLine: t.Line, EndCol: t.Col, NewText: e.NewText})
		}
		out = append(out, j)
	}
	return out
}

// PrintJSON writes {"diagnostics":[...]} with every diagnostic.
func PrintJSON(w io.Writer, l List) error {
	out := struct {
		Diagnostics []jsonDiagnostic `json:"diagnostics"`
	}{Diagnostics: make([]jsonDiagnostic, 0, len(l))}
	for _, d := range l {
		start, end := d.Span.Start(), d.Span.End()
		if !end.IsValid() {
			end = start
		}
		out.Diagnostics = append(out.Diagnostics, jsonDiagnostic{
			Code: d.Code, Severity: d.Severity.String(), Message: d.Message, Hint: d.Hint,
			File: d.Span.File(), Line: start.Line, Col: start.Col,
			EndLine: end.Line, EndCol: end.Col, Msg: d.MessageID, Fixes: jsonFixes(d.Fixes),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// PrintGitHub writes GitHub Actions workflow commands (::error file=…::message).
func PrintGitHub(w io.Writer, l List) {
	for _, d := range l {
		kind := map[Severity]string{Info: "notice", Warning: "warning", Error: "error"}[d.Severity]
		start, end := d.Span.Start(), d.Span.End()
		if !end.IsValid() {
			end = start
		}
		msg := d.Message
		if d.Hint != "" {
			msg += " (" + d.Hint + ")"
		}
		fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
			kind, ghProp(d.Span.File()), start.Line, start.Col, end.Line, end.Col,
			ghProp(d.Code), ghData(msg))
	}
}

// GitHub's workflow-command escaping: data escapes %, CR and LF; properties also : and ,.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
