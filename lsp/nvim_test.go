package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNeovim runs a real editor's client, Neovim's built-in LSP client
// (Debian's neovim package; .ci/run installs it), headless against the
// server: it opens a transcript, receives diagnostics, asks for a hover and a
// definition, types a line (an incremental change from the client), and
// applies a code action; the test checks the answers and the buffer. It
// skips when nvim is not installed, unless ROSETTAC_REQUIRE_TOOLS=1 (CI).
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("ROSETTAC_REQUIRE_TOOLS") == "1" {
			t.Fatalf("nvim not found and ROSETTAC_REQUIRE_TOOLS=1: install Debian's neovim package (apt-get install -y neovim)")
		}
		t.Skip("nvim not found: install Debian's neovim package (apt-get install -y neovim) to run the real-client test")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "t.rose")
	if err := os.WriteFile(file, []byte(transcript), 0o644); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs("testdata/nvim_client.lua")
	if err != nil {
		t.Fatal(err)
	}
	outPath := filepath.Join(dir, "out.jsonl")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-u", "NONE", "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ROSETTAC_NVIM_OUT="+outPath, "ROSETTAC_NVIM_FILE="+file,
		"ROSETTAC_NVIM_SERVER="+os.Args[0], "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	f, err := os.Open(outPath)
	if err != nil {
		t.Fatalf("nvim wrote no results: %v", err)
	}
	defer f.Close()
	got := map[string]json.RawMessage{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var kv struct {
			Key   string
			Value json.RawMessage
		}
		if err := json.Unmarshal(sc.Bytes(), &kv); err != nil {
			t.Fatalf("%s: %v", sc.Text(), err)
		}
		got[kv.Key] = kv.Value
	}
	if e, ok := got["error"]; ok {
		t.Fatalf("the Lua client failed: %s", e)
	}
	if string(got["attached"]) != "true" {
		t.Fatalf("no E008 published to Neovim: %s", got["diagnostics"])
	}
	var ds []struct {
		Code      string
		Lnum, Col int
		EndCol    int `json:"end_col"`
		Source    string
	}
	if err := json.Unmarshal(got["diagnostics"], &ds); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range ds {
		if d.Code == "I011" {
			// WARN after 好🚀: Neovim converts the server's UTF-16 to its
			// byte columns: 12 + 1 + 3 + 4 + 2 (the list item WARN is a symbol, C7).
			found = d.Lnum == 7 && d.Col == 22 && d.EndCol == 26 && d.Source == "rosettac"
		}
	}
	if !found {
		t.Errorf("Neovim's I011 = %s, want line 7, byte columns 22-26", got["diagnostics"])
	}

	var hover struct{ Contents struct{ Value string } }
	if err := json.Unmarshal(got["hover"], &hover); err != nil || !strings.Contains(hover.Contents.Value, "second line 二") || !strings.Contains(hover.Contents.Value, "exact") {
		t.Errorf("hover = %s", got["hover"])
	}
	var defs []struct{ Range rng }
	if err := json.Unmarshal(got["definition"], &defs); err != nil || len(defs) != 1 || defs[0].Range != (rng{pos{0, 0}, pos{0, 4}}) {
		t.Errorf("definition = %s, want a1.1's id", got["definition"])
	}
	if string(got["parent_typed"]) != "true" {
		t.Errorf("the E008 stayed after the parent was typed in Neovim: %s", got["diagnostics_after"])
	}
	if !strings.Contains(string(got["actions"]), "Format document") {
		t.Errorf("code actions = %s", got["actions"])
	}
	var buf []string
	if err := json.Unmarshal(got["buffer"], &buf); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(buf, "\n")
	// Formatted: c1.1's topic is its parent's now, so the canonical form
	// folds it away; the content bytes are as they were.
	if !strings.Contains(text, "\nc1.1 tell >a1 re=z9.9\n") || strings.Contains(text, "re=z9.9 #ops") || !strings.Contains(text, " q 准备好了吗🚀?") || !strings.Contains(text, "| 第一行 🚀 emoji line") {
		t.Errorf("buffer after format document:\n%s", text)
	}
	if string(got["offset_encoding"]) != `"utf-16"` {
		t.Errorf("Neovim's offset encoding = %s", got["offset_encoding"])
	}
}
