package docs

import "io/fs"

// Page returns the bytes of one embedded page (diagnostics.md, interop.md,
// ...): `rosettac mcp` serves the catalogue pages as MCP resources.
func Page(name string) ([]byte, error) { return fs.ReadFile(pages, name) }
