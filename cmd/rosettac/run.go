package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
)

// Version is the version of the tool.
const Version = "0.1.0"

// Exit codes.
const (
	exitOK    = 0
	exitDiags = 1
	exitUsage = 2
)

// env is what a subcommand may touch: its streams, never os.Std* directly.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand.
type command struct {
	name    string
	args    string // usage after the name
	summary string
	run     func(e *env, args []string) int
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	defer func() {
		// A bug in rosettac must not print a Go stack trace at a user: say what
		// happened and exit 2 ("the tool broke"), distinct from exit 1 ("your input").
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "rosettac: internal error: %v\nplease report this with the input that caused it\n", r)
			code = exitUsage
		}
	}()
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	}
	c := commands[args[0]]
	if c == nil {
		fmt.Fprintf(stderr, "rosettac: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return c.run(e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: rosettac <command> [flags] [files]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		fmt.Fprintf(w, "  %-10s %s\n", n, c.summary)
	}
	fmt.Fprintln(w, "\nrun 'rosettac <command> -h' for a command's flags")
}

// newFlags returns a flag set for a subcommand whose errors and usage go to e.stderr.
func newFlags(e *env, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("rosettac "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: rosettac %s %s\n\n%s\n\nflags:\n", c.name, c.args, c.summary)
		fs.PrintDefaults()
	}
	return fs
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments (rosettac check a.rose --format json), as users expect.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// inputFlags are the flags that configure reading and checking.
type inputFlags struct {
	from     string
	maxBytes int64
	now      string
	livelock int
	keyFile  string
	pskFile  string
	session  string
	inflate  int
}

func (f *inputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.from, "from", "", "input language: rosetta, lingua, agentdsl or json (default: by extension, then content)")
	fs.Int64Var(&f.maxBytes, "max-bytes", compiler.DefaultMaxBytes, "largest input accepted, in bytes")
	fs.StringVar(&f.now, "now", "", "time for stall and staleness checks (RFC 3339; default: the latest at= in the input)")
	fs.IntVar(&f.livelock, "livelock", 3, "propose↔propose rounds before a livelock warning")
	fs.StringVar(&f.keyFile, "key-file", "", "Lingua: file holding an X25519 private key")
	fs.StringVar(&f.pskFile, "psk-file", "", "Lingua: file holding a pre-shared key")
	fs.StringVar(&f.session, "session", "", "Lingua: session id when the input has no handshake")
	fs.IntVar(&f.inflate, "max-inflate", 1<<20, "Lingua: largest inflated size of a z: payload, in bytes")
}

// options turns the flags into compiler options; errors are usage errors.
func (f *inputFlags) options() (compiler.Options, error) {
	opt := compiler.Options{MaxBytes: f.maxBytes, Livelock: f.livelock, SessionID: f.session, MaxInflate: f.inflate}
	if f.from != "" {
		l, err := compiler.ParseLanguage(f.from)
		if err != nil {
			return opt, err
		}
		opt.From = l
	}
	if f.now != "" {
		t, err := time.Parse(time.RFC3339, f.now)
		if err != nil {
			return opt, fmt.Errorf("--now: %q is not an RFC 3339 time (like 2026-08-26T14:02:00Z)", f.now)
		}
		opt.Now = t
	}
	var err error
	if opt.PrivateKey, err = readKeyFile(f.keyFile); err != nil {
		return opt, err
	}
	if opt.PSK, err = readKeyFile(f.pskFile); err != nil {
		return opt, err
	}
	return opt, nil
}

// readError says that what could not be read and why, without the path
// repeated inside the cause ("cannot read x.rose: no such file or directory").
func readError(what string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot read %s: %v", what, err)
}

// readKeyFile reads a key file. Its contents never appear in any message.
func readKeyFile(name string) ([]byte, error) {
	if name == "" {
		return nil, nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, readError("key file "+name, err)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, fmt.Errorf("key file %s is empty", name)
	}
	return b, nil
}

// diagFlags are the flags that configure diagnostic output.
type diagFlags struct {
	format    string
	allErrors bool
	strict    bool
}

func (f *diagFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.format, "format", "text", "diagnostic format: text, json, sarif or github")
	fs.BoolVar(&f.allErrors, "all-errors", false, "show every diagnostic in text output (default: the first 10)")
	fs.BoolVar(&f.strict, "strict", false, "treat warnings as errors for the exit code")
}

func (f *diagFlags) validate() error {
	switch f.format {
	case "text", "json", "sarif", "github":
		return nil
	}
	return fmt.Errorf("--format: unknown format %q (want text, json, sarif or github)", f.format)
}

// input is one file as read.
type input struct {
	name string
	data []byte
}

// readInputs reads every named file; "-" is standard input.
func readInputs(e *env, names []string) ([]input, error) {
	if len(names) == 0 {
		return nil, errors.New("no input files (use - for standard input)")
	}
	var out []input
	for _, n := range names {
		var b []byte
		var err error
		if n == "-" {
			b, err = io.ReadAll(e.stdin)
			n = "<stdin>"
		} else {
			b, err = os.ReadFile(n)
		}
		if err != nil {
			return nil, readError(n, err)
		}
		out = append(out, input{name: n, data: b})
	}
	return out, nil
}

// usageError prints a usage problem and returns exit code 2.
func usageError(e *env, c *command, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitUsage
	}
	fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
	return exitUsage
}

// report prints the diagnostics of every result in the chosen format to w and
// returns the exit code they imply.
func report(w io.Writer, results []*compiler.Result, f *diagFlags) int {
	var all diag.List
	sources := map[string]*diag.Source{}
	for _, r := range results {
		all = append(all, r.Diags...)
		sources[r.File] = r.Source
	}
	switch f.format {
	case "json":
		_ = diag.PrintJSON(w, all)
	case "sarif":
		_ = diag.PrintSARIF(w, all, "rosettac", Version)
	case "github":
		diag.PrintGitHub(w, all)
	default:
		limit := diag.DefaultLimit
		if f.allErrors {
			limit = 0
		}
		diag.PrintText(w, all, func(file string) *diag.Source { return sources[file] }, diag.TextOptions{Limit: limit})
	}
	return exitFor(all, f.strict)
}

func exitFor(l diag.List, strict bool) int {
	if l.HasErrors() || strict && l.Count(diag.Warning) > 0 {
		return exitDiags
	}
	return exitOK
}

// summary is the one-line account of a file's diagnostics.
func summary(r *compiler.Result) string {
	lang := string(r.Lang)
	if lang == "" {
		lang = "unknown"
	}
	return fmt.Sprintf("%s: %s, %s, %s, %s", r.File, lang,
		plural(r.Diags.Count(diag.Error), "error"),
		plural(r.Diags.Count(diag.Warning), "warning"),
		plural(r.Diags.Count(diag.Info), "info"))
}

func plural(n int, word string) string {
	if n == 1 || strings.HasSuffix(word, "o") {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
