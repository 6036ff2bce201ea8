package main

import (
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
)

// TestCards: every card fits in cardMaxTokens o200k tokens, and its worked
// example checks with no error or warning in its language.
func TestCards(t *testing.T) {
	for name, card := range cards {
		text := card()
		if n := countTokens(text); n > cardMaxTokens {
			t.Errorf("%s card: %d o200k tokens, more than %d", name, n, cardMaxTokens)
		}
		ex := cardExample(text)
		if strings.TrimSpace(ex) == "" {
			t.Errorf("%s card: no worked example in a fence", name)
			continue
		}
		res := compiler.Check(name+".example", []byte(ex), compiler.Options{From: cardLanguage[name]})
		for _, d := range res.Diags {
			if d.Severity >= diag.Warning {
				t.Errorf("%s card: the example does not check clean: %v", name, d)
			}
		}
		if strings.Contains(text, "%!") {
			t.Errorf("%s card: a formatting verb was printed: %q", name, text)
		}
	}
}
