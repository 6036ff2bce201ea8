//go:build !(js && wasm)

package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rosettac/rosettac/compiler"
	cfgpkg "github.com/rosettac/rosettac/config"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/mesh"
)

// The live mesh on NATS JetStream (docs/mesh.md). The commands only read
// flags and files and set exit codes; package mesh does the work.
func init() {
	register(&command{name: "mesh", args: "serve|send|replay|tail [flags]", summary: "the live agent mesh on NATS JetStream (serve, send, replay, tail)", run: runMesh})
}

// stopContext is the context serve and tail run in: cancelled on SIGINT or
// SIGTERM (tests replace it).
var stopContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

const defaultNATS = "nats://127.0.0.1:4222"

func runMesh(e *env, args []string) int {
	c := commands["mesh"]
	if len(args) == 0 {
		return usageError(e, c, flagError{errors.New("missing subcommand: serve, send, replay or tail")})
	}
	switch args[0] {
	case "serve":
		return meshServe(e, args[1:])
	case "send":
		return meshSend(e, args[1:])
	case "replay":
		return meshReplay(e, args[1:])
	case "tail":
		return meshTail(e, args[1:])
	case "-h", "-help", "--help":
		printHelp(e.stdout, c)
		return exitOK
	}
	return usageError(e, c, flagError{fmt.Errorf("unknown subcommand %q: want serve, send, replay or tail", args[0])})
}

// meshCommand is a mesh subcommand's own command, for its usage and errors,
// and its flags, with the connection flags every subcommand has.
func meshCommand(e *env, name, args, summary string) (*command, *flag.FlagSet, *natsFlags) {
	c := &command{name: "mesh " + name, args: args, summary: summary}
	fs := newFlags(e, c)
	nf := &natsFlags{}
	nf.register(fs)
	return c, fs, nf
}

// parseNoArgs parses the flags of a subcommand that takes no arguments.
func parseNoArgs(fs *flag.FlagSet, args []string) error {
	rest, err := parseInterleaved(fs, args)
	if err == nil && len(rest) > 0 {
		err = flagError{fmt.Errorf("unexpected argument %q", rest[0])}
	}
	return err
}

// natsFlags are the connection flags every subcommand has.
type natsFlags struct {
	url, creds, prefix string
}

func (f *natsFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.url, "nats", defaultNATS, "NATS server URL (comma-separated for a cluster)")
	fs.StringVar(&f.creds, "creds", "", "NATS credentials file")
	fs.StringVar(&f.prefix, "prefix", mesh.DefaultPrefix, "subject prefix of the mesh")
}

// client connects every subcommand to the mesh: the server at url (--nats,
// or serve's embedded one) with --creds, under --prefix. It reports a server
// that does not answer (exit 2); the caller closes cl.NC.
func (f *natsFlags) client(e *env, c *command, url string) (*mesh.Client, int) {
	return f.clientAs(e, c, url, "", func(error) {})
}

// clientAs is client for one agent: the replies to it come under its own
// inbox prefix (mesh.DialAs), and refused is called with each permissions
// violation the server reports.
func (f *natsFlags) clientAs(e *env, c *command, url, agent string, refused func(error)) (*mesh.Client, int) {
	nc, err := mesh.DialAs(url, f.creds, agent, mesh.OnRefusal(refused))
	if err != nil {
		fmt.Fprintf(e.stderr, "rosettac %s: cannot reach NATS at %s: %v\n", c.name, url, err)
		return nil, exitUsage
	}
	cl, err := mesh.NewClient(nc, f.prefix)
	if err != nil {
		nc.Close()
		fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
		return nil, exitUsage
	}
	return cl, exitOK
}

