package datajson

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/runtime/adslrt"
)

// Translation diagnostics (the T family of docs/diagnostics.md).
const (
	CodeLost      = "T001" // to_json cannot carry part of the document (rows or a block are left out)
	CodeNotExact  = "T002" // to_json carries the data but from_json will not give back the same declarations
	CodeBadShape  = "T010" // from_json: a JSON value outside the supported shape
	CodeBadHint   = "T011" // from_json: a $agentdsl hint that does not fit the data
	CodeBadBlocks = "T012" // from_json: a $functions, $call or $result value of the wrong shape
)

// Syntax is what the mapping needs of AgentDSL's grammar: reading and writing a
// column line (for the $agentdsl hints). grammars/agentdsl provides it; this
// package may not import a grammar.
type Syntax interface {
	ParseColumns(line string) ([]*ir.DSLColumn, error)
	FormatColumns(cols []*ir.DSLColumn) string
}

// tab is what to_json keeps of one schema.
type tab struct {
	s         *ir.DSLSchema
	rows      []ir.DSLRow
	noid      bool
	parentCol int  // the column holding the parent's ID (the first unnamed reference), or -1
	parent    *tab // the schema this one nests in as an array, or nil
	children  []*tab
	keys      []keyRef // the [JSON] KEYS order of its objects' keys, or nil for the default
	keysParam *ir.DSLParam
	targets   []*tab // per column: the schema a named reference points at, or nil
	targetOf  bool   // some named reference points here (its rows nest as objects)

	byID *idIndex // row index by ID, for named references
	head *idIndex // children: first row index by parent ID
	next []int32  // children: the next row with the same parent, or -1

	masks    []mask // per column: shapes written
	childMsk []mask // per child: mObjects or mEmpty
	visited  []bool
	busy     []bool // rows being written: a reference cycle (AD031) must not recurse forever
	seen     int    // distinct rows written
	reorder  bool   // rows were written in another order than the document's
	repeated bool   // a row was written twice (two references to it)
}

// keyRef is one key of a row object in [JSON] KEYS order: column col (0 is
// the ID), or child schema child when col < 0.
type keyRef struct{ col, child int }

type toJSON struct {
	doc   *ir.DSLDoc
	syn   Syntax
	b     bytes.Buffer
	diags diag.List
	tabs  []*tab
	by    map[string]*tab
	funcs map[string]*ir.DSLFunction

	res      *ir.DSLResult // the [RESULT] written, or nil
	resMasks []mask        // per header field: shapes written
}

// ToJSON writes the data form of a checked document (docs/agentdsl.md): each
// root schema's rows under its label, child schemas' rows nested in their parent
// rows, named references re-hydrated into objects, [FUNCTIONS], [CALL] and
// [RESULT] under $functions, $call and $result, and, only when the data alone
// would not give the document back, a $agentdsl object of hints. What JSON
// cannot carry is a T diagnostic. The document should check without errors.
func ToJSON(doc *ir.DSLDoc, syn Syntax) ([]byte, diag.List) {
	t := &toJSON{doc: doc, syn: syn, by: map[string]*tab{}, funcs: map[string]*ir.DSLFunction{}}
	t.index()
	size := 64
	for _, x := range t.tabs {
		for i := range x.rows {
			size += len(x.rows[i].Text) * 2
		}
	}
	t.b.Grow(size)
	t.top()
	return t.b.Bytes(), t.diags
}

