package jsonvalue

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// CodeBadDataForm is a Rosetta or Lingua data JSON form without the
// documented shape (docs/translation.md, T027).
const CodeBadDataForm = "T027"

// A TextWriter writes the items of a data JSON form as the text they
// describe (rosetta.JSONText, lingua.JSONText). It calls mark(at, v) when the
// text from offset at on comes from the JSON value v; for a string v, only
// where it writes v's text there as it is, so that an offset inside it maps
// to its byte in the JSON. It calls unread(path, v) for a member v (at JSON
// path, $.items[0].message.x) that the text does not carry: a key the form
// does not have, or one its shape leaves unused. Either may be nil.
type TextWriter func(items *ir.JSONValue, mark func(at int, v *ir.JSONValue), unread func(path string, v *ir.JSONValue)) (string, error)

// CodeNotCarried is a member of a data JSON form that the text it describes
// does not carry (T025, the code of every part a translation cannot carry).
const CodeNotCarried = "T025"

// notCarried is the T025 warning of the member v at path, reported at span:
// a key the form does not have, or one of a kind it does not read there.
func notCarried(span diag.Span, format, path string, v *ir.JSONValue) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Warning, Code: CodeNotCarried, Span: span,
		Message: fmt.Sprintf("%s (%s) is not carried: the %s data form has no member of that name and kind there", path, kindName(v), format),
		Hint:    "remove it, or say it in a member the form has (docs/translation.md has the shape); --strict refuses the loss"}
}

// kindName is a JSON value's kind with its article, for a message.
func kindName(v *ir.JSONValue) string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[v.Kind]
}

// ReadDataForm reads a data JSON form, {"format":"<format>","items":[...]}
// (translate --to json), into the text it describes with read, the language
// grammar's JSONText (rosetta.JSONText, lingua.JSONText), and the Origin that
// maps the text back to src, so that what a check finds in the text is
// reported in the JSON. The caller has told the form by its top level; JSON
// the reader cannot read, or items read refuses, is a T027 error (and no
// text). The compiler's JSON front end reads through it; A2A's reader,
// which builds Rosetta's form in memory, through WriteDataForm.
func ReadDataForm(src *diag.Source, format string, read TextWriter) ([]byte, *diag.Origin, diag.List) {
	bad := func(off int, f string, args ...any) ([]byte, *diag.Origin, diag.List) {
		return nil, nil, diag.List{badDataForm(src, off, f, args...)}
	}
	content := src.Content()
	v, lits, err := ParseLiterals([]byte(content))
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			return bad(int(se.Offset), "%s data JSON: %v", format, err)
		}
		return bad(0, "%s data JSON: %v", format, err)
	}
	o := &diag.Origin{From: src, Quote: quoteInString}
	var lost diag.List
	unread := func(path string, v *ir.JSONValue) {
		lit := lits[v]
		lost.Add(notCarried(src.Span(lit[0], lit[1]), format, path, v))
	}
	text, err := read(v.Member("items"), func(at int, v *ir.JSONValue) {
		lit, ok := lits[v]
		if !ok {
			return
		}
		if v.Kind == ir.JSONString && lit[1]-lit[0] == len(v.Text)+2 && content[lit[0]+1:lit[1]-1] == v.Text {
			o.Mark(at, lit[0], lit[1], lit[0]+1, len(v.Text)) // no escape: the text is the literal's bytes
			return
		}
		o.Mark(at, lit[0], lit[1], -1, 0)
	}, unread)
	if err != nil {
		return bad(0, "%v", err)
	}
	o.Verify(text) // a writer's slip costs precision, never a wrong position
	return []byte(text), o, lost
}

// WriteDataForm is ReadDataForm of a form built in memory (A2A's reader
// builds Rosetta's): the text {"format":"<format>","items":items} describes,
// without an Origin, since no file holds the form. at says where in src a
// value of the form came from, and where the form as a whole is (for nil):
// what read refuses is a T027 error there, a member it does not carry a T025
// at its value. read is given what ReadDataForm would give it, so a form that
// its JSON text would change goes through that text: one nested deeper than
// MaxDepth, refused as ReadDataForm refuses it, and one with a string or key
// that is not UTF-8 (a writer replaces those bytes with U+FFFD).
func WriteDataForm(src *diag.Source, format string, items *ir.JSONValue, read TextWriter, at func(v *ir.JSONValue) diag.Span) ([]byte, diag.List) {
	if !asWritten(items, 1) {
		form := &ir.JSONValue{Kind: ir.JSONObject, Members: []*ir.JSONMember{
			{Key: "format", Value: &ir.JSONValue{Kind: ir.JSONString, Text: format}},
			{Key: "items", Value: items}}}
		text, _, ds := ReadDataForm(diag.NewSource(src.File, Compact(form)), format, read)
		for i := range ds {
			ds[i].Span = at(nil)
		}
		return text, ds
	}
	var lost diag.List
	text, err := read(items, nil, func(path string, v *ir.JSONValue) {
		lost.Add(notCarried(at(v), format, path, v))
	})
	if err != nil {
		d := badDataForm(src, 0, "%v", err)
		d.Span = at(nil)
		return nil, diag.List{d}
	}
	return []byte(text), lost
}

// asWritten reports whether v, at depth d, reads back from its JSON text as
// it is: nothing in it deeper than MaxDepth, and every string and key UTF-8.
func asWritten(v *ir.JSONValue, d int) bool {
	if d > MaxDepth || v.Kind == ir.JSONString && !utf8.ValidString(v.Text) {
		return false
	}
	for _, it := range v.Items {
		if !asWritten(it, d+1) {
			return false
		}
	}
	for _, m := range v.Members {
		if !utf8.ValidString(m.Key) || !asWritten(m.Value, d+1) {
			return false
		}
	}
	return true
}

func badDataForm(src *diag.Source, off int, format string, args ...any) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Code: CodeBadDataForm, Span: src.Span(off, off), Message: fmt.Sprintf(format, args...),
		Hint: "give the output of rosettac translate --to json (docs/translation.md has its shape)"}
}

// quoteInString writes s as it is written inside a JSON string literal.
func quoteInString(s string) string {
	var b bytes.Buffer
	writeString(&b, s)
	return b.String()[1 : b.Len()-1]
}
