package datajson

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/runtime/adslrt"
)

// node is one schema being inferred from JSON objects.
type node struct {
	label   string
	fixed   bool   // label is a key as written or from a hint (never renamed)
	key     string // the key that introduced the schema
	path    jpath  // JSON path of its first object
	parent  *node  // the schema it nests in as an array, or nil
	result  bool   // the $result rows: no ID
	shared  bool   // rows nest as objects (named reference targets): one row may be met twice
	keys    []string
	hasID   bool // objects carry "ID"
	keysSet bool
	cols    []*fcol
	byKey   map[string]*fcol
	count   int    // rows met in pass 1 (a shared row met twice counts once)
	ids     rowIDs // row ID -> row index (for duplicates and the rows hint)
	starts  []int  // per row, where IDs are written: the offset of its object
	nextID  int64
	hint    []*ir.DSLColumn // columns given by a $agentdsl hint, or nil
	final   []*ir.DSLColumn // the column line decided
	colIdx  []int           // per final column: its index in cols, or -1 (set by write)
	out     []ir.DSLRow     // the rows written by pass 2, in input order
	cells   []ir.DSLCell    // the block of cells the next rows take theirs from
	errs    []rowErr        // cells that do not fit their columns
	done    bool            // written to the document
}

// fcol is what is known of one key of a schema's objects.
type fcol struct {
	key    string
	m      mask
	target *node         // objects under this key nest as rows of target (named reference)
	child  *node         // arrays of objects under this key are rows of child
	hinted *ir.DSLColumn // the hinted column for this key, or nil
}

type fromJSON struct {
	src     *diag.Source
	syn     Syntax
	diags   diag.List
	nodes   []*node
	labels  map[string]*node
	hints   map[string][]*ir.DSLColumn
	order   []string
	rowHint map[string][]string
	funcs   map[string]*ir.DSLFunction
	failed  bool

	d     decoder   // the scanner over the input
	path  []seg     // pass 1: the JSON path of the value being read
	kept  []*pnode  // kept[i] is path[:i+1] as a kept path, while path[i] is unchanged (here)
	walks []walk    // the tables pass 1 read, for pass 2
	vals  []cellVal // pass 2: the members of the rows being written (a stack: rows nest)
	buf   []byte    // pass 2: the text of the row being written

	careful bool // pass 1 reads ahead so that its errors are the tree reading's (rows.go)
	read1   bool // pass 1 is done
}

// span is the empty span at byte off.
func (f *fromJSON) span(off int) diag.Span { return f.src.Span(off, off) }

// FromJSON reads JSON in the data form back into an AgentDSL document
// (docs/agentdsl.md): it infers schemas from keys and values, pulls nested
// objects and arrays of objects out into schemas of their own linked by
// references, assigns IDs where the objects have none, and applies the
// $agentdsl hints that to_json writes. A value outside the supported shape is a
// T010 error naming its JSON path; the document is then nil.
func FromJSON(src *diag.Source, syn Syntax) (*ir.DSLDoc, diag.List) {
	f := newFromJSON(src, syn, false)
	text := src.Content()
	if err := valid(text); err != nil {
		off := 0
		if se, ok := err.(*SyntaxError); ok {
			off = se.Offset
		}
		f.errAt(off, CodeBadShape, "write valid JSON", "%v", err)
		return nil, f.diags
	}
	doc := f.top(text)
	if f.failed && !f.read1 {
		f = newFromJSON(src, syn, true)
		doc = f.top(text)
	}
	if f.failed {
		return nil, f.diags
	}
	return doc, f.diags
}

func newFromJSON(src *diag.Source, syn Syntax, careful bool) *fromJSON {
	return &fromJSON{src: src, syn: syn, labels: map[string]*node{}, hints: map[string][]*ir.DSLColumn{},
		rowHint: map[string][]string{}, funcs: map[string]*ir.DSLFunction{}, careful: careful}
}

