package compiler

import (
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/a2a"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/schema"
)

// JSON is not a language of its own but the data form of each: a .json file
// (or --from json) is read as the language its shape names. Rosetta's and
// Lingua's forms ({"format":"rosetta"|"lingua","items":[...]}, translate --to
// json) are read through the text they describe (their rows' dataJSON), which
// is then parsed and checked as that language; A2A's messages (a2a.Is) through
// the A2A row (a2a.go), as the Rosetta they describe; anything else is AgentDSL's
// relational data form (docs/agentdsl.md), which from_json reads into an
// AgentDSL document, with T010-T012 diagnostics at the JSON's positions.
//
// The row keeps the name json: it is what --from takes and what a Result of
// AgentDSL's data form reports, since that Result's source is the JSON itself.
var jsonFrontEnd = &frontEnd{
	lang: ir.JSON,
	exts: []string{".json"},
	parse: func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		doc, ds := datajson.FromJSON(src, agentdsl.Syntax{})
		if doc == nil {
			return nil, ds
		}
		return doc, ds
	},
	check: func(doc ir.Document, _ *diag.Source, _ *Options) diag.List {
		return schema.Check(doc.(*ir.DSLDoc))
	},
}

// through is set here, not in the row, because it reads the table the row
// is in (a Go initialisation cycle otherwise).
func init() { jsonFrontEnd.through = throughDataForm }

// DetectJSON is the language whose data JSON form src is: Rosetta or Lingua
// when its top-level "format" names one and "items" is an array, else
// AgentDSL (whose relational data may well have a key named format).
func DetectJSON(src []byte) ir.Language {
	if fe := dataFormOf(string(src)); fe != nil {
		return fe.lang
	}
	return ir.AgentDSL
}

// dataFormOf returns the row whose data JSON form text has, or nil for
// AgentDSL's relational form and for text that is not JSON (from_json
// reports that). Only the top level is read to tell:
// AgentDSL data nests to any depth, which the limit on payload JSON must not
// refuse, and a key can only spell format literally or with a \u escape, so a
// large table with neither is told without reading it twice.
func dataFormOf(text string) *frontEnd {
	if !strings.Contains(text, `"format"`) && !strings.Contains(text, `\u`) {
		return nil
	}
	if !strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "{") {
		return nil // a form is an object; an array's elements are not decoded to tell
	}
	top, err := datajson.Outline(text, 1)
	if err != nil || top.Kind != ir.JSONObject {
		return nil
	}
	format, items := top.Member("format"), top.Member("items")
	if format == nil || format.Kind != ir.JSONString || items == nil || items.Kind != ir.JSONArray {
		return nil
	}
	for _, fe := range frontEnds {
		if fe.dataJSON != nil && string(fe.lang) == format.Text {
			return fe
		}
	}
	return nil
}

// throughDataForm reads Rosetta's or Lingua's data form as the text it
// describes, and A2A's messages through the A2A row (the JSON row's
// through). A2A is told after the data forms, by a shape no data form and no
// relational data of AgentDSL is meant to have (a2a.Is).
func throughDataForm(src *diag.Source, _ *Options) (*frontEnd, *diag.Source, *diag.Origin, diag.List) {
	fe := dataFormOf(src.Content())
	if fe == nil {
		if a2a.Is(src.Content()) {
			return a2aFrontEnd, src, nil, nil // the same text, read as A2A
		}
		return nil, nil, nil, nil
	}
	text, origin, ds := jsonvalue.ReadDataForm(src, string(fe.lang), fe.dataJSON)
	if ds.HasErrors() {
		return nil, nil, nil, ds
	}
	return fe, diag.NewSource(src.File, text), origin, ds
}
