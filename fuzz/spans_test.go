package fuzz

import (
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/spancheck"
	"github.com/rosettac/rosettac/ir"
)

// checkTree fails t when a span of doc or of ds is wrong for src, the bytes
// they were parsed from: a node outside the node above it, a content line,
// row or payload whose span does not hold its text, a diagnostic whose
// printed position is not its offset's (internal/spancheck). A range check
// alone could not fail: diag.Source.Span clamps offsets into the input.
func checkTree(t *testing.T, src []byte, doc ir.Node, ds diag.List) {
	t.Helper()
	if err := spancheck.Diags(src, ds); err != nil {
		t.Fatalf("%v\ninput: %q", err, src)
	}
	if doc == nil {
		return
	}
	if err := spancheck.Tree(src, doc); err != nil {
		t.Fatalf("%v\ninput: %q", err, src)
	}
}
