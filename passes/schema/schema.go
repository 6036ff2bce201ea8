// Package schema is AgentDSL's type checker: schemas and their columns, every
// [DATA] and [RESULT] cell against its column's type, row IDs, references across
// the whole document, [CALL] blocks against [FUNCTIONS], [RESULT] status and
// error lines, and rosettac's [JSON] block. Its diagnostics are the AD family
// (AD010 and up; the grammar owns AD001-AD002), catalogued in docs/agentdsl.md.
//
// The checker is a Checker fed block by block and row by row, so it can run
// behind the line reader of grammars/agentdsl without the rows ever being kept:
// it holds the schemas, the set of row IDs of each schema (a bitmap for dense
// IDs), the functions and calls, and the references it could not resolve yet
// (those to a schema declared further down). Check runs it over a whole IR.
package schema

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/runtime/adslrt"
)

// Diagnostic codes (docs/agentdsl.md has the catalogue).
const (
	CodeNoID          = "AD010" // first column is not ID:int, or no column line
	CodeUnknownType   = "AD011" // a type that is not int, float, str, any or a reference
	CodeDupField      = "AD012" // two fields of one schema, header or parameter list share a name
	CodeDupSchema     = "AD013" // two schemas share a label
	CodeTooManyFields = "AD014" // more than 500 fields in a schema
	CodeFewCells      = "AD020" // a row with fewer cells than columns
	CodeManyCells     = "AD021" // a row with more cells than columns
	CodeBadInt        = "AD022" // an int cell (or a row ID) that is not an integer
	CodeIntOverflow   = "AD023" // an int cell beyond 64 bits
	CodeBadFloat      = "AD024" // a float cell that is not a JSON number, or out of range
	CodeBadJSON       = "AD025" // an any cell that is not one valid JSON value
	CodeEmptyCell     = "AD026" // an empty cell (write _)
	CodeBadMulti      = "AD027" // a multi-value str cell with an empty or _ value
	CodeDupID         = "AD028" // two rows of one schema share an ID
	CodeDangling      = "AD029" // a reference to a row ID that does not exist
	CodeUnknownSchema = "AD030" // a reference to a schema that does not exist
	CodeCycle         = "AD031" // a reference cycle to_json cannot nest
	CodeNoSchema      = "AD032" // [DATA] with no schema before it
	CodeSecondData    = "AD033" // a second [DATA] block for one schema
	CodeUnknownFunc   = "AD040" // [CALL] of an undeclared function
	CodeMissingParam  = "AD041" // [CALL] without a required parameter
	CodeUnknownParam  = "AD042" // [CALL] with a parameter the function does not declare
	CodeParamType     = "AD043" // [CALL] value of the wrong type
	CodeDupParam      = "AD044" // [CALL] with one parameter twice
	CodeCallUnchecked = "AD045" // [CALL] in a document with no [FUNCTIONS] (info)
	CodeNoCallName    = "AD046" // [CALL] without a [Name] line
	CodeBadStatus     = "AD050" // [RESULT] status missing, or not SUCCESS or ERROR
	CodeNoMessage     = "AD051" // ERROR result without a message
	CodeSuccessMsg    = "AD052" // SUCCESS result with a message
	CodeNoMarker      = "AD053" // [RESULT] without [STATUS:str] or [ERROR:str]
	CodeNoHeader      = "AD054" // [RESULT] rows with no [FIELD:type] header
	CodeResultMissing = "AD055" // [RESULT] header lacks a field of the called function's OUT
	CodeResultExtra   = "AD056" // [RESULT] header has a field the called function's OUT does not declare
	CodeResultType    = "AD057" // [RESULT] field typed other than in the called function's OUT
	CodeNoDesc        = "AD060" // a function without DESC
	CodeDupFunc       = "AD061" // two functions share a name
	CodeBadRef        = "AD070" // a reference to a field other than ID, or typed other than int
	CodeJSONPlace     = "AD080" // [JSON] block not first, or twice
	CodeJSONKey       = "AD081" // [JSON] line with an unknown key, bad value or unknown label
	CodeJSONNoID      = "AD082" // NOID schema whose IDs are not 1, 2, 3, ... in row order
	CodeJSONObject    = "AD083" // OBJECT schema without exactly one row
	CodeAnyNull       = "AD090" // any cell holding null (warning)
	CodeAnySpace      = "AD091" // any cell with blanks around its JSON (warning)
)