func (f *fromJSON) errAt(off int, code, hint, format string, args ...any) {
	f.report(f.diagAt(off, code, hint, format, args...))
}

func (f *fromJSON) diagAt(off int, code, hint, format string, args ...any) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Code: code, Span: f.src.Span(off, off), Hint: hint, Message: fmt.Sprintf(format, args...)}
}

func (f *fromJSON) report(d diag.Diagnostic) {
	f.failed = true
	f.diags.Add(d)
}

// shape reports a value outside the supported shape, at byte off and a JSON path.
func (f *fromJSON) shape(off int, path, format string, args ...any) {
	f.report(f.shapeDiag(off, path, format, args...))
}

func (f *fromJSON) shapeDiag(off int, path, format string, args ...any) diag.Diagnostic {
	return f.diagAt(off, CodeBadShape, "the supported shape: objects whose values are scalars, arrays of scalars, objects or arrays of objects with one key set per array (docs/agentdsl.md)",
		"%s: %s", path, fmt.Sprintf(format, args...))
}

// top reads the top-level value: a document object (labels and $ keys), a bare
// object, or a bare array of objects.
func (f *fromJSON) top(text string) *ir.DSLDoc {
	f.d = decoder{s: text}
	d := &f.d
	d.space()
	doc := &ir.DSLDoc{Span: f.src.Span(0, f.src.Len())}
	var roots []*node
	var topKind string
	var funcsBlock ir.DSLBlock
	var resNode *node
	top := d.i
	var keys []string
	var offs []int
	if d.s[top] == '{' {
		keys, offs = d.members(top)
	}
	switch {
	case d.s[top] == '{' && f.isDocument(keys, offs):
		if i := slices.Index(keys, keyHints); i >= 0 {
			f.readHints(offs[i])
		}
		if i := slices.Index(keys, keyFunctions); i >= 0 {
			funcsBlock = f.functionsBlock(d.valueAt(offs[i])) // before $call, wherever it stands
		}
		for i, k := range keys {
			switch {
			case k == keyResult:
				resNode = f.resultRows(offs[i])
			case strings.HasPrefix(k, "$"): // an unknown one is reported below
			case !adslrt.IsName(k):
				f.shape(offs[i], "$", "key %s is not a label (letters, digits and _)", strconv.Quote(k))
			default:
				n := f.newNode(k, true, jpath{tail: "$." + k}, nil)
				f.read(n, offs[i], false, "$."+k)
				roots = append(roots, n)
			}
			if f.failed {
				return nil
			}
		}
	case d.s[top] == '{':
		topKind = "OBJECT"
		n := f.newNode(rootLabel, false, jpath{tail: "$"}, nil)
		f.read(n, top, true, "$")
		roots = append(roots, n)
	case d.s[top] == '[':
		topKind = "ARRAY"
		n := f.newNode(rootLabel, false, jpath{tail: "$"}, nil)
		f.read(n, top, false, "$")
		roots = append(roots, n)
	default:
		f.shape(top, "$", "the top level is a %s; it must be an object or an array of objects", kindName(kindOf(d.s[top])))
	}
	if f.failed {
		return nil
	}
	f.read1 = true
	f.decide()
	if f.failed {
		return nil
	}
	// A $ key from_json does not know is not a label either. It is reported
	// here, where it used to crash from_json, so that input with other errors
	// keeps its diagnostics as they were.
	for i, k := range keys {
		if topKind == "" && strings.HasPrefix(k, "$") && k != keyFunctions && k != keyCall && k != keyResult && k != keyHints {
			f.shape(offs[i], "$", "key %s is not a label (letters, digits and _)", strconv.Quote(k))
		}
	}
	if f.failed {
		return nil
	}
	f.write()
	// Blocks in nesting order, top-level keys in their order.
	var blocks []ir.DSLBlock
	keyed := map[string][]ir.DSLBlock{}
	var seq []string
	var tree func(n *node)
	tree = func(n *node) {
		if n.done {
			return
		}
		n.done = true
		for _, c := range n.final {
			if c.Ref != nil && c.Ref.Named {
				if t := f.labels[c.Ref.Schema]; t != nil {
					tree(t)
				}
			}
		}
		if !n.result {
			seq = append(seq, n.label)
			keyed[n.label] = f.schemaBlocks(n)
		}
		for _, c := range n.cols {
			if c.child != nil {
				tree(c.child)
			}
		}
	}
	if topKind == "" {
		ri := 0
		for i, k := range keys {
			switch k {
			case keyFunctions:
				seq = append(seq, k)
				keyed[k] = []ir.DSLBlock{funcsBlock}
			case keyCall:
				seq = append(seq, k)
				keyed[k] = []ir.DSLBlock{f.callBlock(d.valueAt(offs[i]))}
			case keyResult:
				if resNode != nil {
					tree(resNode)
				}
				seq = append(seq, k)
				keyed[k] = []ir.DSLBlock{f.resultBlock(offs[i], resNode)}
			case keyHints:
			default:
				tree(roots[ri])
				ri++
			}
		}
	} else {
		tree(roots[0])
	}
	if f.failed {
		return nil
	}
	// Schemas only the hints know of (no object of theirs is in the JSON).
	for _, l := range f.order {
		if !strings.HasPrefix(l, "$") && f.labels[l] == nil {
			cols := f.hints[l]
			if cols == nil {
				f.errAt(0, CodeBadHint, "name in $agentdsl.order only blocks the JSON or its columns hints hold", "$agentdsl.order names %s, which the JSON does not hold", l)
				return nil
			}
			n := f.newNode(l, true, jpath{tail: "$agentdsl.order"}, nil)
			n.final = cols
			keyed[l] = f.schemaBlocks(n)
		}
	}
	if f.order != nil {
		if len(f.order) != len(keyed) {
			f.errAt(0, CodeBadHint, "list every block in $agentdsl.order", "$agentdsl.order lists %d blocks, the JSON holds %d", len(f.order), len(keyed))
			return nil
		}
		seq = f.order
	}
	if jb := f.jsonBlock(topKind, roots, seq); jb != nil {
		blocks = append(blocks, jb)
	}
	for _, k := range seq {
		bs, ok := keyed[k]
		if !ok {
			f.errAt(0, CodeBadHint, "list each block once in $agentdsl.order", "$agentdsl.order names %s twice, or a block the JSON does not hold", k)
			return nil
		}
		delete(keyed, k)
		blocks = append(blocks, bs...)
	}
	for i, bl := range blocks {
		if d, ok := bl.(*ir.DSLData); ok && i > 0 {
			if _, ok := blocks[i-1].(*ir.DSLSchema); ok {
				d.Schema = i - 1
			}
		}
	}
	doc.Blocks = blocks
	return doc
}

