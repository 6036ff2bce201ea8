package datajson

import (
	"encoding/json"
	"strings"
	"testing"
)

var validSeeds = []string{
	``, ` `, `0`, `-0`, `01`, `-`, `1.`, `1.5`, `.5`, `1e5`, `1E+5`, `1e`, `1e+`, `-1.0e-10`, `+1`,
	`"a"`, `"`, `"\"`, `"\u00e9"`, `"\u00g9"`, `"\x"`, `"\/\b\f\n\r\t"`, "\"\x01\"", "\"\xff\xfe\"", `"\ud800"`,
	`true`, `tru`, `truex`, `false`, `null`, `nul`, `nulll`,
	`{}`, `{ }`, `{"a":1}`, `{"a" : 1 , "b":[]}`, `{"a":1,}`, `{,}`, `{"a"}`, `{"a":}`, `{1:2}`, `{"a":1 "b":2}`,
	`[]`, `[ ]`, `[1,2]`, `[1,]`, `[,1]`, `[1 2]`, `[[[]]]`, `[{}]`, `[}`, `{]`, `[`, `]`,
	"\t[1]\r\n", `1 2`, `[1]]`, `{}}`, `{"a":[{"b":{"c":[1,"x",null,true,false,-2.5e3]}}]}`,
	strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth),
	strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1),
	strings.Repeat(`{"a":`, maxDepth) + "1" + strings.Repeat("}", maxDepth),
	strings.Repeat(`[`, maxDepth) + "[]" + strings.Repeat("]", maxDepth),
}

// TestValidJSON: validJSON accepts exactly what json.Valid accepts.
func TestValidJSON(t *testing.T) {
	for _, s := range validSeeds {
		if got, want := validJSON(s), json.Valid([]byte(s)); got != want {
			t.Errorf("validJSON(%.60q) = %v, json.Valid says %v", s, got, want)
		}
	}
}

// FuzzValidJSON: validJSON accepts exactly what json.Valid accepts.
func FuzzValidJSON(f *testing.F) {
	for _, s := range validSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validJSON(s), json.Valid([]byte(s)); got != want {
			t.Fatalf("validJSON(%q) = %v, json.Valid says %v", s, got, want)
		}
	})
}
