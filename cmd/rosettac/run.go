package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"math"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
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
	// unreadable is set when a named file could not be read. The command
	// goes on with the others, as gofmt does, and run makes the exit code 2.
	unreadable bool
	// mapInputs lets readInput map large regular files instead of reading
	// them (mapFile), for a command that never writes a file it read; unmap
	// holds what run undoes when the command is over, and mapped the files
	// mapped, to tell a fault in one of them from a bug.
	mapInputs bool
	unmap     []func()
	mapped    []mappedFile
}

// mappedFile is an input readInput mapped: its name and its bytes.
type mappedFile struct {
	name string
	data []byte
}

// faultIn returns the mapped input that r, what a panic was raised with,
// faulted in: a mapped file cut short while it was read (another program
// truncated or rewrote it) faults on its pages past the new end, which
// debug.SetPanicOnFault makes a panic naming the address. ok is false for any
// other panic.
func (e *env) faultIn(r any) (name string, ok bool) {
	f, isFault := r.(interface{ Addr() uintptr })
	if !isFault {
		return "", false
	}
	addr := f.Addr()
	for _, m := range e.mapped {
		start := reflect.ValueOf(m.data).Pointer()
		if addr >= start && addr < start+uintptr(len(m.data)) {
			return m.name, true
		}
	}
	return "", false
}

