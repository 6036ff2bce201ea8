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

// TestRosettaDefToFunctions: a def binding becomes a [FUNCTIONS] entry only
// when it reads back as one (it parses, has DESC, its fields have known types
// and distinct names); any other is named in the T025. A confidence on a
// declaration is a T020. Before, every binding starting DESC[ (or IN[, OUT[)
// was written as it was, so the AgentDSL failed its checker (AD002, AD011,
// AD060) and the confidence was dropped, with no T diagnostic.
func TestRosettaDefToFunctions(t *testing.T) {
	src := "adsl1 def\n F = DESC[x] IN[A:foo|B:int*] OUT[C]\n G = DESC[unclosed\n H = IN[A:int]\n" +
		" K = DESC[k] IN[A:int|A:str]\n OK = DESC[fine [x]] IN[Q:str*|N] OUT[R:float]\n C = DESC[conf] ~hi\n"
	in := compiler.Check("in.rose", []byte(src), compiler.Options{From: ir.Rosetta})
	if in.Doc == nil {
		t.Fatalf("does not parse: %v", in.Diags)
	}
	out, ds := translate.Translate(in.Doc, ir.AgentDSL)
	want := "[FUNCTIONS]\n[OK]\nDESC[fine [x]]\nIN[Q:str*|N]\nOUT[R:float]\n\n[C]\nDESC[conf]\n"
	if d := cmp.Diff(want, string(out)); d != "" {
		t.Errorf("output (-want +got):\n%s", d)
	}
	var got []string
	for _, d := range ds {
		if d.Code == translate.CodeLost || d.Code == translate.CodeConf {
			got = append(got, d.Code+" "+d.Message)
		}
	}
	wantDs := []string{
		"T025 AgentDSL cannot carry def F, def G, def H, def K of adsl1: dropped",
		"T020 AgentDSL has no confidence: 1 confidence of def C dropped",
	}
	if d := cmp.Diff(wantDs, got); d != "" {
		t.Errorf("diagnostics (-want +got):\n%s", d)
	}
	back := compiler.Check("out.adsl", out, compiler.Options{From: ir.AgentDSL})
	if len(back.Diags) > 0 {
		t.Errorf("the AgentDSL output does not check clean: %v", back.Diags)
	}
}