func meshServe(e *env, args []string) int {
	c, fs, nf := meshCommand(e, "serve", "[flags]", "run the gateway (and, without --nats, an embedded NATS server with JetStream)")
	data := fs.String("data", ".rosettac-mesh", "state directory of the embedded server")
	port := fs.Int("port", 4222, "client port of the embedded server on 127.0.0.1")
	config := fs.String("config", "", "configuration file with the mesh policy")
	metrics := fs.String("metrics", "", "serve Prometheus metrics on ADDR (host:port)")
	hold := fs.Duration("hold", mesh.DefaultHold, "how long a reply waits for its re= parent")
	partitions := fs.Int("partitions", 1, "spread conversations over N partitions (every gateway of the mesh gives the same N)")
	own := fs.String("own", "", "the partitions this gateway takes at once, comma-separated (default all; the others only when nobody holds them)")
	if err := parseNoArgs(fs, args); err != nil {
		return usageError(e, c, err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	// The configuration's mesh section: its policy, and a default for each
	// serve flag not given on the command line.
	file := *config
	if file == "" {
		var err error
		if file, err = cfgpkg.Find("."); err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
			return exitUsage
		}
	}
	cfg := mesh.Config{Logf: func(f string, a ...any) { fmt.Fprintf(e.stderr, f+"\n", a...) }}
	if file != "" {
		m, err := mesh.LoadPolicy(file)
		if err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
			return exitUsage
		}
		if m != nil {
			cfg.Policy = m.Policy
			def := func(name string, apply func()) {
				if !set[name] {
					apply()
				}
			}
			def("data", func() { *data = or(m.Data, *data) })
			def("port", func() { *port = cmp.Or(m.Port, *port) })
			def("nats", func() {
				if m.NATS != "" {
					nf.url, set["nats"] = m.NATS, true
				}
			})
			def("creds", func() { nf.creds = or(m.Creds, nf.creds) })
			def("prefix", func() { nf.prefix = or(m.Prefix, nf.prefix) })
			def("metrics", func() { *metrics = or(m.Metrics, *metrics) })
			def("hold", func() {
				if m.Hold != nil {
					*hold = m.Hold.Duration
				}
			})
		}
	}
	embedded := !set["nats"]
	if *port < 0 || *port > 65535 {
		return usageError(e, c, fmt.Errorf("--port: %d is not a port", *port))
	}
	if *partitions < 1 {
		return usageError(e, c, fmt.Errorf("--partitions: %d; give 1 or more", *partitions))
	}
	var prefer []int
	if *own != "" {
		prefer = []int{}
		for _, f := range strings.Split(*own, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 0 || n >= *partitions {
				return usageError(e, c, fmt.Errorf("--own: %q is not a partition from 0 to %d", f, *partitions-1))
			}
			prefer = append(prefer, n)
		}
	}
	cfg.Prefix, cfg.Hold, cfg.Partitions = nf.prefix, *hold, *partitions
	defer mesh.TuneGC()()
	ctx, stop := stopContext()
	defer stop()
	url, stateDir := nf.url, ""
	if embedded {
		dir, err := filepath.Abs(*data)
		stateDir = dir
		if err == nil {
			err = os.MkdirAll(dir, 0o755)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: --data: %v\n", c.name, err)
			return exitUsage
		}
		s, err := mesh.StartServer(mesh.ServerOptions{Dir: dir, Port: *port})
		if err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: embedded NATS server: %v\n", c.name, err)
			return exitUsage
		}
		defer func() { s.Shutdown(); s.WaitForShutdown() }()
		url = s.ClientURL()
	}
	cl, code := nf.client(e, c, url)
	if cl == nil {
		return code
	}
	defer cl.NC.Close()
	if *metrics != "" {
		l, err := net.Listen("tcp", *metrics)
		if err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: --metrics: %v\n", c.name, err)
			return exitUsage
		}
		cfg.Metrics = mesh.NewMetrics()
		srv := &http.Server{Handler: cfg.Metrics, ReadHeaderTimeout: 5 * time.Second}
		go func() { _ = srv.Serve(l) }()
		defer srv.Close()
	}
	g, err := mesh.NewNode(ctx, cl.NC, cfg, prefer)
	if err != nil {
		var layout *mesh.LayoutError
		switch {
		case errors.As(err, &layout) && embedded:
			err = fmt.Errorf("the state in %s: %w", stateDir, err)
		case errors.As(err, &layout):
			err = fmt.Errorf("the mesh under prefix %s on %s: %w", nf.prefix, url, err)
		}
		fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
		return exitUsage
	}
	where := "gateway on " + url
	if embedded {
		where = fmt.Sprintf("listening on %s (embedded NATS with JetStream, state in %s)", url, *data)
	}
	if *metrics != "" {
		where += ", metrics on http://" + *metrics + "/metrics"
	}
	if *partitions > 1 {
		where += fmt.Sprintf(", %d partitions", *partitions)
	}
	fmt.Fprintf(e.stdout, "rosettac mesh: %s, prefix %s\n", where, nf.prefix)
	if err := g.Serve(ctx); err != nil {
		fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
		return exitUsage
	}
	return exitOK
}

