package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/internal/interoptest"
)

// message has one warning (W004): check reports it, repair answers it.
const message = "a1.1 tell >b #t at=2026-08-26T14:05:00Z\n a    x = 1 ~hi\n why  see @zz#L9\n"

// buildRosettac builds the command once for the tests of this package.
func buildRosettac(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "rosettac")
	cmd := exec.Command("go", "build", "-o", bin, "../cmd/rosettac")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// session starts `rosettac mcp` and connects the SDK's client to it over the
// process's standard input and output.
func session(t *testing.T, bin string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "test"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.CommandContext(ctx, bin, "mcp")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sc, _ := json.Marshal(res.StructuredContent)
	return res, string(sc)
}

func textOf(res *mcp.CallToolResult) string {
	if len(res.Content) != 1 {
		return ""
	}
	tc, _ := res.Content[0].(*mcp.TextContent)
	if tc == nil {
		return ""
	}
	return tc.Text
}

// TestStdio drives the built rosettac over a real stdio pipe: every tool is
// listed with input and output schemas, each answers, check's structured
// content is byte for byte what check --format json prints, and the
// catalogues are resources.
func TestStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("builds rosettac; skipped with -short")
	}
	bin := buildRosettac(t)
	cs := session(t, bin)
	ctx := context.Background()

	lt, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range lt.Tools {
		names = append(names, tool.Name)
		if tool.OutputSchema == nil || tool.Description == "" {
			t.Errorf("tool %s lacks an output schema or a description", tool.Name)
		}
		in, _ := json.Marshal(tool.InputSchema)
		if !strings.Contains(string(in), `"text"`) {
			t.Errorf("tool %s does not take text: %s", tool.Name, in)
		}
		// The language a tool takes is any the compiler reads.
		var sch struct {
			Properties map[string]struct {
				Enum []string `json:"enum"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(in, &sch); err != nil {
			t.Fatal(err)
		}
		if l, ok := sch.Properties["language"]; ok && fmt.Sprint(l.Enum) != fmt.Sprint(compiler.Languages()) {
			t.Errorf("tool %s takes languages %v, the compiler reads %v", tool.Name, l.Enum, compiler.Languages())
		}
	}
	if got := strings.Join(names, ","); got != "check,fix,render,repair,tokens,translate" {
		t.Errorf("tools %s", got)
	}

	// check: the diagnostics as lines, and exactly check --format json.
	res, sc := call(t, cs, "check", map[string]any{"text": message})
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "input"), []byte(message), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "check", "--format", "json", "input")
	cmd.Dir = dir
	want, _ := cmd.Output()
	if sc != normal(t, bytes.TrimSpace(want)) {
		t.Errorf("check structured content\n%s\nwant (check --format json)\n%s", sc, want)
	}
	// Its text is exactly check --format llm's (diag.PrintLLM).
	cmd = exec.Command(bin, "check", "--format", "llm", "input")
	cmd.Dir = dir
	wantLLM, _ := cmd.Output()
	if got := textOf(res); got != string(wantLLM) || !strings.HasPrefix(got, "input:1:6 warning W004: no `unk` slot") || res.IsError {
		t.Errorf("check text %q\nwant (check --format llm) %q", got, wantLLM)
	}
	res, sc = call(t, cs, "check", map[string]any{"text": "[SCHEMA:A]\nID:int\n[DATA]\n1\n", "language": "agentdsl"})
	if sc != `{"diagnostics":[]}` || textOf(res) != "no errors or warnings\n" {
		t.Errorf("clean check: %s %q", sc, textOf(res))
	}
	// TOON is read as the JSON it decodes to: here a table of AgentDSL data.
	res, sc = call(t, cs, "check", map[string]any{"text": "users[2]{id,name}:\n  1,Ada\n  2,Bob", "language": "toon"})
	if sc != `{"diagnostics":[]}` || res.IsError {
		t.Errorf("toon check: %s %q", sc, textOf(res))
	}
	res, _ = call(t, cs, "check", map[string]any{"text": "items[3]: a,b", "language": "toon"})
	if !strings.Contains(textOf(res), "TN001") {
		t.Errorf("toon decode error: %q", textOf(res))
	}
	// A2A is read as the Rosetta its messages describe; the reader's losses
	// are in the A2A text.
	a2aMsg := `{"kind":"message","messageId":"m-1","role":"user","parts":[{"kind":"text","text":"hi?"}],"metadata":{"trace":"x"}}`
	res, _ = call(t, cs, "check", map[string]any{"text": a2aMsg, "language": "a2a"})
	if got := textOf(res); !strings.Contains(got, "input:1:101 warning T025") || !strings.Contains(got, "input (as rosetta):1:8 warning W010") {
		t.Errorf("a2a check: %q", got)
	}

	// Bad arguments are tool errors that say what is wrong.
	res, _ = call(t, cs, "check", map[string]any{"text": message, "colour": "red"})
	if !res.IsError || !strings.Contains(textOf(res), `unknown field "colour"`) {
		t.Errorf("unknown argument: %v %q", res.IsError, textOf(res))
	}
	res, _ = call(t, cs, "check", map[string]any{"text": ""})
	if !res.IsError || !strings.Contains(textOf(res), "text is empty") {
		t.Errorf("empty text: %v %q", res.IsError, textOf(res))
	}

	// fix returns the text and what it applied.
	_, sc = call(t, cs, "fix", map[string]any{"text": message})
	if !strings.HasPrefix(sc, `{"applied":[],"diagnostics":[{"code":"W004"`) || !strings.Contains(sc, `"text":"a1.1 tell`) {
		t.Errorf("fix: %s", sc)
	}

	res, sc = call(t, cs, "fix", map[string]any{"text": "a1.1 tell >a2\n a x = 1 ~high\n unk []\n"})
	if textOf(res) != "a1.1 tell >a2\n a x = 1 ~hi\n unk []\n" || !strings.Contains(sc, `"applied":["write the confidence as ~hi"]`) {
		t.Errorf("fix ~high: %q %s", textOf(res), sc)
	}

	// render, translate (to TOON among others), tokens, repair.
	res, _ = call(t, cs, "render", map[string]any{"text": message, "ascii": true})
	if !strings.Contains(textOf(res), "x: 1 (high confidence)") {
		t.Errorf("render: %q", textOf(res))
	}
	res, _ = call(t, cs, "translate", map[string]any{"text": "[SCHEMA:A]\nID:int|N:str\n[DATA]\n1|x\n2|y\n", "to": "toon"})
	if got := textOf(res); got != "A[2]{ID,N}:\n  1,x\n  2,y" {
		t.Errorf("translate to toon: %q", got)
	}
	_, sc = call(t, cs, "tokens", map[string]any{"text": "hello world", "encoding": "o200k_base"})
	if sc != `{"encodings":[{"encoding":"o200k_base","total":2}]}` {
		t.Errorf("tokens: %s", sc)
	}
	res, sc = call(t, cs, "repair", map[string]any{"text": message})
	if !strings.HasPrefix(textOf(res), "sys.1 reject sys>a1 re=a1.1 #sys.protocol\n why  ") || !strings.Contains(sc, `"re":"a1.1"`) {
		t.Errorf("repair: %q %s", textOf(res), sc)
	}

	// The catalogues are resources.
	lr, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(lr.Resources) != 6 {
		t.Errorf("%d resources", len(lr.Resources))
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "rosettac://docs/diagnostics.md"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rr.Contents) != 1 || !strings.Contains(rr.Contents[0].Text, "### W004") {
		t.Errorf("diagnostics.md resource lacks W004")
	}
}

// TestToolsAreMCPTools: every tool definition the server lists is valid
// against the Tool definition of MCP 2025-11-25's schema.
func TestToolsAreMCPTools(t *testing.T) {
	dir := interoptest.Dir(t, "mcp/schema/2025-11-25")
	toolSchema := interoptest.Schema(t, filepath.Join(dir, "schema.json"), "/$defs/Tool")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := newServer().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "t"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	lt, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range lt.Tools {
		b, _ := json.Marshal(tool)
		if err := interoptest.Validate(toolSchema, b); err != nil {
			t.Errorf("%s: %v", tool.Name, err)
		}
		for _, s := range []any{tool.InputSchema, tool.OutputSchema} {
			sb, _ := json.Marshal(s)
			if err := interoptest.CompileSchema(sb); err != nil {
				t.Errorf("%s: schema does not compile: %v", tool.Name, err)
			}
		}
	}
}

// normal is JSON text as the client's structured content marshals back (keys
// sorted), so that the two compare as values.
func normal(t *testing.T, b []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}
