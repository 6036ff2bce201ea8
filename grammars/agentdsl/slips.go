package agentdsl

import (
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// What models write instead of AgentDSL's markers and types (issue #21): a
// block marker in another case or number (`[data]`, `[Schema:X]`,
// `[FUNCTION]`), a type of another language (`string`, `integer`). Where the
// intent is certain the slip is read as what it means (a warning and a safe
// fix); a near miss by edit distance is read as the nearest marker, an error
// with a review fix, so that the block's lines are still read as its own.

// Codes of the slips.
const (
	CodeMarkerSlip = "AD004" // WARN: a block marker in another case or number, read as the marker; a near miss is an ERROR
	CodeTypeSlip   = "AD005" // WARN: a type of another language (string, integer, double, json) read as its AgentDSL type
)

// Markers are the block markers, in the order the seed introduces them; a
// schema's is `[SCHEMA:LABEL]`.
var Markers = []string{"[SCHEMA:LABEL]", "[DATA]", "[FUNCTIONS]", "[CALL]", "[RESULT]"}

// markerWords are the one-word markers as words, with [JSON] (the
// `$agentdsl` hints' block, docs/agentdsl.md).
var markerWords = []string{"DATA", "FUNCTIONS", "CALL", "RESULT", "JSON"}

// markerSlip reads t, a trimmed line that is no block marker, as one in a
// near form. It returns the marker meant (for a schema with its label as
// written), whether that is certain, and false when t is not such a line.
// nameState says a `[Name]` line may stand here (in [FUNCTIONS], or a
// [CALL] with no name yet): then no near miss is guessed, and, unless a
// blank line came before (nameOK false: a blank line ends a block), only an
// upper-case word is taken as a marker, since `[data]` may be a function's
// name.
func markerSlip(t string, nameState, nameOK bool) (canon string, certain, ok bool) {
	if len(t) < 3 || t[0] != '[' || t[len(t)-1] != ']' {
		return "", false, false
	}
	inner := t[1 : len(t)-1]
	if head, label, ok := strings.Cut(inner, ":"); ok {
		h := strings.ToUpper(strings.TrimSpace(head))
		if strings.ContainsAny(label, "|:") || label == "" {
			return "", false, false // a column line ([ID:int|…]) or a result marker
		}
		switch {
		case h == "SCHEMA" && head != "SCHEMA":
			return "[SCHEMA:" + label + "]", true, true
		case h == "SCHEMAS":
			return "[SCHEMA:" + label + "]", true, true
		case head != "SCHEMA" && len(h) > 3 && !nameState:
			if _, near := diag.Closest(h, []string{"SCHEMA"}); near {
				return "[SCHEMA:" + label + "]", false, true
			}
		}
		return "", false, false
	}
	if strings.ContainsAny(inner, " \t|") || inner == "" {
		return "", false, false
	}
	up := strings.ToUpper(inner)
	if nameOK && up != inner {
		return "", false, false
	}
	for _, w := range markerWords {
		if up == w || up+"S" == w || up == w+"S" {
			return "[" + w + "]", true, true
		}
	}
	// A near miss is a guess: only where no [Name] may stand, and only in
	// upper case, as markers are written ([Reset] is a function's name).
	if !nameState && up == inner && len(up) > 3 {
		if g, near := diag.Closest(up, markerWords); near {
			return "[" + g + "]", false, true
		}
	}
	return "", false, false
}

// slipMarker reports a marker in a near form and returns the marker to open
// the block with, or "" when t is none.
func (r *reader) slipMarker(l *line, t string, lead int, afterBlank bool) string {
	nameState := r.st == inFunctions || r.st == inCall && r.call != nil && r.call.Name == ""
	canon, certain, ok := markerSlip(t, nameState, nameState && !afterBlank)
	if !ok {
		return ""
	}
	sp := r.span(l, lead, lead+len(t))
	fixes := []diag.Fix{diag.Replace("write the marker as "+canon, diag.Safe, sp, canon)}
	if !certain {
		fixes[0].Applicability = diag.Review
		r.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeMarkerSlip, Span: sp, Fixes: fixes,
			Message: "`" + t + "` is not a block marker (did you mean " + canon + "?); read as " + canon,
			Hint:    "the markers are " + strings.Join(Markers, " ") + ", upper case, exactly"})
		return canon
	}
	r.diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeMarkerSlip, Span: sp, Fixes: fixes,
		Message: "block marker `" + t + "` read as " + canon,
		Hint:    "the markers are " + strings.Join(Markers, " ") + ", upper case, exactly"})
	return canon
}

// typeSlips are the types other languages name, and the AgentDSL type each
// certainly means; the AgentDSL names in another case are read too.
var typeSlips = map[string]ir.DSLTypeKind{
	"string": ir.DSLStr, "text": ir.DSLStr, "varchar": ir.DSLStr,
	"integer": ir.DSLInt, "int64": ir.DSLInt, "int32": ir.DSLInt, "long": ir.DSLInt,
	"double": ir.DSLFloat, "float64": ir.DSLFloat, "float32": ir.DSLFloat, "real": ir.DSLFloat, "decimal": ir.DSLFloat,
	"json": ir.DSLAny, "object": ir.DSLAny,
}

// typeSlip reads a type name that is no AgentDSL type as the one it certainly
// means (AD005, a warning with a safe fix), and leaves any other unknown type
// to the checker's AD011.
func (r *reader) typeSlip(t *ir.DSLType) {
	if t.Kind != ir.DSLBadType || t.Text == "" {
		return
	}
	k, ok := typeSlips[strings.ToLower(t.Text)]
	if !ok {
		if k = typeKind(strings.ToLower(t.Text)); k == ir.DSLBadType {
			return
		}
	}
	name := k.String()
	r.diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeTypeSlip, Span: t.Span,
		Message: "type `" + t.Text + "` is not an AgentDSL type; read as " + name,
		Hint:    "the types are int, float, str, any, and references @SCHEMA.ID",
		Fixes:   []diag.Fix{diag.Replace("write the type as "+name, diag.Safe, t.Span, name)}})
	t.Kind = k
}