// isDocument reports whether a top-level object is a document: every key is a
// label whose value is an array of objects (or empty), or a $ key. {} is the
// empty document, which is what to_json writes for a document without blocks.
//
// Read quick, an array whose first element is an object is taken for an array
// of objects: if a later element is not one, reading it fails and the careful
// reading (which reads each array's mask ahead) decides again.
func (f *fromJSON) isDocument(keys []string, offs []int) bool {
	d := &f.d
	for i, k := range keys {
		if k == keyFunctions || k == keyCall || k == keyResult || k == keyHints {
			continue
		}
		if o := offs[i]; !f.careful && d.s[o] == '[' {
			d.i = o
			if c := d.firstItem(); c == '{' || c == ']' {
				continue
			}
		}
		if m := d.maskAt(offs[i]); m != mObjects && m != mEmpty {
			return false
		}
	}
	return true
}

func kindName(k ir.JSONKind) string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// kindOf is the kind of the value whose first byte is c.
func kindOf(c byte) ir.JSONKind {
	switch c {
	case '{':
		return ir.JSONObject
	case '[':
		return ir.JSONArray
	case '"':
		return ir.JSONString
	case 't', 'f':
		return ir.JSONBool
	case 'n':
		return ir.JSONNull
	}
	return ir.JSONNumber
}

