package adslrt

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
)

// RowWriter writes rows of cells for declared columns, one value per column in
// order, each row ended by EndRow. A value AgentDSL cannot carry is not written
// as something else: it is an error (Err), with its row and column.
type RowWriter struct {
	cols []Column
	b    strings.Builder
	col  int
	row  int
	ids  map[int64]bool // table IDs seen, or nil outside a table
	one  bool           // Check: one set of values, so messages name no row
	e    errs
}

// NewRowWriter returns a writer for rows of the given columns.
func NewRowWriter(cols []Column) *RowWriter { return &RowWriter{cols: cols} }

// Writer returns a writer for the table's rows; it also rejects duplicate IDs.
func (t *Table) Writer() *RowWriter {
	return &RowWriter{cols: t.Columns, ids: map[int64]bool{}}
}

func (w *RowWriter) fail(code, msg string) {
	name := "?"
	if w.col < len(w.cols) {
		name = w.cols[w.col].Name
	}
	if w.one {
		w.e.add(code, 0, "field "+name+": "+msg)
		return
	}
	w.e.add(code, 0, "row "+strconv.Itoa(w.row+1)+", field "+name+": "+msg)
}

func (w *RowWriter) cell(text string) {
	if w.col > 0 {
		w.b.WriteByte('|')
	}
	w.b.WriteString(text)
	w.col++
}

// absent writes _, or fails for a required column.
func (w *RowWriter) absent() {
	if w.col < len(w.cols) && w.cols[w.col].Required {
		w.fail(codeMissingParam, "a required value is missing")
	}
	w.cell("_")
}

// Int writes an int value.
func (w *RowWriter) Int(v int64) {
	if w.ids != nil && w.col == 0 {
		if w.ids[v] {
			w.fail(codeDupID, "duplicate ID "+strconv.FormatInt(v, 10))
		}
		w.ids[v] = true
	}
	w.cell(strconv.FormatInt(v, 10))
}

// IntPtr writes an int value, or _ for nil.
func (w *RowWriter) IntPtr(v *int64) {
	if v == nil {
		w.absent()
		return
	}
	w.Int(*v)
}

// Float writes a float value in the shortest form that reads back exactly. NaN
// and infinities have no AgentDSL spelling.
func (w *RowWriter) Float(v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		w.fail(codeBadFloat, strconv.FormatFloat(v, 'g', -1, 64)+" is not a number AgentDSL can carry")
		w.cell("_")
		return
	}
	w.cell(strconv.FormatFloat(v, 'g', -1, 64))
}

// FloatPtr writes a float value, or _ for nil.
func (w *RowWriter) FloatPtr(v *float64) {
	if v == nil {
		w.absent()
		return
	}
	w.Float(*v)
}

// Str writes a str value byte for byte. A str cell cannot be empty, be the
// text _ (the empty cell), hold '|' or a line break, or hold an empty or _
// value between commas; such text belongs in an any field as a JSON string.
func (w *RowWriter) Str(v string) {
	if msg := strProblem(v); msg != "" {
		code := codeParamType
		switch {
		case v == "":
			code = codeEmptyCell
		case strings.IndexByte(v, ',') >= 0 && !strings.ContainsAny(v, "|\r\n"):
			code = codeBadMulti
		}
		w.fail(code, msg)
		w.cell("_")
		return
	}
	w.cell(v)
}

// strProblem says why v cannot be a str cell, or "".
func strProblem(v string) string {
	switch {
	case v == "":
		return "empty str (AgentDSL has no empty string: leave the field nil for _)"
	case v == "_":
		return "the str _ reads back as the empty cell; put it in an any field as \"_\""
	case strings.IndexByte(v, '|') >= 0:
		return "str " + strconv.Quote(Clip(v)) + " holds '|'; put such text in an any field as a JSON string"
	case strings.ContainsAny(v, "\r\n"):
		return "str " + strconv.Quote(Clip(v)) + " holds a line break; put such text in an any field as a JSON string"
	}
	if code, msg, ok := CheckCell(Str, v); !ok && code == codeBadMulti {
		return msg + "; a comma separates non-empty values"
	}
	return ""
}

