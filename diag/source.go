package diag

import (
	"bytes"
	"math"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// Source maps byte offsets of one file to positions. Build it once per file; each
// lookup is a binary search over line starts plus a scan of one line.
type Source struct {
	File string
	text []byte // shared with the caller and the IR: never written (see Content)
	// idx holds the byte offset of the start of each line, relative to text
	// (a file is at most MaxOffset bytes), made when a position is first
	// asked for (lines): a check asks for positions only to print its
	// diagnostics, by when what it kept is gone, and the index was four
	// bytes a line for as long as the check ran. A pointer, shared by a
	// copy of the Source (Through), and nil for a Source with no text.
	idx *lineIndex

	// A Source may index a window of a file rather than all of it (NewWindow):
	// base is the file offset of text[0], and firstLine the 1-based line it is on.
	base, firstLine int
	fileOnly        bool // FileSpan's source: a name, no text
	// tail is a later window of the same file (Span.Through): offsets from
	// its base on are its, so a span can start in this window and end in
	// that one without the text between them being held.
	tail *Source

	// cols holds the column checkpoints of the long lines that were asked
	// about (see column). A pointer, so that a copy of the Source (Through)
	// shares it, and nil for a Source not made by NewSource.
	cols *colCache
}

// colCache is a Source's column checkpoints, keyed by the offset a long
// line's columns count from.
type colCache struct {
	mu sync.Mutex
	m  map[int][]colMark
}

// columnWork counts the bytes counted for columns, for the scaling tests.
var columnWork atomic.Uint64

// ColumnWork reports how many bytes this process has counted to find
// columns: it grows with the positions asked for, never with their
// lines' lengths squared.
func ColumnWork() uint64 { return columnWork.Load() }

// colMark is a column checkpoint in a long line: the rune count from the
// line's start up to the byte at off, which starts a rune.
type colMark struct{ off, runes uint32 }

// colStride is the distance between column checkpoints, and lines shorter
// than longLine bytes are counted directly: a column costs at most about
// colStride bytes of counting, however long the line.
const (
	colStride = 256
	longLine  = 4 * colStride
)

// lineIndex is a Source's line starts, made once (Source.lines).
type lineIndex struct {
	once  sync.Once
	lines []uint32
}

// NewSource indexes text, which must be at most MaxOffset bytes (the
// compiler refuses larger inputs). Lines end at '\n' only (a '\r' before it
// belongs to the line ending, any other control character is content). The
// index of lines is made when a position is first asked for.
func NewSource(file string, text []byte) *Source {
	return &Source{File: file, text: text, idx: &lineIndex{}, firstLine: 1, cols: &colCache{}}
}

// lines returns the offsets of the line starts, making them on the first call.
func (s *Source) lines() []uint32 {
	ix := s.idx
	if ix == nil {
		return nil
	}
	ix.once.Do(func() {
		// counted first, so that the index is one allocation of its size
		ix.lines = make([]uint32, 1, 1+bytes.Count(s.text, []byte{'\n'}))
		for i := 0; ; {
			k := bytes.IndexByte(s.text[i:], '\n') // vectorised; a byte loop was 3% of a Rosetta parse
			if k < 0 {
				break
			}
			i += k + 1
			ix.lines = append(ix.lines, uint32(i))
		}
	})
	return ix.lines
}

// Content returns the text as a string that shares its bytes. A Source's text
// must not change once it is indexed (every position would be wrong), which
// makes the sharing safe, and it lets the grammars cut the IR's names, values
// and content lines out of the input instead of out of a copy of it: a copy
// was a whole extra input's worth of memory for as long as the IR lived. The
// text is reachable only as this string (and Len), so nothing holding a Source
// can write through it; the bytes given to NewSource are the caller's, who
// must not change them while the Source or its IR is in use.
func (s *Source) Content() string {
	return unsafe.String(unsafe.SliceData(s.text), len(s.text))
}

// Len is the length of the text in bytes.
func (s *Source) Len() int { return len(s.text) }

// NewWindowString is NewWindow over a string, sharing its bytes.
func NewWindowString(file, text string, base, firstLine int) *Source {
	return NewWindow(file, unsafe.Slice(unsafe.StringData(text), len(text)), base, firstLine)
}

// NewWindow indexes text that starts at byte offset base of a file, on its
// 1-based line firstLine: a reader that streams a file keeps only the lines it
// reports on, and their spans still carry the file's offsets, lines and columns.
func NewWindow(file string, text []byte, base, firstLine int) *Source {
	s := NewSource(file, text)
	s.base, s.firstLine = base, firstLine
	return s
}

// Pos returns the position of the file's byte offset off, clamped into the text.
func (s *Source) Pos(off int) Pos {
	if s.fileOnly {
		return Pos{}
	}
	if s.tail != nil && off >= s.tail.base {
		return s.tail.Pos(off)
	}
	off = min(max(off-s.base, 0), len(s.text))
	lines := s.lines()
	line := sort.Search(len(lines), func(i int) bool { return int(lines[i]) > off }) - 1
	start := int(lines[line])
	if line == 0 && s.base == 0 {
		start = min(s.bom(), off) // columns count from after a byte order mark
	}
	return Pos{Offset: s.base + off, Line: s.firstLine + line, Col: s.column(start, off)}
}

// column is the 1-based column of offset off on the line whose columns count
// from start: the code points between them, plus one. Counting from the
// line's start on every call made each position cost the line's length, so a
// long line with many diagnostics (or a long JSON line) cost its length
// squared; a long line gets checkpoints every colStride bytes, built once on
// its first long lookup, and a column counts only from the checkpoint before it.
func (s *Source) column(start, off int) int {
	if off-start < longLine || s.cols == nil {
		columnWork.Add(uint64(off - start))
		return utf8.RuneCount(s.text[start:off]) + 1
	}
	c := s.cols
	c.mu.Lock()
	marks, ok := c.m[start]
	if !ok {
		marks = s.colMarks(start)
		if c.m == nil {
			c.m = map[int][]colMark{}
		}
		c.m[start] = marks
	}
	c.mu.Unlock()
	k := sort.Search(len(marks), func(i int) bool { return int(marks[i].off) > off }) - 1
	m := marks[k]
	columnWork.Add(uint64(off - int(m.off)))
	return int(m.runes) + utf8.RuneCount(s.text[m.off:off]) + 1
}

// colMarks counts the line that starts at start once, noting the rune count
// at a rune's first byte every colStride bytes. Cutting at a byte that is not
// a UTF-8 continuation byte cuts between two of the runes utf8.RuneCount
// counts (valid or not), so the counts add up exactly.
func (s *Source) colMarks(start int) []colMark {
	end, _ := LineEnd(s.Content(), start)
	marks := []colMark{{uint32(start), 0}}
	runes := 0
	for at := start; ; {
		next := min(at+colStride, end)
		for next < end && !utf8.RuneStart(s.text[next]) {
			next++
		}
		if next >= end {
			break
		}
		runes += utf8.RuneCount(s.text[at:next])
		columnWork.Add(uint64(next - at))
		marks = append(marks, colMark{uint32(next), uint32(runes)})
		at = next
	}
	return marks
}

// MaxOffset is the largest byte offset a Span can hold: a file is at most 4 GiB.
const MaxOffset = math.MaxUint32

// Span returns the span of the file's bytes [start, end), clamped into the text.
func (s *Source) Span(start, end int) Span {
	last := s.end()
	start = min(max(start, s.base), last, MaxOffset)
	end = min(max(end, start), last, MaxOffset)
	return Span{src: s, start: uint32(start), end: uint32(end)}
}

// end is the file offset just past the last byte s (with its tail) holds.
func (s *Source) end() int {
	for s.tail != nil {
		s = s.tail
	}
	return s.base + len(s.text)
}

// LineCount is the number of lines (a final line without '\n' counts); for a
// window, the number of lines it holds.
func (s *Source) LineCount() int { return len(s.lines()) }

// Line returns the text of 1-based line n without its line ending ("\n" or "\r\n").
func (s *Source) Line(n int) []byte {
	if s.tail != nil && n >= s.tail.firstLine {
		return s.tail.Line(n)
	}
	n -= s.firstLine - 1
	lines := s.lines()
	if n < 1 || n > len(lines) {
		return nil
	}
	start := int(lines[n-1])
	end := len(s.text)
	if n < len(lines) {
		end = int(lines[n]) - 1
	}
	for end > start && s.text[end-1] == '\r' {
		end--
	}
	if n == 1 && s.base == 0 {
		start = min(s.bom(), end)
	}
	return s.text[start:end]
}

// LineStart returns the byte offset where 1-based line n starts.
func (s *Source) LineStart(n int) int {
	if s.tail != nil && n >= s.tail.firstLine {
		return s.tail.LineStart(n)
	}
	n -= s.firstLine - 1
	if n < 1 {
		return s.base
	}
	lines := s.lines()
	if n > len(lines) {
		return s.base + len(s.text)
	}
	return s.base + int(lines[n-1])
}

// bom is BOMLen of the text.
func (s *Source) bom() int { return BOMLen(s.Content()) }

// BOMLen is 3 when text starts with a UTF-8 byte order mark, else 0. Every
// grammar starts reading after it, as Go and Rust compilers do: an editor's
// encoding mark is not a character of the first line (and no span covers it).
func BOMLen(text string) int {
	if strings.HasPrefix(text, "\uFEFF") {
		return len("\uFEFF")
	}
	return 0
}

// LineEnd returns the end of the text of the line that starts at byte start,
// and the start of the next line. This is rosettac's one rule for lines in
// every language: a line ends at "\n", and the '\r's right before it (or
// before the end of the input) belong to the line ending, so no line's text
// ends in '\r' and every line prints back as its text plus "\n".
func LineEnd(text string, start int) (end, next int) {
	nl := strings.IndexByte(text[start:], '\n')
	if nl < 0 {
		end, next = len(text), len(text)
	} else {
		end, next = start+nl, start+nl+1
	}
	for end > start && text[end-1] == '\r' {
		end--
	}
	return end, next
}