// maxFields is the most fields a schema may have (the seed's limit).
const maxFields = 500

// Check checks a whole document and returns its diagnostics in source order.
func Check(doc *ir.DSLDoc) diag.List {
	c := New()
	for _, b := range doc.Blocks {
		c.Block(b)
		if d, ok := b.(*ir.DSLData); ok {
			for i := range d.Rows {
				c.Row(d, &d.Rows[i])
			}
		}
	}
	return c.Finish()
}

// Checker checks a document fed to it in source order: Block for every block
// (a *ir.DSLData before its rows), Row for every [DATA] row, then Finish. It
// satisfies grammars/agentdsl.Handler, and keeps no row.
type Checker struct {
	diags   diag.List
	blocks  int               // blocks seen so far
	byIndex map[int]*table    // block index of a schema -> its table
	byLabel map[string]*table // first schema of each label
	tables  []*table          // in source order
	funcs   map[string]*ir.DSLFunction
	nfuncs  int           // [FUNCTIONS] blocks seen
	calls   []*ir.DSLCall // calls of functions not declared before them, judged at Finish
	call    *ir.DSLCall   // the latest [CALL]: the one a [RESULT] answers, or nil
	later   []pendingRef  // row references to schemas not seen yet
	refCols []pendingCol  // reference columns, resolved at Finish
	json    *ir.DSLJSON   // the [JSON] block, or nil
	cur     *table        // the table of the [DATA] block being read, or nil
}

// table is what the checker keeps of one schema.
type table struct {
	s        *ir.DSLSchema
	ok       bool  // the columns are usable for checking rows
	ids      idSet // IDs of its rows
	rows     int   // rows seen
	seq      bool  // the IDs so far are 1, 2, 3, ... in row order
	hasData  bool  // a [DATA] block was seen
	kinds    []ir.DSLTypeKind
	refs     []*table // per column: the referenced table when it was declared before, else nil
	refLabel []string // per column: the referenced label, or ""
}

type pendingRef struct {
	label string
	id    int64
	span  diag.Span
	col   string
}

type pendingCol struct {
	owner *table // nil for a [RESULT] header or a function's fields
	col   *ir.DSLColumn
}

// New returns a Checker ready for the first block.
func New() *Checker {
	return &Checker{byIndex: map[int]*table{}, byLabel: map[string]*table{}, funcs: map[string]*ir.DSLFunction{}}
}

