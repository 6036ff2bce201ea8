package agentcard_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/agentcard"
	"github.com/rosettac/rosettac/internal/interoptest"
	"github.com/rosettac/rosettac/ir"
)

const hello = "cmd0 def >* #sys.hello\n dialect = rosetta/2.1\n NAME = Weather agent\n URL = https://agents.example.com/weather\n"

func docs(t *testing.T, adsl ...string) []ir.Document {
	t.Helper()
	out := []ir.Document{compiler.Check("hello.rose", []byte(hello), compiler.Options{}).Doc}
	for _, p := range adsl {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, compiler.Check(p, src, compiler.Options{From: ir.AgentDSL}).Doc)
	}
	return out
}

// TestCardValidates: the card of a handshake and each AgentDSL file of the
// repository with functions is valid against the A2A schema's AgentCard.
func TestCardValidates(t *testing.T) {
	dir := interoptest.Dir(t, "a2a/specification/json")
	card := interoptest.Schema(t, filepath.Join(dir, "a2a.json"), "/definitions/AgentCard")
	files, _ := filepath.Glob("../../examples/*.adsl")
	files = append(files, "../../examples/gotools/tools.adsl")
	n := 0
	for _, f := range files {
		out, ds := agentcard.Generate(docs(t, f), agentcard.Options{})
		if out == nil {
			if !strings.Contains(ds.String(), agentcard.CodeNoSkill) {
				t.Errorf("%s: %v", f, ds)
			}
			continue
		}
		n++
		if err := interoptest.Validate(card, out[0].Data); err != nil {
			t.Errorf("%s: not an AgentCard: %v\n%s", f, err, out[0].Data)
		}
	}
	if n == 0 {
		t.Fatal("no card generated")
	}
}

// TestCardNeeds: a card needs a handshake, a URL and functions.
func TestCardNeeds(t *testing.T) {
	_, ds := agentcard.Generate(docs(t)[1:], agentcard.Options{})
	if !strings.Contains(ds.String(), "G006") {
		t.Errorf("no handshake: %v", ds)
	}
	_, ds = agentcard.Generate(docs(t), agentcard.Options{})
	if !strings.Contains(ds.String(), "G007") {
		t.Errorf("no functions: %v", ds)
	}
	d := compiler.Check("h.rose", []byte("cmd0 def >* #sys.hello\n dialect = rosetta/2.1\n"), compiler.Options{}).Doc
	_, ds = agentcard.Generate(append([]ir.Document{d}, docs(t, "../../examples/gotools/tools.adsl")[1:]...), agentcard.Options{})
	if !strings.Contains(ds.String(), "G006") || !strings.Contains(ds.String(), "no URL") {
		t.Errorf("no URL: %v", ds)
	}
	out, _ := agentcard.Generate(append([]ir.Document{d}, docs(t, "../../examples/gotools/tools.adsl")[1:]...), agentcard.Options{URL: "https://x.example"})
	if out == nil || !strings.Contains(string(out[0].Data), `"url": "https://x.example"`) {
		t.Errorf("--url: %s", out)
	}
}
