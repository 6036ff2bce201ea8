package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// A probe shows that a flag changes what a command does: the command is run
// on file with base and then with base and with; the two runs must differ
// in stdout, stderr or exit code. A flag the command reads but ignores
// fails its probe.
type probe struct {
	base, with []string
	file       string
}

// flagProbes are the probes of the flags several commands share.
var flagProbes = map[string]probe{
	"from":              {with: []string{"--from", "lingua"}, file: "nego.rose"},
	"max-bytes":         {with: []string{"--max-bytes", "10"}, file: "nego.rose"},
	"now":               {with: []string{"--now", "2030-01-01T00:00:00Z"}, file: "stale.rose"},
	"livelock":          {with: []string{"--livelock", "1"}, file: "nego.rose"},
	"key-file":          {with: []string{"--key-file", "nosuch.key"}, file: "seed.lingua"},
	"psk-file":          {base: []string{"--session", "s9"}, with: []string{"--psk-file", "psk.txt"}, file: "session.lingua"},
	"session":           {base: []string{"--psk-file", "psk.txt"}, with: []string{"--session", "s9"}, file: "session.lingua"},
	"max-inflate":       {with: []string{"--max-inflate", "8"}, file: "zlib.lingua"},
	"config":            {with: []string{"--config", "nosuch.yaml"}, file: "warn.rose"},
	"format":            {with: []string{"--format", "json"}, file: "warn.rose"},
	"diag-format":       {with: []string{"--diag-format", "json"}, file: "warn.rose"},
	"all-errors":        {with: []string{"--all-errors"}, file: "many.rose"},
	"strict":            {with: []string{"--strict"}, file: "warn.rose"},
	"severity":          {with: []string{"--severity", "error"}, file: "warn.rose"},
	"disable":           {with: []string{"--disable", "W004"}, file: "warn.rose"},
	"one-session":       {base: []string{"m1.rose"}, with: []string{"--one-session"}, file: "m2.rose"},
	"max-inflate-total": {with: []string{"--max-inflate-total", "8"}, file: "zlib.lingua"},
	"max-tokens":        {base: []string{"--format", "llm"}, with: []string{"--max-tokens", "1"}, file: "broken.adsl"},
}

