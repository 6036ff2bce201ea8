package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
)

// TestAgentDSLGolden runs every golden/testdata/agentdsl/*.txtar: the input.adsl
// section through each stage, compared with the sections ir (the debug dump),
// diagnostics, fmt (canonical form), text (rendering), json (to_json) and back
// (from_json of that JSON, in canonical form). ROSETTAC_UPDATE=1 rewrites them.
func TestAgentDSLGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/agentdsl/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ar, err := txtar.ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var input []byte
			for _, s := range ar.Files {
				if s.Name == "input.adsl" {
					input = s.Data
				}
			}
			if input == nil {
				t.Fatal("no input.adsl section")
			}
			got := stages(input)
			update := os.Getenv("ROSETTAC_UPDATE") != ""
			out := &txtar.Archive{Comment: ar.Comment, Files: []txtar.File{{Name: "input.adsl", Data: input}}}
			for _, name := range []string{"ir", "diagnostics", "fmt", "text", "json", "back"} {
				out.Files = append(out.Files, txtar.File{Name: name, Data: []byte(got[name])})
				if update {
					continue
				}
				var want string
				found := false
				for _, s := range ar.Files {
					if s.Name == name {
						want, found = string(s.Data), true
					}
				}
				if !found {
					t.Errorf("missing section %s (run with ROSETTAC_UPDATE=1)", name)
					continue
				}
				if diff := cmp.Diff(want, got[name]); diff != "" {
					t.Errorf("section %s (-golden +got):\n%s", name, diff)
				}
			}
			if update {
				if err := os.WriteFile(f, txtar.Format(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func stages(input []byte) map[string]string {
	got := map[string]string{}
	r := compiler.Check("input.adsl", input, compiler.Options{})
	doc, _ := r.Doc.(*ir.DSLDoc)
	if doc != nil {
		got["ir"] = agentdsl.Dump(doc)
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