func (c *Checker) errorf(code string, sp diag.Span, hint, format string, args ...any) {
	c.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: code, Span: sp, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

func (c *Checker) report(p *problem, sp diag.Span, prefix string) {
	sev := diag.Error
	if p.warn {
		sev = diag.Warning
	}
	c.diags.Add(diag.Diagnostic{Severity: sev, Code: p.code, Span: sp, Hint: p.hint, Message: prefix + p.msg})
}

// Block checks one block. A *ir.DSLData must come before its rows.
func (c *Checker) Block(b ir.DSLBlock) {
	idx := c.blocks
	c.blocks++
	if _, ok := b.(*ir.DSLData); !ok {
		c.cur = nil
	}
	switch x := b.(type) {
	case *ir.DSLSchema:
		c.schema(idx, x)
	case *ir.DSLData:
		c.data(x)
	case *ir.DSLFunctions:
		c.functions(x)
	case *ir.DSLCall:
		// The seed declares a function before it is called: a call is
		// checked against the functions declared so far, and one of a
		// function not (yet) declared waits for Finish to say which it is.
		c.call = x
		if x.Name != "" && c.funcs[x.Name] != nil {
			c.checkCall(x, true)
		} else {
			c.calls = append(c.calls, x)
		}
	case *ir.DSLResult:
		c.result(x)
	case *ir.DSLJSON:
		if c.json != nil || idx != 0 {
			c.errorf(CodeJSONPlace, x.Span, "keep one [JSON] block, as the first block of the document",
				"a [JSON] block must be the document's first and only one")
		}
		if c.json == nil {
			c.json = x
		}
	}
}

func (c *Checker) schema(idx int, s *ir.DSLSchema) {
	t := &table{s: s, ok: !s.Broken, seq: true}
	c.byIndex[idx] = t
	c.tables = append(c.tables, t)
	if prev := c.byLabel[s.Label]; prev != nil {
		c.errorf(CodeDupSchema, s.LabelSpan, "give each schema its own label",
			"schema label %s is already declared at %s", s.Label, prev.s.LabelSpan.Start())
	} else {
		c.byLabel[s.Label] = t
	}
	if s.Broken {
		return
	}
	if s.Columns == nil {
		c.errorf(CodeNoID, s.Span, "put the column line, starting with ID:int, right after the header",
			"schema %s has no column line", s.Label)
		t.ok = false
		return
	}
	if first := s.Columns[0]; first.Name != "ID" || first.Ref != nil || first.Type.Kind != ir.DSLInt || first.Required {
		t.ok = false
		if id := s.Column("ID"); id != nil && id != first {
			c.errorf(CodeNoID, id.Span, "move ID:int to the front of the column line",
				"ID is column %d of schema %s; it must be the first", indexOf(s.Columns, id)+1, s.Label)
		} else {
			c.errorf(CodeNoID, first.Span, "start the column line with ID:int",
				"the first column of schema %s is %s, not ID:int", s.Label, strconv.Quote(columnText(first)))
		}
	}
	for _, col := range s.Columns {
		if col.Required {
			c.errorf(CodeUnknownType, col.Span, "remove the *: it marks required parameters in IN[...] only",
				"column %s of a schema is marked required", col.Name)
		}
	}
	if len(s.Columns) > maxFields {
		c.errorf(CodeTooManyFields, s.Columns[maxFields].Span, "split the schema into related schemas with references",
			"schema %s has %d fields, more than %d", s.Label, len(s.Columns), maxFields)
	}
	if !c.fields(s.Columns, "schema "+s.Label, t) {
		t.ok = false
	}
	t.kinds = make([]ir.DSLTypeKind, len(s.Columns))
	t.refs = make([]*table, len(s.Columns))
	t.refLabel = make([]string, len(s.Columns))
	for i, col := range s.Columns {
		t.kinds[i] = col.Type.Kind
		if col.Ref != nil {
			t.refLabel[i] = col.Ref.Schema
			if col.Ref.Schema != s.Label {
				t.refs[i] = c.byLabel[col.Ref.Schema]
			}
		}
	}
}

// fields checks a field list: types, duplicate names, references. It reports
// false when the list cannot type rows.
func (c *Checker) fields(cols []*ir.DSLColumn, where string, owner *table) bool {
	ok := true
	seen := make(map[string]*ir.DSLColumn, len(cols))
	for _, col := range cols {
		if prev := seen[col.Name]; prev != nil {
			c.errorf(CodeDupField, col.NameSpan, "give each field its own name (field names are case-sensitive)",
				"field %s appears twice in %s (first at %s)", col.Name, where, prev.NameSpan.Start())
			ok = false
		} else {
			seen[col.Name] = col
		}
		if col.Type.Kind == ir.DSLBadType {
			d := diag.Diagnostic{Severity: diag.Error, Code: CodeUnknownType, Span: col.Type.Span,
				Hint:    "use int, float, str, any, or a reference @SCHEMA.ID",
				Message: fmt.Sprintf("unknown type %s for field %s", strconv.Quote(col.Type.Text), col.Name)}
			// A near miss (flaot) gets a did-you-mean; a type of another
			// language that is certain (string) the grammar already read (AD005).
			guess, near := diag.Closest(col.Type.Text, []string{"int", "float", "str", "any"})
			if strings.EqualFold(col.Type.Text, "number") {
				guess, near = "float", true
			}
			if near {
				d.Message += " (did you mean " + guess + "?)"
				d.Fixes = []diag.Fix{diag.Replace("write the type as "+guess, diag.Review, col.Type.Span, guess)}
			}
			c.diags.Add(d)
			ok = false
		}
		if col.Ref != nil {
			if col.Ref.Field != "ID" {
				c.errorf(CodeBadRef, col.Ref.Span, "reference the row ID: @"+col.Ref.Schema+".ID",
					"reference to field %s of %s: a reference names a row by its ID", col.Ref.Field, col.Ref.Schema)
			} else if col.Type.Kind != ir.DSLInt && col.Type.Kind != ir.DSLBadType {
				c.errorf(CodeBadRef, col.Type.Span, "row IDs are int: write @"+col.Ref.Schema+".ID:int",
					"reference %s is typed %s, but IDs are int", col.Name, col.Type.Text)
			}
			c.refCols = append(c.refCols, pendingCol{owner: owner, col: col})
		}
	}
	return ok
}

func indexOf(cols []*ir.DSLColumn, c *ir.DSLColumn) int {
	for i, x := range cols {
		if x == c {
			return i
		}
	}
	return -1
}

func columnText(col *ir.DSLColumn) string {
	if col.Ref != nil && !col.Ref.Named {
		return "@" + col.Ref.Schema + "." + col.Ref.Field
	}
	if col.Type.Text == "" {
		return col.Name
	}
	return col.Name + ":" + col.Type.Text
}

func (c *Checker) data(d *ir.DSLData) {
	t := c.byIndex[d.Schema]
	if t == nil {
		c.errorf(CodeNoSchema, d.Header, "declare the table first: [SCHEMA:LABEL] and its column line",
			"[DATA] with no [SCHEMA] before it")
		return
	}
	if t.hasData {
		c.errorf(CodeSecondData, d.Header, "put all rows of "+t.s.Label+" in its one [DATA] block",
			"a second [DATA] block for schema %s", t.s.Label)
	}
	t.hasData = true
	c.cur = t
}

// Row checks one [DATA] row of d. The row is not kept.
func (c *Checker) Row(d *ir.DSLData, r *ir.DSLRow) {
	t := c.cur
	if t == nil || !t.ok {
		return
	}
	if !c.cells(r, t.s.Columns, t.kinds, t.s.Label) {
		return
	}
	// The ID.
	idText := r.Cell(0)
	if idText == "_" {
		c.errorf(CodeBadInt, r.CellSpan(0), "start every row with its integer ID", "row of %s has no ID", t.s.Label)
		return
	}
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil {
		return // reported by cells
	}
	t.rows++
	if t.seq && id != int64(t.rows) {
		t.seq = false
	}
	if !t.ids.Add(id) {
		c.errorf(CodeDupID, r.CellSpan(0), "give each row of a schema its own ID",
			"duplicate ID %d in %s", id, t.s.Label)
	}
	c.rowRefs(r, t.s.Columns, t.refs, t.refLabel, t)
}

// cells checks the cell count and every cell's type; it reports false when the
// row cannot be read further.
func (c *Checker) cells(r *ir.DSLRow, cols []*ir.DSLColumn, kinds []ir.DSLTypeKind, where string) bool {
	n := len(r.Cells)
	switch {
	case n < len(cols):
		c.errorf(CodeFewCells, r.SubSpan(len(r.Text), len(r.Text)), "write _ for an empty cell; the row needs "+strconv.Itoa(len(cols)),
			"row has %d cells, %s has %d columns (missing %s)", n, where, len(cols), cols[n].Name)
	case n > len(cols):
		c.errorf(CodeManyCells, r.CellSpan(len(cols)), "remove the extra cells; a str value cannot hold |, put such text in an any column as a JSON string",
			"row has %d cells, %s has %d columns", n, where, len(cols))
	}
	for i := 0; i < n && i < len(cols); i++ {
		if p := checkCell(kinds[i], r.Cell(i)); p != nil {
			c.report(p, r.CellSpan(i), "column "+cols[i].Name+": ")
		}
	}
	return true
}

// rowRefs checks the reference cells of a row: against the IDs seen so far when
// the target was declared before, else later, at Finish.
func (c *Checker) rowRefs(r *ir.DSLRow, cols []*ir.DSLColumn, refs []*table, labels []string, self *table) {
	for i, col := range cols {
		if col.Ref == nil || i >= len(r.Cells) || col.Ref.Field != "ID" {
			continue
		}
		text := r.Cell(i)
		if text == "_" {
			continue
		}
		id, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			continue // reported as a bad int
		}
		if target := refs[i]; target != nil {
			if !target.ids.Has(id) {
				c.errorf(CodeDangling, r.CellSpan(i), "reference an existing row, or add row "+text+" to "+target.s.Label,
					"%s has no row with ID %d", target.s.Label, id)
			}
			continue
		}
		if self != nil && labels[i] == self.s.Label && self.ids.Has(id) {
			continue
		}
		c.later = append(c.later, pendingRef{label: labels[i], id: id, span: r.CellSpan(i), col: col.Name})
	}
}