// newNode starts a schema. Fixed labels are the keys as written; a generated
// label is settled in decide.
func (f *fromJSON) newNode(label string, fixed bool, path jpath, parent *node) *node {
	n := &node{label: label, fixed: fixed, key: label, path: path, parent: parent, byKey: map[string]*fcol{}}
	n.hint = f.hints[label]
	f.nodes = append(f.nodes, n)
	if fixed {
		if prev := f.labels[label]; prev != nil {
			f.errAt(0, CodeBadShape, "rename one of the keys: AgentDSL labels are unique",
				"%s and %s both become a schema labelled %s", prev.path, path, label)
		}
		f.labels[label] = n
	}
	return n
}

// firstObject settles a schema's keys from its first object.
func (f *fromJSON) firstObject(n *node, keys []string, offs []int) {
	path := f.here() // written out only for an error: a deep document has a schema per level
	n.keysSet = true
	n.keys = keys
	n.path = path
	seen := map[string]bool{}
	for i, k := range keys {
		if seen[k] {
			f.shape(offs[i], path.key(k).String(), "key %s appears twice", k)
			return
		}
		seen[k] = true
		if !adslrt.IsName(k) {
			f.shape(offs[i], path.String(), "key %s is not a field name (letters, digits and _)", strconv.Quote(k))
			return
		}
		if k == "ID" && i > 0 && !n.result {
			f.shape(offs[i], path.key("ID").String(), "key ID comes first: it becomes the row ID")
			return
		}
	}
	if len(keys) > 0 && keys[0] == "ID" && !n.result {
		n.hasID = true
		keys = keys[1:]
	}
	var hinted map[string]*ir.DSLColumn
	if n.hint != nil {
		hinted = map[string]*ir.DSLColumn{}
		for _, c := range n.hint {
			hinted[c.Name] = c
		}
	}
	for _, k := range keys {
		c := &fcol{key: k}
		if hc := hinted[k]; hc != nil {
			c.hinted = hc
			if hc.Ref != nil && hc.Ref.Named {
				c.target = f.labels[hc.Ref.Schema]
				if c.target == nil {
					c.target = f.newNode(hc.Ref.Schema, true, path.key(k), nil)
				}
				c.target.shared = true
			}
		}
		n.cols = append(n.cols, c)
		n.byKey[k] = c
	}
}

// decide settles every schema's columns and generated labels.
func (f *fromJSON) decide() {
	for i := 0; i < len(f.nodes); i++ { // children found here are appended and decided too
		n := f.nodes[i]
		if n.hint != nil {
			n.final = n.hint
			for _, c := range n.cols {
				if c.hinted == nil && c.child == nil {
					if c.m&^mEmpty != 0 {
						f.errAt(0, CodeBadHint, "the columns hint of "+n.label+" must list every key but its children",
							"%s: key %s is in the objects but not in the $agentdsl columns hint of %s", n.path, c.key, n.label)
						return
					}
					c.child = f.newNode(c.key, true, n.path.key(c.key), n) // a child with no rows
				}
			}
			continue
		}
		var cols []*ir.DSLColumn
		if !n.result {
			cols = append(cols, &ir.DSLColumn{Name: "ID", Type: ir.DSLType{Kind: ir.DSLInt, Text: "int"}})
		}
		if n.parent != nil {
			cols = append(cols, fkColumn(n.parent.label))
		}
		for _, c := range n.cols {
			switch {
			case c.child != nil:
				if c.m&^(mObjects|mEmpty) != 0 {
					f.errAt(0, CodeBadShape, "keep one shape per key", "%s.%s holds arrays of objects and other values", n.path, c.key)
					return
				}
			case c.target != nil:
				if c.m&^(mObject|mNull) != 0 {
					f.errAt(0, CodeBadShape, "keep one shape per key", "%s.%s holds objects and other values", n.path, c.key)
					return
				}
				cols = append(cols, namedRef(c.key, "")) // target label settled below
			default:
				cols = append(cols, inferColumn(c.key, c.m))
			}
		}
		n.final = cols
	}
	// Generated labels avoid every fixed one.
	for _, n := range f.nodes {
		if n.fixed {
			continue
		}
		l := n.key
		for i := 2; f.labels[l] != nil; i++ {
			l = n.key + "_" + strconv.Itoa(i)
		}
		n.label = l
		f.labels[l] = n
	}
	for _, n := range f.nodes {
		if n.hint != nil {
			continue
		}
		j := 0
		for _, c := range n.final {
			if c.Ref != nil && c.Ref.Named {
				for j < len(n.cols) && n.cols[j].target == nil {
					j++
				}
				c.Ref.Schema = n.cols[j].target.label
				j++
			}
		}
		if n.parent != nil && !n.result {
			n.final[1] = fkColumn(n.parent.label)
		}
	}
}

