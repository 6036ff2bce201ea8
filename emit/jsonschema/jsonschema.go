// Package jsonschema owns `rosettac gen jsonschema`: the functions of an
// AgentDSL [FUNCTIONS] declaration as JSON Schema tool definitions, in the shape
// an MCP host lists tools ({"tools":[{"name","description","inputSchema",
// "outputSchema"}]}) and A2A agents describe skills, so that the Go contract
// (emit/gogen) and the wire contract come from one declaration.
//
// The mapping (docs/gogen.md): int is "integer", float "number", str "string",
// any is the empty schema (any JSON value), a reference is an "integer" row ID
// whose description names its schema. Required parameters (*) are listed in
// "required"; no other property is allowed. OUT fields describe one row of the
// [RESULT]; a result carries rows, so outputSchema is an object whose "rows"
// property is an array of such rows, each cell typed as translate --to json
// writes it (null for _, an array of strings for a multi-value str). The
// output is deterministic: fields keep their declared order.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	"github.com/rosettac/rosettac/ir"
)

// Diagnostic codes (docs/gogen.md).
const (
	CodeNotDSL      = "G004" // the input is not AgentDSL (shared with emit/gogen)
	CodeNoFunctions = "G005" // no [FUNCTIONS] to describe
)

// Options configures Generate.
type Options struct {
	Source string // the input's name
	Output string // the output file's name; "" means Source with .json for its extension
}

// Generate returns the tool definitions of doc's functions as one JSON file.
func Generate(doc ir.Document, opt Options) ([]emit.File, diag.List) {
	var ds diag.List
	d, ok := doc.(*ir.DSLDoc)
	if !ok || d == nil {
		sp := diag.FileSpan(opt.Source)
		what := "unreadable input"
		if doc != nil {
			sp = doc.Pos().Collapse()
			what = string(doc.Language()) + " input"
		}
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNotDSL, Span: sp,
			Message: "gen reads AgentDSL, not " + what, Hint: "give an .adsl file, or pass --from agentdsl"})
		return nil, ds
	}
	var tools []any
	seen := map[string]bool{}
	for _, b := range d.Blocks {
		fs, ok := b.(*ir.DSLFunctions)
		if !ok {
			continue
		}
		for _, f := range fs.Funcs {
			if seen[f.Name] {
				continue // AD061, reported by the checker
			}
			seen[f.Name] = true
			tools = append(tools, tool(f))
		}
	}
	if len(tools) == 0 {
		sp := d.Span.Collapse()
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoFunctions, Span: sp,
			Message: "no functions to describe: the document has no [FUNCTIONS] block",
			Hint:    "gen jsonschema describes the functions of a [FUNCTIONS] block"})
		return nil, ds
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(object{{"tools", tools}}); err != nil {
		// Every value is a string, a bool or a container of them: a bug.
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoFunctions, Span: d.Span,
			Message: "internal error: " + err.Error(), Hint: "please report this with the input"})
		return nil, ds
	}
	name := opt.Output
	if name == "" {
		name = strings.TrimSuffix(path.Base(opt.Source), path.Ext(opt.Source)) + ".json"
	}
	return []emit.File{{Name: name, Data: b.Bytes()}}, ds
}

// object is a JSON object that keeps its keys in order.
type object []member

type member struct {
	key   string
	value any
}

// MarshalJSON writes the members in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func tool(f *ir.DSLFunction) object {
	t := object{{"name", f.Name}}
	if f.Desc != nil {
		t = append(t, member{"description", f.Desc.Text})
	}
	var in []*ir.DSLColumn
	if f.In != nil {
		in = f.In.Columns
	}
	t = append(t, member{"inputSchema", fields(in, false)})
	if f.Out != nil && len(f.Out.Columns) > 0 {
		// The data form of a [RESULT] (translate --to json, $result) also has
		// "status" and "error": other properties are allowed.
		t = append(t, member{"outputSchema", object{
			{"type", "object"},
			{"properties", object{{"rows", object{{"type", "array"}, {"items", fields(f.Out.Columns, true)}}}}},
			{"required", []string{"rows"}},
		}})
	}
	return t
}

// fields is the object schema of a field list; rows of a result describe
// their cells as the data form writes them (null for _, an array for a
// multi-value str, a nested object for a named reference).
func fields(cols []*ir.DSLColumn, row bool) object {
	props := object{}
	required := []string{}
	for _, c := range cols {
		v := valueSchema(c)
		if row {
			v = rowSchema(c)
		}
		props = append(props, member{c.Name, v})
		if c.Required {
			required = append(required, c.Name)
		}
	}
	o := object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		o = append(o, member{"required", required})
	}
	return append(o, member{"additionalProperties", false})
}

func valueSchema(c *ir.DSLColumn) object {
	if c.Ref != nil {
		return object{{"type", "integer"}, {"description", "ID of a row of " + c.Ref.Schema}}
	}
	switch c.Type.Kind {
	case ir.DSLInt:
		return object{{"type", "integer"}}
	case ir.DSLFloat:
		return object{{"type", "number"}}
	case ir.DSLAny:
		return object{}
	}
	return object{{"type", "string"}}
}

func rowSchema(c *ir.DSLColumn) object {
	switch {
	case c.Ref != nil && c.Ref.Named:
		return object{{"type", []string{"object", "integer", "null"}}, {"description", "a row of " + c.Ref.Schema + ", or its ID"}}
	case c.Ref != nil:
		return object{{"type", []string{"integer", "null"}}, {"description", "ID of a row of " + c.Ref.Schema}}
	}
	switch c.Type.Kind {
	case ir.DSLInt:
		return object{{"type", []string{"integer", "null"}}}
	case ir.DSLFloat:
		return object{{"type", []string{"number", "null"}}}
	case ir.DSLAny:
		return object{}
	}
	return object{{"type", []string{"string", "array", "null"}}, {"items", object{{"type", "string"}}}}
}
