package main

import (
	"bufio"
	"fmt"
	"runtime/debug"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/ir"
)

func init() {
	register(&command{name: "render", args: "[flags] FILE...", summary: "render for people (--lang en|zh, --view, --ascii, --bare)", run: runRender})
}

// bareFlag is --bare (a boolean) or --bare=headers.
type bareFlag struct{ opt *text.Options }

func (b *bareFlag) IsBoolFlag() bool { return true }

func (b *bareFlag) String() string {
	if b == nil || b.opt == nil || !b.opt.Bare {
		return "false"
	}
	if b.opt.BareHeaders {
		return "headers"
	}
	return "true"
}

func (b *bareFlag) Set(v string) error {
	switch v {
	case "true", "1":
		b.opt.Bare, b.opt.BareHeaders = true, false
	case "false", "0":
		b.opt.Bare, b.opt.BareHeaders = false, false
	case "headers":
		b.opt.Bare, b.opt.BareHeaders = true, true
	default:
		return fmt.Errorf("%q is not true, false or headers", v)
	}
	return nil
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
	fs.Var(&bareFlag{&opt}, "bare", "print only the bytes of the txt blocks; --bare=headers starts each with a '# id.block' line")
	fs.StringVar(&opt.Msg, "msg", "", "Rosetta: render only the message with this id")
	fs.StringVar(&opt.Block, "block", "", "Rosetta: render only this block (@id.block) with every mark the transcript holds on it")
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
	if opt.Msg != "" && opt.Block != "" {
		return usageError(e, c, fmt.Errorf("--msg and --block: give one"))
	}
	e.mapInputs = true // render writes no file
	step := compiler.Check
	streamed := map[*compiler.Result]bool{} // written already
	var writeErr error
	if len(files) == 1 && !in.oneSession && opt.Msg == "" && opt.Block == "" && !opt.Bare {
		// One Rosetta file, whole: rendered message by message.
		step = streamingStep(streamed, func(name string, data []byte, copt compiler.Options) *compiler.Result {
			return renderStreamed(e, name, data, copt, opt, &writeErr)
		})
	}
	results, code := loadFiles(e, c, files, &in, &df, step)
	if results == nil {
		return code
	}
	if writeErr != nil {
		fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, writeErr)
		return exitUsage
	}
	first := true
	for _, r := range results {
		if r.Doc == nil || streamed[r] {
			continue
		}
		if !first && (!opt.Bare || opt.BareHeaders) {
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

// renderStreamed renders a Rosetta file without holding its transcript: a
// first streamed check collects the marks that messages put on the blocks of
// earlier ones (what a block shows depends on what comes after it), and a
// second renders each message as the session hands it out
// (text.RosettaStream), with the bytes text.Render gives. It returns nil,
// having written nothing, for a file that is not Rosetta, or whose epoch a
// later def changed (the caller then renders it whole). The check runs
// twice: the CPU a rendering costs, for the memory of one message at a time.
func renderStreamed(e *env, name string, data []byte, opt compiler.Options, topt text.Options, writeErr *error) *compiler.Result {
	defer boundHeap(name, data, opt)()
	// The session knows who sent each message it stored, so the marks need
	// not keep an entry for every id.
	var session *compiler.Session
	marks := text.ForeignMarks{Sender: func(id string) (string, bool) { return session.Sender(id) }}
	var epochs []string // the epochs the stream gave messages, once each
	final := ""
	r := compiler.DiagnoseItems(name, data, opt, compiler.Items{
		Session: func(s *compiler.Session) { session = s },
		Message: func(m *ir.Message) {
			marks.Add(m)
			if len(epochs) == 0 || epochs[len(epochs)-1] != m.Epoch {
				epochs = append(epochs, m.Epoch)
			}
		},
		Settle: func(epoch string) { final = epoch }})
	session = nil // the first pass's session goes before the second's
	if r == nil || r.Doc == nil {
		return r
	}
	for _, ep := range epochs {
		if ep != final {
			// A later def epoch = changed the epoch the earlier messages
			// render with (the whole check settles it into every message):
			// render the file whole (rare: a transcript declares it once).
			return nil
		}
	}
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	s := text.NewRosettaStream(topt, &marks, func(b []byte) {
		if *writeErr == nil {
			_, *writeErr = w.Write(b)
		}
	})
	// The first pass's heap is garbage now, but for the marks: hand its
	// pages back, or the second pass's heap grows beside what the runtime
	// keeps of them (100k messages: 113-118 -> 111-112 MB peak). A small
	// file's heap is not worth the collection (about 3 ms).
	if int64(len(data)) >= mapMin {
		debug.FreeOSMemory()
	}
	r = compiler.DiagnoseItems(name, data, opt, compiler.Items{Message: s.Message, Prose: s.Prose})
	if err := w.Flush(); err != nil && *writeErr == nil {
		*writeErr = err
	}
	return r
}