// schemaBlocks writes a node as its [SCHEMA] and [DATA] blocks.
func (f *fromJSON) schemaBlocks(n *node) []ir.DSLBlock {
	s := &ir.DSLSchema{Label: n.label, Columns: n.final}
	d := &ir.DSLData{Schema: -1}
	rows := n.out
	var order []int
	if ids := f.rowHint[n.label]; ids != nil {
		if len(ids) != len(rows) {
			f.errAt(0, CodeBadHint, "list every row ID once", "$agentdsl.rows.%s lists %d IDs for %d rows", n.label, len(ids), len(rows))
			return nil
		}
		order = make([]int, 0, len(rows))
		for _, id := range ids {
			i, ok := n.ids.get(id)
			if !ok {
				f.errAt(0, CodeBadHint, "list the IDs of the rows", "$agentdsl.rows.%s names ID %s, which no row has", n.label, id)
				return nil
			}
			order = append(order, i)
		}
		rows = make([]ir.DSLRow, len(order))
		for k, i := range order {
			rows[k] = n.out[i]
		}
	}
	f.reportRows(n, order)
	if rows == nil {
		rows = []ir.DSLRow{}
	}
	d.Rows = rows
	return []ir.DSLBlock{s, d}
}

// reportRows reports the cells of n's rows that do not fit their columns, row
// by row in the order given (input order when nil).
func (f *fromJSON) reportRows(n *node, order []int) {
	if len(n.errs) == 0 {
		return
	}
	slices.SortStableFunc(n.errs, func(a, b rowErr) int { return a.row - b.row })
	if order == nil {
		for _, e := range n.errs {
			f.report(e.d)
		}
		return
	}
	first := map[int]int{}
	for k := len(n.errs) - 1; k >= 0; k-- {
		first[n.errs[k].row] = k
	}
	for _, i := range order {
		k, ok := first[i]
		for ok && k < len(n.errs) && n.errs[k].row == i {
			f.report(n.errs[k].d)
			k++
		}
	}
}

// cellText writes a JSON value as a cell of kind k; ok is false when it does
// not fit. An array in a str column is appendStrList's.
func cellText(k ir.DSLTypeKind, v *scalar) (string, bool) {
	if v.Kind == ir.JSONNull {
		return "_", true
	}
	switch k {
	case ir.DSLInt, ir.DSLFloat:
		return v.Raw, v.Kind == ir.JSONNumber
	case ir.DSLStr:
		if v.Kind == ir.JSONString {
			return v.Str, !v.Lossy && !strings.ContainsAny(v.Str, ",|\n") && v.Str != "_" && v.Str != ""
		}
		return v.Raw, false
	}
	return v.compact(), true
}

// multiPart reports whether a string element of an array is one value of a
// multi-value str cell. A '\r' is content inside a line (only the '\r's that
// end one belong to the line ending), so a str value may hold one; writeRow
// refuses one that would end the row.
func multiPart(s string, lossy bool) bool {
	return !lossy && s != "" && s != "_" && !strings.ContainsAny(s, ",|\n")
}

