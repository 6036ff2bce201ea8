// Package tokens owns rosettac's token accounting: exact BPE token counts of a
// file's bytes under OpenAI's o200k_base and cl100k_base encodings (through
// github.com/tiktoken-go/tokenizer, whose vocabularies are compiled in, so counts
// work offline; the browser build is given them as files instead, see
// SetVocabulary), and their attribution to the components of each language.
//
// Attribution is exact and additive: the whole file is encoded once and each
// token is credited to the component that owns the byte where the token starts,
// so the components of a file always sum to its total. (Counting each component
// on its own would not: BPE merges across component boundaries.)
package tokens

import (
	"fmt"
	"sync"

	"github.com/rosettac/rosettac/ir"
)

// Encodings lists the supported encodings in the order reports show them.
var Encodings = []string{"o200k_base", "cl100k_base"}

var (
	codecMu sync.Mutex
	codecs  = map[string]*bpe{}
)

// codec returns the (cached) codec of an encoding; loading a vocabulary is slow.
func codec(encoding string) (*bpe, error) {
	codecMu.Lock()
	defer codecMu.Unlock()
	if c := codecs[encoding]; c != nil {
		return c, nil
	}
	c, err := newBPE(encoding)
	if err != nil {
		return nil, err
	}
	codecs[encoding] = c
	return c, nil
}

// Count returns the number of tokens of text under encoding.
func Count(encoding, text string) (int, error) {
	c, err := codec(encoding)
	if err != nil {
		return 0, err
	}
	n := 0
	err = c.encode(text, func(int) { n++ })
	return n, err
}

// O200k is the o200k_base count of text, or a token per four bytes when the
// encoder cannot be built: the counter diag.PrintLLM's budget is kept in.
func O200k(text string) int {
	n, err := Count("o200k_base", text)
	if err != nil {
		return len(text)/4 + 1
	}
	return n
}

// Component is a named share of a file's tokens.
type Component struct {
	Name   string
	Tokens int
}

// Count of one file under one encoding.
type EncodingCount struct {
	Encoding   string
	Total      int         // tokens of the file's bytes exactly as read
	Components []Component // in the language's component order; empty unless asked for
}

// Segment marks bytes [Start, End) of a file as belonging to a component.
// Later segments paint over earlier ones, so a segmenter lists coarse spans
// (a whole message) before fine ones (a confidence marker inside it).
type Segment struct {
	Start, End int
	Component  int // index into the language's component names
}

// segmenter splits a document's bytes into components: the names, and the
// segments in painting order. Bytes no segment covers count as the first name.
type segmenter func(doc ir.Document, src []byte) (names []string, segs []Segment)

var segmenters = map[ir.Language]segmenter{}

// Measure counts text under encoding. With byComponent set, the tokens are
// attributed to the components of doc's language, or, when text is JSON data
// (of any language: rosettac reads relational JSON as an AgentDSL document,
// and Rosetta's and Lingua's data JSON is not parsed to be counted, so doc
// may be nil), to keys, values and punctuation.
func Measure(encoding string, text []byte, doc ir.Document, byComponent bool) (EncodingCount, error) {
	c, err := codec(encoding)
	if err != nil {
		return EncodingCount{}, err
	}
	var toks []int32 // each token's length in bytes
	if err := c.encode(string(text), func(n int) { toks = append(toks, int32(n)) }); err != nil {
		return EncodingCount{}, err
	}
	out := EncodingCount{Encoding: encoding, Total: len(toks)}
	if !byComponent {
		return out, nil
	}
	var seg segmenter
	switch {
	case (doc == nil || doc.Language() == ir.AgentDSL) && jsonText(text):
		seg = segmentJSON
	case doc == nil:
		return out, nil
	default:
		seg = segmenters[doc.Language()]
	}
	if seg == nil {
		return out, fmt.Errorf("no component breakdown for %s documents", doc.Language())
	}
	names, segs := seg(doc, text)
	owner := make([]uint8, len(text))
	for _, s := range segs {
		start, end := clamp(s.Start, len(text)), clamp(s.End, len(text))
		for i := start; i < end; i++ {
			owner[i] = uint8(s.Component)
		}
	}
	counts := make([]int, len(names))
	off := 0
	for _, t := range toks {
		if off < len(owner) {
			counts[owner[off]]++
		} else {
			counts[0]++
		}
		off += int(t)
	}
	for i, n := range names {
		out.Components = append(out.Components, Component{Name: n, Tokens: counts[i]})
	}
	return out, nil
}

func clamp(i, n int) int {
	if i < 0 {
		return 0
	}
	if i > n {
		return n
	}
	return i
}