// StrOpt writes a str value, or _ for "": AgentDSL has no empty string, so
// "" is the absent value of a str held as a value (an OUT field of generated
// code).
func (w *RowWriter) StrOpt(v string) {
	if v == "" {
		w.absent()
		return
	}
	w.Str(v)
}

// StrPtr writes a str value, or _ for nil.
func (w *RowWriter) StrPtr(v *string) {
	if v == nil {
		w.absent()
		return
	}
	w.Str(*v)
}

// Any writes an any value as compact JSON on one line, or _ for nil.
func (w *RowWriter) Any(v json.RawMessage) {
	if v == nil {
		w.absent()
		return
	}
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		w.fail(codeBadJSON, "any value is not valid JSON: "+Clip(string(v)))
		w.cell("_")
		return
	}
	w.cell(b.String())
}

// EndRow ends the row being written.
func (w *RowWriter) EndRow() {
	if w.col != len(w.cols) {
		w.fail(codeFewCells, "row has "+strconv.Itoa(w.col)+" values for "+strconv.Itoa(len(w.cols))+" columns")
	}
	w.b.WriteByte('\n')
	w.col = 0
	w.row++
}

// Check writes one set of values for cols with write and returns every value
// AgentDSL cannot carry (type Errors), or nil. Generated Validate methods use
// it, so validating and writing can never disagree.
func Check(cols []Column, write func(w *RowWriter)) error {
	w := &RowWriter{cols: cols, one: true}
	write(w)
	w.EndRow()
	return w.Err()
}

// Err returns every problem met so far (type Errors), or nil.
func (w *RowWriter) Err() error { return w.e.err() }

// Write returns the table's rows as AgentDSL text: the [SCHEMA:LABEL] block and
// its [DATA] block.
func (t *Table) Write(w *RowWriter) (string, error) {
	if err := w.Err(); err != nil {
		return "", err
	}
	return "[SCHEMA:" + t.Label + "]\n" + t.Line + "\n\n[DATA]\n" + w.b.String(), nil
}

// Success returns the [RESULT] of a call of f that succeeded: the header and
// the rows of w, STATUS SUCCESS and an empty ERROR. A function without OUT has
// no header and no rows; w may then be nil. When a row holds a value AgentDSL
// cannot carry, or a function without OUT returned rows (a [RESULT] without a
// header has no room for them), the result is an ERROR result saying so
// instead: nothing returned is silently left out.
func Success(f *Function, w *RowWriter) string {
	text, _ := Finish(f, w)
	return text
}

// Finish is Success that also says whether the rows could travel: err is nil
// for a SUCCESS result, else the reason the result is an ERROR one (rows for
// a function without OUT fields, a value AgentDSL cannot carry). Hosts that
// answer in another protocol (MCP) report err as a tool error.
func Finish(f *Function, w *RowWriter) (string, error) {
	if f.Out == nil && w != nil && w.row > 0 {
		err := errors.New(f.Name + " returned " + strconv.Itoa(w.row) + " rows, but it declares no OUT fields to carry them: return none, or declare OUT fields")
		return ErrorResult(err), err
	}
	var b strings.Builder
	b.WriteString("[RESULT]\n")
	if f.Out != nil {
		if w == nil {
			w = NewRowWriter(f.Out)
		}
		if err := w.Err(); err != nil {
			err = errors.New(f.Name + " returned a result that AgentDSL cannot carry: " + err.Error())
			return ErrorResult(err), err
		}
		b.WriteString(f.Header)
		b.WriteByte('\n')
		b.WriteString(w.b.String())
	}
	b.WriteString("[STATUS:str]\nSUCCESS\n[ERROR:str]\n")
	return b.String(), nil
}

// ErrorResult returns a [RESULT] with STATUS ERROR and err's message. The
// message of a [RESULT] is one line, so line breaks become spaces; an empty
// message becomes "error" (an ERROR result needs one). Nothing else changes.
func ErrorResult(err error) string {
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	msg = strings.TrimSpace(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(msg))
	if msg == "" {
		msg = "error"
	}
	return "[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\n" + msg + "\n"
}
