package agentdsl

import (
	"bufio"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
)

// ReadStats says what StreamReader saw of its input.
type ReadStats struct {
	Size     int64     // bytes read
	NonBlank bool      // some byte was not whitespace
	BadUTF8  diag.Span // the first byte that is not UTF-8; valid only when BadUTF8.IsValid()
	BadByte  byte      // that byte
	// LongLine is the start of the first line longer than the reader's
	// line limit; valid only when LongLine.IsValid(). Reading stops there.
	LongLine diag.Span
}

// DefaultMaxLine is StreamReader's limit on one line: the compiler's default
// input limit, since a line is held whole.
const DefaultMaxLine = 256 << 20

// StreamReader is Stream over a reader. It holds one line at a time, so a
// document of any size is read in memory that grows with what the handler
// keeps (for the checker: the schemas and the row IDs), never with the rows or
// the input. It stops at the first line that is not valid UTF-8 (see
// ReadStats.BadUTF8) and at the first read error, which it returns.
func StreamReader(file string, rd io.Reader, h Handler) (diag.List, ReadStats, error) {
	return StreamReaderLimit(file, rd, h, DefaultMaxLine)
}

// StreamReaderLimit is StreamReader holding at most maxLine bytes of one
// line: a longer line (an endless one, from /dev/zero) stops the reading,
// with ReadStats.LongLine set, instead of growing until memory runs out.
func StreamReaderLimit(file string, rd io.Reader, h Handler, maxLine int64) (diag.List, ReadStats, error) {
	r := &reader{file: file, h: h, lastSchema: -1}
	br := bufio.NewReaderSize(rd, 1<<20)
	var st ReadStats
	num := 0
	for {
		raw, long, err := readLine(br, maxLine)
		if long {
			st.LongLine = diag.NewWindow(file, nil, int(st.Size), num+1).Span(int(st.Size), int(st.Size))
			return r.diags, st, nil
		}
		if len(raw) > 0 {
			num++
			end, _ := diag.LineEnd(raw, 0)
			text := raw[:end]
			if !utf8.ValidString(text) {
				i := 0
				for i < len(text) {
					c, n := utf8.DecodeRuneInString(text[i:])
					if c == utf8.RuneError && n <= 1 {
						break
					}
					i += n
				}
				st.BadUTF8 = diag.NewWindow(file, []byte(text), int(st.Size), num).Span(int(st.Size)+i, int(st.Size)+i+1)
				st.BadByte = text[i]
				st.Size += int64(len(raw))
				return r.diags, st, nil
			}
			bom := 0
			if num == 1 {
				bom = diag.BOMLen(text)
			}
			if !st.NonBlank && strings.TrimSpace(text[bom:]) != "" { // a byte order mark is no content
				st.NonBlank = true
			}
			r.line(line{text: text[bom:], off: int(st.Size) + bom, num: num})
			st.Size += int64(len(raw))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return r.diags, st, err
		}
	}
	r.close()
	return r.diags, st, nil
}

// readLine reads one line with its '\n', or reports that it is longer than
// max bytes without reading more than max+1 of it.
func readLine(br *bufio.Reader, max int64) (line string, long bool, err error) {
	var buf []byte
	for {
		frag, err := br.ReadSlice('\n')
		if int64(len(buf))+int64(len(frag)) > max {
			return "", true, nil
		}
		if err != bufio.ErrBufferFull {
			if buf == nil {
				return string(frag), false, err
			}
			return string(append(buf, frag...)), false, err
		}
		buf = append(buf, frag...)
	}
}
