package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// refWords renders a reference (@commit:9f2a, @file:log/2f9c#L487, @a1.7) as
// words: "commit 9f2a", "file log/2f9c, line 487", "message a1.7". An unknown
// scheme is shown as written. Nothing is cut: the reference shortens long
// digests and table refs to ten characters, which loses the rows of
// @tbl:sha256:7d19#rows=1-10000 (invariant I-7).
func (r *rosRenderer) refWords(ref string) string {
	body := strings.TrimLeft(ref, "@＠")
	if rest, ok := strings.CutPrefix(body, "#"); ok {
		if r.zh {
			return "话题 " + rest + " 的全部消息"
		}
		return "all messages on topic " + rest
	}
	scheme, rest, ok := strings.Cut(body, ":")
	if !ok {
		return rosWordMessage.in(r.zh) + body
	}
	if scheme == "file" {
		if path, lines, ok := strings.Cut(rest, "#L"); ok {
			span := strings.ReplaceAll(lines, "-", r.g.enDash)
			switch {
			case r.zh:
				return "文件 " + path + " 第 " + span + " 行"
			case strings.Contains(lines, "-"):
				return "file " + path + ", lines " + span
			default:
				return "file " + path + ", line " + span
			}
		}
	}
	word := scheme
	if w, ok := rosRefWords[scheme]; ok {
		word = w.in(r.zh)
	}
	return word + " " + rest
}

// isRefStart reports whether s[i:] starts a reference: '@' (or fullwidth '＠')
// then an ASCII letter, digit or '_' (the reference's REF_RE).
func isRefStart(s string, i int) (size int, ok bool) {
	c, n := utf8.DecodeRuneInString(s[i:])
	if c != '@' && c != '＠' {
		return 0, false
	}
	if i+n >= len(s) || !isRefHead(s[i+n]) {
		return 0, false
	}
	j := i + n + 1
	for j < len(s) && isRefBody(s[j]) {
		j++
	}
	return j - i, true
}

func isRefHead(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isRefBody(c byte) bool {
	return isRefHead(c) || strings.IndexByte(":./#@=&-", c) >= 0
}

// prose renders agent text as words: references become words, an alternation
// '|' becomes "or", and "a>b" becomes "a → b". Two fixes over the reference:
// the spaces eaten around '|' never include a line break (the reference joins
// lines there), and text inside "double quotes" is quoted material, left as
// written.
func (r *rosRenderer) prose(s string) string {
	if !strings.ContainsAny(s, "@＠|>") {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	inQuote := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			inQuote = !inQuote
		case inQuote:
		case c == '@' || c == 0xef: // '@' or the first byte of '＠'
			if n, ok := isRefStart(s, i); ok {
				b = append(b, r.refWords(s[i:i+n])...)
				i += n
				continue
			}
		case c == '|':
			for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
				b = b[:len(b)-1]
			}
			b = append(b, rosWordOr.in(r.zh)...)
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			continue
		case c == '>':
			before, _ := utf8.DecodeLastRuneInString(s[:i])
			after, _ := utf8.DecodeRuneInString(s[i+1:])
			if i > 0 && i+1 < len(s) && !unicode.IsSpace(before) && !unicode.IsSpace(after) {
				b = append(b, " "+r.g.arrow+" "...)
				i++
				continue
			}
		}
		b = append(b, c)
		i++
	}
	return string(b)
}
