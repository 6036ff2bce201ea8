//go:build !(js && wasm) || rosettac_gogen

package main

// The go backend (gen go, compile --emit go). The playground's wasm is built
// without it and the Go tab runs a second build with the rosettac_gogen tag
// (play.Build): emit/gogen's generated-code builders and go/format, which
// jennifer always formats with, are 2 MB of wasm that only that tab uses.
import _ "github.com/rosettac/rosettac/emit/gogen" // go