func (c *Checker) functions(fs *ir.DSLFunctions) {
	c.nfuncs++
	for _, f := range fs.Funcs {
		if prev := c.funcs[f.Name]; prev != nil {
			c.errorf(CodeDupFunc, f.NameSpan, "give each function its own name",
				"function %s is already declared at %s", f.Name, prev.NameSpan.Start())
		} else {
			c.funcs[f.Name] = f
		}
		if f.Desc == nil {
			c.errorf(CodeNoDesc, f.NameSpan, "add a DESC[...] line: agents find functions by their description",
				"function %s has no DESC", f.Name)
		}
		if f.In != nil {
			c.fields(f.In.Columns, "IN of "+f.Name, nil)
		}
		if f.Out != nil {
			c.fields(f.Out.Columns, "OUT of "+f.Name, nil)
			for _, col := range f.Out.Columns {
				if col.Required {
					c.errorf(CodeUnknownType, col.Span, "remove the *: only IN parameters can be required",
						"OUT field %s of %s is marked required", col.Name, f.Name)
				}
			}
		}
	}
}

// againstOut checks a result's header against the OUT of the function the
// latest [CALL] named (when it was declared before the call): every OUT field
// in the header, with its type, and no field OUT does not declare. Field
// order is free, as in a call.
func (c *Checker) againstOut(res *ir.DSLResult) {
	if c.call == nil || res.Header == nil || res.Broken {
		return
	}
	f := c.funcs[c.call.Name]
	if f == nil || f.Out == nil || f.NameSpan.Start().Offset > c.call.Span.Start().Offset {
		return
	}
	out, got := f.Out.Columns, res.Header.Columns
	find := func(cols []*ir.DSLColumn, name string) *ir.DSLColumn {
		for _, col := range cols {
			if col.Name == name {
				return col
			}
		}
		return nil
	}
	for _, col := range got {
		want := find(out, col.Name)
		switch {
		case want == nil:
			c.errorf(CodeResultExtra, col.NameSpan, "return only the fields of OUT["+fieldList(out)+"], or declare "+col.Name+" there",
				"result field %s is not in the OUT of %s, which this [RESULT] answers", col.Name, f.Name)
		case valueType(want) != valueType(col):
			sp := col.Type.Span
			if !sp.IsValid() {
				sp = col.Span
			}
			c.errorf(CodeResultType, sp, "declare "+col.Name+" as "+valueType(want)+", as OUT of "+f.Name+" does",
				"result field %s is %s, but the OUT of %s declares it %s", col.Name, valueType(col), f.Name, valueType(want))
		}
	}
	for _, col := range out {
		if find(got, col.Name) == nil {
			c.errorf(CodeResultMissing, res.Header.Span, "add "+columnText(col)+" to the [RESULT] header and a cell to each row",
				"result lacks field %s of the OUT of %s, which this [RESULT] answers", col.Name, f.Name)
		}
	}
}

