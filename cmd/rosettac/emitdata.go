package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// compile --emit text and json, as the CLI contract names them: text is
// the English full rendering (render's default), json the data form
// (translate --to json). Each is named after its input.
func init() {
	emit.Register(&emit.Backend{Name: "text", Summary: "the English full rendering (render)", Ext: ".txt",
		Emit: func(doc ir.Document, opt emit.Options) ([]emit.File, diag.List) {
			if doc == nil {
				return nil, nil
			}
			out, ds := text.Render(doc, text.Options{Lang: "en", View: "full"})
			return []emit.File{{Name: outName(opt.Source, ".txt"), Data: out}}, ds
		}})
	emit.Register(&emit.Backend{Name: "json", Summary: "the data JSON form (translate --to json)", Ext: ".json",
		Emit: func(doc ir.Document, opt emit.Options) ([]emit.File, diag.List) {
			if doc == nil {
				return nil, nil
			}
			if opt.Lang == ir.JSON { // already the data form: it is its own output
				return []emit.File{{Name: outName(opt.Source, ".json"), Data: []byte(opt.Text)}}, nil
			}
			out, ds := translate.Translate(doc, ir.JSON)
			if out == nil {
				return nil, ds
			}
			return []emit.File{{Name: outName(opt.Source, ".json"), Data: machineJSON(out)}}, ds
		}})
}

// machineJSON is the one style of every JSON rosettac writes, whatever the
// language it comes from: compact, one value, then a newline, as the
// diagnostics, token counts and the IR are (docs/cli.md, "JSON output").
// Compacting keeps every literal as written (5000.50 stays 5000.50) and
// every string byte for byte.
func machineJSON(b []byte) []byte {
	if b == nil {
		return nil
	}
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return b // not JSON: a bug upstream; write what was made
	}
	out.WriteByte('\n')
	return out.Bytes()
}

// outName is an output's file name: the input's base name with ext for
// its extension (incident.rose gives incident.txt).
func outName(file, ext string) string {
	base := filepath.Base(file)
	if file == "-" || file == "<stdin>" {
		base = "stdin"
	}
	return strings.TrimSuffix(base, filepath.Ext(base)) + ext
}
