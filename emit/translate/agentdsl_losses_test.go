package translate_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// TestRosettaAgentDSLLossNames: every part of a Rosetta message AgentDSL
// cannot carry is named in the message's T025, and prose (between messages,
// or a degraded message with no header) is a T025 of its own. The audit found
// that removing the sender or the degraded-message report broke no test.
func TestRosettaAgentDSLLossNames(t *testing.T) {
	src := "Some prose before.\n\n" +
		"a1.1 do a9>@tool:f #inc.1 pri=hi\n a X = 1\n\n" +
		"a2.1 done >a1 re=a1.1 ttl=5m\n a Y = 2\n\n" +
		"a2.2 fail re=a1.1\n why timeout city not found\n"
	want := []string{
		"1:1 AgentDSL has no prose: this text outside any message is dropped",
		"3:1 AgentDSL cannot carry pri=hi, id a1.1, sender a9, topic #inc.1 of a1.1: dropped",
		"6:1 AgentDSL cannot carry ttl=5m, id a2.1, route >a1 of a2.1: dropped",
		"9:1 AgentDSL cannot carry id a2.2, failure code timeout of a2.2: dropped",
	}
	if d := cmp.Diff(want, lossMessages(t, src)); d != "" {
		t.Errorf("T025s (-want +got):\n%s", d)
	}
	// A message the Rosetta parser could not read (no header) is prose too.
	got := lossMessages(t, "no header here\n")
	if d := cmp.Diff([]string{"1:1 AgentDSL has no prose: this text is dropped"}, got); d != "" {
		t.Errorf("degraded message (-want +got):\n%s", d)
	}
}

func lossMessages(t *testing.T, src string) []string {
	t.Helper()
	in := compiler.Check("in.rose", []byte(src), compiler.Options{From: ir.Rosetta})
	if in.Doc == nil {
		t.Fatalf("does not parse: %v", in.Diags)
	}
	_, ds := translate.Translate(in.Doc, ir.AgentDSL)
	var got []string
	for _, d := range ds {
		if d.Code == translate.CodeLost {
			got = append(got, d.Span.Start().String()+" "+d.Message)
		}
	}
	return got
}