func (t *toJSON) lost(sp diag.Span, hint, format string, args ...any) {
	t.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeLost, Span: sp, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

func (t *toJSON) inexact(sp diag.Span, hint, format string, args ...any) {
	t.diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeNotExact, Span: sp, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

// keyOf reports whether the rows of s, written as JSON objects, have a key
// named key: ID, or one of its columns.
func keyOf(s *ir.DSLSchema, key string) bool {
	if key == "ID" {
		return true
	}
	for _, c := range s.Columns[min(1, len(s.Columns)):] {
		if c.Name == key {
			return true
		}
	}
	return false
}

// index builds the schema tables, the nesting and the ID indexes.
func (t *toJSON) index() {
	var cur *tab
	var jsonBlock *ir.DSLJSON
	for _, bl := range t.doc.Blocks {
		switch x := bl.(type) {
		case *ir.DSLSchema:
			cur = nil
			if t.by[x.Label] != nil || x.Broken || len(x.Columns) == 0 {
				continue
			}
			cur = &tab{s: x, parentCol: -1}
			t.by[x.Label] = cur
			t.tabs = append(t.tabs, cur)
		case *ir.DSLData:
			if cur != nil && cur.rows == nil {
				cur.rows = x.Rows
			}
		case *ir.DSLFunctions:
			for _, f := range x.Funcs {
				if t.funcs[f.Name] == nil {
					t.funcs[f.Name] = f
				}
			}
		case *ir.DSLJSON:
			if jsonBlock == nil {
				jsonBlock = x
			}
		case *ir.DSLBad:
			// Prose, a fence, a line out of place: JSON has no place for it,
			// and it is not dropped without a word.
			t.lost(x.Span, "keep the text beside the JSON, or remove it from the document",
				"text outside any block is not carried by JSON: %q", x.Text)
		}
	}
	if jsonBlock != nil {
		for _, p := range jsonBlock.Params {
			switch p.Name {
			case "NOID":
				for l := range strings.SplitSeq(p.Value, ",") {
					if x := t.by[l]; x != nil {
						x.noid = true
					}
				}
			case "KEYS":
				l, _, _ := strings.Cut(p.Value, "=")
				if x := t.by[l]; x != nil && x.keysParam == nil {
					x.keysParam = p
				}
			}
		}
	}
	for _, x := range t.tabs {
		x.targets = make([]*tab, len(x.s.Columns))
		x.masks = make([]mask, len(x.s.Columns))
		x.visited = make([]bool, len(x.rows))
		x.busy = make([]bool, len(x.rows))
		for j, col := range x.s.Columns {
			if col.Ref == nil || j == 0 {
				continue
			}
			target := t.by[col.Ref.Schema]
			if target == nil {
				continue
			}
			if col.Ref.Named {
				x.targets[j] = target
				target.targetOf = true
			} else if x.parentCol < 0 && target != x {
				if keyOf(target.s, x.s.Label) {
					// Nested, x's rows would sit under a key the parent's rows
					// already use, which JSON cannot hold twice: x is written as
					// a table of its own, and the columns hint still gives its
					// reference back.
					continue
				}
				x.parentCol = j
				x.parent = target
				target.children = append(target.children, x)
			}
		}
	}
	for _, x := range t.tabs {
		t.keyOrder(x)
		x.childMsk = make([]mask, len(x.children))
		if x.parent != nil {
			x.head = newIDIndex(len(x.parent.rows))
			x.next = make([]int32, len(x.rows))
			for i := len(x.rows) - 1; i >= 0; i-- {
				x.next[i] = -1
				id, ok := rowInt(&x.rows[i], x.parentCol)
				if !ok {
					continue
				}
				if h, ok := x.head.get(id); ok {
					x.next[i] = h
				}
				x.head.set(id, int32(i))
			}
		}
		if x.targetOf || len(x.children) > 0 {
			x.byID = newIDIndex(len(x.rows))
			for i := range x.rows {
				if id, ok := rowInt(&x.rows[i], 0); ok {
					x.byID.set(id, int32(i))
				}
			}
		}
	}
	// A result header's named references nest their targets too.
	for _, bl := range t.doc.Blocks {
		if r, ok := bl.(*ir.DSLResult); ok && r.Header != nil {
			for _, col := range r.Header.Columns {
				if col.Ref != nil && col.Ref.Named {
					if target := t.by[col.Ref.Schema]; target != nil {
						target.targetOf = true
						if target.byID == nil {
							target.byID = newIDIndex(len(target.rows))
							for i := range target.rows {
								if id, ok := rowInt(&target.rows[i], 0); ok {
									target.byID.set(id, int32(i))
								}
							}
						}
					}
				}
			}
		}
	}
}

// rowInt reads cell j of a row as an integer.
func rowInt(r *ir.DSLRow, j int) (int64, bool) {
	if j >= len(r.Cells) {
		return 0, false
	}
	id, err := strconv.ParseInt(r.Cell(j), 10, 64)
	return id, err == nil
}

func (x *tab) root() bool { return x.parent == nil && !x.targetOf }

// top writes the whole JSON value.
func (t *toJSON) top() {
	var jb *ir.DSLJSON
	for _, bl := range t.doc.Blocks {
		if j, ok := bl.(*ir.DSLJSON); ok {
			jb = j
			break
		}
	}
	if jb != nil {
		for _, p := range jb.Params {
			if p.Name == "ARRAY" || p.Name == "OBJECT" {
				t.bare(jb, p)
				return
			}
		}
	}
	b := &t.b
	b.WriteByte('{')
	n := 0
	key := func(k string) {
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		writeString(b, k)
		b.WriteByte(':')
	}
	// JSON has one $functions, one $call and one $result key: the first block
	// of each kind is written, a later one is left out with a diagnostic.
	seen := map[string]bool{}
	single := func(k string, sp diag.Span, kind, hint string, write func()) {
		if seen[k] {
			t.lost(sp, hint, "a second %s block is left out: JSON has one %s key", kind, k)
			return
		}
		seen[k] = true
		key(k)
		write()
	}
	for _, bl := range t.doc.Blocks {
		switch x := bl.(type) {
		case *ir.DSLSchema:
			if tb := t.by[x.Label]; tb != nil && tb.s == x && tb.root() {
				key(x.Label)
				t.array(tb)
			}
		case *ir.DSLFunctions:
			single("$functions", x.Span, "[FUNCTIONS]", "send the functions in one [FUNCTIONS] block", func() { t.functions(x) })
		case *ir.DSLCall:
			single("$call", x.Span, "[CALL]", "translate each [CALL] in its own document", func() { t.call(x) })
		case *ir.DSLResult:
			single("$result", x.Span, "[RESULT]", "translate each [RESULT] in its own document", func() { t.result(x) })
		}
	}
	t.finish()
	t.checkJSONBlock("")
	if h := t.hints(); h != "" {
		key("$agentdsl")
		b.WriteString(h)
	}
	b.WriteString("}\n")
}

// bare writes a top level that is one schema's rows ([JSON] ARRAY or OBJECT).
func (t *toJSON) bare(jb *ir.DSLJSON, p *ir.DSLParam) {
	x := t.by[p.Value]
	if x == nil || !x.root() {
		t.lost(p.Span, "name a schema that nests in no other", "[JSON] %s:%s names no top-level schema; the JSON is empty", p.Name, p.Value)
		t.b.WriteString("null\n")
		return
	}
	if p.Name == "ARRAY" {
		t.array(x)
	} else if len(x.rows) > 0 {
		t.row(x, 0)
	} else {
		t.b.WriteString("{}")
	}
	t.b.WriteByte('\n')
	for _, bl := range t.doc.Blocks {
		switch y := bl.(type) {
		case *ir.DSLSchema:
			if tb := t.by[y.Label]; tb != nil && tb != x && tb.root() {
				t.lost(y.LabelSpan, "remove the [JSON] "+p.Name+" line to translate every table", "schema %s is left out: the JSON top level holds %s only", y.Label, x.s.Label)
			}
		case *ir.DSLFunctions, *ir.DSLCall, *ir.DSLResult:
			t.lost(y.Pos(), "remove the [JSON] "+p.Name+" line to translate every block", "this block is left out: the JSON top level holds %s only", x.s.Label)
		}
	}
	t.finish()
	t.checkJSONBlock(p.Name + ":" + p.Value)
	if h := t.hints(); h != "" {
		t.inexact(p.Span, "remove the [JSON] "+p.Name+" line so that to_json can add its $agentdsl hints",
			"from_json will not give this document back: a bare JSON %s has no room for the hints %s", strings.ToLower(p.Name), h)
	}
	if x.s.Label != rootLabel {
		t.inexact(x.s.LabelSpan, "name the schema "+rootLabel, "from_json names the top-level schema %s, not %s", rootLabel, x.s.Label)
	}
}

// array writes every row of a root schema.
func (t *toJSON) array(x *tab) {
	t.b.WriteByte('[')
	for i := range x.rows {
		if i > 0 {
			t.b.WriteByte(',')
		}
		t.row(x, i)
	}
	t.b.WriteByte(']')
}

// row writes row i of x as an object: its ID (unless assigned), its columns in
// order (the parent reference left out, named references as objects), then its
// children's rows as arrays.
func (t *toJSON) row(x *tab, i int) {
	if x.busy[i] {
		t.lost(x.rows[i].Span, "break the reference cycle (AD031)", "row %s of %s contains itself; to_json writes null", x.rows[i].Cell(0), x.s.Label)
		t.b.WriteString("null")
		return
	}
	x.busy[i] = true
	defer func() { x.busy[i] = false }()
	t.visit(x, i)
	b := &t.b
	r := &x.rows[i]
	cols := x.s.Columns
	b.WriteByte('{')
	n := 0
	sep := func() {
		if n > 0 {
			b.WriteByte(',')
		}
		n++
	}
	var id int64
	if len(x.children) > 0 {
		id, _ = rowInt(r, 0)
	}
	column := func(j int) {
		if j == 0 {
			if !x.noid {
				sep()
				b.WriteString(`"ID":`)
				t.number(r.Cell(0))
			}
			return
		}
		if j == x.parentCol || j >= len(cols) || j >= len(r.Cells) {
			return
		}
		sep()
		writeString(b, cols[j].Name)
		b.WriteByte(':')
		text := r.Cell(j)
		if target := x.targets[j]; target != nil {
			x.masks[j] |= t.nested(target, text, r.CellSpan(j))
			return
		}
		x.masks[j] |= t.cell(cols[j].Type.Kind, text)
	}
	child := func(k int) {
		c := x.children[k]
		sep()
		writeString(b, c.s.Label)
		b.WriteString(":[")
		first := true
		if h, ok := c.head.get(id); ok {
			for ci := h; ci >= 0; ci = c.next[ci] {
				if !first {
					b.WriteByte(',')
				}
				first = false
				t.row(c, int(ci))
			}
		}
		b.WriteByte(']')
		if first {
			x.childMsk[k] |= mEmpty
		} else {
			x.childMsk[k] |= mObjects
		}
	}
	if x.keys != nil {
		// [JSON] KEYS: the order the objects had in the JSON from_json read.
		for _, kr := range x.keys {
			if kr.col >= 0 {
				column(kr.col)
			} else {
				child(kr.child)
			}
		}
	} else {
		for j := range cols {
			column(j)
		}
		for k := range x.children {
			child(k)
		}
	}
	b.WriteByte('}')
}

// keyOrder reads x's [JSON] KEYS line, if any, into x.keys: it must name each
// key of x's objects once (the ID unless NOID, the columns but the parent
// reference, the child schemas' labels), the ID first. A line that does not
// is a T002 warning and the default order is kept: columns, then children.
func (t *toJSON) keyOrder(x *tab) {
	p := x.keysParam
	if p == nil {
		return
	}
	_, list, _ := strings.Cut(p.Value, "=")
	want := map[string]keyRef{}
	var names []string
	if !x.noid {
		want["ID"] = keyRef{0, -1}
		names = append(names, "ID")
	}
	for j, c := range x.s.Columns {
		if j > 0 && j != x.parentCol {
			want[c.Name] = keyRef{j, -1}
			names = append(names, c.Name)
		}
	}
	for k, c := range x.children {
		want[c.s.Label] = keyRef{-1, k}
		names = append(names, c.s.Label)
	}
	var keys []keyRef
	ok := list != ""
	for k := range strings.SplitSeq(list, ",") {
		kr, found := want[k]
		if !found || (kr.col != 0 && len(keys) == 0 && !x.noid) {
			ok = false
			break
		}
		delete(want, k)
		keys = append(keys, kr)
	}
	if !ok || len(want) > 0 {
		t.inexact(p.ValueSpan, "list each key of "+x.s.Label+"'s objects once, ID first: "+x.s.Label+"="+strings.Join(names, ","),
			"[JSON] KEYS %s does not list the keys of %s's objects (%s); to_json writes them in the default order", strconv.Quote(p.Value), x.s.Label, strings.Join(names, ","))
		return
	}
	x.keys = keys
}

// defaultOrder reports whether x's KEYS order is the one to_json writes
// without it (columns, then children), which from_json does not mark.
func (x *tab) defaultOrder() bool {
	child := false
	for _, kr := range x.keys {
		if kr.col < 0 {
			child = true
		} else if child && (kr.col > 0 || !x.noid) {
			return false
		}
	}
	return true
}

// nested writes the row of target whose ID is text (a named reference), or null.
func (t *toJSON) nested(target *tab, text string, sp diag.Span) mask {
	if text == "_" {
		t.b.WriteString("null")
		return mNull
	}
	id, err := strconv.ParseInt(text, 10, 64)
	var i int32
	ok := err == nil
	if ok {
		i, ok = target.byID.get(id)
	}
	if !ok {
		t.lost(sp, "reference an existing row", "%s has no row %s: to_json writes null", target.s.Label, text)
		t.b.WriteString("null")
		return mNull
	}
	t.row(target, int(i))
	return mObject
}

// visit records that row i of x is written, and in which order.
func (t *toJSON) visit(x *tab, i int) {
	if x.visited[i] {
		x.repeated = true
		return
	}
	x.visited[i] = true
	if i != x.seen {
		x.reorder = true
	}
	x.seen++
}

// cell writes one cell as JSON and returns its shape.
func (t *toJSON) cell(k ir.DSLTypeKind, text string) mask {
	b := &t.b
	if text == "_" {
		b.WriteString("null")
		return mNull
	}
	switch k {
	case ir.DSLInt:
		if !t.number(text) {
			return mText
		}
		if len(text) > 18 {
			return numberMask(text)
		}
		return mInt
	case ir.DSLFloat:
		if !t.number(text) {
			return mText
		}
		return numberMask(text)
	case ir.DSLAny:
		m, ok := jsonMask(text)
		if !ok {
			writeString(b, text) // only in a document with errors (AD025)
			return mText
		}
		b.WriteString(text)
		return m
	case ir.DSLStr:
		if strings.IndexByte(text, ',') < 0 {
			writeString(b, text)
			if strSafe(text) {
				return mStr
			}
			return mText
		}
		b.WriteByte('[')
		m := mMulti
		first := true
		for part := range strings.SplitSeq(text, ",") {
			if !first {
				b.WriteByte(',')
			}
			first = false
			writeString(b, part)
			if !strSafe(part) {
				m = mArray
			}
		}
		b.WriteByte(']')
		return m
	}
	writeString(b, text)
	return mText
}

// checkJSONBlock warns when the document's [JSON] block is not the one
// from_json would write back (top is its ARRAY or OBJECT line, or ""): NOID
// names the schemas with rows whose IDs to_json left out, in block order.
func (t *toJSON) checkJSONBlock(top string) {
	var jb *ir.DSLJSON
	for _, bl := range t.doc.Blocks {
		if j, ok := bl.(*ir.DSLJSON); ok {
			jb = j
			break
		}
	}
	var want []string
	if top != "" {
		want = append(want, top)
	}
	var noid []string
	for _, l := range t.nestOrder() {
		if x := t.by[l]; x != nil && x.noid && x.seen > 0 {
			noid = append(noid, l)
		}
	}
	if noid != nil {
		want = append(want, "NOID:"+strings.Join(noid, ","))
	}
	for _, l := range t.nestOrder() {
		if x := t.by[l]; x != nil && x.keys != nil && x.seen > 0 && !x.defaultOrder() {
			_, list, _ := strings.Cut(x.keysParam.Value, "=")
			want = append(want, "KEYS:"+l+"="+list)
		}
	}
	var got []string
	sp := t.doc.Span
	if jb != nil {
		sp = jb.Span
		for _, p := range jb.Params {
			got = append(got, p.Name+":"+p.Value)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || jb != nil && len(want) == 0 {
		t.inexact(sp, "write the [JSON] block as from_json does: "+strings.Join(want, " "),
			"from_json will write the [JSON] block as %q, not %q", strings.Join(want, "\n"), strings.Join(got, "\n"))
	}
}

// number writes number text as is, or (only in a document with errors) as a
// string, so the output is always JSON.
func (t *toJSON) number(text string) bool {
	if adslrt.IsNumber(text) {
		t.b.WriteString(text)
		return true
	}
	writeString(&t.b, text)
	return false
}

// finish reports rows that nesting could not show, and rows written twice or
// out of order where assigned IDs cannot say which is which.
func (t *toJSON) finish() {
	for _, x := range t.tabs {
		if x.seen < len(x.rows) {
			i := 0
			for x.visited[i] {
				i++
			}
			why := "its parent reference is empty or names no row"
			if x.parent == nil {
				why = "no named reference points at it"
			}
			t.lost(x.rows[i].CellSpan(0), "give each row of "+x.s.Label+" a parent, or reference it",
				"%d of %d rows of %s are left out (the first is shown): %s", len(x.rows)-x.seen, len(x.rows), x.s.Label, why)
		}
		if x.noid && (x.reorder || x.repeated) {
			t.lost(x.s.LabelSpan, "remove "+x.s.Label+" from the [JSON] NOID line so that rows keep their IDs",
				"the rows of %s nest in another order than they are written, or twice, and NOID leaves out the IDs that would tell them apart", x.s.Label)
		}
	}
}

// functions writes [FUNCTIONS] as an array of {name, desc, in, out}.
func (t *toJSON) functions(fs *ir.DSLFunctions) {
	b := &t.b
	b.WriteByte('[')
	for i, f := range fs.Funcs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"name":`)
		writeString(b, f.Name)
		if f.Desc != nil {
			b.WriteString(`,"desc":`)
			writeString(b, f.Desc.Text)
		}
		if f.In != nil {
			b.WriteString(`,"in":`)
			t.fields(f.In.Columns)
		}
		if f.Out != nil {
			b.WriteString(`,"out":`)
			t.fields(f.Out.Columns)
		}
		b.WriteByte('}')
	}
	b.WriteByte(']')
}

// fields writes a parameter list: {"name", "type", "required"}; an unnamed
// reference has no "name" (it is derived) and its spelling as "type".
func (t *toJSON) fields(cols []*ir.DSLColumn) {
	b := &t.b
	b.WriteByte('[')
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('{')
		sep := ""
		if c.Ref == nil || c.Ref.Named {
			b.WriteString(`"name":`)
			writeString(b, c.Name)
			sep = ","
		}
		if typ := fieldType(c); typ != "" {
			b.WriteString(sep + `"type":`)
			writeString(b, typ)
			sep = ","
		}
		if c.Required {
			b.WriteString(sep + `"required":true`)
		}
		b.WriteByte('}')
	}
	b.WriteByte(']')
}

// fieldType is a field's type as the JSON form spells it: as written, with a
// reference's target in front (@S.F or @S.F:type).
func fieldType(c *ir.DSLColumn) string {
	if c.Ref == nil {
		return c.Type.Text
	}
	s := "@" + c.Ref.Schema + "." + c.Ref.Field
	if c.Type.Text != "" {
		s += ":" + c.Type.Text
	}
	return s
}

// call writes [CALL] as {"name", "params"}; values take the declared parameter
// type when the function is declared in the document, else stay strings.
func (t *toJSON) call(c *ir.DSLCall) {
	b := &t.b
	b.WriteString(`{"name":`)
	writeString(b, c.Name)
	b.WriteString(`,"params":{`)
	f := t.funcs[c.Name]
	for i, p := range c.Params {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, p.Name)
		b.WriteByte(':')
		k := paramKind(f, p.Name)
		if k == ir.DSLBadType {
			writeString(b, p.Value)
			continue
		}
		t.cell(k, p.Value)
	}
	b.WriteString("}}")
}

// paramKind is the declared type of parameter name of f, or DSLBadType when
// there is no such declaration (the value is then written as a string).
func paramKind(f *ir.DSLFunction, name string) ir.DSLTypeKind {
	if f == nil || f.In == nil {
		return ir.DSLBadType
	}
	for _, c := range f.In.Columns {
		if c.Name == name {
			return c.Type.Kind
		}
	}
	return ir.DSLBadType
}

// result writes [RESULT] as {"rows", "status", "error"}.
func (t *toJSON) result(r *ir.DSLResult) {
	b := &t.b
	b.WriteByte('{')
	if r.Header != nil {
		b.WriteString(`"rows":[`)
		cols := r.Header.Columns
		masks := make([]mask, len(cols))
		for i := range r.Rows {
			row := &r.Rows[i]
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('{')
			for j := 0; j < len(cols) && j < len(row.Cells); j++ {
				if j > 0 {
					b.WriteByte(',')
				}
				writeString(b, cols[j].Name)
				b.WriteByte(':')
				text := row.Cell(j)
				if cols[j].Ref != nil && cols[j].Ref.Named {
					if target := t.by[cols[j].Ref.Schema]; target != nil {
						masks[j] |= t.nested(target, text, row.CellSpan(j))
						continue
					}
				}
				masks[j] |= t.cell(cols[j].Type.Kind, text)
			}
			b.WriteByte('}')
		}
		b.WriteString("],")
		t.resMasks = masks
	}
	b.WriteString(`"status":`)
	if r.Status != nil {
		writeString(b, r.Status.Text)
	} else {
		b.WriteString("null")
	}
	b.WriteString(`,"error":`)
	if r.Error != nil {
		writeString(b, r.Error.Text)
	} else {
		b.WriteString("null")
	}
	b.WriteByte('}')
	t.res = r
}
