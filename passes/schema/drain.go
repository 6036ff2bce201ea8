package schema

import "github.com/rosettac/rosettac/diag"

// Drain returns the diagnostics found so far and forgets them, for a host that
// feeds a document in pieces (compiler.Stream) and reports each piece's
// findings as it goes; Finish then returns only what was found after.
func (c *Checker) Drain() diag.List {
	ds := c.diags
	c.diags = nil
	return ds
}
