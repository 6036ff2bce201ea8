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
}

// StreamReader is Stream over a reader. It holds one line at a time, so a
// document of any size is read in memory that grows with what the handler
// keeps (for the checker: the schemas and the row IDs), never with the rows or
// the input. It stops at the first line that is not valid UTF-8 (see
// ReadStats.BadUTF8) and at the first read error, which it returns.
func StreamReader(file string, rd io.Reader, h Handler) (diag.List, ReadStats, error) {
	r := &reader{file: file, h: h, lastSchema: -1}
	br := bufio.NewReaderSize(rd, 1<<20)
	var st ReadStats
	num := 0
	for {
		raw, err := br.ReadString('\n')
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