func meshSend(e *env, args []string) int {
	c, fs, nf := meshCommand(e, "send", "[flags] FILE...", "publish each message of the files as its sender and wait for each verdict")
	as := fs.String("as", "", "the sender of .lingua and .adsl files (they name none): each file is one payload")
	to := fs.String("to", "", "recipients of .lingua and .adsl files, comma-separated")
	files, err := parseInterleaved(fs, args)
	if err == nil && len(files) == 0 {
		err = flagError{errors.New("no files")}
	}
	if err != nil {
		return usageError(e, c, err)
	}
	var msgs [][]byte
	var names []string
	langs := map[int]ir.Language{} // message index -> Lingua or AgentDSL
	for _, f := range files {
		var b []byte
		if f == "-" {
			b, err = io.ReadAll(e.stdin)
		} else {
			b, err = os.ReadFile(f)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
			return exitUsage
		}
		if lang, ok := compiler.DetectByName(f); ok && lang != ir.Rosetta {
			if *as == "" {
				return usageError(e, c, flagError{fmt.Errorf("%s: a %s file names no sender: give --as AGENT", f, lang)})
			}
			langs[len(msgs)] = lang
			msgs, names = append(msgs, b), append(names, f)
			continue
		}
		ms, _ := mesh.Split(f, b)
		msgs = append(msgs, ms...)
		for range ms {
			names = append(names, f)
		}
	}
	// A held reply's verdict waits for its parent, up to the gateway's hold;
	// a permissions violation ends the wait at once.
	wait, cancelWait := context.WithTimeout(context.Background(), sendWait)
	defer cancelWait()
	ctx, refuse := context.WithCancelCause(wait)
	defer refuse(nil)
	// The replies to one agent come under its own inbox prefix: on a secured
	// server its NATS user may read no other (docs/mesh.md).
	cl, code := nf.clientAs(e, c, nf.url, oneSender(msgs, langs, *as), func(err error) {
		refuse(fmt.Errorf("refused by the server (%v): the NATS user may publish only on its own agent's ingress subject and read only what docs/mesh.md lists for it", err))
	})
	if cl == nil {
		return code
	}
	defer cl.NC.Close()
	var sent []mesh.Sent
	var recipients []string
	if *to != "" {
		recipients = strings.Split(*to, ",")
	}
	for i, m := range msgs {
		var s mesh.Sent
		var err error
		if lang, ok := langs[i]; ok {
			s, err = cl.Agent(*as).SendLang(ctx, lang, m, recipients...)
			s.ID = names[i]
		} else {
			s, err = cl.Agent(mesh.SenderOf(m)).Send(ctx, m)
		}
		if err != nil {
			hint := " (is the gateway running?)"
			if cause := context.Cause(ctx); cause != nil && cause != ctx.Err() {
				err, hint = cause, ""
			}
			fmt.Fprintf(e.stderr, "rosettac %s: %s: cannot publish%s: %v\n", c.name, names[i], hint, err)
			return exitUsage
		}
		sent = append(sent, s)
	}
	code = exitOK
	for i, s := range sent {
		v, err := cl.Verdict(ctx, s.Key)
		if err != nil {
			if cause := context.Cause(ctx); cause != nil && cause != ctx.Err() {
				err = cause
			}
			fmt.Fprintf(e.stderr, "rosettac %s: %s: no verdict for %s: %v\n", c.name, names[i], s.ID, err)
			return exitUsage
		}
		status := v.Status
		if !s.Stored && status == mesh.StatusAccepted {
			status = "already stored"
		}
		fmt.Fprintf(e.stdout, "%s %s\n", s.ID, status)
		if v.Status == mesh.StatusRejected {
			code = exitDiags
		}
		if d := mesh.DiagLines(v); d != "" {
			fmt.Fprintf(e.stderr, "%s: %s:\n%s", names[i], s.ID, d)
		}
	}
	return code
}

