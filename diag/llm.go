package diag

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// DefaultLLMTokens is the default budget of PrintLLM (check's --max-tokens):
// a retry prompt's diagnostics cost about as much as a short message, never a
// whole transcript.
const DefaultLLMTokens = 400

// LLMOptions are PrintLLM's options.
type LLMOptions struct {
	// MaxTokens caps the output at about this many tokens (0: no cap). The
	// first problem is printed whatever its length: it is the one to fix.
	MaxTokens int

	// Count counts the tokens of a line; nil counts a token per four bytes.
	// The command line and the MCP server pass the o200k tokenizer
	// (emit/tokens), which this package, importing only the standard
	// library, cannot name.
	Count func(string) int
}

// PrintLLM writes diagnostics for a model's retry loop (check --format llm,
// and the text of rosettac mcp's check tool): errors, then warnings (no
// info), each on one line with the offending text, what was expected and the
// fix, at most opt.MaxTokens tokens in all, with a last line saying what was
// left out. A model reads the most important problem first and is not paid
// to read the rest of a long report.
func PrintLLM(w io.Writer, l List, src SourceFunc, opt LLMOptions) {
	count := opt.Count
	if count == nil {
		count = func(s string) int { return len(s)/4 + 1 }
	}
	var ordered List
	for _, sev := range []Severity{Error, Warning} {
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
		n := count(line)
		reserve := 0
		if i+1 < len(ordered) {
			reserve = count(llmLeftOut(ordered[i+1:])) // room for the last line
		}
		if opt.MaxTokens > 0 && i > 0 && used+n+reserve > opt.MaxTokens {
			fmt.Fprintln(w, llmLeftOut(ordered[i:]))
			return
		}
		fmt.Fprintln(w, line)
		used += n
	}
}

// llmLeftOut is the last line when problems were cut: how many, of what kind.
func llmLeftOut(rest List) string {
	return fmt.Sprintf("... %d more left out (%d errors, %d warnings): fix these first, then check again",
		len(rest), rest.Count(Error), rest.Count(Warning))
}

// llmLine is one diagnostic on one line, as PrintLLM writes it: position,
// severity, code and message, then the offending text, the hint and the
// first fix's title.
func llmLine(d Diagnostic, src SourceFunc) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s: %s", d.Span, d.Severity, d.Code, llmOneLine(d.Message))
	if t := offendingText(d, src); t != "" {
		fmt.Fprintf(&b, " | text: %q", t)
	}
	if d.Hint != "" {
		fmt.Fprintf(&b, " | expected: %s", llmOneLine(d.Hint))
	}
	if len(d.Fixes) > 0 {
		f := d.Fixes[0]
		fmt.Fprintf(&b, " | fix (%s): %s", f.Applicability, llmOneLine(f.Title))
	}
	return b.String()
}

// offendingText is the text under d's span on its first line, at most 60
// characters of it.
func offendingText(d Diagnostic, src SourceFunc) string {
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
	return SanitizeLine(t)
}

func llmOneLine(s string) string { return SanitizeLine(strings.Join(strings.Fields(s), " ")) }