// valueType is a column's type as a result and an OUT must agree on it: the
// reference target, or the value type.
func valueType(col *ir.DSLColumn) string {
	if col.Ref != nil {
		return "@" + col.Ref.Schema + "." + col.Ref.Field
	}
	return col.Type.Kind.String()
}

func fieldList(cols []*ir.DSLColumn) string {
	names := make([]string, len(cols))
	for i, col := range cols {
		names[i] = columnText(col)
	}
	return strings.Join(names, "|")
}

func (c *Checker) result(res *ir.DSLResult) {
	c.againstOut(res)
	if res.Header != nil {
		ok := c.fields(res.Header.Columns, "the [RESULT] header", nil)
		kinds := make([]ir.DSLTypeKind, len(res.Header.Columns))
		refs := make([]*table, len(res.Header.Columns))
		labels := make([]string, len(res.Header.Columns))
		for i, col := range res.Header.Columns {
			kinds[i] = col.Type.Kind
			if col.Required {
				c.errorf(CodeUnknownType, col.Span, "remove the *: it marks required parameters in IN[...] only",
					"result field %s is marked required", col.Name)
			}
			if col.Ref != nil {
				labels[i] = col.Ref.Schema
				refs[i] = c.byLabel[col.Ref.Schema]
			}
		}
		if ok {
			for i := range res.Rows {
				c.cells(&res.Rows[i], res.Header.Columns, kinds, "the [RESULT] header")
				c.rowRefs(&res.Rows[i], res.Header.Columns, refs, labels, nil)
			}
		}
	} else if len(res.Rows) > 0 && !res.Broken {
		c.errorf(CodeNoHeader, res.Rows[0].Span, "put a typed header [FIELD:type|...] before the rows",
			"[RESULT] rows without a [FIELD:type] header")
	}
	head := res.Span.Collapse()
	switch {
	case !res.StatusMarker.IsValid():
		c.errorf(CodeNoMarker, head, "end a [RESULT] with [STATUS:str], SUCCESS or ERROR, then [ERROR:str]",
			"[RESULT] without [STATUS:str]")
	case res.Status == nil:
		c.errorf(CodeBadStatus, res.StatusMarker, "write SUCCESS or ERROR on the line after [STATUS:str]",
			"[RESULT] status is missing")
	case !slices.Contains(ir.DSLStatuses, res.Status.Text):
		c.errorf(CodeBadStatus, res.Status.Span, "the status is exactly SUCCESS or ERROR",
			"[RESULT] status %s is not SUCCESS or ERROR", strconv.Quote(res.Status.Text))
	}
	if !res.ErrorMarker.IsValid() {
		if res.StatusMarker.IsValid() {
			sp := res.StatusMarker
			if res.Status != nil {
				sp = res.Status.Span
			}
			c.errorf(CodeNoMarker, sp, "add [ERROR:str] after the status (with the message on the next line for ERROR)",
				"[RESULT] without [ERROR:str]")
		}
		return
	}
	if res.Status == nil {
		return
	}
	switch {
	case res.Status.Text == "ERROR" && res.Error == nil:
		c.errorf(CodeNoMessage, res.ErrorMarker, "say what went wrong on the line after [ERROR:str]",
			"ERROR result without an error message")
	case res.Status.Text == "SUCCESS" && res.Error != nil:
		c.errorf(CodeSuccessMsg, res.Error.Span, "remove the message, or report ERROR",
			"SUCCESS result with an error message")
	}
}

