package main

import (
	"fmt"
	"os"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/agentcard"
	"github.com/rosettac/rosettac/ir"
)

// runGenAgentCard is `rosettac gen agentcard HELLO.rose TOOLS.adsl...`: the
// A2A Agent Card of the agent whose handshake and functions the files hold.
func runGenAgentCard(e *env, gen *command, args []string) int {
	c := &command{name: "gen agentcard", args: "[flags] HELLO.rose TOOLS.adsl...", summary: gen.summary}
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var out, url string
	in.register(fs, e.stderr)
	df.registerProduct(fs)
	fs.StringVar(&out, "o", "", "output file (default: standard output)")
	fs.StringVar(&url, "url", "", "the agent's URL, when its handshake has no URL binding")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if len(files) == 0 {
		return usageError(e, c, fmt.Errorf("want the handshake (.rose) and the functions (.adsl)"))
	}
	results, code := loadFiles(e, c, files, &in, &df, compiler.Check)
	if len(results) == 0 {
		return max(code, exitUsage)
	}
	var docs []ir.Document
	bad := false
	for _, r := range results {
		bad = bad || r.Diags.HasErrors()
		if r.Doc != nil {
			docs = append(docs, r.Doc)
		}
	}
	var data []byte
	if !bad {
		gen, ds := agentcard.Generate(docs, agentcard.Options{URL: url})
		last := results[len(results)-1]
		last.Diags = append(last.Diags, ds...)
		last.Diags.Sort()
		if len(gen) > 0 {
			data = gen[0].Data
		}
	}
	exit := report(e.stderr, results, &df)
	if exit != exitOK || data == nil {
		return max(exit, exitDiags)
	}
	if out != "" {
		if err := os.WriteFile(out, data, 0o644); err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
			return exitUsage
		}
		return exitOK
	}
	return writeAll(e, c, e.stdout, data)
}
