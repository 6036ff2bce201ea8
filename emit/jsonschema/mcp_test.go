package jsonschema_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/jsonschema"
	"github.com/rosettac/rosettac/internal/interoptest"
	"github.com/rosettac/rosettac/ir"
)

// TestMCPToolsValidate: for every AgentDSL file in the repository that
// declares functions, gen jsonschema --mcp writes tools each valid against the
// Tool definition of MCP 2025-11-25's own schema, the whole output valid as a
// ListToolsResult, and every input and output schema a JSON Schema that
// compiles (2020-12).
func TestMCPToolsValidate(t *testing.T) {
	dir := interoptest.Dir(t, "mcp/schema/2025-11-25")
	schemaFile := filepath.Join(dir, "schema.json")
	toolSchema := interoptest.Schema(t, schemaFile, "/$defs/Tool")
	listSchema := interoptest.Schema(t, schemaFile, "/$defs/ListToolsResult")
	var files []string
	filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".adsl") {
			files = append(files, p)
		}
		return nil
	})
	described := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r := compiler.Check(p, src, compiler.Options{From: ir.AgentDSL})
		out, ds := jsonschema.Generate(r.Doc, jsonschema.Options{Source: p, MCP: true})
		if len(out) == 0 {
			if !strings.Contains(ds.String(), jsonschema.CodeNoFunctions) {
				t.Errorf("%s: no output: %v", p, ds)
			}
			continue
		}
		described++
		if err := interoptest.Validate(listSchema, out[0].Data); err != nil {
			t.Errorf("%s: not a ListToolsResult: %v", p, err)
		}
		var list struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(out[0].Data, &list); err != nil {
			t.Fatal(err)
		}
		for _, tool := range list.Tools {
			if err := interoptest.Validate(toolSchema, tool); err != nil {
				t.Errorf("%s: tool %s is not an MCP Tool: %v", p, tool, err)
			}
			var parts map[string]json.RawMessage
			json.Unmarshal(tool, &parts)
			for _, k := range []string{"inputSchema", "outputSchema"} {
				if s, ok := parts[k]; ok {
					if err := interoptest.CompileSchema(s); err != nil {
						t.Errorf("%s: %s is not a JSON Schema: %v", p, k, err)
					}
				}
			}
		}
	}
	if described == 0 {
		t.Fatal("no AgentDSL file with functions found")
	}
	t.Logf("%d of %d AgentDSL files declare functions; all validate", described, len(files))
}
