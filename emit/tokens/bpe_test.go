package tokens

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

// libraryTokens is what tiktoken-go itself gives: the reference.
func libraryTokens(t *testing.T, enc tokenizer.Encoding, text string) []int {
	c, err := tokenizer.Get(enc)
	if err != nil {
		t.Fatal(err)
	}
	_, toks, err := c.Encode(text)
	if err != nil {
		t.Fatal(err)
	}
	lens := make([]int, len(toks))
	for i, tok := range toks {
		lens[i] = len(tok)
	}
	return lens
}

func ownTokens(t *testing.T, encoding, text string) []int {
	b, err := codec(encoding)
	if err != nil {
		t.Fatal(err)
	}
	var lens []int
	if err := b.encode(text, func(n int) { lens = append(lens, n) }); err != nil {
		t.Fatal(err)
	}
	return lens
}

var encodings = map[string]tokenizer.Encoding{"o200k_base": tokenizer.O200kBase, "cl100k_base": tokenizer.Cl100kBase}

// TestOwnMerge checks that rosettac's merge is the one in use (the
// library's fields were found) and splits every text file of the repository
// into exactly the tokens tiktoken-go gives.
func TestOwnMerge(t *testing.T) {
	for name := range encodings {
		if b, _ := codec(name); b.lib != nil {
			t.Errorf("%s: tiktoken-go's codec fields were not found: counting with its quadratic merge", name)
		}
	}
	root := filepath.Join("..", "..")
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || len(b) > 1<<20 || !utf8.Valid(b) {
			return nil
		}
		files++
		for name, enc := range encodings {
			if got, want := ownTokens(t, name, string(b)), libraryTokens(t, enc, string(b)); !slices.Equal(got, want) {
				t.Errorf("%s, %s: %d tokens, tiktoken-go %d (or split differently)", path, name, len(got), len(want))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Errorf("only %d files compared", files)
	}
}

// TestOwnMergeLongPieces compares random long pieces, where the merge order
// matters most: no spaces, a small alphabet (many equal-rank pairs), letters
// with digits, punctuation and multi-byte runes, long runs of one byte.
func TestOwnMergeLongPieces(t *testing.T) {
	rnd := rand.New(rand.NewPCG(14, 14))
	alphabets := []string{"ab", "abc", "lighthousekeeper", "aeiou", "xyzq", "éa", "中文字", "0123456789",
		"a1", ".,;", "!?", " ", "  a", "\n ", "ab\u0301"}
	for i := range 120 {
		alpha := []rune(alphabets[i%len(alphabets)])
		n := 200 + rnd.IntN(3000)
		var b strings.Builder
		for b.Len() < n {
			if i%3 == 0 {
				b.WriteString(strings.Repeat(string(alpha[0]), 1+rnd.IntN(40))) // runs
			}
			b.WriteRune(alpha[rnd.IntN(len(alpha))])
		}
		text := b.String()
		for name, enc := range encodings {
			if got, want := ownTokens(t, name, text), libraryTokens(t, enc, text); !slices.Equal(got, want) {
				t.Errorf("piece %d (%q…, %d bytes), %s: %d tokens, tiktoken-go %d", i, text[:min(20, len(text))], len(text), name, len(got), len(want))
			}
		}
	}
}

// TestMergeScales checks the merge is not quadratic: the merge steps of a
// piece grow about linearly (n log n) with its length.
func TestMergeScales(t *testing.T) {
	steps := func(n int) uint64 {
		before := MergeWork()
		ownTokens(t, "o200k_base", strings.Repeat("lighthousekeeper", n/16))
		return MergeWork() - before
	}
	a, b := steps(1<<16), steps(1<<17)
	if r := float64(b) / float64(a); r > 2.3 {
		t.Errorf("merge steps ×%.2f when the piece doubles (%d → %d)", r, a, b)
	}
}
