//go:build js && wasm

package tokens

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
)

// The browser build's codec, run by the Go wasm test runner:
//
//	GOOS=js GOARCH=wasm go test -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run TestLoaded ./emit/tokens
//
// (the package's other tests need the real vocabularies, which this build
// does not compile in). The vocabulary here is made up: every byte, then
// "ab" and "abab" as merges.
func TestLoadedVocabulary(t *testing.T) {
	if _, err := Count("o200k_base", "x"); err == nil || !strings.Contains(err.Error(), "not loaded") {
		t.Fatalf("a count before SetVocabulary: %v, want a not-loaded error", err)
	}
	var file strings.Builder
	for b := range 256 {
		fmt.Fprintf(&file, "%s %d\n", base64.StdEncoding.EncodeToString([]byte{byte(b)}), b)
	}
	fmt.Fprintf(&file, "%s 256\n%s 257\n", base64.StdEncoding.EncodeToString([]byte("ab")), base64.StdEncoding.EncodeToString([]byte("abab")))
	if err := SetVocabulary("o200k_base", []byte(file.String())); err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]int{"abab": 1, "ababc": 2, "xyz": 3, "ab ab": 3} {
		if got, err := Count("o200k_base", text); err != nil || got != want {
			t.Errorf("Count(%q) = %d, %v; want %d", text, got, err, want)
		}
	}
	if err := SetVocabulary("p50k_base", []byte(file.String())); err == nil {
		t.Error("SetVocabulary accepts an encoding rosettac does not count")
	}
}
