package main

import (
	"fmt"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/text"
)

func init() {
	register(&command{name: "render", args: "[flags] FILE...", summary: "render for people (--lang en|zh, --view, --ascii, --bare)", run: runRender})
}

func runRender(e *env, args []string) int {
	c := commands["render"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var opt text.Options
	in.register(fs, e.stderr)
	in.registerRosetta(fs)
	in.registerLingua(fs)
	in.registerOneSession(fs)
	df.registerProduct(fs)
	df.registerStrict(fs)
	fs.StringVar(&opt.Lang, "lang", "en", "language of the rendering: en or zh")
	fs.StringVar(&opt.View, "view", "full", "Rosetta view: full, decision, audit, human_task, content or clean")
	fs.BoolVar(&opt.ASCII, "ascii", false, "use ASCII only (->, -, |, ^, >)")
	fs.BoolVar(&opt.Bare, "bare", false, "print only the bytes of the txt blocks")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if opt.Lang != "en" && opt.Lang != "zh" {
		return usageError(e, c, fmt.Errorf("--lang: %q is not en or zh", opt.Lang))
	}
	switch opt.View {
	case "full", "decision", "audit", "human_task", "content", "clean":
	default:
		return usageError(e, c, fmt.Errorf("--view: unknown view %q", opt.View))
	}
	results, code := loadFiles(e, c, files, &in, &df, compiler.Check)
	if results == nil {
		return code
	}
	first := true
	for _, r := range results {
		if r.Doc == nil {
			continue
		}
		if !first && !opt.Bare {
			// Files render one after another, a blank line apart, as messages
			// do; --bare stays exactly the blocks' bytes.
			if code := writeAll(e, c, e.stdout, []byte("\n")); code != exitOK {
				return code
			}
		}
		first = false
		out, ds := text.Render(r.Doc, opt)
		r.Diags = append(r.Diags, ds...)
		r.Diags.Sort()
		if code := writeAll(e, c, e.stdout, out); code != exitOK {
			return code
		}
	}
	// The rendering is the product; diagnostics go to stderr in the chosen format.
	return report(e.stderr, results, &df)
}
