//go:build !(js && wasm)

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/rosettac/rosettac/mesh"
)

// syncBuffer is a bytes.Buffer safe for the serve goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func freeAddr(t *testing.T) (string, int) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String(), l.Addr().(*net.TCPAddr).Port
}

// TestMeshCLI runs `rosettac mesh serve` (embedded server on a free port),
// then send, replay (piped into check), tail and the metrics endpoint, as a
// user would, and stops serve as SIGINT would.
func TestMeshCLI(t *testing.T) {
	dir := t.TempDir()
	_, port := freeAddr(t)
	metricsAddr, _ := freeAddr(t)
	url := fmt.Sprintf("nats://127.0.0.1:%d", port)

	ctx, cancel := context.WithCancel(context.Background())
	saved := stopContext
	stopContext = func() (context.Context, context.CancelFunc) { return context.WithCancel(ctx) }
	t.Cleanup(func() { stopContext = saved })
	defer cancel()
	conf := filepath.Join(dir, "rosettac.yaml")
	// triage may only tell; everyone else anything (default allow).
	if err := os.WriteFile(conf, []byte("mesh:\n  hold: 2s\n  policy:\n    default: allow\n    agents:\n      triage:\n        send:\n          - acts: [tell]\n    roles:\n      dba: [dba]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var serveOut, serveErr syncBuffer
	served := make(chan int, 1)
	go func() {
		served <- run([]string{"mesh", "serve", "--data", filepath.Join(dir, "state"), "--port", fmt.Sprint(port),
			"--metrics", metricsAddr, "--config", conf}, strings.NewReader(""), &serveOut, &serveErr)
	}()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(serveOut.String(), "listening on") {
		if time.Now().After(deadline) {
			t.Fatalf("serve printed %q, %q", serveOut.String(), serveErr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if lines := strings.Count(serveOut.String(), "\n"); lines != 1 || !strings.Contains(serveOut.String(), url) {
		t.Errorf("serve printed %q; want one line naming %s", serveOut.String(), url)
	}

	// tail follows from now on.
	var tailOut, tailErr syncBuffer
	tailed := make(chan int, 1)
	go func() {
		tailed <- run([]string{"mesh", "tail", "--nats", url, "--lang", "en"}, strings.NewReader(""), &tailOut, &tailErr)
	}()
	time.Sleep(300 * time.Millisecond)

	example, err := os.ReadFile("../../examples/mesh.rose")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "mesh.rose")
	if err := os.WriteFile(file, example, 0o644); err != nil {
		t.Fatal(err)
	}
	sh := func(stdin string, args ...string) (int, string, string) {
		var o, e bytes.Buffer
		code := run(args, strings.NewReader(stdin), &o, &e)
		return code, o.String(), e.String()
	}
	code, out, errs := sh("", "mesh", "send", "--nats", url, file)
	if code != 0 || strings.Count(out, " accepted\n") != 4 {
		t.Fatalf("send: exit %d, %q, %q\nserve: %s", code, out, errs, serveErr.String())
	}
	// The same file again: already stored, exit 0.
	if code, out, _ = sh("", "mesh", "send", "--nats", url, file); code != 0 || strings.Count(out, "already stored") != 4 {
		t.Errorf("send again: exit %d, %q", code, out)
	}
	// From stdin; then a reused id is rejected: exit 1, with its code.
	if code, out, errs = sh("lead9 note >x\n txt \"hi\"\n", "mesh", "send", "--nats", url, "--prefix", "rosetta", "-"); code != 0 {
		t.Errorf("send -: exit %d, %q %q", code, out, errs)
	}
	if code, out, errs = sh("lead1 note >x\n txt \"other\"\n", "mesh", "send", "--nats", url, "-"); code != 1 || !strings.Contains(errs, "M007") {
		t.Errorf("send of a reused id: exit %d, %q %q; want 1 and M007", code, out, errs)
	}

	// The configuration's policy: triage may not send a do.
	if code, out, errs = sh("triage2 do >lead\n q help\n", "mesh", "send", "--nats", url, "-"); code != 1 || !strings.Contains(errs, "M003") {
		t.Errorf("send of a forbidden do: exit %d, %q %q; want 1 and M003", code, out, errs)
	}

	// replay | check gives what check gives on the input.
	code, replay, errs := sh("", "mesh", "replay", "--nats", url)
	if code != 0 {
		t.Fatalf("replay: exit %d %q", code, errs)
	}
	if !strings.HasPrefix(replay, string(example)) {
		t.Errorf("replay does not start with the sent file:\n%s", replay)
	}
	c1, j1, _ := sh(replay, "check", "--format", "json", "--from", "rosetta", "-")
	in := strings.TrimSuffix(replay, "\nlead9 note >x\n txt \"hi\"\n")
	c2, j2, _ := sh(in, "check", "--format", "json", "--from", "rosetta", "-")
	if c1 != 0 || c2 != 0 || strings.Count(j1, `"code"`) < strings.Count(j2, `"code"`) {
		t.Errorf("check of the replay: exit %d %s; of the input: exit %d %s", c1, j1, c2, j2)
	}
	code, part, _ := sh("", "mesh", "replay", "--nats", url, "--since", "triage1", "--until", "lead2")
	if code != 0 || !strings.HasPrefix(part, "triage1 tell") || !strings.Contains(part, "lead2 do") || strings.Contains(part, "lead3") {
		t.Errorf("replay --since triage1 --until lead2: exit %d\n%s", code, part)
	}
	if code, _, errs = sh("", "mesh", "replay", "--nats", url, "--since", "nobody1"); code != 2 || !strings.Contains(errs, "no such message") {
		t.Errorf("replay --since an unknown id: exit %d %q", code, errs)
	}

	// AgentDSL traffic: sent as an agent, replayed as its own file under -o.
	adsl := filepath.Join("..", "..", "examples", "weather.adsl")
	if code, out, errs = sh("", "mesh", "send", "--nats", url, "--as", "lead", "--to", "triage", adsl); code != 0 || !strings.Contains(out, "weather.adsl accepted") {
		t.Errorf("send --as lead weather.adsl: exit %d, %q %q", code, out, errs)
	}
	replayDir := filepath.Join(dir, "replay")
	if code, _, errs = sh("", "mesh", "replay", "--nats", url, "-o", replayDir); code != 0 {
		t.Errorf("replay -o: exit %d %q", code, errs)
	}
	wantADSL, _ := os.ReadFile(adsl)
	if got, err := os.ReadFile(filepath.Join(replayDir, "lead.adsl")); err != nil || !bytes.Equal(got, wantADSL) {
		t.Errorf("replay -o: lead.adsl is %q (%v), want weather.adsl", got, err)
	}
	if got, err := os.ReadFile(filepath.Join(replayDir, "transcript.rose")); err != nil || string(got) != replay {
		t.Errorf("replay -o: transcript.rose differs from replay's stdout (%v)", err)
	}

	// Metrics. The gauges are sampled (the open obligations when ingress is
	// idle, at most every 200ms): read until they are all there, 10s at most.
	wants := []string{"rosetta_mesh_accepted_total 6", `rosetta_mesh_rejected_total{code="M007"} 1`, `rosetta_mesh_rejected_total{code="M003"} 1`, `rosetta_mesh_latency_seconds{quantile="0.99"}`, "rosetta_mesh_open_obligations 1"}
	var body []byte
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get("http://" + metricsAddr + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		missing := 0
		for _, want := range wants {
			if !strings.Contains(string(body), want) {
				missing++
			}
		}
		if missing == 0 || time.Since(start) > 10*time.Second {
			break
		}
	}
	for _, want := range wants {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}

	cancel()
	if code := <-served; code != 0 {
		t.Errorf("serve exit %d: %s", code, serveErr.String())
	}
	if code := <-tailed; code != 0 {
		t.Errorf("tail exit %d: %s", code, tailErr.String())
	}
	tail := tailOut.String()
	// triage1 elides its route: tail renders the one it inherits from lead1.
	for _, want := range []string{"── accepted from lead → rosetta.to.triage", "triage → lead · states · #inc.db · re lead1", "── rejected lead1 from lead", "M007"} {
		if !strings.Contains(tail, want) {
			t.Errorf("tail lacks %q:\n%s", want, tail)
		}
	}
	// The gateway is gone: send cannot reach it.
	if code, _, errs = sh("", "mesh", "send", "--nats", url, file); code != 2 {
		t.Errorf("send with no server: exit %d %q, want 2", code, errs)
	}
}

// TestMeshSendPermissions: `mesh send` as an agent whose NATS user has
// exactly the permissions docs/mesh.md gives (mesh.Subjects.AgentPermissions)
// publishes and gets its verdicts, accepted (exit 0) and rejected (exit 1):
// its replies come under the agent's own inbox prefix, the only inboxes the
// user may read. As another agent it is refused by the server (exit 2).
func TestMeshSendPermissions(t *testing.T) {
	sub := mesh.NewSubjects("")
	pub, subs := sub.AgentPermissions("ana")
	users := []*server.User{{Username: "gateway", Password: "gw-pw"}, {Username: "ana", Password: "ana-pw",
		Permissions: &server.Permissions{Publish: &server.SubjectPermission{Allow: pub}, Subscribe: &server.SubjectPermission{Allow: subs}}}}
	s, err := mesh.StartServer(mesh.ServerOptions{Dir: t.TempDir(), Users: users})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	gw, err := nats.Connect(s.ClientURL(), nats.UserInfo("gateway", "gw-pw"))
	if err != nil {
		t.Fatal(err)
	}
	defer gw.Close()
	ready := make(chan struct{})
	g, err := mesh.NewGateway(ctx, gw, mesh.Config{Ready: func() { close(ready) }})
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- g.Run(ctx) }()
	defer func() { cancel(); <-served }()
	select {
	case <-ready:
	case <-time.After(20 * time.Second):
		t.Fatal("gateway not ready in 20s")
	}

	url := strings.Replace(s.ClientURL(), "nats://", "nats://ana:ana-pw@", 1)
	send := func(msg string) (int, string, string) {
		var o, e bytes.Buffer
		code := run([]string{"mesh", "send", "--nats", url, "-"}, strings.NewReader(msg), &o, &e)
		return code, o.String(), e.String()
	}
	if code, out, errs := send("ana.1 note >bob\n txt \"hi\"\n\nana.2 tell re=ana.1\n a x = 1 ~hi\n unk []\n"); code != 0 || out != "ana.1 accepted\nana.2 accepted\n" {
		t.Errorf("send as ana: exit %d, %q %q", code, out, errs)
	}
	if code, out, errs := send("ana.1 note >bob\n txt \"other\"\n"); code != 1 || !strings.Contains(errs, "M007") {
		t.Errorf("send of a reused id as ana: exit %d, %q %q; want 1 and M007", code, out, errs)
	}
	if code, _, errs := send("bob.1 note >ana\n txt \"hi\"\n"); code != 2 || !strings.Contains(strings.ToLower(errs), "permissions violation") {
		t.Errorf("send as bob with ana's user: exit %d, %q; want 2 and a permissions violation", code, errs)
	}
}

// TestMeshServeNewerLayout: `mesh serve --data DIR` on state a newer
// rosettac wrote stops with exit 2 and a message that names DIR and says
// what to do; the state is left as it was.
func TestMeshServeNewerLayout(t *testing.T) {
	dir := t.TempDir()
	s, err := mesh.StartServer(mesh.ServerOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(s.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	cl, _ := mesh.NewClient(nc, "")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := cl.JS.CreateStream(ctx, jetstream.StreamConfig{Name: "ROSETTA_LOG", Subjects: []string{"rosetta.log.>"},
		Storage: jetstream.FileStorage, Metadata: map[string]string{mesh.LayoutKey: "9"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := cl.JS.Publish(ctx, "rosetta.log.0.x", []byte("kept")); err != nil {
		t.Fatal(err)
	}
	nc.Close()
	s.Shutdown()
	s.WaitForShutdown()

	// Bounded, should serve start after all.
	saved := stopContext
	stopContext = func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), 10*time.Second)
	}
	t.Cleanup(func() { stopContext = saved })
	_, port := freeAddr(t)
	var o, e bytes.Buffer
	code := run([]string{"mesh", "serve", "--data", dir, "--port", fmt.Sprint(port)}, strings.NewReader(""), &o, &e)
	if code != 2 || !strings.Contains(e.String(), "the state in "+dir) || !strings.Contains(e.String(), `mesh layout "9"`) ||
		!strings.Contains(e.String(), "give another --data directory") {
		t.Errorf("serve on a newer layout: exit %d, %q %q", code, o.String(), e.String())
	}
	if strings.Contains(o.String(), "listening on") {
		t.Errorf("serve said it listens: %q", o.String())
	}
}
