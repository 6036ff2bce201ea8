package translate

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/toon"
	"github.com/rosettac/rosettac/ir"
)

// The TOON leg (docs/interop.md, "TOON"): TOON carries the JSON data model, so
// every language reaches it through its data JSON form (translate --to json),
// and TOON comes back as JSON, which the --from json path then reads. For
// AgentDSL that makes each table a TOON tabular array when its rows are
// uniform. What the leg changes is number text: TOON writes numbers in their
// canonical form (§2), so a float cell 3200.00 comes back as 3200, the same
// value; rosettac keeps every digit otherwise (no float64 in between).

// TOONOptions are the TOON encoder's and decoder's options
// (translate --toon-delimiter, --toon-indent, --toon-strict).
type TOONOptions struct {
	Delimiter byte // ',' (default), '\t' or '|'
	Indent    int  // spaces per level; 0 means 2
	Lenient   bool // --toon-strict=false
}

// ToTOON writes doc's data JSON form as TOON.
func ToTOON(doc ir.Document, opt TOONOptions) ([]byte, diag.List) {
	data, ds := Translate(doc, ir.JSON)
	if data == nil || ds.HasErrors() {
		return nil, ds
	}
	out, more := JSONToTOON(diag.NewSource(docFile(doc), data), opt)
	return out, append(ds, more...)
}

// JSONToTOON writes any JSON value as TOON, keeping its key order and the
// exact digits of its numbers. The output ends without a newline, as the
// spec requires.
func JSONToTOON(src *diag.Source, opt TOONOptions) ([]byte, diag.List) {
	v, ds := toon.ParseJSON(src)
	if ds.HasErrors() {
		return nil, ds
	}
	return toon.Encode(v, toon.EncodeOptions{Delimiter: opt.Delimiter, Indent: opt.Indent}), nil
}

// TOONToJSON decodes a TOON document as JSON (two-space indented, ending in a
// newline), or gives the decoder's diagnostic: a TN code, its position and
// the spec section in its hint.
func TOONToJSON(src *diag.Source, opt TOONOptions) ([]byte, diag.List) {
	return toon.DecodeJSONText(src, toon.DecodeOptions{Indent: opt.Indent, Lenient: opt.Lenient})
}

func docFile(doc ir.Document) string {
	if doc == nil {
		return ""
	}
	return doc.Pos().File()
}