// appendStrList appends what cellText gives for the array at off in a str
// column, without decoding it into a tree.
func (d *decoder) appendStrList(b []byte, off int) ([]byte, bool) {
	save, start := d.i, len(b)
	defer func() { d.i = save }()
	d.i = off + 1
	d.space()
	n := 0
	for d.s[d.i] != ']' {
		if d.s[d.i] != '"' {
			return append(b[:start], d.s[off:d.end(off)]...), false
		}
		s, lossy := d.str()
		if !multiPart(s, lossy) {
			return append(b[:start], d.s[off:d.end(off)]...), false
		}
		if n > 0 {
			b = append(b, ',')
		}
		b = append(b, s...)
		n++
		d.next()
	}
	return b, n >= 2
}

// jsonBlock is the [JSON] block a document needs: the bare top level, the
// schemas whose IDs were assigned, and the key order of the schemas whose
// objects hold an array of objects before another key (KEYS:LABEL=KEY,...),
// which to_json would otherwise write after the object's other keys.
func (f *fromJSON) jsonBlock(topKind string, roots []*node, seq []string) *ir.DSLJSON {
	j := &ir.DSLJSON{}
	if topKind != "" {
		j.Params = append(j.Params, &ir.DSLParam{Name: topKind, Value: roots[0].label})
	}
	var noid []string
	for _, l := range seq {
		if n := f.labels[l]; n != nil && !n.result && !n.hasID && n.count > 0 {
			noid = append(noid, l)
		}
	}
	if noid != nil {
		j.Params = append(j.Params, &ir.DSLParam{Name: "NOID", Value: strings.Join(noid, ",")})
	}
	for _, l := range seq {
		if n := f.labels[l]; n != nil && !n.result && n.count > 0 && childBeforeColumn(n) {
			j.Params = append(j.Params, &ir.DSLParam{Name: "KEYS", Value: l + "=" + strings.Join(n.keys, ",")})
		}
	}
	if len(j.Params) == 0 {
		return nil
	}
	return j
}

// childBeforeColumn reports whether n's objects hold an array of objects (a
// child schema's rows) before a key that becomes a column.
func childBeforeColumn(n *node) bool {
	child := false
	for _, k := range n.keys {
		if c := n.byKey[k]; c != nil && c.child != nil {
			child = true
		} else if child {
			return true
		}
	}
	return false
}

// readHints reads $agentdsl.
func (f *fromJSON) readHints(off int) {
	d := &f.d
	if d.s[off] != '{' {
		f.errAt(off, CodeBadHint, "$agentdsl is an object", "$agentdsl is a %s", kindName(kindOf(d.s[off])))
		return
	}
	keys, offs := d.members(off)
	for i, k := range keys {
		switch k {
		case "columns":
			v := d.valueAt(offs[i])
			if v.Kind != ir.JSONObject {
				f.errAt(d.offset(v), CodeBadHint, "columns maps labels to column lines", "$agentdsl.columns is a %s", kindName(v.Kind))
				return
			}
			for _, m := range v.Members {
				l, line := m.Key, m.Value
				if line.Kind != ir.JSONString {
					f.errAt(d.offset(line), CodeBadHint, "a column line is a string", "$agentdsl.columns.%s is a %s", l, kindName(line.Kind))
					return
				}
				cols, err := f.syn.ParseColumns(line.Text)
				if err != nil {
					f.errAt(d.offset(line), CodeBadHint, "write the column line as in [SCHEMA]", "$agentdsl.columns.%s: %v", l, err)
					return
				}
				f.hints[l] = cols
			}
		case "order":
			v := d.valueAt(offs[i])
			if v.Kind != ir.JSONArray {
				f.errAt(d.offset(v), CodeBadHint, "order is an array of labels", "$agentdsl.order is a %s", kindName(v.Kind))
				return
			}
			f.order = []string{}
			for _, it := range v.Items {
				if it.Kind != ir.JSONString {
					f.errAt(d.offset(it), CodeBadHint, "order is an array of labels", "$agentdsl.order holds a %s", kindName(it.Kind))
					return
				}
				f.order = append(f.order, it.Text)
			}
		case "rows":
			// An ID list as long as the table: read off the bytes.
			if vo := offs[i]; d.s[vo] != '{' {
				f.errAt(vo, CodeBadHint, "rows maps labels to arrays of IDs", "$agentdsl.rows is a %s", kindName(kindOf(d.s[vo])))
				return
			}
			labels, lists := d.members(offs[i])
			for j, l := range labels {
				if lo := lists[j]; d.s[lo] != '[' {
					f.errAt(lo, CodeBadHint, "rows maps labels to arrays of IDs", "$agentdsl.rows.%s is a %s", l, kindName(kindOf(d.s[lo])))
					return
				}
				var list []string
				d.i = lists[j] + 1
				d.space()
				for d.s[d.i] != ']' {
					list = append(list, d.shallow().Raw)
					d.next()
				}
				f.rowHint[l] = list
			}
		default:
			f.errAt(offs[i], CodeBadHint, "$agentdsl holds columns, order and rows", "unknown $agentdsl key %s", k)
		}
	}
}