// Finish resolves what needed the whole document (references to schemas
// declared further down, calls, cycles, the [JSON] block) and returns every
// diagnostic, sorted.
func (c *Checker) Finish() diag.List {
	for _, p := range c.refCols {
		if c.byLabel[p.col.Ref.Schema] == nil {
			c.errorf(CodeUnknownSchema, p.col.Ref.Span, "declare [SCHEMA:"+p.col.Ref.Schema+"] or fix the label (labels are case-sensitive)",
				"reference to unknown schema %s", p.col.Ref.Schema)
		}
	}
	for _, p := range c.later {
		t := c.byLabel[p.label]
		if t == nil {
			continue // the column is reported
		}
		if !t.ids.Has(p.id) {
			c.errorf(CodeDangling, p.span, "reference an existing row, or add row "+strconv.FormatInt(p.id, 10)+" to "+p.label,
				"%s has no row with ID %d", p.label, p.id)
		}
	}
	c.cycles()
	for _, call := range c.calls {
		c.checkCall(call, false)
	}
	if c.json != nil {
		c.jsonBlock(c.json)
	}
	c.diags.Sort()
	return c.diags.Dedup()
}

// cycles reports schemas that to_json would have to nest inside themselves: a
// schema nests under the target of its first unnamed reference (its parent), and
// the target of a named reference nests under the schema that holds it.
func (c *Checker) cycles() {
	next := map[*table][]*table{} // nests-inside edges: child -> container
	for _, t := range c.tables {
		if !t.ok || c.byLabel[t.s.Label] != t {
			continue
		}
		first := true
		for _, col := range t.s.Columns {
			if col.Ref == nil {
				continue
			}
			target := c.byLabel[col.Ref.Schema]
			if target == nil {
				continue
			}
			if !col.Ref.Named && first {
				first = false
				next[t] = append(next[t], target)
				if target == t {
					c.errorf(CodeCycle, col.Ref.Span, "a schema cannot nest in itself; use a named reference NAME:@"+t.s.Label+".ID in another schema, or an int column",
						"schema %s references itself", t.s.Label)
				}
			} else if col.Ref.Named {
				next[target] = append(next[target], t)
				if target == t {
					c.errorf(CodeCycle, col.Ref.Span, "a row cannot hold itself; use an int column for the link",
						"schema %s holds a named reference to itself", t.s.Label)
				}
			}
		}
	}
	// Report each cycle once, at the schema of the cycle declared first.
	state := map[*table]int{} // 0 new, 1 on stack, 2 done
	var stack []*table
	var visit func(t *table)
	visit = func(t *table) {
		state[t] = 1
		stack = append(stack, t)
		for _, u := range next[t] {
			if u == t {
				continue
			}
			switch state[u] {
			case 0:
				visit(u)
			case 1:
				var names []string
				for i := len(stack) - 1; i >= 0; i-- {
					names = append(names, stack[i].s.Label)
					if stack[i] == u {
						break
					}
				}
				c.errorf(CodeCycle, u.s.LabelSpan, "break the cycle: make one of the links a plain int column",
					"reference cycle %s: to_json cannot nest these schemas", strings.Join(append(names, stack[len(stack)-1].s.Label), " -> "))
			}
		}
		stack = stack[:len(stack)-1]
		state[t] = 2
	}
	for _, t := range c.tables {
		if state[t] == 0 {
			visit(t)
		}
	}
}

