package datajson

import (
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
)

// TestSecondBlockLeftOut: JSON has one $functions, $call and $result key, so a
// second block of each kind is reported (T001) and the first one is written.
func TestSecondBlockLeftOut(t *testing.T) {
	src := "[FUNCTIONS]\n[A]\nDESC[a]\n\n[FUNCTIONS]\n[B]\nDESC[b]\n\n[CALL]\n[A]\n\n[CALL]\n[B]\n\n" +
		"[RESULT]\n[STATUS:str]\nSUCCESS\n\n[RESULT]\n[STATUS:str]\nSUCCESS\n"
	doc, ds := agentdsl.Parse(diag.NewSource("x.adsl", []byte(src)))
	if ds.HasErrors() {
		t.Fatalf("parse: %v", ds)
	}
	js, tds := ToJSON(doc, agentdsl.Syntax{})
	var got []string
	for _, d := range tds {
		got = append(got, d.Code+" "+d.Span.Start().String()+" "+d.Message)
	}
	want := []string{
		"T001 5:1 a second [FUNCTIONS] block is left out: JSON has one $functions key",
		"T001 12:1 a second [CALL] block is left out: JSON has one $call key",
		"T001 19:1 a second [RESULT] block is left out: JSON has one $result key",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, k := range []string{`"$functions"`, `"$call"`, `"$result"`} {
		if strings.Count(string(js), k) != 1 {
			t.Errorf("%s appears %d times in %s", k, strings.Count(string(js), k), js)
		}
	}
}