func (f *fromJSON) blockErr(off int, format string, args ...any) {
	f.errAt(off, CodeBadBlocks, "see docs/agentdsl.md for the JSON form of [FUNCTIONS], [CALL] and [RESULT]", format, args...)
}

func (f *fromJSON) functionsBlock(v *ir.JSONValue) ir.DSLBlock {
	d := &f.d
	fs := &ir.DSLFunctions{Span: f.span(d.offset(v))}
	if v.Kind != ir.JSONArray {
		f.blockErr(d.offset(v), "$functions is a %s, not an array", kindName(v.Kind))
		return fs
	}
	for i, it := range v.Items {
		if it.Kind != ir.JSONObject {
			f.blockErr(d.offset(it), "$functions[%d] is a %s, not an object", i, kindName(it.Kind))
			return fs
		}
		fn := &ir.DSLFunction{}
		for _, m := range it.Members {
			k, x := m.Key, m.Value
			switch k {
			case "name":
				fn.Name = x.Text
			case "desc":
				fn.Desc = &ir.DSLText{Text: x.Text}
			case "in", "out":
				cols := f.fieldList(x, fmt.Sprintf("$functions[%d].%s", i, k))
				if k == "in" {
					fn.In = &ir.DSLColumns{Columns: cols}
				} else {
					fn.Out = &ir.DSLColumns{Columns: cols}
				}
			default:
				f.blockErr(d.offset(x), "$functions[%d] has an unknown key %s", i, k)
				return fs
			}
		}
		f.funcs[fn.Name] = fn
		fs.Funcs = append(fs.Funcs, fn)
	}
	return fs
}

// fieldList reads [{"name","type","required"}...] back into columns, through
// the grammar's column parser so that the result is what a column line gives.
func (f *fromJSON) fieldList(v *ir.JSONValue, path string) []*ir.DSLColumn {
	cols := []*ir.DSLColumn{}
	if v.Kind != ir.JSONArray {
		f.blockErr(f.d.offset(v), "%s is a %s, not an array", path, kindName(v.Kind))
		return cols
	}
	for i, it := range v.Items {
		var name, typ string
		req := false
		for _, m := range it.Members {
			switch m.Key {
			case "name":
				name = m.Value.Text
			case "type":
				typ = m.Value.Text
			case "required":
				req = m.Value.Kind == ir.JSONBool && m.Value.Bool
			}
		}
		text := name
		switch {
		case name == "":
			text = typ
		case typ != "":
			text += ":" + typ
		}
		if req {
			text += "*"
		}
		cs, err := f.syn.ParseColumns(text)
		if err != nil || len(cs) != 1 {
			f.blockErr(f.d.offset(it), "%s[%d] is not a field: %v", path, i, err)
			return cols
		}
		cols = append(cols, cs[0])
	}
	return cols
}

