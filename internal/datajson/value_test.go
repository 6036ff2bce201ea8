package datajson_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/ir"
)

// TestDecode: what Decode keeps that encoding/json forgets (members in order
// with duplicates, a number's text, a lone surrogate's literal, bytes that are
// not UTF-8), and where DecodeLiterals says each value is written.
func TestDecode(t *testing.T) {
	in := "{\"b\": 1.50e3, \"a\": [true, null], \"b\": \"\\ud800\", \"\\udc00\": \"x\xffy\"}"
	v, lits, err := datajson.DecodeLiterals([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := &ir.JSONValue{Kind: ir.JSONObject, Members: []*ir.JSONMember{
		{Key: "b", Value: &ir.JSONValue{Kind: ir.JSONNumber, Text: "1.50e3"}},
		{Key: "a", Value: &ir.JSONValue{Kind: ir.JSONArray, Items: []*ir.JSONValue{
			{Kind: ir.JSONBool, Bool: true}, {Kind: ir.JSONNull}}}},
		{Key: "b", Value: &ir.JSONValue{Kind: ir.JSONString, Text: "\uFFFD", Raw: `"\ud800"`}},
		{Key: "\uFFFD", KeyRaw: `"\udc00"`, Value: &ir.JSONValue{Kind: ir.JSONString, Text: "x\xffy"}},
	}}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Fatalf("Decode (-want +got):\n%s", diff)
	}
	at := func(v *ir.JSONValue) string { r := lits[v]; return in[r[0]:r[1]] }
	got := []string{at(v.Members[0].Value), at(v.Members[1].Value), at(v.Members[1].Value.Items[1]), at(v.Members[2].Value)}
	if diff := cmp.Diff([]string{"1.50e3", "[true, null]", "null", `"\ud800"`}, got); diff != "" {
		t.Errorf("literals (-want +got):\n%s", diff)
	}
	if whole := at(v); whole != in {
		t.Errorf("the top value's literal is %q", whole)
	}
}

// TestDecodeDeep: Decode reads as deep as json.Valid accepts (10,000), not
// only the 200 levels jsonvalue.Parse allows a payload.
func TestDecodeDeep(t *testing.T) {
	in := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	v, err := datajson.Decode([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	depth := 0
	for ; len(v.Items) == 1; v = v.Items[0] {
		depth++
	}
	if depth != 4999 {
		t.Errorf("depth %d, want 4999", depth)
	}
	if _, err := datajson.Decode([]byte(strings.Repeat("[", 10001) + strings.Repeat("]", 10001))); err == nil {
		t.Error("JSON nested 10,001 deep decoded; json.Valid refuses it")
	}
}

// TestOutline: Outline decodes depth levels: below them an array or an
// object is one of its kind without elements or members, every other value
// whole.
func TestOutline(t *testing.T) {
	in := `{"a": [1, {"b": [2]}], "s": "x", "o": {"k": {"deep": true}}}`
	shell := func(k ir.JSONKind) *ir.JSONValue { return &ir.JSONValue{Kind: k} }
	num := func(s string) *ir.JSONValue { return &ir.JSONValue{Kind: ir.JSONNumber, Text: s} }
	obj := func(ms ...*ir.JSONMember) *ir.JSONValue { return &ir.JSONValue{Kind: ir.JSONObject, Members: ms} }
	str := &ir.JSONValue{Kind: ir.JSONString, Text: "x"}
	for depth, want := range map[int]*ir.JSONValue{
		0: shell(ir.JSONObject),
		1: obj(&ir.JSONMember{Key: "a", Value: shell(ir.JSONArray)}, &ir.JSONMember{Key: "s", Value: str},
			&ir.JSONMember{Key: "o", Value: shell(ir.JSONObject)}),
		2: obj(&ir.JSONMember{Key: "a", Value: &ir.JSONValue{Kind: ir.JSONArray, Items: []*ir.JSONValue{num("1"), shell(ir.JSONObject)}}},
			&ir.JSONMember{Key: "s", Value: str},
			&ir.JSONMember{Key: "o", Value: obj(&ir.JSONMember{Key: "k", Value: shell(ir.JSONObject)})}),
	} {
		got, err := datajson.Outline(in, depth)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Outline(%d) (-want +got):\n%s", depth, diff)
		}
	}
	whole, _ := datajson.Decode([]byte(in))
	if got, _ := datajson.Outline(in, 4); !cmp.Equal(whole, got) {
		t.Errorf("Outline(4) is not the whole value: %s", cmp.Diff(whole, got))
	}
}
