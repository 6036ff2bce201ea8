package text

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// termSafe shows control characters, terminal escape sequences and
// direction overrides inside agent text escaped (\t, \x1b, \u202e), so that a
// rendering never drives the terminal it is printed on. Invalid UTF-8 bytes
// are shown as \xHH. Everything else, including every printable script, is
// kept as written.
func termSafe(s string) string { return escapeAgent(s, false) }

// contentSafe is termSafeTail for a txt content line, the deliverable: a tab
// is printed as it is (a diff's or a table's indentation is part of the
// content, and a tab cannot drive a terminal), except at the end of the line,
// where it is shown as \t so that no rendered line ends in whitespace.
func contentSafe(s string) string { return escapeTail(escapeAgent(s, true)) }

func escapeAgent(s string, keepTab bool) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case c == '\t' && keepTab:
			b.WriteByte('\t')
		case isUnsafeRune(c):
			b.WriteString(escapeRune(c))
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// termSafeTail is termSafe that also escapes the whitespace a line ends with
// (\x20, \u3000), so that no rendered line ends in whitespace while content
// that does stays visible, byte for byte.
func termSafeTail(s string) string { return escapeTail(termSafe(s)) }

// escapeTail escapes the white space an already escaped line ends with.
func escapeTail(s string) string {
	end := len(s)
	for end > 0 {
		c, n := utf8.DecodeLastRuneInString(s[:end])
		if !unicode.IsSpace(c) {
			break
		}
		end -= n
	}
	if end == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:end])
	for _, c := range s[end:] {
		b.WriteString(escapeRune(c))
	}
	return b.String()
}

func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		if c := s[i]; c < 0x80 {
			if c < 0x20 || c == 0x7f {
				return true
			}
			i++
			continue
		}
		c, n := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && n == 1 || isUnsafeRune(c) {
			return true
		}
		i += n
	}
	return false
}

// isUnsafeRune: C0 and C1 controls, DEL, the line and paragraph separators,
// and the bidirectional embedding, override and isolate controls.
func isUnsafeRune(c rune) bool {
	switch {
	case c < 0x20, c == 0x7f, c >= 0x80 && c < 0xa0:
		return true
	case c == 0x2028, c == 0x2029:
		return true
	case c >= 0x202a && c <= 0x202e, c >= 0x2066 && c <= 0x2069:
		return true
	}
	return false
}

func escapeRune(c rune) string {
	switch c {
	case '\t':
		return `\t`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	}
	if c < 0x80 {
		return fmt.Sprintf(`\x%02x`, c)
	}
	return fmt.Sprintf(`\u%04x`, c)
}
