package jsonquote

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestWriteAsEncoder holds Write's direct path to what
// encoding/json writes (HTML escapes off), on the strings at its edges and
// on random ones made of them.
func TestWriteAsEncoder(t *testing.T) {
	parts := []string{"", "a", "plain text", `"`, `\`, "\n", "\t", "\r", "\b", "\f", "\x00", "\x1f", "\x7f",
		"<&>", "é", "日本語", "🚀", "\u2028", "\u2029", "\xff", "\xe2\x80", "\xed\xa0\x80", "\uFEFF", "|"}
	check := func(s string) {
		t.Helper()
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		Write(&got, s)
		if w := bytes.TrimSuffix(want.Bytes(), []byte("\n")); !bytes.Equal(got.Bytes(), w) {
			t.Errorf("Write(%q) = %s, encoding/json writes %s", s, got.Bytes(), w)
		}
	}
	for _, p := range parts {
		check(p)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		var s []byte
		for range r.IntN(6) {
			s = append(s, parts[r.IntN(len(parts))]...)
		}
		check(string(s))
	}
}
