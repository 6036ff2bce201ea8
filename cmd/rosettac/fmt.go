package main

import (
	"bufio"
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
	// Rosetta files are formatted message by message (fmtStreamed), except
	// for -d and -w, which need the whole output; "streamed" are then all
	// the files formatted as they were read.
	step := compiler.Parse
	streamed := map[*compiler.Result]bool{} // formatted already: the value is "differs"
	var writeErr error
	if !in.oneSession && !showDiff && !write {
		step = func(name string, data []byte, opt compiler.Options) *compiler.Result {
			toStdout := !list && !check
			r, differs, err := fmtStreamed(e, name, data, opt, compiler.FormatOptions{Terse: terse}, toStdout && writeErr == nil)
			if r == nil {
				// Not Rosetta: formatted whole, and, to stdout, written now
				// too, so that the output keeps the order of the arguments
				// (a Rosetta file before it was written as it was read).
				r := compiler.Parse(name, data, opt)
				if !toStdout || r.Diags.HasErrors() || writeErr != nil {
					return r
				}
				out, ds := compiler.Format(r, compiler.FormatOptions{Terse: terse})
				if ds.HasErrors() {
					return r // reported below
				}
				if _, err := e.stdout.Write(out); err != nil {
					writeErr = err
				}
				streamed[r] = false
				return r
			}
			if err != nil && writeErr == nil {
				writeErr = err
			}
			streamed[r] = differs
			return r
		}
	}
	e.mapInputs = !write // -w rewrites the files it read
	results, code := loadFiles(e, c, files, &in, &df, step)
	if results == nil {
		return code
	}
	if writeErr != nil {
		fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, writeErr)
		return exitUsage
	}
	exit := exitOK
	var failed []*compiler.Result
	for _, r := range results {
		if r.Diags.HasErrors() {
			failed = append(failed, r)
			continue
		}
		if differs, ok := streamed[r]; ok {
			if differs && (list || check) {
				fmt.Fprintln(e.stdout, r.File)
			}
			if differs && check {
				exit = exitDiags
			}
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

// fmtSpool is the most canonical text fmtStreamed keeps while it parses, so
// that a file of up to this much output is parsed once; a larger one is
// parsed twice, once to learn whether it has errors (then nothing is
// written) and once to write it.
const fmtSpool = 8 << 20

// fmtStreamed formats a Rosetta file message by message (compiler.ParseItems
// and FormatItems), never holding its IR or its whole output: the output
// is written to stdout when toStdout, and compared with the input as it is
// made (differs, for -l and --check). Nothing is written when the file has
// syntax errors, as with the whole file's Format. It returns nil for a file
// that is not Rosetta.
func fmtStreamed(e *env, name string, data []byte, opt compiler.Options, fo compiler.FormatOptions, toStdout bool) (r *compiler.Result, differs bool, err error) {
	defer boundHeap(name, data, opt)()
	var spool []string
	spooled, over := 0, false
	pos := 0 // how much of the input the output so far matched
	r = compiler.ParseItems(name, data, opt, compiler.FormatItems(fo, func(s string) {
		if !differs {
			if pos+len(s) > len(data) || string(data[pos:pos+len(s)]) != s {
				differs = true
			}
			pos += len(s)
		}
		if toStdout && !over {
			if spooled += len(s); spooled > fmtSpool {
				over, spool = true, nil
			} else {
				spool = append(spool, s)
			}
		}
	}))
	if r == nil || r.Diags.HasErrors() {
		return r, false, nil
	}
	differs = differs || pos != len(data)
	if !toStdout {
		return r, differs, nil
	}
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	if !over {
		for _, s := range spool {
			w.WriteString(s)
		}
		return r, differs, w.Flush()
	}
	// Too large to have kept: parse again, writing as it goes.
	compiler.ParseItems(name, data, opt, compiler.FormatItems(fo, func(s string) { w.WriteString(s) }))
	return r, differs, w.Flush()
}
