package docs

import "testing"

// TestCatalogue: the pages give an entry for codes of every family, each
// with its page and text.
func TestCatalogue(t *testing.T) {
	c := Catalogue()
	if len(c) < 100 {
		t.Fatalf("only %d codes read from the pages", len(c))
	}
	for code, page := range map[string]string{"E008": "docs/diagnostics.md", "F001": "docs/diagnostics.md", "L001": "docs/lingua.md",
		"AD022": "docs/agentdsl.md", "T001": "docs/translation.md", "G001": "docs/gogen.md"} {
		if e := c[code]; e.Page != page || e.Text == "" {
			t.Errorf("%s: %+v, want an entry on %s", code, e, page)
		}
	}
	if e := c["E008"]; e.Text != "warning. `re=` names a message the session has not seen. Dereference it first." {
		t.Errorf("E008's entry = %q", e.Text)
	}
}
