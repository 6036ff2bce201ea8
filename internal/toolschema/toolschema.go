// Package toolschema owns the JSON Schema of an AgentDSL function as a tool
// definition: the mapping `rosettac gen jsonschema` writes (emit/jsonschema),
// that `rosettac gen go --mcp` embeds in the MCP registration it generates
// (emit/gogen), and that an A2A Agent Card's skills describe. One home, so the
// three cannot disagree.
//
// The mapping (docs/gogen.md): int is "integer", float "number", str "string",
// any is the empty schema (any JSON value), a reference is an "integer" row ID
// whose description names its schema. Required parameters (*) are listed in
// "required"; no other property is allowed. OUT fields describe one row of the
// [RESULT]; a result carries rows, so outputSchema is an object whose "rows"
// property is an array of such rows, each cell typed as translate --to json
// writes it (null for _, an array of strings for a multi-value str). The
// output is deterministic: fields keep their declared order.
package toolschema

import (
	"bytes"
	"encoding/json"

	"github.com/rosettac/rosettac/ir"
)

// Dialect is the JSON Schema dialect of the schemas, the default of MCP
// 2025-11-25; Options.Dialect writes it as "$schema".
const Dialect = "https://json-schema.org/draft/2020-12/schema"

// Options configures Tool.
type Options struct {
	Dialect bool // write "$schema" in inputSchema and outputSchema
}

// Object is a JSON object that keeps its keys in order.
type Object []Member

type Member struct {
	Key   string
	Value any
}

// MarshalJSON writes the members in order.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.Key)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(m.Value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Tool is f's tool definition: name, description, inputSchema and, when f
// declares OUT fields, outputSchema.
func Tool(f *ir.DSLFunction, opt Options) Object {
	t := Object{{"name", f.Name}}
	if f.Desc != nil {
		t = append(t, Member{"description", f.Desc.Text})
	}
	var in []*ir.DSLColumn
	if f.In != nil {
		in = f.In.Columns
	}
	t = append(t, Member{"inputSchema", dialect(fields(in, false), opt)})
	if f.Out != nil && len(f.Out.Columns) > 0 {
		// The data form of a [RESULT] (translate --to json, $result) also has
		// "status" and "error": other properties are allowed.
		t = append(t, Member{"outputSchema", dialect(Object{
			{"type", "object"},
			{"properties", Object{{"rows", Object{{"type", "array"}, {"items", fields(f.Out.Columns, true)}}}}},
			{"required", []string{"rows"}},
		}, opt)})
	}
	return t
}

// fields is the object schema of a field list; rows of a result describe
// their cells as the data form writes them (null for _, an array for a
// multi-value str, a nested object for a named reference).
func fields(cols []*ir.DSLColumn, row bool) Object {
	props := Object{}
	required := []string{}
	for _, c := range cols {
		v := valueSchema(c)
		if row {
			v = rowSchema(c)
		}
		props = append(props, Member{c.Name, v})
		if c.Required {
			required = append(required, c.Name)
		}
	}
	o := Object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		o = append(o, Member{"required", required})
	}
	return append(o, Member{"additionalProperties", false})
}

func valueSchema(c *ir.DSLColumn) Object {
	if c.Ref != nil {
		return Object{{"type", "integer"}, {"description", "ID of a row of " + c.Ref.Schema}}
	}
	switch c.Type.Kind {
	case ir.DSLInt:
		return Object{{"type", "integer"}}
	case ir.DSLFloat:
		return Object{{"type", "number"}}
	case ir.DSLAny:
		return Object{}
	}
	return Object{{"type", "string"}}
}

func rowSchema(c *ir.DSLColumn) Object {
	switch {
	case c.Ref != nil && c.Ref.Named:
		return Object{{"type", []string{"object", "integer", "null"}}, {"description", "a row of " + c.Ref.Schema + ", or its ID"}}
	case c.Ref != nil:
		return Object{{"type", []string{"integer", "null"}}, {"description", "ID of a row of " + c.Ref.Schema}}
	}
	switch c.Type.Kind {
	case ir.DSLInt:
		return Object{{"type", []string{"integer", "null"}}}
	case ir.DSLFloat:
		return Object{{"type", []string{"number", "null"}}}
	case ir.DSLAny:
		return Object{}
	}
	return Object{{"type", []string{"string", "array", "null"}}, {"items", Object{{"type", "string"}}}}
}

func dialect(o Object, opt Options) Object {
	if !opt.Dialect {
		return o
	}
	return append(Object{{"$schema", Dialect}}, o...)
}

// Schema returns the value of key in a tool definition (inputSchema,
// outputSchema), or nil.
func (o Object) Schema(key string) Object {
	for _, m := range o {
		if m.Key == key {
			if s, ok := m.Value.(Object); ok {
				return s
			}
		}
	}
	return nil
}

// JSON is o as compact JSON.
func (o Object) JSON() string {
	b, err := o.MarshalJSON()
	if err != nil {
		return "{}" // every value is a string, a bool or a container of them
	}
	return string(b)
}
