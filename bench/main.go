// Command bench reproduces rosettac's token measurements: each format against an
// equal-information baseline (Rosetta vs English prose, AgentDSL vs pretty and
// compact JSON, Lingua vs JSON and vs an English sentence), a long conversation,
// the mesh-cost model, what `rosettac fmt` does to token counts, and where the
// tokens of each language go by component. Every count is an exact BPE count
// under both o200k_base and cl100k_base, offline.
//
// Usage, from the repository root:
//
//	go run ./bench                              # the built-in cases; tables on stdout
//	go run ./bench -write docs/benchmarks.md    # also rewrite the report
//	go run ./bench -cases DIR [extra.rose ...]  # your own cases and transcripts
//
// Cases are txtar archives (see cases.go for their layout). Extra Rosetta files
// named on the command line count towards the fmt and component tables only.
package main

import (
	"bytes"
	"embed"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"text/template"

	"github.com/rosettac/rosettac/emit/tokens"
	"github.com/rosettac/rosettac/ir"
)

//go:embed cases
var builtinCases embed.FS

//go:embed report.md.tmpl
var reportTemplate string

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("bench", flag.ContinueOnError)
	fl.SetOutput(stderr)
	casesDir := fl.String("cases", "", "directory of *.txtar cases (default: the built-in bench/cases)")
	write := fl.String("write", "", "also write the full markdown report (method and results) to this file")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run ./bench [-cases DIR] [-write FILE] [extra.rose ...]")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	var fsys fs.FS = builtinCases
	root, casesName := "cases", "bench/cases"
	if *casesDir != "" {
		fsys, root, casesName = os.DirFS(*casesDir), ".", *casesDir
	}
	cases, err := loadCases(fsys, root)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
	var extra []namedFile
	for _, p := range fl.Args() {
		b, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 2
		}
		extra = append(extra, namedFile{filepath.Base(p), ir.Rosetta, b})
	}
	res, err := measure(cases, extra)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
	s := render(res)
	if _, err := io.WriteString(stdout, resultsText(s)); err != nil {
		return 2
	}
	if *write != "" {
		doc, err := report(s, res, casesName, fl.Args())
		if err == nil {
			err = os.WriteFile(*write, doc, 0o644)
		}
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 2
		}
	}
	return 0
}

// resultsText is what the command prints: the results without the method.
func resultsText(s sections) string {
	return "## Seed claims\n\n" + s.Claims +
		"\n## Headline numbers\n\n" + s.Headlines +
		"\n## Summary\n\n" + s.Summary +
		"\n## Every case\n\n" + s.ByCase +
		"\n## Mesh cost, measured\n\n" + s.Mesh +
		"\n## Mesh cost, projected\n\n" + s.Projection +
		"\n## rosettac fmt\n\n" + s.Fmt +
		"\n## Components\n\n" + s.Components +
		"\n## Negative results\n\n" + s.Negatives
}

// report fills the report template: the method text around the results.
func report(s sections, r *results, casesName string, extra []string) ([]byte, error) {
	t, err := template.New("report").Parse(reportTemplate)
	if err != nil {
		return nil, err
	}
	cmd := "go run ./bench -write docs/benchmarks.md"
	if casesName != "bench/cases" {
		cmd = "go run ./bench -cases " + casesName + " -write FILE"
	}
	for _, x := range extra {
		cmd += " " + filepath.Base(x)
	}
	var b bytes.Buffer
	err = t.Execute(&b, struct {
		sections
		Cases     []*benchCase
		Command   string
		CasesDir  string
		Encodings []string
	}{s, r.Cases, cmd, casesName, tokens.Encodings})
	return b.Bytes(), err
}
