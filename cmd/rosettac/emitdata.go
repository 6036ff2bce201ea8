package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/rosettac/rosettac/compiler"
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
	emitters["text"] = func(r *compiler.Result) ([]emit.File, diag.List) {
		if r.Doc == nil {
			return nil, nil
		}
		out, ds := text.Render(r.Doc, text.Options{Lang: "en", View: "full"})
		return []emit.File{{Name: outName(r.File, ".txt"), Data: out}}, ds
	}
	emitters["json"] = func(r *compiler.Result) ([]emit.File, diag.List) {
		if r.Doc == nil {
			return nil, nil
		}
		if r.Lang == ir.JSON { // already the data form: it is its own output
			return []emit.File{{Name: outName(r.File, ".json"), Data: r.Source.Text}}, nil
		}
		out, ds := translate.Translate(r.Doc, ir.JSON)
		if out == nil {
			return nil, ds
		}
		return []emit.File{{Name: outName(r.File, ".json"), Data: machineJSON(out)}}, ds
	}
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
