package diag

import (
	"unicode/utf16"
	"unicode/utf8"
)

// Positions in UTF-16 code units, for hosts that count columns that way (the
// Language Server Protocol's default "character", JavaScript strings). rosettac
// itself counts code points (Pos.Col); these convert at the boundary.

// UTF16Col returns the 1-based column of the file's byte offset off counted in
// UTF-16 code units: one per code point below U+10000, two above (an emoji
// such as 👽 is two). The line is Pos(off).Line; as Pos does, it counts from
// after a byte order mark.
func (s *Source) UTF16Col(off int) int {
	p := s.Pos(off)
	if !p.IsValid() {
		return 0
	}
	line := s.Line(p.Line)
	col := 1
	for i, n := 0, 1; n < p.Col && i < len(line); n++ {
		r, size := utf8.DecodeRune(line[i:])
		col += utf16Len(r)
		i += size
	}
	return col
}

// OffsetUTF16 is the inverse of UTF16Col: the file's byte offset of 1-based
// line and 1-based UTF-16 column col. A column past the line's end gives the
// end of the line (without its line ending), and one inside a surrogate pair
// the start of that code point, as the Language Server Protocol asks.
func (s *Source) OffsetUTF16(line, col int) int {
	text := s.Line(line)
	start := s.LineStart(line)
	if line == s.firstLine && s.base == 0 {
		start += s.bom() // Line(1) starts after a byte order mark
	}
	i := 0
	for units := 1; i < len(text); {
		r, size := utf8.DecodeRune(text[i:])
		if units+utf16Len(r) > col {
			break
		}
		units += utf16Len(r)
		i += size
	}
	return start + i
}

// utf16Len is how many UTF-16 code units r takes (an invalid byte, read as
// U+FFFD, takes one).
func utf16Len(r rune) int {
	if n := utf16.RuneLen(r); n > 0 {
		return n
	}
	return 1
}