// commandProbes are the probes of a command's own flags, and of shared
// flags whose probe must differ for it.
var commandProbes = map[string]map[string]probe{
	"compile": {
		"emit": {with: []string{"--emit", "ir"}, file: "warn.rose"},
		"o":    {base: []string{"--emit", "ir"}, with: []string{"-o", "out"}, file: "warn.rose"},
	},
	"check": {
		"repair": {with: []string{"--repair"}, file: "warn.rose"},
	},
	"fix": {
		"all":         {with: []string{"--all"}, file: "slip.rose"},
		"l":           {with: []string{"-l"}, file: "slip.rose"},
		"d":           {with: []string{"-d"}, file: "slip.rose"},
		"w":           {with: []string{"-w"}, file: "slip.rose"},
		"diag-format": {with: []string{"--diag-format", "json"}, file: "slip.rose"},
		"disable":     {with: []string{"--disable", "E017"}, file: "slip.rose"},
		"all-errors":  {with: []string{"--all-errors"}, file: "broken.adsl"},
	},
	"render": {
		"block": {with: []string{"--block", "@a1.1.body"}, file: "blocks.rose"},
		"msg":   {with: []string{"--msg", "b2.2"}, file: "nego.rose"},
		"lang":  {with: []string{"--lang", "zh"}, file: "blocks.rose"},
		"view":  {with: []string{"--view", "clean"}, file: "blocks.rose"},
		"ascii": {with: []string{"--ascii"}, file: "blocks.rose"},
		"bare":  {with: []string{"--bare"}, file: "blocks.rose"},
	},
	"fmt": { // fmt reports only the files it cannot format
		"diag-format": {with: []string{"--diag-format", "json"}, file: "broken.adsl"},
		"all-errors":  {with: []string{"--all-errors"}, file: "broken.adsl"},
		"severity":    {with: []string{"--severity", "error"}, file: "mixed.lingua"},
		"disable":     {with: []string{"--disable", "L010"}, file: "mixed.lingua"},
		"l":           {with: []string{"-l"}, file: "warn.rose"},
		"d":           {with: []string{"-d"}, file: "warn.rose"},
		"w":           {with: []string{"-w"}, file: "nego.rose"},
		"check":       {with: []string{"--check"}, file: "warn.rose"},
		"terse":       {with: []string{"--terse=false"}, file: "nego.rose"},
	},
	"translate": {
		"to":       {with: []string{"--to", "rosetta"}, file: "warn.rose"},
		"decrypt":  {base: []string{"--psk-file", "psk.txt", "--session", "s9"}, with: []string{"--decrypt"}, file: "session.lingua"},
		"strict":   {base: []string{"--to", "agentdsl"}, with: []string{"--strict"}, file: "warn.rose"},
		"encoding": {base: []string{"--to", "smallest"}, with: []string{"--encoding", "cl100k_base"}, file: "warn.rose"},
		// The TOON options: the encoder's on JSON, the decoder's on a .toon file.
		"toon-delimiter": {base: []string{"--to", "toon"}, with: []string{"--toon-delimiter", "pipe"}, file: "data.json"},
		"toon-indent":    {base: []string{"--to", "toon"}, with: []string{"--toon-indent", "4"}, file: "data.json"},
		"toon-strict":    {with: []string{"--toon-strict=false"}, file: "lax.toon"},
	},
	"gen go": {
		"disable":  {with: []string{"--disable", "AD090"}},
		"o":        {with: []string{"-o", "out.go"}, file: "fn.adsl"},
		"check":    {base: []string{"-o", "stale.go"}, with: []string{"--check"}, file: "fn.adsl"},
		"package":  {with: []string{"--package", "other"}, file: "fn.adsl"},
		"validate": {with: []string{"--validate"}, file: "fn.adsl"},
		"mcp":      {with: []string{"--mcp"}, file: "fn.adsl"},
	},
	"gen jsonschema": {
		"disable": {with: []string{"--disable", "AD090"}},
		"o":       {with: []string{"-o", "out.json"}, file: "fn.adsl"},
		"check":   {base: []string{"-o", "stale.json"}, with: []string{"--check"}, file: "fn.adsl"},
		"mcp":     {with: []string{"--mcp"}, file: "fn.adsl"},
	},
	"tokens": { // tokens reports what it cannot count or, with --by, parse
		"all-errors":  {base: []string{"--by", "component"}, with: []string{"--all-errors"}, file: "broken.adsl"},
		"disable":     {base: []string{"--by", "component"}, with: []string{"--disable", "P002"}, file: "prose.rose"},
		"severity":    {base: []string{"--by", "component"}, with: []string{"--severity", "warning"}, file: "prose.rose"},
		"diag-format": {base: []string{"--by", "component"}, with: []string{"--diag-format", "json"}, file: "prose.rose"},
		"encoding":    {with: []string{"--encoding", "cl100k_base"}, file: "warn.rose"},
		"by":          {with: []string{"--by", "component"}, file: "warn.rose"},
		"vs":          {with: []string{"--vs", "other.rose"}, file: "warn.rose"},
		"from":        {base: []string{"--by", "component"}, with: []string{"--from", "agentdsl"}, file: "warn.rose"},
	},
}

