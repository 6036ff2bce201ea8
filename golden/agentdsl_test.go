package golden

import (
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// TestAgentDSLGolden runs every golden/testdata/agentdsl/*.txtar: the input.adsl
// section through each stage, compared with the sections ir (the IR dump, irDump),
// diagnostics, fmt (canonical form), text (rendering), json (to_json) and back
// (from_json of that JSON, in canonical form). ROSETTAC_UPDATE=1 rewrites them.
func TestAgentDSLGolden(t *testing.T) {
	eachArchive(t, "testdata/agentdsl/*.txtar", func(t *testing.T, path string, ar *txtar.Archive) {
		got := stages(t, inputSection(t, path, ar, "input.adsl"))
		checkSections(t, path, ar, got, []string{"ir", "diagnostics", "fmt", "text", "json", "back"})
	})
}

// stages is what each AgentDSL stage makes of input, by section name; the
// stages after fmt run only on a document without errors.
func stages(t testing.TB, input []byte) map[string]string {
	got := map[string]string{}
	r := compiler.Check("input.adsl", input, compiler.Options{})
	doc, _ := r.Doc.(*ir.DSLDoc)
	if doc != nil {
		got["ir"] = irDump(t, "input.adsl", doc)
	}
	got["diagnostics"] = diagText(r)
	if doc == nil || r.Diags.HasErrors() {
		return got
	}
	out, _ := compiler.Format(r, compiler.FormatOptions{})
	got["fmt"] = string(out)
	txt, _ := text.Render(doc, text.Options{})
	got["text"] = string(txt)
	js, ds := translate.Translate(doc, ir.JSON)
	got["json"] = string(js) + ds.String()
	back := compiler.Check("input.json", js, compiler.Options{From: ir.JSON})
	if back.Doc == nil {
		got["back"] = back.Diags.String()
		return got
	}
	bs, ds := translate.Translate(back.Doc, ir.AgentDSL)
	got["back"] = string(bs) + ds.String()
	if !strings.HasSuffix(got["back"], "\n") && got["back"] != "" {
		got["back"] += "\n"
	}
	return got
}
