// Package rosaddr owns the AgentRosetta address and identifier syntax that the
// passes, the compiler's Session and the emitters all read (spec §5.3, §11):
// splitting a message id into agent and sequence, reading the message a
// reference names, and parsing a mark address ([@msg[@orig].]block[#span]) and
// its selectors (L3, L3-7, L3.c5-9, p2, c40-88, q"text"@n, box=…).
//
// It is syntax only: resolving an address against a block's lines is
// passes/resolve's job, and finding a message is the session's.
package rosaddr

import (
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/ir"
)

// SplitID splits a message id into its agent and sequence: a1.7 is (a1, 7),
// obs7 is (obs, 7). An id with neither spelling gives (id, "").
func SplitID(id string) (agent, seq string) {
	if i := strings.IndexByte(id, '.'); i >= 0 {
		return id[:i], id[i+1:]
	}
	if i := compactSplit(id); i > 0 {
		return id[:i], id[i:]
	}
	return id, ""
}

// compactSplit returns where the digits of a compact id (letters then digits)
// start, or -1 when id is not one.
func compactSplit(id string) int {
	i := 0
	for i < len(id) && id[i] >= 'a' && id[i] <= 'z' {
		i++
	}
	if i == 0 || i == len(id) {
		return -1
	}
	for j := i; j < len(id); j++ {
		if id[j] < '0' || id[j] > '9' {
			return -1
		}
	}
	return i
}

// isCompactID reports whether s is a compact message id (obs7).
func isCompactID(s string) bool { return compactSplit(s) > 0 }

// IsDigits reports whether s is a non-empty run of ASCII digits: a sequence
// number, a line or column number, or a field of a time value.
func IsDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isAgent reports whether s is an agent name: a lowercase letter, then
// lowercase letters, digits or '_'.
func isAgent(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// IsMsgID reports whether s is a message id in either spelling.
func IsMsgID(s string) bool {
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return isAgent(s[:i]) && IsDigits(s[i+1:])
	}
	return isCompactID(s)
}

// RefMessage reads the message id a reference names, as the reference
// implementation's _msg_id_of does, plus whether it asks for the original
// (@x@orig: do not follow revisions). @a2.7.tgt#L2 names a2.7; @obs7 and
// @obs7.a.cause name obs7; @file:x names none. Unlike the reference, a span
// glued to an id (@a3.9#L12, @obs7#L3) is cut off at '#' first, so it names
// a3.9 and obs7 (spec §8.1 writes such refs in `why`).
func RefMessage(ref string) (id string, orig bool) {
	raw := strings.TrimLeft(ref, "@＠")
	if strings.HasSuffix(raw, "@orig") {
		raw, orig = raw[:len(raw)-len("@orig")], true
	}
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		raw = raw[:i]
	}
	if i := strings.Index(raw, "@orig."); i >= 0 {
		raw, orig = raw[:i]+raw[i+len("@orig"):], true
	}
	first, rest, dotted := strings.Cut(raw, ".")
	if dotted {
		second, _, _ := strings.Cut(rest, ".")
		if IsDigits(second) && isAgent(first) {
			return first + "." + second, orig
		}
	}
	if isCompactID(first) {
		return first, orig
	}
	return "", false
}

// parseAddress parses a mark address: [@msg[@orig].]block[#span]. It reports
// false when the text is not an address (the block name is missing or not a
// lowercase name); Text, Span and the parts read so far are still filled.
func parseAddress(text string) (ir.Address, bool) {
	a := ir.Address{Text: text}
	rest := text
	if strings.HasPrefix(rest, "@") {
		id, tail, ok := cutMsgID(rest[1:])
		if !ok {
			return a, false
		}
		a.Msg = id
		if strings.HasPrefix(tail, "@orig") {
			a.Orig = true
			tail = tail[len("@orig"):]
		}
		if !strings.HasPrefix(tail, ".") {
			return a, false
		}
		rest = tail[1:]
	}
	blk, span, hasSpan := strings.Cut(rest, "#")
	if !isAgent(blk) { // block names share the agent-name shape
		return a, false
	}
	a.Block = blk
	a.HasSpan = hasSpan
	if hasSpan {
		a.Selectors = ParseSelectors(span)
	}
	return a, true
}