// oneSender is the agent that sends every message (as, for the Lingua and
// AgentDSL files), or "" when they have several.
func oneSender(msgs [][]byte, langs map[int]ir.Language, as string) string {
	one := ""
	for i, m := range msgs {
		s := as
		if _, ok := langs[i]; !ok {
			s = mesh.SenderOf(m)
		}
		if s == "" || one != "" && s != one {
			return ""
		}
		one = s
	}
	return one
}

func meshReplay(e *env, args []string) int {
	c, fs, nf := meshCommand(e, "replay", "[flags]", "print the accepted transcript as a .rose file")
	since := fs.String("since", "", "first message id (included)")
	until := fs.String("until", "", "last message id (included)")
	out := fs.String("o", "", "write DIR/transcript.rose instead of stdout, and the Lingua and AgentDSL traffic as DIR/<agent>.lingua and DIR/<agent>.adsl")
	if err := parseNoArgs(fs, args); err != nil {
		return usageError(e, c, err)
	}
	cl, code := nf.client(e, c, nf.url)
	if cl == nil {
		return code
	}
	defer cl.NC.Close()
	w := e.stdout
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
			return exitUsage
		}
		f, err := os.Create(filepath.Join(*out, "transcript.rose"))
		if err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
			return exitUsage
		}
		defer f.Close()
		w = f
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// Lingua and AgentDSL traffic: one file per sender and language under -o.
	var other func(mesh.Entry) error
	if *out != "" {
		files := map[string]*os.File{}
		defer func() {
			for _, f := range files {
				f.Close()
			}
		}()
		other = func(en mesh.Entry) error {
			name := filepath.Join(*out, en.Agent+map[ir.Language]string{ir.Lingua: ".lingua", ir.AgentDSL: ".adsl"}[en.Lang])
			f := files[name]
			if f == nil {
				var err error
				if f, err = os.Create(name); err != nil {
					return err
				}
				files[name] = f
			}
			data := en.Data
			if len(data) > 0 && data[len(data)-1] != '\n' {
				data = append(data[:len(data):len(data)], '\n')
			}
			_, err := f.Write(data)
			return err
		}
	}
	if err := cl.ReplayAll(ctx, w, *since, *until, other); err != nil {
		fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
		return exitUsage
	}
	return exitOK
}

func meshTail(e *env, args []string) int {
	c, fs, nf := meshCommand(e, "tail", "[flags]", "follow accepted messages and rejections")
	var opt text.Options
	fs.StringVar(&opt.Lang, "lang", "en", "language of the rendering: en or zh")
	fs.StringVar(&opt.View, "view", "full", "Rosetta view: full, decision, audit, human_task, content or clean")
	err := parseNoArgs(fs, args)
	if err == nil && opt.Lang != "en" && opt.Lang != "zh" {
		err = fmt.Errorf("--lang: %q is not en or zh", opt.Lang)
	}
	if err == nil {
		switch opt.View {
		case "full", "decision", "audit", "human_task", "content", "clean":
		default:
			err = fmt.Errorf("--view: unknown view %q", opt.View)
		}
	}
	if err != nil {
		return usageError(e, c, err)
	}
	cl, code := nf.client(e, c, nf.url)
	if cl == nil {
		return code
	}
	defer cl.NC.Close()
	ctx, stop := stopContext()
	defer stop()
	fmt.Fprintf(e.stderr, "rosettac mesh tail: following %s.log.> and %s.audit.* on %s\n", nf.prefix, nf.prefix, nf.url)
	if err := cl.Tail(ctx, e.stdout, opt); err != nil {
		fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
		return exitUsage
	}
	return exitOK
}

// sendWait bounds how long mesh send waits for its verdicts: longer than
// the default hold, so a reply held for a parent still gets one.
const sendWait = mesh.DefaultHold + 90*time.Second

func or(a, b string) string { return cmp.Or(a, b) }
