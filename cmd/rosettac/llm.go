package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/tokens"
)

// defaultLLMTokens is --max-tokens' default: a retry prompt's diagnostics
// cost about as much as a short message, never a whole transcript.
const defaultLLMTokens = 400

// printLLM writes diagnostics for a model's retry loop (--format llm):
// errors, then warnings (no info), each on one line with the offending text,
// what was expected and the fix, at most maxTokens o200k tokens in all, with
// a last line saying what was left out. A model reads the most important
// problem first and is not paid to read the rest of a long report.
func printLLM(w io.Writer, l diag.List, src diag.SourceFunc, maxTokens int) {
	var ordered diag.List
	for _, sev := range []diag.Severity{diag.Error, diag.Warning} {
		for _, d := range l {
			if d.Severity == sev {
				ordered = append(ordered, d)
			}
		}
	}
	if len(ordered) == 0 {
		fmt.Fprintln(w, "no errors or warnings")
		return
	}
	used := 0
	for i, d := range ordered {
		line := llmLine(d, src)
		n := countTokens(line)
		reserve := 0
		if i+1 < len(ordered) {
			reserve = countTokens(leftOut(ordered[i+1:])) // room for the last line
		}
		// The first problem is printed whatever its length: it is the one to fix.
		if maxTokens > 0 && i > 0 && used+n+reserve > maxTokens {
			fmt.Fprintln(w, leftOut(ordered[i:]))
			return
		}
		fmt.Fprintln(w, line)
		used += n
	}
}

// leftOut is the last line when problems were cut: how many, of what kind.
func leftOut(rest diag.List) string {
	return fmt.Sprintf("... %d more left out (%d errors, %d warnings): fix these first, then check again",
		len(rest), rest.Count(diag.Error), rest.Count(diag.Warning))
}

// llmLine is one diagnostic on one line.
func llmLine(d diag.Diagnostic, src diag.SourceFunc) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s: %s", d.Span, d.Severity, d.Code, oneLine(d.Message))
	if t := offending(d, src); t != "" {
		fmt.Fprintf(&b, " | text: %q", t)
	}
	if d.Hint != "" {
		fmt.Fprintf(&b, " | expected: %s", oneLine(d.Hint))
	}
	if len(d.Fixes) > 0 {
		f := d.Fixes[0]
		fmt.Fprintf(&b, " | fix (%s): %s", f.Applicability, oneLine(f.Title))
	}
	return b.String()
}

// offending is the text under d's span on its first line, at most 60
// characters of it.
func offending(d diag.Diagnostic, src diag.SourceFunc) string {
	if !d.Span.IsValid() {
		return ""
	}
	s := d.Span.Source()
	if src != nil {
		if whole := src(d.Span.File()); whole != nil {
			s = whole
		}
	}
	start, end := d.Span.Offsets()
	ls := s.LineStart(d.Span.Start().Line)
	line := string(s.Line(d.Span.Start().Line))
	a := min(max(start-ls, 0), len(line))
	z := min(max(end-ls, a), len(line))
	t := line[a:z]
	if utf8.RuneCountInString(t) > 60 {
		r := []rune(t)
		t = string(r[:60]) + "…"
	}
	return diag.SanitizeLine(t)
}

func oneLine(s string) string { return diag.SanitizeLine(strings.Join(strings.Fields(s), " ")) }

// countTokens is the o200k count of s (len/4 if the encoder is unavailable).
func countTokens(s string) int {
	n, err := tokens.Count("o200k_base", s)
	if err != nil {
		return len(s)/4 + 1
	}
	return n
}
