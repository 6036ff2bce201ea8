package compiler

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/toon"
	"github.com/rosettac/rosettac/ir"
)

// TOON is an encoding of the JSON data model (docs/interop.md), not a
// language: a .toon file (or --from toon) is decoded to JSON, which the JSON
// row then reads by its shape, as it would read the JSON file itself: the
// data form of a Rosetta or Lingua transcript, else AgentDSL's relational
// data. A decode error is the decoder's TN diagnostic at its position in the
// .toon file. What the JSON's check finds is reported in the .toon file too:
// the decoder's Origin maps each value of the JSON (two-space indented, named
// "FILE (as JSON)" while it is read) to the token it was decoded from.
//
// The row has no parse: it reads nothing itself (run follows its through).
var toonFrontEnd = &frontEnd{
	lang: ir.TOON,
	exts: []string{".toon"},
}

// through is set here, not in the row, because it names the JSON row, whose
// own through reads the table (a Go initialisation cycle otherwise).
func init() { toonFrontEnd.through = throughTOON }

// throughTOON decodes src as TOON with opt's decoder options and hands the
// JSON to the JSON row.
func throughTOON(src *diag.Source, opt *Options) (*frontEnd, *diag.Source, *diag.Origin, diag.List) {
	text, o, ds := toon.DecodeJSON(src, toon.DecodeOptions{Indent: opt.TOONIndent, Lenient: opt.TOONLenient})
	if text == nil {
		return nil, nil, nil, ds
	}
	return jsonFrontEnd, diag.NewSource(src.File+" (as JSON)", text), o, ds
}