// checkCall checks a call against its function: when the call is read if the
// function was declared before it, else at Finish, when it is known whether a
// later [FUNCTIONS] declares it (still AD040: declare before calling).
func (c *Checker) checkCall(call *ir.DSLCall, declaredBefore bool) {
	if call.Name == "" && !call.NameSpan.IsValid() {
		sp := call.Span.Collapse()
		c.errorf(CodeNoCallName, sp, "name the function on the line after [CALL]: [Name]", "[CALL] without a function name")
		return
	}
	f := c.funcs[call.Name]
	switch {
	case f == nil && c.nfuncs == 0:
		c.diags.Add(diag.Diagnostic{Severity: diag.Info, Code: CodeCallUnchecked, Span: call.NameSpan,
			Message: "call of " + call.Name + " not checked: the document declares no functions",
			Hint:    "put the [FUNCTIONS] block the call relies on in the same document to check it"})
		return
	case f == nil:
		c.errorf(CodeUnknownFunc, call.NameSpan, "declare "+call.Name+" in [FUNCTIONS], or fix the name (names are case-sensitive)",
			"call of undeclared function %s", call.Name)
		return
	case !declaredBefore: // by block order, not offsets: a document fed in pieces (compiler.Stream) restarts its offsets
		c.errorf(CodeUnknownFunc, call.NameSpan, "move the [FUNCTIONS] block that declares "+call.Name+" before the call",
			"call of %s before its declaration (at %s): a function is declared in an earlier [FUNCTIONS]", call.Name, f.NameSpan.Start())
		return
	}
	var in []*ir.DSLColumn
	if f.In != nil {
		in = f.In.Columns
	}
	seen := map[string]bool{}
	for _, p := range call.Params {
		if seen[p.Name] {
			c.errorf(CodeDupParam, p.NameSpan, "give each parameter once", "parameter %s is given twice", p.Name)
			continue
		}
		seen[p.Name] = true
		var decl *ir.DSLColumn
		for _, col := range in {
			if col.Name == p.Name {
				decl = col
				break
			}
		}
		if decl == nil {
			c.errorf(CodeUnknownParam, p.NameSpan, "use one of "+c.paramNames(in),
				"function %s has no parameter %s", f.Name, p.Name)
			continue
		}
		if q := checkCell(decl.Type.Kind, p.Value); q != nil && !q.warn {
			c.errorf(CodeParamType, p.ValueSpan, q.hint, "parameter %s (%s): %s", p.Name, decl.Type.Kind, q.msg)
		}
	}
	for _, col := range in {
		if col.Required && !seen[col.Name] {
			c.errorf(CodeMissingParam, call.NameSpan, "add a line "+col.Name+":VALUE",
				"call of %s lacks required parameter %s", f.Name, col.Name)
		}
	}
}

