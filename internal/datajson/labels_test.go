package datajson_test

import (
	"strings"
	"testing"
)

// TestLaw2TakenLabels: JSON whose nested objects share a key in different
// places (from_json labels the second target KEY_2) comes back through
// from_json and to_json with no diagnostic and no $agentdsl hint. Before,
// to_json assumed a named reference's target is labelled by its key, so it
// asked for columns hints that a bare object cannot hold (a T002 warning,
// which made --strict and --to smallest call the JSON lossy) or wrote hints
// a document from from_json never needs.
func TestLaw2TakenLabels(t *testing.T) {
	deep := `{"v":1}`
	for i := 0; i < 12; i++ {
		deep = `{"k":` + deep + `}`
	}
	for _, in := range []string{
		`{"a":{"x":1},"b":{"a":{"y":2}}}`,
		`{"R":[{"a":{"x":1},"b":{"a":{"y":2}}},{"a":{"x":3},"b":{"a":{"y":4}}}]}`,
		`[{"ROOT":{"n":1}}]`,
		`{"R":[{"a":{"x":1},"c":[{"a":{"z":"q"}}]}]}`,
		deep,
	} {
		law2(t, []byte(in))
		out := toJSON(t, fromJSON(t, []byte(in)))
		if strings.Contains(string(out), "$agentdsl") {
			t.Errorf("%s: to_json wrote hints for a document from from_json: %s", in, out)
		}
	}
}
