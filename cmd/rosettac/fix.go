package main

import (
	"fmt"
	"os"
	"slices"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
)

func init() {
	register(&command{name: "fix", args: "[flags] FILE...", summary: "apply the safe fixes of the diagnostics (--all: review fixes too); print the result (-w, -d, -l)", run: runFix})
}

func runFix(e *env, args []string) int {
	c := commands["fix"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var list, showDiff, write, all bool
	in.register(fs, e.stderr)
	// fix's report is the errors left after fixing: --severity could
	// only hide some of them, so fix takes the product flags but that one.
	df.product, df.severity = true, "info"
	fs.StringVar(&df.format, "diag-format", "text", "format of the diagnostics on stderr: text, json, sarif, github or llm")
	fs.BoolVar(&df.allErrors, "all-errors", false, "show every diagnostic in text output (default: the first 10)")
	fs.StringVar(&df.disable, "disable", "", "codes to leave out, comma-separated (W010,I011)")
	fs.BoolVar(&list, "l", false, "list files that fix would change")
	fs.BoolVar(&showDiff, "d", false, "print a diff instead of the fixed text")
	fs.BoolVar(&write, "w", false, "rewrite files in place")
	fs.BoolVar(&all, "all", false, "also apply review fixes (guesses a person should check)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if write && slices.Contains(files, "-") {
		return usageError(e, c, fmt.Errorf("cannot use -w with standard input"))
	}
	min := diag.Safe
	if all {
		min = diag.Review
	}
	inputs := map[string][]byte{} // as read: a data form's Source is the text it describes
	results, code := loadFiles(e, c, files, &in, &df, func(name string, data []byte, opt compiler.Options) *compiler.Result {
		inputs[name] = data
		return compiler.Check(name, data, opt)
	})
	if results == nil {
		return code
	}
	opt, _ := in.options()
	exit := exitOK
	var remaining []*compiler.Result
	for _, r := range results {
		if r.Source == nil {
			continue
		}
		orig := r.Source.Content()
		var text []byte
		var final *compiler.Result
		if r.Form != "" { // a data JSON form: fixed in its strings, and written as JSON (compiler.Fix)
			orig = string(inputs[r.File])
		}
		text, final = fixText(e, r, []byte(orig), opt, min)
		if final.Diags.HasErrors() {
			exit = exitDiags
			errs := *final
			errs.Diags = nil
			for _, d := range final.Diags {
				if d.Severity == diag.Error {
					errs.Diags = append(errs.Diags, d)
				}
			}
			remaining = append(remaining, &errs)
		}
		changed := string(text) != orig
		if !list && !showDiff && !write {
			if code := writeAll(e, c, e.stdout, text); code != exitOK {
				return code
			}
			continue
		}
		if !changed {
			continue
		}
		if list {
			fmt.Fprintln(e.stdout, r.File)
		}
		if showDiff {
			e.stdout.Write(diff.Diff(r.File, []byte(orig), r.File+" (fixed)", text))
		}
		if write {
			if err := os.WriteFile(r.File, text, 0o644); err != nil {
				fmt.Fprintf(e.stderr, "rosettac fix: %v\n", err)
				return exitUsage
			}
		}
	}
	if len(remaining) > 0 {
		fmt.Fprintf(e.stderr, "rosettac fix: errors remain that have no %s fix:\n", map[bool]string{false: "safe", true: "machine"}[all])
		report(e.stderr, remaining, &df)
	}
	return exit
}

// fixText is compiler.Fix on src, the text of r (a data form: the JSON read),
// reporting each fix applied on stderr.
func fixText(e *env, r *compiler.Result, src []byte, opt compiler.Options, min diag.Applicability) ([]byte, *compiler.Result) {
	opt.From = r.Lang
	if r.Form != "" {
		opt.From = r.Form
	}
	text, applied, final := compiler.Fix(r.File, src, opt, min)
	for _, a := range applied {
		fmt.Fprintf(e.stderr, "%s: fixed %s: %s\n", a.Fix.Edits[0].Span, a.Diagnostic.Code, a.Fix)
	}
	return text, final
}
