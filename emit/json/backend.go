package json

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	"github.com/rosettac/rosettac/ir"
)

// The IR dump as a backend (compile --emit ir): one file, Source + ".ir.json",
// carrying Options.Diags.
func init() {
	emit.Register(&emit.Backend{Name: "ir", Summary: "the IR and its diagnostics as JSON (docs/ir-json.md)", Ext: ".ir.json",
		Emit: func(doc ir.Document, opt emit.Options) ([]emit.File, diag.List) {
			return []emit.File{IR(opt.Source, doc, opt.Diags)}, nil
		}})
}