// command is one subcommand.
type command struct {
	name    string
	args    string // usage after the name
	summary string
	run     func(e *env, args []string) int
	flags   *flag.FlagSet // set by newFlags, for -h
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	defer func() {
		for _, f := range e.unmap {
			f() // the command's results, which share the mapped bytes, are gone
		}
	}()
	defer func() {
		// A bug in rosettac must not print a Go stack trace at a user: say what
		// happened and exit 2 ("the tool broke"), distinct from exit 1 ("your input").
		if r := recover(); r != nil {
			if name, ok := e.faultIn(r); ok {
				fmt.Fprintf(stderr, "rosettac: %s changed while it was read: it is shorter than when it was opened (truncated or rewritten by another program)\nrun rosettac again once the file is written\n", name)
			} else {
				fmt.Fprintf(stderr, "rosettac: internal error: %v\nplease report this with the input that caused it\n", r)
			}
			code = exitUsage
		}
	}()
	// A mapped input that is cut short faults when read past its new end:
	// a panic (faultIn tells it), not a crash.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			// help CMD is CMD -h: that command's usage and flags.
			if commands[args[1]] == nil {
				fmt.Fprintf(stderr, "rosettac help: unknown command %q\n", args[1])
				return exitUsage
			}
			return run([]string{args[1], "-h"}, stdin, stdout, stderr)
		}
		usage(stdout)
		return exitOK
	case "-version", "--version":
		args = []string{"version"}
	}
	c := commands[args[0]]
	if c == nil {
		fmt.Fprintf(stderr, "rosettac: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	code = c.run(e, args[1:])
	if e.unreadable && code < exitUsage {
		code = exitUsage
	}
	return code
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

// newFlags returns a flag set for a subcommand. The flag package prints
// nothing itself: usageError prints asked-for help (-h) to stdout and a flag
// error as one line on stderr.
func newFlags(e *env, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("rosettac "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	c.flags = fs
	return fs
}

// printHelp writes a command's usage line, summary and flags.
func printHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", strings.TrimSpace("rosettac "+c.name+" "+c.args), c.summary)
	if c.flags != nil && hasFlags(c.flags) {
		fmt.Fprintln(w, "\nflags:")
		c.flags.SetOutput(w)
		c.flags.PrintDefaults()
		c.flags.SetOutput(io.Discard)
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// flagError is a command line the flag package refused; its message is
// followed by a pointer to the command's help.
type flagError struct{ err error }

func (f flagError) Error() string { return f.err.Error() }
func (f flagError) Unwrap() error { return f.err }

// parseInterleaved parses flags that may come before, between or after the
// positional arguments (rosettac check a.rose --format json), as users expect.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, flagError{err}
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
	total    int

	oneSession       bool // --one-session: the Rosetta files as one transcript
	sessionParseOnly bool // with it, parse without checking (fmt)

	configs configs         // --config, and the files found by walking up
	set     map[string]bool // the flags given on the command line

	stderr io.Writer // where warnings about the flags go (set by register)
	warned bool
}

// register adds the flags every command that reads input takes. A command
// adds registerRosetta when it runs the Rosetta checker and registerLingua
// when it decodes Lingua payloads: -h lists only the flags a command uses
// (TestHelpFlagsAreUsed).
func (f *inputFlags) register(fs *flag.FlagSet, stderr io.Writer) {
	f.stderr = stderr
	// The Lingua limits' defaults hold for commands that do not list
	// the flags (registerLingua) too.
	f.inflate, f.total = 1<<20, 64<<20
	fs.StringVar(&f.from, "from", "", "input language: "+compiler.LanguageList()+" (default: by extension, then content)")
	fs.Int64Var(&f.maxBytes, "max-bytes", compiler.DefaultMaxBytes, "largest input accepted, in bytes")
	fs.StringVar(&f.configs.flag, "config", "", "configuration file (default: rosettac.yaml or .rosettac.yaml found by walking up from each input)")
}

// registerRosetta adds the flags of the Rosetta checker. A command
// without them checks with the compiler's defaults (0 is the default).
func (f *inputFlags) registerRosetta(fs *flag.FlagSet) {
	fs.StringVar(&f.now, "now", "", "time for stall and staleness checks (RFC 3339; default: the latest at= in the input)")
	fs.IntVar(&f.livelock, "livelock", 3, "propose↔propose rounds before a livelock warning")
}

// registerOneSession adds --one-session, for the commands that read a
// transcript whole (check, render, fmt, translate).
func (f *inputFlags) registerOneSession(fs *flag.FlagSet) {
	fs.BoolVar(&f.oneSession, "one-session", false, "read the Rosetta files, in the order given, as one transcript (positions stay per file)")
}

// registerLingua adds the flags of Lingua's security layer and decoder.
func (f *inputFlags) registerLingua(fs *flag.FlagSet) {
	fs.StringVar(&f.keyFile, "key-file", "", "Lingua: file holding an X25519 private key")
	fs.StringVar(&f.pskFile, "psk-file", "", "Lingua: file holding a pre-shared key")
	fs.StringVar(&f.session, "session", "", "Lingua: session id when the input has no handshake")
	fs.IntVar(&f.inflate, "max-inflate", 1<<20, "Lingua: largest inflated size of a z: payload, in bytes")
	fs.IntVar(&f.total, "max-inflate-total", 64<<20, "Lingua: largest inflated size of all of a document's z: payloads together, in bytes")
}

// options turns the flags into compiler options; errors are usage errors.
func (f *inputFlags) options() (compiler.Options, error) {
	opt := compiler.Options{MaxBytes: f.maxBytes, Livelock: f.livelock, SessionID: f.session, MaxInflate: f.inflate, MaxInflateTotal: f.total}
	if f.from != "" {
		l, err := compiler.ParseLanguage(f.from)
		if err != nil {
			return opt, err
		}
		opt.From = l
	}
	if f.now != "" {
		t, err := parseNow(f.now)
		if err != nil {
			return opt, fmt.Errorf("--now: %v", err)
		}
		opt.Now = t
	}
	if f.maxBytes < 1 {
		return opt, fmt.Errorf("--max-bytes: %d is not a size (want 1 or more bytes)", f.maxBytes)
	}
	if f.inflate < 1 {
		return opt, fmt.Errorf("--max-inflate: %d is not a size (want 1 or more bytes)", f.inflate)
	}
	if f.total < 1 {
		return opt, fmt.Errorf("--max-inflate-total: %d is not a size (want 1 or more bytes)", f.total)
	}
	// Warnings about key files are said once per run, though the flags are
	// read again for each file.
	warn := io.Discard
	if !f.warned {
		warn, f.warned = f.stderr, true
	}
	var err error
	if opt.PrivateKey, err = readKeyFile(f.keyFile, warn); err != nil {
		return opt, err
	}
	if opt.PSK, err = readKeyFile(f.pskFile, warn); err != nil {
		return opt, err
	}
	return opt, nil
}

// parseNow reads a --now time (or the configuration's now).
func parseNow(v string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return t, fmt.Errorf("%q is not an RFC 3339 time (like 2026-08-26T14:02:00Z)", v)
	}
	return t, nil
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

// openKeyFile opens a key file. In the browser (main_js.go) it is replaced
// by a lookup among the keys pasted into the page, which never leave it.
var openKeyFile = func(name string) (iofs.File, error) { return os.Open(name) }

// maxKeyFile is the largest key file read: a PEM private key is about 120
// bytes, so a larger file is not a key (and /dev/zero is never read whole).
const maxKeyFile = 64 << 10

// readKeyFile reads a key file. Its contents never appear in any message. A
// key file that others may write is read, with a warning on warn (as ssh
// warns): anyone who can write it can choose the key.
func readKeyFile(name string, warn io.Writer) ([]byte, error) {
	if name == "" {
		return nil, nil
	}
	f, err := openKeyFile(name)
	if err != nil {
		return nil, readError("key file "+name, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o002 != 0 {
		fmt.Fprintf(warn, "rosettac: warning: key file %s is writable by every user (mode %04o); anyone could replace the key: chmod o-w %[1]s\n", name, fi.Mode().Perm())
	}
	b, err := io.ReadAll(io.LimitReader(f, maxKeyFile+1))
	if err != nil {
		return nil, readError("key file "+name, err)
	}
	if len(b) > maxKeyFile {
		return nil, fmt.Errorf("key file %s is larger than %d KiB: not a key file", name, maxKeyFile>>10)
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
	maxTokens int    // --max-tokens: --format llm's budget (llm.go)
	severity  string // --severity: the lowest printed
	disable   string // --disable CODE,CODE as given
	disabled  []string

	// alwaysSummary makes text output end with the summary even when
	// there is nothing to report: check and compile, whose product is the
	// report. Other commands print it when they print a diagnostic.
	alwaysSummary bool
	// ownSummary is compile's: it prints a summary line of its own per
	// file (with the language), so the report prints none.
	ownSummary bool
	// formatFromConfig lets the configuration's format set the default:
	// for check and compile, whose --format is that of the diagnostics.
	formatFromConfig bool

	product bool // registered by registerProduct: --diag-format

	configs *configs        // the run's configurations, for per-file filters
	set     map[string]bool // the flags given on the command line
}

// register adds the flags of commands whose product is their report
// (check, compile): --format names the diagnostics' format.
func (f *diagFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.format, "format", "text", "diagnostic format: text, json, sarif, github or llm")
	fs.IntVar(&f.maxTokens, "max-tokens", defaultLLMTokens, "--format llm: the most o200k tokens printed")
	f.registerShown(fs)
}

// registerProduct adds the flags of commands whose stdout is their
// product (fmt, render, translate, gen, tokens): their diagnostics go to
// stderr in the format --diag-format names, and --format, where a command
// has one, names the format of stdout.
func (f *diagFlags) registerProduct(fs *flag.FlagSet) {
	f.product = true
	fs.StringVar(&f.format, "diag-format", "text", "format of the diagnostics on stderr: text, json, sarif, github or llm")
	f.registerShown(fs)
}

// registerShown adds the flags that choose which diagnostics are shown.
func (f *diagFlags) registerShown(fs *flag.FlagSet) {
	f.severity = "info"
	fs.BoolVar(&f.allErrors, "all-errors", false, "show every diagnostic in text output (default: the first 10)")
	fs.StringVar(&f.severity, "severity", "info", "lowest severity printed: error, warning or info")
	fs.StringVar(&f.disable, "disable", "", "codes to leave out, comma-separated (W010,I011)")
}

// registerStrict adds --strict, for commands whose input may carry
// warnings that the exit code should count.
func (f *diagFlags) registerStrict(fs *flag.FlagSet) {
	fs.BoolVar(&f.strict, "strict", false, "treat warnings as errors for the exit code")
}

func (f *diagFlags) validate() error {
	if _, ok := diag.ParseSeverity(f.severity); !ok {
		return fmt.Errorf("--severity: unknown severity %q (want error, warning or info)", f.severity)
	}
	var err error
	if f.disabled, err = parseDisable(f.disable); err != nil {
		return err
	}
	switch f.format {
	case "text", "json", "sarif", "github", "llm":
		return nil
	}
	name := "--format"
	if f.product {
		name = "--diag-format"
	}
	return fmt.Errorf("%s: unknown format %q (want text, json, sarif, github or llm)", name, f.format)
}

// input is one file as read.
type input struct {
	name string
	data []byte
}

// checkNames is the usage check of a command's file arguments: at least
// one, and standard input at most once (it cannot be read twice).
func checkNames(names []string) error {
	if len(names) == 0 {
		return errors.New("no input files (use - for standard input)")
	}
	stdin := 0
	for _, n := range names {
		if n == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return errors.New("standard input (-) is named more than once")
	}
	return nil
}

// readInput reads one named file ("-" is standard input), at most limit+1
// bytes of it: an input over the limit is refused without holding all of it
// (or forever, for an endless pipe). over reports that case, with the size
// when the file says it (-1 for a pipe).
func readInput(e *env, name string, limit int64) (in input, over bool, size int64, err error) {
	var r io.Reader
	size = -1
	if name == "-" {
		r, name = e.stdin, "<stdin>"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return in, false, 0, readError(name, err)
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size()
		}
		r = f
	}
	n := limit
	if n < math.MaxInt64 {
		n++ // one byte more than the limit tells an input over it (never overflowing)
	}
	if size > limit {
		// Known to be too large: read only enough to tell the language and
		// show a first line under the F003 diagnostic.
		n = min(n, 64<<10)
	}
	if f, ok := r.(*os.File); ok && e.mapInputs && size >= mapMin && size <= limit {
		if b, unmap := mapFile(f, size); b != nil {
			e.unmap = append(e.unmap, unmap)
			e.mapped = append(e.mapped, mappedFile{name, b})
			afterMap(name)
			return input{name: name, data: b}, false, size, nil
		}
	}
	b, err := readAtMost(r, n, size)
	if err != nil {
		return in, false, 0, readError(name, err)
	}
	over = int64(len(b)) > limit || size > limit
	if over && size <= limit {
		size = -1 // grew while read, or a pipe: only "more than" is known
	}
	return input{name: name, data: b}, over, size, nil
}

// boundHeap gives the streamed paths of the Rosetta commands (check,
// compile, fmt, render, translate --to json) a soft memory limit over a large
// input: twice its size, and no less than heapFloor. They keep of a
// transcript about its own size (the session's record of each message:
// 27 MB live beyond the input at 100,000 messages, 30 MB), so the limit
// binds only on the collector's headroom, which otherwise lets the heap grow
// to twice what is live before a collection and made the peak of translate
// --to json and render 4.0-4.1x the input (docs/performance.md, issue 19).
// The input itself is mapped, outside the Go heap and the limit. A whole
// path (holding the IR, several times the input) is given no limit: there
// the collector would run without end. An input that is not Rosetta, or a
// GOMEMLIMIT in the environment, is left alone. restore puts the limit back.
func boundHeap(name string, data []byte, opt compiler.Options) (restore func()) {
	if len(data) < heapBoundMin {
		return func() {}
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return func() {}
	}
	lang := opt.From
	if lang == "" {
		lang = compiler.Detect(name, data)
	}
	if lang != ir.Rosetta {
		return func() {}
	}
	prev := setMemoryLimit(-1)
	limit := max(heapFloor, 2*int64(len(data)))
	if limit >= prev {
		return func() {}
	}
	setMemoryLimit(limit)
	return func() { setMemoryLimit(prev) }
}

// setMemoryLimit is debug.SetMemoryLimit, a variable so that a test can see
// the limits the commands set.
var setMemoryLimit = debug.SetMemoryLimit

const (
	heapBoundMin = 4 << 20  // inputs smaller than this are not bounded: their heaps are small
	heapFloor    = 48 << 20 // the least limit boundHeap sets
)

// afterMap is called with a file's name once readInput has mapped it: a
// test cuts the file short there, as another program might.
var afterMap = func(name string) {}

// mapMin is the smallest file readInput maps (when the command allows it):
// below it, reading costs less than a mapping. A variable, so that a test can
// map every file.
var mapMin int64 = 4 << 20

// readAtMost reads r to its end or to n bytes, whichever is first. size is
// the file's size when it is a regular file (-1 otherwise): the buffer is
// then allocated once, a byte over that size to see a file that grew while
// read, where io.ReadAll's doublings would clear and copy a large input
// several times over (a fifth of the CPU of checking a 30 MB transcript).
func readAtMost(r io.Reader, n, size int64) ([]byte, error) {
	lr := io.LimitReader(r, n)
	if size < 0 {
		return io.ReadAll(lr)
	}
	b := make([]byte, 0, min(size, n)+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // it grew: room for more
		}
		m, err := lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+m]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// usageError prints a usage problem and returns exit code 2; asked-for help
// (-h, --help) is printed to stdout and returns 0.
func usageError(e *env, c *command, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		printHelp(e.stdout, c)
		return exitOK
	}
	fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
	var fe flagError
	if errors.As(err, &fe) {
		fmt.Fprintf(e.stderr, "run 'rosettac %s -h' for usage\n", c.name)
	}
	return exitUsage
}

// report prints the diagnostics of every result in the chosen format to w and
// returns the exit code they imply.
//
// Each file's diagnostics are first filtered by its configuration and
// --disable (which changes the exit code too); --severity then leaves out
// what is below it from what is printed.
func report(w io.Writer, results []*compiler.Result, f *diagFlags) int {
	var all diag.List
	var files []string
	sources := map[string]*diag.Source{}
	for _, r := range results {
		r.Diags = f.filter(r.File, r.Diags)
		all = append(all, r.Diags...)
		if r.Form == "" { // a data form's diagnostics are in the file, not in the text it describes
			sources[r.File] = r.Source
		}
		files = append(files, diagFiles(r)...)
	}
	exit := exitFor(all, f.strict)
	if min, ok := diag.ParseSeverity(f.severity); ok {
		all = all.AtLeast(min)
	}
	switch f.format {
	case "json":
		_ = diag.PrintJSON(w, all)
	case "sarif":
		_ = diag.PrintSARIF(w, all, "rosettac", Version)
	case "github":
		diag.PrintGitHub(w, all)
	case "llm":
		printLLM(w, all, func(file string) *diag.Source { return sources[file] }, f.maxTokens)
	default:
		limit := diag.DefaultLimit
		if f.allErrors {
			limit = 0
		}
		diag.PrintText(w, all, func(file string) *diag.Source { return sources[file] }, diag.TextOptions{
			Limit: limit, Ranked: true, Group: true, Files: files, Summary: !f.ownSummary && len(results) > 0 && (f.alwaysSummary || len(all) > 0)})
		// How much of each input was not read, when some was not (check
		// only): prose and fences around messages are kept, but they are
		// not coordination.
		for _, r := range results {
			if !f.alwaysSummary {
				break
			}
			if read, unread := compiler.Coverage(r.Doc); unread > 0 {
				noun := "message"
				if r.Lang == ir.AgentDSL {
					noun = "block"
				}
				fmt.Fprintf(w, "%s: %s read, %s not read (render shows them)\n", r.File, plural(read, noun), plural(unread, "region"))
			}
		}
	}
	return exit
}

// diagFiles names the files r's diagnostics are counted under in the
// summary: the input, and any text it was read through that keeps its own
// positions (TOON's decoded JSON, "FILE (as JSON)"; A2A's Rosetta text), in
// the order they first appear; the input itself is left out when every
// diagnostic is in such a text, so that no line counts nothing beside the
// line that counts them.
func diagFiles(r *compiler.Result) []string {
	files := []string{r.File}
	inFile := len(r.Diags) == 0
	for _, d := range r.Diags {
		switch f := d.Span.File(); {
		case f == r.File:
			inFile = true
		case f != "" && !slices.Contains(files, f):
			files = append(files, f)
		}
	}
	if !inFile {
		files = files[1:]
	}
	return files
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
	return fmt.Sprintf("%s: %s, %s", r.File, lang, diag.Counts(r.Diags))
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
