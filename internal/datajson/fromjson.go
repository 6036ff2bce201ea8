package datajson

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// node is one schema being inferred from JSON objects.
type node struct {
	label   string
	fixed   bool   // label is a key as written or from a hint (never renamed)
	key     string // the key that introduced the schema
	path    string // JSON path of its first object
	parent  *node  // the schema it nests in as an array, or nil
	result  bool   // the $result rows: no ID
	shared  bool   // rows nest as objects (named reference targets): one row may be met twice
	keys    []string
	hasID   bool // objects carry "ID"
	keysSet bool
	cols    []*fcol
	byKey   map[string]*fcol
	rows    []*frow
	ids     map[string]int // ID text -> row index (for duplicates)
	nextID  int64
	hint    []*ir.DSLColumn // columns given by a $agentdsl hint, or nil
	final   []*ir.DSLColumn // the column line decided
	colIdx  []int           // per final column: its index in cols, or -1 (set by rowCells)
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

// frow is one object: its ID, its parent's ID and its values by column.
type frow struct {
	id     string
	off    int // byte offset of the object
	parent string
	raw    string
	vals   []Value  // per column: the object's values (ID left out); objects and arrays of objects are read from here too
	refs   []string // per column: the nested row's ID for an object value, or nil when the schema has no nested object
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
	at      diag.Pos // the last position computed, so rows in input order cost O(input) in all
}

// pos returns the position of byte off. Rows are met in input order, so it
// scans forward from the last position instead of counting a (possibly huge)
// line's runes from its start each time.
func (f *fromJSON) pos(off int) diag.Pos {
	if off < f.at.Offset || f.at.Line == 0 {
		f.at = f.src.Pos(off)
		return f.at
	}
	t := f.src.Text
	p := f.at
	for i := p.Offset; i < off; i++ {
		switch c := t[i]; {
		case c == '\n':
			p.Line++
			p.Col = 1
		case c < 0x80 || c >= 0xC0:
			p.Col++
		}
	}
	p.Offset = off
	f.at = p
	return p
}

// span is the empty span at byte off.
func (f *fromJSON) span(off int) diag.Span {
	p := f.pos(off)
	return diag.Span{File: f.src.File, Start: p, End: p}
}

// FromJSON reads JSON in the data form back into an AgentDSL document
// (docs/agentdsl.md): it infers schemas from keys and values, pulls nested
// objects and arrays of objects out into schemas of their own linked by
// references, assigns IDs where the objects have none, and applies the
// $agentdsl hints that to_json writes. A value outside the supported shape is a
// T010 error naming its JSON path; the document is then nil.
func FromJSON(src *diag.Source, syn Syntax) (*ir.DSLDoc, diag.List) {
	f := &fromJSON{src: src, syn: syn, labels: map[string]*node{}, hints: map[string][]*ir.DSLColumn{},
		rowHint: map[string][]string{}, funcs: map[string]*ir.DSLFunction{}}
	v, err := Decode(src.Text)
	if err != nil {
		f.errAt(0, CodeBadShape, "write valid JSON", "%v", err)
		return nil, f.diags
	}
	doc := f.top(v)
	if f.failed {
		return nil, f.diags
	}
	return doc, f.diags
}

func (f *fromJSON) errAt(off int, code, hint, format string, args ...any) {
	f.failed = true
	f.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: code, Span: f.src.Span(off, off), Hint: hint, Message: fmt.Sprintf(format, args...)})
}

// shape reports a value outside the supported shape at a JSON path.
func (f *fromJSON) shape(v *Value, path, format string, args ...any) {
	f.errAt(v.Off, CodeBadShape, "the supported shape: objects whose values are scalars, arrays of scalars, objects or arrays of objects with one key set per array (docs/agentdsl.md)",
		"%s: %s", path, fmt.Sprintf(format, args...))
}

