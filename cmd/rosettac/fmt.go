package main

import (
	"fmt"
	"os"
	"slices"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/rosettac/rosettac/compiler"
)

func init() {
	register(&command{name: "fmt", args: "[flags] FILE...", summary: "print files in canonical form (-l, -d, -w, --check)", run: runFmt})
}

func runFmt(e *env, args []string) int {
	c := commands["fmt"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var list, showDiff, write, check bool
	terse := true
	in.register(fs, e.stderr)
	in.registerOneSession(fs)
	in.sessionParseOnly = true
	df.registerProduct(fs)
	fs.BoolVar(&list, "l", false, "list files whose formatting differs")
	fs.BoolVar(&showDiff, "d", false, "print a diff instead of the formatted text")
	fs.BoolVar(&write, "w", false, "rewrite files in place")
	fs.BoolVar(&check, "check", false, "exit 1 if any file is not formatted")
	fs.BoolVar(&terse, "terse", true, "fold derivable header parts away (Rosetta); --terse=false writes them out")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if write && slices.Contains(files, "-") {
		return usageError(e, c, fmt.Errorf("cannot use -w with standard input"))
	}
	results, code := loadFiles(e, c, files, &in, &df, compiler.Parse)
	if results == nil {
		return code
	}
	exit := exitOK
	var failed []*compiler.Result
	for _, r := range results {
		if r.Diags.HasErrors() {
			failed = append(failed, r)
			continue
		}
		out, ds := compiler.Format(r, compiler.FormatOptions{Terse: terse})
		if ds.HasErrors() {
			r.Diags = append(r.Diags, ds...)
			failed = append(failed, r)
			continue
		}
		differs := string(out) != r.Source.Content()
		if !list && !showDiff && !write && !check {
			if code := writeAll(e, c, e.stdout, out); code != exitOK {
				return code
			}
			continue
		}
		if !differs {
			continue
		}
		// -l, -d and -w combine as in gofmt: list, then diff, then rewrite.
		if list || check {
			fmt.Fprintln(e.stdout, r.File)
		}
		if showDiff {
			e.stdout.Write(diff.Diff(r.File, []byte(r.Source.Content()), r.File+" (formatted)", out))
		}
		if write {
			if err := os.WriteFile(r.File, out, 0o644); err != nil {
				fmt.Fprintf(e.stderr, "rosettac fmt: %v\n", err)
				return exitUsage
			}
		}
		if check {
			exit = exitDiags
		}
	}
	if len(failed) > 0 {
		if report(e.stderr, failed, &df) != exitOK {
			return exitDiags
		}
	}
	return exit
}
