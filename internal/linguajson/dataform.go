package linguajson

import (
	"errors"
	"fmt"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// CodeBadDataForm is a Rosetta or Lingua data JSON form without the
// documented shape (docs/translation.md, T027).
const CodeBadDataForm = "T027"

// ReadDataForm reads a data JSON form, {"format":"<format>","items":[...]}
// (translate --to json), into the text it describes with read, the language
// grammar's JSONText (rosetta.JSONText, lingua.JSONText). The caller has told
// the form by its top level; JSON the reader cannot read, or items read
// refuses, is a T027 error (and no text). The compiler's JSON front end and
// A2A's reader (which rebuilds Rosetta's form) read through it.
func ReadDataForm(src *diag.Source, format string, read func(items *ir.LinguaJSON) (string, error)) ([]byte, diag.List) {
	var ds diag.List
	bad := func(off int, f string, args ...any) ([]byte, diag.List) {
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeBadDataForm, Span: src.Span(off, off), Message: fmt.Sprintf(f, args...),
			Hint: "give the output of rosettac translate --to json (docs/translation.md has its shape)"})
		return nil, ds
	}
	v, err := Parse([]byte(src.Content()))
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			return bad(int(se.Offset), "%s data JSON: %v", format, err)
		}
		return bad(0, "%s data JSON: %v", format, err)
	}
	text, err := read(v.Member("items"))
	if err != nil {
		return bad(0, "%v", err)
	}
	return []byte(text), nil
}