func (f *fromJSON) callBlock(v *ir.JSONValue) ir.DSLBlock {
	d := &f.d
	c := &ir.DSLCall{Span: f.span(d.offset(v))}
	if v.Kind != ir.JSONObject {
		f.blockErr(d.offset(v), "$call is a %s, not an object", kindName(v.Kind))
		return c
	}
	if n := v.Member("name"); n != nil {
		c.Name = n.Text
	}
	ps := v.Member("params")
	if ps == nil || ps.Kind != ir.JSONObject {
		f.blockErr(d.offset(v), "$call has no params object")
		return c
	}
	fn := f.funcs[c.Name]
	for _, m := range ps.Members {
		// A value as the scanner reads a row's cell, so a parameter is
		// written as a cell of its column would be.
		at := d.lits[m.Value]
		val := d.scalar(at[0], at[1])
		text := val.Str
		if k := paramKind(fn, m.Key); k == ir.DSLStr && val.Kind == ir.JSONArray {
			b, _ := d.appendStrList(nil, val.Off)
			text = string(b)
		} else if k != ir.DSLBadType {
			text, _ = cellText(k, &val)
		} else if val.Kind != ir.JSONString {
			text = val.compact()
		}
		if strings.ContainsAny(text, "\n\r") {
			f.blockErr(val.Off, "$call.params.%s holds a line break; a call value is one line", m.Key)
			return c
		}
		c.Params = append(c.Params, &ir.DSLParam{Name: m.Key, Value: text})
	}
	return c
}

// resultRows reads the rows of $result (at off) through the schema inference,
// as a schema without IDs (so that the targets of its references become schemas
// written before it). It returns nil when $result has no rows.
func (f *fromJSON) resultRows(off int) *node {
	d := &f.d
	if d.s[off] != '{' {
		return nil // reported by resultBlock
	}
	keys, offs := d.members(off)
	i := slices.Index(keys, "rows")
	if i < 0 {
		return nil
	}
	n := &node{label: keyResult, fixed: true, key: keyResult, path: jpath{tail: "$.$result.rows"}, result: true, byKey: map[string]*fcol{}}
	n.hint = f.hints[keyResult]
	f.nodes = append(f.nodes, n)
	f.read(n, offs[i], false, "$.$result.rows")
	if !n.keysSet && n.hint == nil {
		f.blockErr(offs[i], "$result.rows has no row to infer the header from, and no $agentdsl columns hint")
	}
	return n
}

// resultBlock writes $result (at off) as a [RESULT] block; n holds its rows, or
// is nil.
func (f *fromJSON) resultBlock(off int, n *node) ir.DSLBlock {
	d := &f.d
	r := &ir.DSLResult{Span: f.src.Span(off, off)}
	if d.s[off] != '{' {
		f.blockErr(off, "$result is a %s, not an object", kindName(kindOf(d.s[off])))
		return r
	}
	keys, offs := d.members(off)
	for i, k := range keys {
		x := d.shallowAt(offs[i])
		sp := f.src.Span(x.Off, x.Off)
		switch k {
		case "rows":
		case "status":
			r.StatusMarker = sp
			if x.Kind == ir.JSONString {
				r.Status = &ir.DSLText{Span: sp, Text: x.Str}
			}
		case "error":
			r.ErrorMarker = sp
			if x.Kind == ir.JSONString {
				r.Error = &ir.DSLText{Span: sp, Text: x.Str}
			}
		default:
			f.blockErr(x.Off, "$result has an unknown key %s", k)
			return r
		}
	}
	if n != nil {
		r.Header = &ir.DSLColumns{Columns: n.final}
		if len(n.out) > 0 {
			r.Rows = n.out
		}
		f.reportRows(n, nil)
	}
	return r
}
