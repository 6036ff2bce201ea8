package agentdsl

import (
	"bytes"
	"errors"
	"strings"

	"github.com/rosettac/rosettac/ir"
)

// Syntax gives internal/datajson the column-line grammar (for the $agentdsl
// hints of the JSON form), which that package may not import itself.
type Syntax struct{}

// ParseColumns reads a column line (NAME:type|@S.F:type|...) on its own. The
// columns' spans are relative to the line (line 1).
func (Syntax) ParseColumns(s string) ([]*ir.DSLColumn, error) {
	t := strings.Trim(s, " \t")
	r := &reader{}
	l := &line{text: s, num: 1}
	lead := len(s) - len(strings.TrimLeft(s, " \t"))
	ast, err := columnsParser().ParseString("", t)
	if err != nil {
		r.syntax(l, lead, t, err, "")
		return nil, errors.New(r.diags[0].Message)
	}
	return r.columns(l, lead, ast.Columns), nil
}

// FormatColumns writes a column line in canonical form.
func (Syntax) FormatColumns(cols []*ir.DSLColumn) string {
	var b bytes.Buffer
	PrintColumns(&b, cols)
	return b.String()
}
