package datajson

import (
	"bytes"
	"slices"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/runtime/adslrt"
)

// The $agentdsl hints. to_json knows what from_json will infer from the JSON it
// writes (the same masks decide the types both ways), so it writes a hint only
// where that inference would not give the document back:
//
//	"columns": {"LABEL": "ID:int|...", "$result": "..."}  declarations inference misses
//	"order":   ["LABEL", "$functions", ...]               the block order, when nesting order differs
//	"rows":    {"LABEL": [3, 1, 2]}                        a table's row order by ID, when nesting order differs
//
// A document whose data says everything gets no $agentdsl key; every document
// from_json writes is such a document.

const (
	keyFunctions = "$functions"
	keyCall      = "$call"
	keyResult    = "$result"
	keyHints     = "$agentdsl"
	rootLabel    = "ROOT"
)

// hints returns the $agentdsl object, or "" when none is needed.
func (t *toJSON) hints() string {
	var b bytes.Buffer
	n := 0
	section := func(name string) {
		if n == 0 {
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		n++
		writeString(&b, name)
		b.WriteString(":")
	}
	// Columns.
	m := 0
	addCol := func(key, line string) {
		if m == 0 {
			section("columns")
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		m++
		writeString(&b, key)
		b.WriteByte(':')
		writeString(&b, line)
	}
	nest := t.nestOrder()
	found := map[string]bool{}
	for _, k := range nest {
		found[k] = true
	}
	read := t.readBack()
	for _, x := range t.tabs {
		declared := t.syn.FormatColumns(x.s.Columns)
		inferred, ok := read[x.s.Label]
		if !ok {
			// A target from_json labels otherwise takes this label from the
			// referencing column's hint, and its columns from its data.
			inferred = t.syn.FormatColumns(t.inferred(x))
		}
		if !found[x.s.Label] || inferred != declared {
			addCol(x.s.Label, declared)
		}
	}
	if r := t.res; r != nil && r.Header != nil {
		declared := t.syn.FormatColumns(r.Header.Columns)
		if t.syn.FormatColumns(t.inferredResult(r)) != declared {
			addCol(keyResult, declared)
		}
	}
	if m > 0 {
		b.WriteByte('}')
	}
	// Order.
	if want := t.docOrder(); !slices.Equal(want, nest) {
		section("order")
		b.WriteByte('[')
		for i, s := range want {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(&b, s)
		}
		b.WriteByte(']')
	}
	// Rows.
	m = 0
	for _, x := range t.tabs {
		if !x.reorder || x.noid {
			continue
		}
		if m == 0 {
			section("rows")
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		m++
		writeString(&b, x.s.Label)
		b.WriteString(":[")
		for i := range x.rows {
			if i > 0 {
				b.WriteByte(',')
			}
			if id := x.rows[i].Cell(0); adslrt.IsNumber(id) {
				b.WriteString(id)
			} else {
				writeString(&b, id) // only in a document with errors
			}
		}
		b.WriteByte(']')
	}
	if m > 0 {
		b.WriteByte('}')
	}
	if n == 0 {
		return ""
	}
	b.WriteByte('}')
	return b.String()
}

// readBack returns, by label, the column lines from_json gives the schemas of
// the JSON written so far, when inferred cannot tell them: from_json labels
// the target of a named reference by the key holding it (NAME:@T.ID is read
// back as NAME:@NAME.ID), or by the key and a suffix (NAME_2) when that label
// is taken, which only reading the JSON settles. It returns nil, and inferred
// decides, when every named reference's target is labelled by its key (the
// common case, and the fast one).
func (t *toJSON) readBack() map[string]string {
	keyed := true
	for _, x := range t.tabs {
		for j, target := range x.targets {
			if target != nil && target.s.Label != x.s.Columns[j].Name {
				keyed = false
			}
		}
	}
	if keyed {
		return nil
	}
	text := slices.Clone(t.b.Bytes())
	if len(text) > 0 && text[0] == '{' && !bytes.HasSuffix(text, []byte("\n")) {
		text = append(text, '}') // top has not closed the document yet
	}
	doc, ds := FromJSON(diag.NewSource("", text), t.syn)
	out := map[string]string{}
	if doc == nil || ds.HasErrors() {
		return out // every schema gets its columns hint
	}
	for _, bl := range doc.Blocks {
		if s, ok := bl.(*ir.DSLSchema); ok {
			out[s.Label] = t.syn.FormatColumns(s.Columns)
		}
	}
	return out
}

// inferred is the column list from_json would infer for x from the JSON written.
func (t *toJSON) inferred(x *tab) []*ir.DSLColumn {
	cols := []*ir.DSLColumn{{Name: "ID", Type: ir.DSLType{Kind: ir.DSLInt, Text: "int"}}}
	if x.parent != nil {
		cols = append(cols, fkColumn(x.parent.s.Label))
	}
	if x.seen == 0 {
		return cols // no object: from_json sees no keys
	}
	for j := 1; j < len(x.s.Columns); j++ {
		if j == x.parentCol {
			continue
		}
		name := x.s.Columns[j].Name
		if x.targets[j] != nil {
			cols = append(cols, namedRef(name, name))
			continue
		}
		cols = append(cols, inferColumn(name, x.masks[j]))
	}
	for k, c := range x.children {
		if x.childMsk[k] == mEmpty {
			cols = append(cols, inferColumn(c.s.Label, mEmpty))
		}
	}
	return cols
}

// inferredResult is the header from_json would infer for a [RESULT].
func (t *toJSON) inferredResult(r *ir.DSLResult) []*ir.DSLColumn {
	if len(r.Rows) == 0 {
		return nil
	}
	var cols []*ir.DSLColumn
	for j, c := range r.Header.Columns {
		if c.Ref != nil && c.Ref.Named && t.by[c.Ref.Schema] != nil {
			cols = append(cols, namedRef(c.Name, c.Name))
			continue
		}
		cols = append(cols, inferColumn(c.Name, t.resMasks[j]))
	}
	return cols
}

// inferColumn is the plain column a mask implies. Objects and arrays of objects
// do not make a plain column; the result then cannot equal any declared column.
func inferColumn(name string, m mask) *ir.DSLColumn {
	if m&(mObject|mObjects) != 0 {
		return &ir.DSLColumn{Name: name, Type: ir.DSLType{Kind: ir.DSLBadType, Text: "nested"}}
	}
	k := m.inferKind()
	return &ir.DSLColumn{Name: name, Type: ir.DSLType{Kind: k, Text: k.String()}}
}

func fkColumn(parent string) *ir.DSLColumn {
	return &ir.DSLColumn{Name: parent + "_ID", Ref: &ir.DSLRef{Schema: parent, Field: "ID"}, Type: ir.DSLType{Kind: ir.DSLInt, Text: "int"}}
}

func namedRef(name, target string) *ir.DSLColumn {
	return &ir.DSLColumn{Name: name, Ref: &ir.DSLRef{Schema: target, Field: "ID", Named: true}, Type: ir.DSLType{Kind: ir.DSLInt}}
}

// docOrder is the document's block sequence as from_json rebuilds it: schema
// labels and $functions, $call, $result.
func (t *toJSON) docOrder() []string {
	var seq []string
	seen := map[string]bool{}
	for _, bl := range t.doc.Blocks {
		k := blockKey(bl)
		if k == "" || seen[k] || k[0] != '$' && t.by[k] == nil {
			continue
		}
		seen[k] = true
		seq = append(seq, k)
	}
	return seq
}

func blockKey(bl ir.DSLBlock) string {
	switch x := bl.(type) {
	case *ir.DSLSchema:
		return x.Label
	case *ir.DSLFunctions:
		return keyFunctions
	case *ir.DSLCall:
		return keyCall
	case *ir.DSLResult:
		return keyResult
	}
	return ""
}

// nestOrder is the block sequence from_json writes from the JSON alone: top-level
// keys in order, each schema after the targets of its named references and
// before its children (which it finds only inside its rows).
func (t *toJSON) nestOrder() []string {
	var seq []string
	done := map[*tab]bool{}
	var tree func(x *tab)
	tree = func(x *tab) {
		if done[x] {
			return
		}
		done[x] = true
		for _, tg := range x.targets {
			if tg != nil {
				tree(tg)
			}
		}
		seq = append(seq, x.s.Label)
		if x.seen > 0 {
			for _, c := range x.children {
				tree(c)
			}
		}
	}
	seen := map[string]bool{}
	for _, bl := range t.doc.Blocks {
		k := blockKey(bl)
		if k == "" || seen[k] {
			continue
		}
		switch x := bl.(type) {
		case *ir.DSLSchema:
			if tb := t.by[k]; tb != nil && tb.s == x && tb.root() {
				tree(tb)
			}
			continue
		case *ir.DSLResult:
			if x.Header != nil {
				for _, c := range x.Header.Columns {
					if c.Ref != nil && c.Ref.Named && t.by[c.Ref.Schema] != nil {
						tree(t.by[c.Ref.Schema])
					}
				}
			}
		}
		seen[k] = true
		seq = append(seq, k)
	}
	return seq
}
