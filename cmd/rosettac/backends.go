package main

// The backends the command line offers: each registers itself with emit
// (emit.Register) when imported, and compile --emit and gen read the registry.
import (
	_ "github.com/rosettac/rosettac/emit/gogen"      // go
	_ "github.com/rosettac/rosettac/emit/json"       // ir
	_ "github.com/rosettac/rosettac/emit/jsonschema" // jsonschema
)
