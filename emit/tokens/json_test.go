package tokens

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/ir"
)

// TestJSONComponents: JSON data read as an AgentDSL document is broken down
// as JSON (keys, values, punctuation), not with AgentDSL's components, whose
// spans do not point at AgentDSL lines there. Before, every token of a JSON
// file was charged to "delimiters".
func TestJSONComponents(t *testing.T) {
	text := []byte(`{"users": [{"ID": 1, "name": "Ann", "ok": true, "x": null}]}`)
	for _, enc := range Encodings {
		m, err := Measure(enc, text, &ir.DSLDoc{}, true)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		sum := 0
		for _, c := range m.Components {
			names = append(names, c.Name)
			sum += c.Tokens
			if c.Tokens == 0 {
				t.Errorf("%s: component %s has no tokens", enc, c.Name)
			}
		}
		if d := cmp.Diff(jsonComponents, names); d != "" {
			t.Errorf("%s: components (-want +got):\n%s", enc, d)
		}
		if sum != m.Total {
			t.Errorf("%s: components sum to %d, total %d", enc, sum, m.Total)
		}
	}
	_, segs := segmentJSON(nil, text)
	var got [][2]string
	for _, s := range segs {
		got = append(got, [2]string{jsonComponents[s.Component], string(text[s.Start:s.End])})
	}
	want := [][2]string{{"keys", `"users"`}, {"keys", `"ID"`}, {"values", "1"}, {"keys", `"name"`}, {"values", `"Ann"`},
		{"keys", `"ok"`}, {"values", "true"}, {"keys", `"x"`}, {"values", "null"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("segments (-want +got):\n%s", d)
	}
}

func TestJSONText(t *testing.T) {
	for in, want := range map[string]bool{
		"{}": true, " \n[{\"a\":1}]": true, "[]": true, "[ \n{": true,
		"[SCHEMA:A]\nID:int\n": false, "[CALL]\n[F]\n": false, "[ SCHEMA:A]": false, "": false, "👽73": false,
	} {
		if got := jsonText([]byte(in)); got != want {
			t.Errorf("jsonText(%q) = %v, want %v", in, got, want)
		}
	}
}
