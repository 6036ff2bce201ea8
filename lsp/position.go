package lsp

import (
	"bytes"
	"sort"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// encoding is how a position's character counts: the protocol's default is
// UTF-16 code units; a client that offers "utf-8" (LSP 3.17's
// general.positionEncodings) gets byte offsets, which need no decoding.
type encoding int

const (
	utf16 encoding = iota
	utf8Bytes
)

// String is the encoding's name on the wire.
func (e encoding) String() string {
	if e == utf8Bytes {
		return "utf-8"
	}
	return "utf-16"
}

// lineIndex maps byte offsets of one text to protocol positions and back.
// Lines end at '\n' (as diag.Source's do); a '\r' before it is part of the
// line's text for the protocol, which counts characters up to the '\n'.
type lineIndex struct {
	text  []byte
	lines []int // byte offset of the start of each line
	enc   encoding
}

func newLineIndex(text []byte, enc encoding) *lineIndex {
	lines := make([]int, 1, 1+len(text)/32)
	for i := 0; ; {
		k := bytes.IndexByte(text[i:], '\n')
		if k < 0 {
			break
		}
		i += k + 1
		lines = append(lines, i)
	}
	return &lineIndex{text: text, lines: lines, enc: enc}
}

// position is the protocol position of byte offset off (clamped into the text;
// an offset inside a UTF-8 sequence counts as the sequence's start).
func (x *lineIndex) position(off int) protocol.Position {
	off = min(max(off, 0), len(x.text))
	line := sort.Search(len(x.lines), func(i int) bool { return x.lines[i] > off }) - 1
	start := x.lines[line]
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(x.units(x.text[start:off]))}
}

// units is how many characters of the encoding b is; a partial sequence at
// its end does not count.
func (x *lineIndex) units(b []byte) int {
	if x.enc == utf8Bytes {
		return len(b)
	}
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 && !utf8.FullRune(b) {
			break
		}
		b = b[size:]
		if r >= 0x10000 {
			n += 2 // a surrogate pair
		} else {
			n++
		}
	}
	return n
}

// offset is the byte offset of a protocol position: a character past the end
// of its line is the line's end, a line past the last is the text's end, and
// a position inside a UTF-16 surrogate pair or a UTF-8 sequence is the
// character's start.
func (x *lineIndex) offset(p protocol.Position) int {
	if int(p.Line) >= len(x.lines) {
		return len(x.text)
	}
	start := x.lines[p.Line]
	end := len(x.text)
	if int(p.Line)+1 < len(x.lines) {
		end = x.lines[p.Line+1] - 1 // the '\n'
	}
	want := int(p.Character)
	if x.enc == utf8Bytes {
		off := min(start+want, end)
		for off > start && off < len(x.text) && !utf8.RuneStart(x.text[off]) {
			off--
		}
		return off
	}
	n, off := 0, start
	for off < end {
		r, size := utf8.DecodeRune(x.text[off:end])
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > want {
			break
		}
		n += w
		off += size
	}
	return off
}

// rng is the protocol range of bytes [start, end).
func (x *lineIndex) rng(start, end int) protocol.Range {
	return protocol.Range{Start: x.position(start), End: x.position(max(start, end))}
}
