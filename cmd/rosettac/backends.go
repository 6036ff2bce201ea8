package main

// The backends the command line offers: each registers itself with emit
// (emit.Register) when imported, and compile --emit and gen read the registry.
// The go backend is in backend_go.go: the playground's wasm leaves it out.
import (
	_ "github.com/rosettac/rosettac/emit/json"       // ir
	_ "github.com/rosettac/rosettac/emit/jsonschema" // jsonschema
)
