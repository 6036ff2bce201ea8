//go:build !(js && wasm)

package tokens

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/dlclark/regexp2"
)

// TestSplitPatterns: the expressions the browser build compiles are the
// library's own.
func TestSplitPatterns(t *testing.T) {
	for _, enc := range Encodings {
		c, err := libraryCodec(enc)
		if err != nil {
			t.Fatal(err)
		}
		_, re := libraryFields(c)
		if re == nil {
			t.Fatalf("%s: the library's expression cannot be read", enc)
		}
		if got := splitPatterns[enc]; got != re.String() {
			t.Errorf("%s: splitPatterns holds\n%s\nthe library compiles\n%s", enc, got, re.String())
		}
	}
}

// TestVocabularyFile: the file rosettac play serves parses back to the
// compiled vocabulary, and a codec built from it (as the browser build
// builds one) counts exactly as the compiled one.
func TestVocabularyFile(t *testing.T) {
	text := strings.Repeat("Q1 ? what's the weather in 東京 — 42°C, 1234567 tokens!\n\t  \r\n", 20)
	for _, enc := range Encodings {
		var file bytes.Buffer
		if err := WriteVocabulary(&file, enc); err != nil {
			t.Fatal(err)
		}
		voc, err := parseVocabulary(file.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		c, _ := libraryCodec(enc)
		want, _ := libraryFields(c)
		if !maps.Equal(voc, want) {
			t.Fatalf("%s: the vocabulary file parses to %d tokens, not the library's %d", enc, len(voc), len(want))
		}
		compiled, err := codec(enc)
		if err != nil {
			t.Fatal(err)
		}
		loaded := &bpe{name: enc, vocab: voc, split: regexp2.MustCompile(splitPatterns[enc], regexp2.None)}
		var a, b []int
		compiled.encode(text, func(n int) { a = append(a, n) })
		loaded.encode(text, func(n int) { b = append(b, n) })
		if len(a) == 0 || !slices.Equal(a, b) {
			t.Errorf("%s: the loaded codec splits into %d tokens, the compiled one %d", enc, len(b), len(a))
		}
	}
}

func TestParseVocabularyErrors(t *testing.T) {
	for _, bad := range []string{"", "IQ==\n", "!!! 1\n", "IQ== x\n"} {
		if _, err := parseVocabulary([]byte(bad)); err == nil {
			t.Errorf("parseVocabulary(%q) = nil error", bad)
		}
	}
}