// cutMsgID reads a message id at the start of s (dotted first, then
// compact) and returns it with the rest of s.
func cutMsgID(s string) (id, rest string, ok bool) {
	// Dotted: agent '.' digits, where the agent may itself contain digits.
	if dot := strings.IndexByte(s, '.'); dot > 0 && isAgent(s[:dot]) {
		j := dot + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j > dot+1 && (j == len(s) || s[j] == '.' || s[j] == '@') {
			return s[:j], s[j:], true
		}
	}
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if i > 0 && j > i {
		return s[:j], s[j:], true
	}
	return "", s, false
}

// SpanText returns the span part of an address (after the first '#' outside
// the message part), or "".
func SpanText(addr string) string {
	_, span, _ := strings.Cut(addr, "#")
	return span
}

// ParseSelectors splits a span (the text after '#') on '|' outside straight
// double quotes and classifies each piece. Leading '#'s are ignored; empty
// pieces are dropped. A piece that is no selector has Kind SelBad.
func ParseSelectors(span string) []ir.Selector {
	span = strings.TrimLeft(span, "#")
	// Sized once: an address of n alternatives grew the slice log n times,
	// and the bytes allocated with it (TestScaling's rose_alts rows).
	n, q := 1, false
	for i := 0; i < len(span); i++ {
		switch span[i] {
		case '"':
			q = !q
		case '|':
			if !q {
				n++
			}
		}
	}
	out := make([]ir.Selector, 0, n)
	start, inq := 0, false
	for i := 0; i <= len(span); i++ {
		if i < len(span) {
			switch span[i] {
			case '"':
				inq = !inq
				continue
			case '|':
				if inq {
					continue
				}
			default:
				continue
			}
		}
		if piece := strings.TrimSpace(span[start:i]); piece != "" {
			out = append(out, parseSelector(piece))
		}
		start = i + 1
	}
	return out
}

// parseSelector classifies one selector.
func parseSelector(s string) ir.Selector {
	sel := ir.Selector{Kind: ir.SelBad, Text: s}
	switch {
	case strings.HasPrefix(s, "L"):
		body := s[1:]
		lines, col, hasCol := strings.Cut(body, ".c")
		a, b, ranged, ok := parseRange(lines)
		if !ok {
			return sel
		}
		sel.From, sel.To, sel.Ranged = a, b, ranged
		if hasCol {
			c1, c2, cr, ok := parseRange(col)
			if !ok {
				return sel
			}
			if !cr {
				c2 = c1 + 1
			}
			sel.HasCol, sel.ColFrom, sel.ColTo = true, c1, c2
		}
		sel.Kind = ir.SelLine
	case strings.HasPrefix(s, "p"):
		a, b, ranged, ok := parseRange(s[1:])
		if !ok {
			return sel
		}
		sel.Kind, sel.From, sel.To, sel.Ranged = ir.SelPara, a, b, ranged
	case strings.HasPrefix(s, "c"):
		a, b, ranged, ok := parseRange(s[1:])
		if !ok {
			return sel
		}
		if !ranged {
			b = a + 1
		}
		sel.Kind, sel.From, sel.To, sel.Ranged = ir.SelChar, a, b, ranged
	case strings.HasPrefix(s, `q"`):
		end := strings.IndexByte(s[2:], '"')
		if end < 0 {
			return sel
		}
		q, tail := s[2:2+end], s[2+end+1:]
		if tail != "" {
			if !strings.HasPrefix(tail, "@") || !IsDigits(tail[1:]) {
				return sel
			}
			n, err := strconv.Atoi(tail[1:])
			if err != nil {
				return sel
			}
			sel.Occ, sel.HasOcc = n, true
		}
		sel.Kind, sel.Quote = ir.SelQuote, q
	case strings.HasPrefix(s, "box="):
		sel.Kind = ir.SelBox
	}
	return sel
}

// parseRange reads "a" or "a-b" (ASCII digits). For "a", b == a.
func parseRange(s string) (a, b int, ranged, ok bool) {
	x, y, ranged := strings.Cut(s, "-")
	if !IsDigits(x) || ranged && !IsDigits(y) {
		return 0, 0, false, false
	}
	a, err := strconv.Atoi(x)
	if err != nil {
		return 0, 0, false, false
	}
	b = a
	if ranged {
		if b, err = strconv.Atoi(y); err != nil {
			return 0, 0, false, false
		}
	}
	return a, b, ranged, true
}

// positional reports whether a selector locates text by position (L, p, c).
func positional(s *ir.Selector) bool {
	return s.Kind == ir.SelLine || s.Kind == ir.SelPara || s.Kind == ir.SelChar
}