// top reads the top-level value: a document object (labels and $ keys), a bare
// object, or a bare array of objects.
func (f *fromJSON) top(v *Value) *ir.DSLDoc {
	doc := &ir.DSLDoc{Span: f.src.Span(0, len(f.src.Text))}
	var roots []*node
	var topKind string
	var funcsBlock ir.DSLBlock
	var resNode *node
	switch {
	case v.Kind == Object && isDocument(v):
		if h := v.Field(keyHints); h != nil {
			f.readHints(h)
		}
		if fs := v.Field(keyFunctions); fs != nil {
			funcsBlock = f.functionsBlock(fs) // before $call, wherever it stands
		}
		for i, k := range v.Keys {
			switch {
			case k == keyResult:
				resNode = f.resultRows(&v.Items[i])
			case k[0] == '$':
			case !isName(k):
				f.shape(&v.Items[i], "$", "key %s is not a label (letters, digits and _)", strconv.Quote(k))
			default:
				n := f.newNode(k, true, "$."+k, nil)
				f.objects(n, &v.Items[i], "$."+k, "")
				roots = append(roots, n)
			}
			if f.failed {
				return nil
			}
		}
	case v.Kind == Object:
		topKind = "OBJECT"
		n := f.newNode(rootLabel, false, "$", nil)
		f.object(n, v, "$", "")
		roots = append(roots, n)
	case v.Kind == Array:
		topKind = "ARRAY"
		n := f.newNode(rootLabel, false, "$", nil)
		f.objects(n, v, "$", "")
		roots = append(roots, n)
	default:
		f.shape(v, "$", "the top level is a %s; it must be an object or an array of objects", kindName(v.Kind))
	}
	if f.failed {
		return nil
	}
	f.decide()
	if f.failed {
		return nil
	}
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
		for i, k := range v.Keys {
			switch k {
			case keyFunctions:
				seq = append(seq, k)
				keyed[k] = []ir.DSLBlock{funcsBlock}
			case keyCall:
				seq = append(seq, k)
				keyed[k] = []ir.DSLBlock{f.callBlock(&v.Items[i])}
			case keyResult:
				if resNode != nil {
					tree(resNode)
				}
				seq = append(seq, k)
				keyed[k] = []ir.DSLBlock{f.resultBlock(&v.Items[i], resNode)}
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
		if l[0] != '$' && f.labels[l] == nil {
			cols := f.hints[l]
			if cols == nil {
				f.errAt(0, CodeBadHint, "name in $agentdsl.order only blocks the JSON or its columns hints hold", "$agentdsl.order names %s, which the JSON does not hold", l)
				return nil
			}
			n := f.newNode(l, true, "$agentdsl.order", nil)
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
func isDocument(v *Value) bool {
	for i, k := range v.Keys {
		if k == keyFunctions || k == keyCall || k == keyResult || k == keyHints {
			continue
		}
		if m := valueMask(&v.Items[i]); m != mObjects && m != mEmpty {
			return false
		}
	}
	return true
}

func kindName(k Kind) string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// newNode starts a schema. Fixed labels are the keys as written; a generated
// label is settled in decide.
func (f *fromJSON) newNode(label string, fixed bool, path string, parent *node) *node {
	n := &node{label: label, fixed: fixed, key: label, path: path, parent: parent, byKey: map[string]*fcol{}, ids: map[string]int{}}
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

// objects reads an array of objects (or []) as rows of n.
func (f *fromJSON) objects(n *node, v *Value, path, parentID string) {
	if v.Kind != Array {
		f.shape(v, path, "a %s where an array of objects is expected", kindName(v.Kind))
		return
	}
	for i := range v.Items {
		if f.failed {
			return
		}
		it := &v.Items[i]
		p := path + "[" + strconv.Itoa(i) + "]"
		if it.Kind != Object {
			f.shape(it, p, "a %s in an array of objects", kindName(it.Kind))
			return
		}
		f.object(n, it, p, parentID)
	}
}

// object reads one object as a row of n and returns its ID.
func (f *fromJSON) object(n *node, v *Value, path, parentID string) string {
	if !n.keysSet {
		f.firstObject(n, v, path)
		if f.failed {
			return ""
		}
	} else if !slices.Equal(n.keys, v.Keys) {
		f.shape(v, path, "keys %s differ from %s at %s; objects of one table share one key set in one order",
			strings.Join(v.Keys, ","), strings.Join(n.keys, ","), n.path)
		return ""
	}
	r := &frow{off: v.Off, parent: parentID}
	start := 0
	switch {
	case n.result:
	case n.hasID:
		idv := &v.Items[0]
		if valueMask(idv) != mInt {
			f.shape(idv, path+".ID", "ID is %s; a row ID is a 64-bit integer", idv.Raw)
			return ""
		}
		r.id = idv.Raw
		start = 1
		if i, ok := n.ids[r.id]; ok {
			if n.rows[i].raw == v.Raw && n.shared {
				return r.id // the same row, referenced twice
			}
			f.shape(idv, path+".ID", "duplicate ID %s in %s", r.id, n.label)
			return ""
		}
	default:
		n.nextID++
		r.id = strconv.FormatInt(n.nextID, 10)
	}
	if !n.result {
		n.ids[r.id] = len(n.rows)
		r.raw = v.Raw
	}
	n.rows = append(n.rows, r)
	r.vals = v.Items[start:]
	ref := func(i int, id string) {
		if r.refs == nil {
			r.refs = make([]string, len(n.cols))
		}
		r.refs[i] = id
	}
	for i := start; i < len(v.Keys); i++ {
		c := n.cols[i-start]
		val := &v.Items[i]
		p := path + "." + v.Keys[i]
		if c.hinted != nil {
			if c.hinted.Ref != nil && c.hinted.Ref.Named {
				if val.Kind == Object {
					ref(i-start, f.object(c.target, val, p, ""))
				} else if val.Kind != Null {
					f.shape(val, p, "a %s where the reference %s holds an object", kindName(val.Kind), c.key)
				}
				continue
			}
			continue
		}
		m := valueMask(val)
		c.m |= m
		switch m {
		case mObject:
			if c.target == nil {
				c.target = f.newNode(c.key, false, p, nil)
				c.target.shared = true
			}
			ref(i-start, f.object(c.target, val, p, ""))
		case mObjects:
			if n.result {
				f.shape(val, p, "an array of objects in a $result row; result rows have no ID to nest under")
				return ""
			}
			if c.child == nil {
				c.child = f.newNode(c.key, true, p+"[0]", n)
			}
			f.objects(c.child, val, p, r.id)
		case mObjects | mArray:
			f.shape(val, p, "an array that mixes objects and other values")
			return ""
		}
		if f.failed {
			return ""
		}
	}
	return r.id
}

// firstObject settles a schema's keys from its first object.
func (f *fromJSON) firstObject(n *node, v *Value, path string) {
	n.keysSet = true
	n.keys = v.Keys
	n.path = path
	seen := map[string]bool{}
	for i, k := range v.Keys {
		if seen[k] {
			f.shape(&v.Items[i], path+"."+k, "key %s appears twice", k)
			return
		}
		seen[k] = true
		if !isName(k) {
			f.shape(&v.Items[i], path, "key %s is not a field name (letters, digits and _)", strconv.Quote(k))
			return
		}
		if k == "ID" && i > 0 && !n.result {
			f.shape(&v.Items[i], path+".ID", "key ID comes first: it becomes the row ID")
			return
		}
	}
	keys := v.Keys
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
					c.target = f.newNode(hc.Ref.Schema, true, path+"."+k, nil)
				}
				c.target.shared = true
			}
		}
		n.cols = append(n.cols, c)
		n.byKey[k] = c
	}
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
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
					c.child = f.newNode(c.key, true, n.path+"."+c.key, n) // a child with no rows
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
	rows := n.rows
	if ids := f.rowHint[n.label]; ids != nil {
		if len(ids) != len(rows) {
			f.errAt(0, CodeBadHint, "list every row ID once", "$agentdsl.rows.%s lists %d IDs for %d rows", n.label, len(ids), len(rows))
			return nil
		}
		ordered := make([]*frow, 0, len(rows))
		for _, id := range ids {
			i, ok := n.ids[id]
			if !ok {
				f.errAt(0, CodeBadHint, "list the IDs of the rows", "$agentdsl.rows.%s names ID %s, which no row has", n.label, id)
				return nil
			}
			ordered = append(ordered, rows[i])
		}
		rows = ordered
	}
	d.Rows = make([]ir.DSLRow, len(rows))
	var cells []ir.DSLCell
	var b strings.Builder
	for i, r := range rows {
		b.Reset()
		cells = f.rowCells(n, r, &b, cells)
		d.Rows[i] = ir.DSLRow{Span: f.span(r.off), Text: b.String(), Cells: cells[len(cells)-len(n.final) : len(cells) : len(cells)]}
	}
	return []ir.DSLBlock{s, d}
}

// rowCells writes the cells of row r into b, appending their ranges to cells.
func (f *fromJSON) rowCells(n *node, r *frow, b *strings.Builder, cells []ir.DSLCell) []ir.DSLCell {
	first := true
	sep := func() {
		if !first {
			b.WriteByte('|')
		}
		first = false
	}
	emit := func(s string) {
		sep()
		start := b.Len()
		b.WriteString(s)
		cells = append(cells, ir.DSLCell{Start: int32(start), End: int32(b.Len())})
	}
	if n.colIdx == nil {
		n.colIdx = make([]int, len(n.final))
		for j, col := range n.final {
			n.colIdx[j] = -1
			if c := n.byKey[col.Name]; c != nil {
				n.colIdx[j] = slices.Index(n.cols, c)
			}
		}
	}
	for j, col := range n.final {
		switch {
		case col.Name == "ID" && col.Ref == nil && !n.result:
			emit(r.id)
		case col.Ref != nil && !col.Ref.Named && n.parent != nil && col.Ref.Schema == n.parent.label && r.parent != "":
			emit(r.parent)
		default:
			i := n.colIdx[j]
			if i < 0 {
				emit("_")
				continue
			}
			if col.Ref != nil && col.Ref.Named {
				if r.refs == nil || r.refs[i] == "" {
					emit("_")
				} else {
					emit(r.refs[i])
				}
				continue
			}
			text, ok := cellText(col.Type.Kind, &r.vals[i])
			if !ok {
				f.shape(&r.vals[i], n.path+"."+col.Name, "%s does not fit column %s", clip(r.vals[i].Raw), f.syn.FormatColumns([]*ir.DSLColumn{col}))
			}
			emit(text)
		}
	}
	return cells
}

// cellText writes a JSON value as a cell of kind k; ok is false when it does not fit.
func cellText(k ir.DSLTypeKind, v *Value) (string, bool) {
	if v == nil || v.Kind == Null {
		return "_", true
	}
	switch k {
	case ir.DSLInt, ir.DSLFloat:
		return v.Raw, v.Kind == Number
	case ir.DSLStr:
		switch v.Kind {
		case String:
			return v.Str, !v.Lossy && !strings.ContainsAny(v.Str, ",|\n\r") && v.Str != "_" && v.Str != ""
		case Array:
			parts := make([]string, len(v.Items))
			for i := range v.Items {
				it := &v.Items[i]
				if it.Kind != String || it.Lossy || it.Str == "" || it.Str == "_" || strings.ContainsAny(it.Str, ",|\n\r") {
					return v.Raw, false
				}
				parts[i] = it.Str
			}
			return strings.Join(parts, ","), len(parts) >= 2
		}
		return v.Raw, false
	}
	return v.compact(), true
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// jsonBlock is the [JSON] block a document needs: the bare top level and the
// schemas whose IDs were assigned.
func (f *fromJSON) jsonBlock(topKind string, roots []*node, seq []string) *ir.DSLJSON {
	j := &ir.DSLJSON{}
	if topKind != "" {
		j.Params = append(j.Params, &ir.DSLParam{Name: topKind, Value: roots[0].label})
	}
	var noid []string
	for _, l := range seq {
		if n := f.labels[l]; n != nil && !n.result && !n.hasID && len(n.rows) > 0 {
			noid = append(noid, l)
		}
	}
	if noid != nil {
		j.Params = append(j.Params, &ir.DSLParam{Name: "NOID", Value: strings.Join(noid, ",")})
	}
	if len(j.Params) == 0 {
		return nil
	}
	return j
}

// readHints reads $agentdsl.
func (f *fromJSON) readHints(h *Value) {
	if h.Kind != Object {
		f.errAt(h.Off, CodeBadHint, "$agentdsl is an object", "$agentdsl is a %s", kindName(h.Kind))
		return
	}
	for i, k := range h.Keys {
		v := &h.Items[i]
		switch k {
		case "columns":
			if v.Kind != Object {
				f.errAt(v.Off, CodeBadHint, "columns maps labels to column lines", "$agentdsl.columns is a %s", kindName(v.Kind))
				return
			}
			for j, l := range v.Keys {
				line := &v.Items[j]
				if line.Kind != String {
					f.errAt(line.Off, CodeBadHint, "a column line is a string", "$agentdsl.columns.%s is a %s", l, kindName(line.Kind))
					return
				}
				cols, err := f.syn.ParseColumns(line.Str)
				if err != nil {
					f.errAt(line.Off, CodeBadHint, "write the column line as in [SCHEMA]", "$agentdsl.columns.%s: %v", l, err)
					return
				}
				f.hints[l] = cols
			}
		case "order":
			if v.Kind != Array {
				f.errAt(v.Off, CodeBadHint, "order is an array of labels", "$agentdsl.order is a %s", kindName(v.Kind))
				return
			}
			f.order = []string{}
			for j := range v.Items {
				if v.Items[j].Kind != String {
					f.errAt(v.Items[j].Off, CodeBadHint, "order is an array of labels", "$agentdsl.order holds a %s", kindName(v.Items[j].Kind))
					return
				}
				f.order = append(f.order, v.Items[j].Str)
			}
		case "rows":
			if v.Kind != Object {
				f.errAt(v.Off, CodeBadHint, "rows maps labels to arrays of IDs", "$agentdsl.rows is a %s", kindName(v.Kind))
				return
			}
			for j, l := range v.Keys {
				ids := &v.Items[j]
				if ids.Kind != Array {
					f.errAt(ids.Off, CodeBadHint, "rows maps labels to arrays of IDs", "$agentdsl.rows.%s is a %s", l, kindName(ids.Kind))
					return
				}
				var list []string
				for x := range ids.Items {
					list = append(list, ids.Items[x].Raw)
				}
				f.rowHint[l] = list
			}
		default:
			f.errAt(v.Off, CodeBadHint, "$agentdsl holds columns, order and rows", "unknown $agentdsl key %s", k)
		}
	}
}

func (f *fromJSON) blockErr(v *Value, format string, args ...any) {
	f.errAt(v.Off, CodeBadBlocks, "see docs/agentdsl.md for the JSON form of [FUNCTIONS], [CALL] and [RESULT]", format, args...)
}

func (f *fromJSON) functionsBlock(v *Value) ir.DSLBlock {
	fs := &ir.DSLFunctions{Span: f.src.Span(v.Off, v.Off)}
	if v.Kind != Array {
		f.blockErr(v, "$functions is a %s, not an array", kindName(v.Kind))
		return fs
	}
	for i := range v.Items {
		it := &v.Items[i]
		if it.Kind != Object {
			f.blockErr(it, "$functions[%d] is a %s, not an object", i, kindName(it.Kind))
			return fs
		}
		fn := &ir.DSLFunction{}
		for j, k := range it.Keys {
			x := &it.Items[j]
			switch k {
			case "name":
				fn.Name = x.Str
			case "desc":
				fn.Desc = &ir.DSLText{Text: x.Str}
			case "in", "out":
				cols := f.fieldList(x, fmt.Sprintf("$functions[%d].%s", i, k))
				if k == "in" {
					fn.In = &ir.DSLColumns{Columns: cols}
				} else {
					fn.Out = &ir.DSLColumns{Columns: cols}
				}
			default:
				f.blockErr(x, "$functions[%d] has an unknown key %s", i, k)
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
func (f *fromJSON) fieldList(v *Value, path string) []*ir.DSLColumn {
	cols := []*ir.DSLColumn{}
	if v.Kind != Array {
		f.blockErr(v, "%s is a %s, not an array", path, kindName(v.Kind))
		return cols
	}
	for i := range v.Items {
		it := &v.Items[i]
		var name, typ string
		req := false
		for j, k := range it.Keys {
			switch k {
			case "name":
				name = it.Items[j].Str
			case "type":
				typ = it.Items[j].Str
			case "required":
				req = it.Items[j].Raw == "true"
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
			f.blockErr(it, "%s[%d] is not a field: %v", path, i, err)
			return cols
		}
		cols = append(cols, cs[0])
	}
	return cols
}

func (f *fromJSON) callBlock(v *Value) ir.DSLBlock {
	c := &ir.DSLCall{Span: f.src.Span(v.Off, v.Off)}
	if v.Kind != Object {
		f.blockErr(v, "$call is a %s, not an object", kindName(v.Kind))
		return c
	}
	if n := v.Field("name"); n != nil {
		c.Name = n.Str
	}
	ps := v.Field("params")
	if ps == nil || ps.Kind != Object {
		f.blockErr(v, "$call has no params object")
		return c
	}
	fn := f.funcs[c.Name]
	for i, k := range ps.Keys {
		val := &ps.Items[i]
		text := val.Str
		if k := paramKind(fn, k); k != ir.DSLBadType {
			text, _ = cellText(k, val)
		} else if val.Kind != String {
			text = val.compact()
		}
		if strings.ContainsAny(text, "\n\r") {
			f.blockErr(val, "$call.params.%s holds a line break; a call value is one line", k)
			return c
		}
		c.Params = append(c.Params, &ir.DSLParam{Name: k, Value: text})
	}
	return c
}

// resultRows reads the rows of $result through the schema inference, as a
// schema without IDs (so that the targets of its references become schemas
// written before it). It returns nil when $result has no rows.
func (f *fromJSON) resultRows(v *Value) *node {
	if v.Kind != Object {
		return nil // reported by resultBlock
	}
	x := v.Field("rows")
	if x == nil {
		return nil
	}
	n := &node{label: keyResult, fixed: true, key: keyResult, path: "$.$result.rows", result: true, byKey: map[string]*fcol{}, ids: map[string]int{}}
	n.hint = f.hints[keyResult]
	f.nodes = append(f.nodes, n)
	f.objects(n, x, "$.$result.rows", "")
	if !n.keysSet && n.hint == nil {
		f.blockErr(x, "$result.rows has no row to infer the header from, and no $agentdsl columns hint")
	}
	return n
}

// resultBlock writes $result as a [RESULT] block; n holds its rows, or is nil.
func (f *fromJSON) resultBlock(v *Value, n *node) ir.DSLBlock {
	r := &ir.DSLResult{Span: f.src.Span(v.Off, v.Off)}
	if v.Kind != Object {
		f.blockErr(v, "$result is a %s, not an object", kindName(v.Kind))
		return r
	}
	for i, k := range v.Keys {
		x := &v.Items[i]
		sp := f.src.Span(x.Off, x.Off)
		switch k {
		case "rows":
		case "status":
			r.StatusMarker = sp
			if x.Kind == String {
				r.Status = &ir.DSLText{Span: sp, Text: x.Str}
			}
		case "error":
			r.ErrorMarker = sp
			if x.Kind == String {
				r.Error = &ir.DSLText{Span: sp, Text: x.Str}
			}
		default:
			f.blockErr(x, "$result has an unknown key %s", k)
			return r
		}
	}
	if n != nil {
		r.Header = &ir.DSLColumns{Columns: n.final}
		var cells []ir.DSLCell
		var b strings.Builder
		for _, row := range n.rows {
			b.Reset()
			cells = f.rowCells(n, row, &b, cells)
			r.Rows = append(r.Rows, ir.DSLRow{Span: f.span(row.off), Text: b.String(), Cells: cells[len(cells)-len(n.final) : len(cells) : len(cells)]})
		}
	}
	return r
}