func (c *Checker) paramNames(in []*ir.DSLColumn) string {
	if len(in) == 0 {
		return "none: the function takes no parameters"
	}
	names := make([]string, len(in))
	for i, col := range in {
		names[i] = col.Name
	}
	return strings.Join(names, ", ")
}

// jsonBlock checks [JSON]: ARRAY:LABEL or OBJECT:LABEL (at most one of them),
// NOID:LABEL,... and KEYS:LABEL=KEY,... naming declared schemas.
func (c *Checker) jsonBlock(j *ir.DSLJSON) {
	top := ""
	for _, p := range j.Params {
		labels := strings.Split(p.Value, ",")
		switch p.Name {
		case "ARRAY", "OBJECT":
			if top != "" {
				c.errorf(CodeJSONKey, p.NameSpan, "keep one ARRAY or OBJECT line", "the JSON top level is given twice")
				continue
			}
			top = p.Name
			if len(labels) != 1 {
				c.errorf(CodeJSONKey, p.ValueSpan, "name one schema", "%s names %d schemas", p.Name, len(labels))
				continue
			}
		case "NOID":
		case "KEYS":
			// KEYS:LABEL=KEY,...: the order of the keys of LABEL's objects
			// in the JSON from_json read; to_json checks the keys against
			// the schema it nests (T002), since only it knows the nesting.
			l, list, ok := strings.Cut(p.Value, "=")
			if !ok || list == "" {
				c.errorf(CodeJSONKey, p.ValueSpan, "write KEYS:LABEL=KEY,KEY,... (the keys of LABEL's objects in JSON order)",
					"[JSON] KEYS %s lists no keys", strconv.Quote(p.Value))
				continue
			}
			seen := map[string]bool{}
			for k := range strings.SplitSeq(list, ",") {
				if !adslrt.IsName(k) || seen[k] {
					c.errorf(CodeJSONKey, p.ValueSpan, "list each key once; a key is letters, digits and _",
						"[JSON] KEYS of %s lists %s twice or is not a key", l, strconv.Quote(k))
					break
				}
				seen[k] = true
			}
			labels = []string{l}
		default:
			c.errorf(CodeJSONKey, p.NameSpan, "a [JSON] line is ARRAY:LABEL, OBJECT:LABEL, NOID:LABEL,... or KEYS:LABEL=KEY,...",
				"unknown [JSON] key %s", p.Name)
			continue
		}
		for _, l := range labels {
			t := c.byLabel[l]
			if t == nil {
				c.errorf(CodeJSONKey, p.ValueSpan, "name a schema of this document", "[JSON] %s names unknown schema %s", p.Name, strconv.Quote(l))
				continue
			}
			switch p.Name {
			case "NOID":
				if !t.seq {
					c.errorf(CodeJSONNoID, p.ValueSpan, "number the rows of "+l+" 1, 2, 3, ... in order, or remove it from NOID",
						"schema %s is NOID, but its IDs are not 1, 2, 3, ... in row order", l)
				}
			case "OBJECT":
				if t.rows != 1 {
					c.errorf(CodeJSONObject, p.ValueSpan, "an OBJECT schema holds the one top-level object; use ARRAY for "+strconv.Itoa(t.rows)+" rows",
						"OBJECT schema %s has %d rows, not 1", l, t.rows)
				}
			}
		}
	}
}