// invocations say how each command is run: the words before the flags
// (translate needs a target), and the file every probe of a command with
// one input language uses (gen reads AgentDSL only, so its probes run on an
// AgentDSL file: a Rosetta flag there is ignored, and fails its probe).
var invocations = map[string]struct {
	words []string
	file  string
}{
	"check":          {words: []string{"check"}},
	"compile":        {words: []string{"compile"}},
	"render":         {words: []string{"render"}},
	"fmt":            {words: []string{"fmt"}},
	"translate":      {words: []string{"translate", "--to", "json"}},
	"gen go":         {words: []string{"gen", "go"}, file: "fnwarn.adsl"},
	"gen jsonschema": {words: []string{"gen", "jsonschema"}, file: "fnwarn.adsl"},
	"tokens":         {words: []string{"tokens"}},
	"config":         {words: []string{"config"}},
	"version":        {words: []string{"version"}},
	"fix":            {words: []string{"fix"}},
	"prompt":         {words: []string{"prompt", "rosetta"}},
}

// notProbed are commands whose flags cannot change their output in a
// one-shot run: lsp's only flag, --stdio, names its only transport and is
// accepted because editors pass it (its protocol tests are in lsp/); mcp has
// no flags and serves MCP on stdio (mcpserver's TestStdio drives it).
// mesh's flags need a running NATS server; TestMeshCLI and
// mesh_usage.txtar cover them.
// play serves until stopped, and both its runs (with and without --build)
// need a checkout of rosettac to build the wasm from, which a probe's fresh
// directory is not: play_usage.txtar covers its flags outside a checkout
// (a bad --addr fails before the build), play's own tests serve and build.
var notProbed = map[string]bool{"lsp": true, "mcp": true, "mesh": true, "play": true}

var helpFlag = regexp.MustCompile(`(?m)^  -(\S+)`)

// TestHelpFlagsAreUsed: every flag a command's -h lists changes what the
// command does (its probe's two runs differ), so -h never shows a flag the
// command ignores; every command has an invocation and every flag a probe.
func TestHelpFlagsAreUsed(t *testing.T) {
	a, err := txtar.ParseFile("testdata/flags.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for name := range commands {
		if name == "gen" {
			continue // its subcommands are listed
		}
		if _, ok := invocations[name]; !ok && !notProbed[name] {
			t.Errorf("command %s has no invocation in TestHelpFlagsAreUsed: add one and probes for its flags", name)
		}
	}
	names := make([]string, 0, len(invocations))
	for n := range invocations {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		inv := invocations[name]
		var help, stderr bytes.Buffer
		if code := run(append(slices.Clone(inv.words[:len(strings.Fields(name))]), "-h"), nil, &help, &stderr); code != exitOK {
			t.Errorf("%s -h: exit %d: %s", name, code, stderr.String())
			continue
		}
		for _, m := range helpFlag.FindAllStringSubmatch(help.String(), -1) {
			flagName := m[1]
			p, ok := commandProbes[name][flagName]
			if !ok {
				p, ok = flagProbes[flagName]
			}
			if !ok {
				t.Errorf("%s -h lists -%s, which has no probe: add one that shows the flag changes what %s does", name, flagName, name)
				continue
			}
			if inv.file != "" {
				p.file = inv.file
			}
			without := runIn(t, a, append(append(slices.Clone(inv.words), p.base...), p.file))
			with := runIn(t, a, append(append(append(slices.Clone(inv.words), p.base...), p.with...), p.file))
			if without == with {
				t.Errorf("%s -h lists -%s, but %s %s gives the same output and exit code as without it: the command ignores it\n%s",
					name, flagName, strings.Join(inv.words, " "), strings.Join(append(append(slices.Clone(p.base), p.with...), p.file), " "), with)
			}
		}
	}
}

// runIn runs rosettac in a fresh directory holding the fixtures and
// returns what it wrote, files written included, and its exit code.
func runIn(t *testing.T, a *txtar.Archive, args []string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range a.Files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "stale.go"), []byte("package stale\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stale.json"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	var written strings.Builder
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		written.WriteString(e.Name() + ":" + string(b) + "\n")
	}
	return strings.Join([]string{"stdout:\n" + stdout.String(), "stderr:\n" + stderr.String(), "exit: " + string(rune('0'+code)), "files:\n" + written.String()}, "\n")
}
