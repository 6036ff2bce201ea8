package mesh

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// TestMain doubles as the gateway process of TestFaults: with
// MESH_HELPER_GATEWAY set to a server URL, the test binary runs only a
// gateway, prints "ready" once it is, and on SIGTERM writes its state digest
// to MESH_HELPER_DIGEST.
func TestMain(m *testing.M) {
	if url := os.Getenv("MESH_HELPER_GATEWAY"); url != "" {
		os.Exit(helperGateway(url, os.Getenv("MESH_HELPER_DIGEST")))
	}
	os.Exit(m.Run())
}

func helperGateway(url, digestFile string) int {
	defer TuneGC()() // a stand-in for rosettac mesh serve
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	nc, err := nats.Connect(url)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer nc.Close()
	if parts := os.Getenv("MESH_HELPER_PARTITIONS"); parts != "" {
		// TestPartitions: a node preferring partition 1 of 2.
		cfg := Config{Name: "node-b", Partitions: 2, SnapshotEvery: 300, Ready: func() { fmt.Println("ready") }}
		if os.Getenv("MESH_HELPER_BENCH") != "" {
			cfg.SnapshotEvery = -1 // BenchmarkMeshPartitions, as its in-process node
		}
		n, err := NewNode(ctx, nc, cfg, []int{1})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		if err := n.Serve(ctx); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		return 0
	}
	g, err := NewGateway(ctx, nc, Config{Name: "gw", SnapshotEvery: 700, Ready: func() { fmt.Println("ready") }})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if err := g.Serve(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if digestFile != "" {
		b, _ := json.Marshal(g.Digest())
		_ = os.WriteFile(digestFile, b, 0o644)
	}
	return 0
}

// gatewayProcess is a gateway in a child process the test started.
type gatewayProcess struct {
	cmd *exec.Cmd
}

func startGatewayProcess(t testing.TB, url, digest string, env ...string) *gatewayProcess {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "MESH_HELPER_GATEWAY="+url, "MESH_HELPER_DIGEST="+digest)
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A test that fails midway leaves no gateway process behind.
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Signal(syscall.SIGKILL)
			_ = cmd.Wait()
		}
	})
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if sc.Text() == "ready" {
				ready <- true
			}
		}
		close(ready)
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatal("gateway process exited before it was ready")
		}
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("gateway process not ready in 30s")
	}
	return &gatewayProcess{cmd: cmd}
}

// kill sends SIGKILL to the gateway process (by its pid) and reaps it.
func (p *gatewayProcess) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	_ = p.cmd.Wait()
}

// stop asks the gateway process to stop (SIGTERM) and waits.
func (p *gatewayProcess) stop(t testing.TB) {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("gateway process: %v", err)
		}
	case <-time.After(20 * time.Second):
		p.kill()
		t.Error("gateway process did not stop in 20s")
	}
}

// faultTraffic is the fault tests' traffic and the egress each message
// must reach.
const faultMessages = 5000

// TestFaults kills the gateway process with SIGKILL at random points while
// 5,000 messages flow, starting it again each time: no accepted message is
// lost or delivered twice, and the state equals that of an uninterrupted
// run; a gateway rebuilt with the snapshot bucket deleted has the same state.
func TestFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the fault test runs 10,000 messages")
	}
	msgs := genTraffic(faultMessages)
	if ds := checkText("traffic.rose", joinMsgs(msgs)); ds.HasErrors() {
		t.Fatalf("generated traffic has errors: %v", ds)
	}

	// The uninterrupted run, in process.
	ref := startServer(t, "")
	refGW := runGateway(t, ref.ClientURL(), Config{SnapshotEvery: -1})
	refC := newClient(t, ref.ClientURL())
	sendAll(t, refC, msgs)
	want := waitAccepted(t, refGW, len(msgs))

	s := startServer(t, "")
	url := s.ClientURL()
	c := newClient(t, url)
	digest := t.TempDir() + "/digest.json"
	gw := startGatewayProcess(t, url, digest)
	sendDone := make(chan []Sent, 1)
	go func() {
		var sent []Sent
		ctx := context.Background()
		for _, m := range msgs {
			s, err := c.Agent(SenderOf(m)).Send(ctx, m)
			if err != nil {
				t.Error(err)
				break
			}
			sent = append(sent, s)
		}
		sendDone <- sent
	}()
	rng := rand.New(rand.NewSource(15))
	kills := 0
	var sent []Sent
loop:
	for {
		select {
		case sent = <-sendDone:
			break loop
		case <-time.After(time.Duration(150+rng.Intn(600)) * time.Millisecond):
			gw.kill()
			kills++
			gw = startGatewayProcess(t, url, digest)
		}
	}
	if kills < 3 {
		// The sender finished early: kill the gateway mid-backlog too.
		for ; kills < 3; kills++ {
			time.Sleep(time.Duration(50+rng.Intn(200)) * time.Millisecond)
			gw.kill()
			gw = startGatewayProcess(t, url, digest)
		}
	}
	if len(sent) != len(msgs) {
		t.Fatalf("sent %d of %d", len(sent), len(msgs))
	}
	vs := verdicts(t, c, sent)
	for i, v := range vs {
		if v.Status != StatusAccepted {
			t.Fatalf("%s: %s", sent[i].ID, v.Status)
		}
	}
	gw.stop(t)
	t.Logf("%d SIGKILLs", kills)

	var got Digest
	b, err := os.ReadFile(digest)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	compareDigest(t, "after the kills", got, want)

	// Nothing lost, nothing twice: the transcript and every egress subject.
	entries := transcript(t, c)
	if !slices.Equal(ids(entries), want.Accepted) {
		t.Fatalf("transcript has %d entries, want the %d sent, in order", len(entries), len(want.Accepted))
	}
	refOut, out := egress(t, refC), egress(t, c)
	for _, subj := range sortedKeys(refOut) {
		if !slices.Equal(out[subj], refOut[subj]) {
			t.Errorf("%s carries %d messages, the uninterrupted run %d", subj, len(out[subj]), len(refOut[subj]))
		}
	}

	// The snapshot is only an optimisation: deleted, the state is the same.
	for _, drop := range []bool{false, true} {
		if !drop {
			kv, err := c.JS.KeyValue(context.Background(), c.Sub.SnapshotBucket())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := kv.Get(context.Background(), "part-0"); err != nil {
				t.Fatalf("the gateway left no snapshot: %v", err)
			}
		}
		if drop {
			if err := c.JS.DeleteKeyValue(context.Background(), c.Sub.SnapshotBucket()); err != nil {
				t.Fatal(err)
			}
		}
		g, stop := startGateway(t, url, Config{Name: fmt.Sprintf("rebuilt-%v", drop), SnapshotEvery: -1})
		compareDigest(t, fmt.Sprintf("rebuilt (snapshot deleted: %v)", drop), *g.Digest(), want)
		stop()
	}
}

func compareDigest(t *testing.T, what string, got, want Digest) {
	t.Helper()
	if !slices.Equal(got.Accepted, want.Accepted) {
		t.Errorf("%s: %d accepted, want %d in the same order", what, len(got.Accepted), len(want.Accepted))
	}
	if !slices.Equal(got.Open, want.Open) {
		t.Errorf("%s: open obligations %v, want %v", what, got.Open, want.Open)
	}
}

// freePort returns a loopback TCP port nobody listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// TestCluster runs the mesh on a three-node cluster of embedded servers
// (streams with three replicas) and shuts one node down mid-run: nothing
// accepted is lost, stored twice or reordered.
func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the cluster test takes a while")
	}
	const n = 3
	ports := make([]int, n)
	for i := range ports {
		ports[i] = freePort(t)
	}
	var routes []string
	for _, p := range ports {
		routes = append(routes, fmt.Sprintf("nats://127.0.0.1:%d", p))
	}
	var urls []string
	nodes := make([]interface{ Shutdown() }, n)
	for i := range n {
		s, err := StartServer(ServerOptions{Dir: t.TempDir(), Name: fmt.Sprintf("n%d", i), Cluster: "mesh",
			ClusterPort: ports[i], Routes: routes})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
		nodes[i] = s
		urls = append(urls, s.ClientURL())
	}
	all := strings.Join(urls, ",")
	// Wait for the cluster's JetStream to elect a leader: Setup succeeds then.
	nc := connect(t, all, nats.MaxReconnects(-1))
	c, err := NewClient(nc, "")
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := Setup(ctx, c.JS, c.Sub, n)
		cancel()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("cluster not ready: %v", err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	g := runGateway(t, all, Config{Replicas: n, SnapshotEvery: -1})
	msgs := genTraffic(600)
	var sent []Sent
	deadline = time.Now().Add(300 * time.Second) // a loaded machine elects new leaders slowly
	for i, m := range msgs {
		if i == len(msgs)/2 {
			nodes[1].Shutdown() // one node dies mid-run
		}
		var s Sent
		var err error
		for time.Now().Before(deadline) { // a publish may fail while the cluster moves leaders
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			s, err = c.Agent(SenderOf(m)).Send(ctx, m)
			cancel()
			if err == nil {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		if err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
		sent = append(sent, s)
	}
	d := waitAccepted(t, g, len(msgs))
	var want []string
	for _, s := range sent {
		want = append(want, s.ID)
	}
	// A node killed mid-run loses nothing, duplicates nothing and reorders
	// nothing: while the cluster moves a stream's leader an unacknowledged
	// ingress message can be redelivered after later ones (seen in CI before
	// the gateway took ingress in sequence order), and the gateway still
	// takes them in order (TestArrivalOrder drives that case directly).
	sameSet := func(got []string) bool { return slices.Equal(got, want) }
	if !sameSet(d.Accepted) {
		t.Fatalf("accepted %d, want the %d sent, each once, in order", len(d.Accepted), len(want))
	}
	// Reading the transcript right after the node died may meet the stream
	// between leaders ("no responders"): retry, bounded, as the sends do.
	var entries []Entry
	for read := time.Now().Add(60 * time.Second); ; {
		entries = entries[:0]
		err := c.Transcript(context.Background(), func(e Entry) error { entries = append(entries, e); return nil })
		if err == nil {
			break
		}
		if time.Now().After(read) {
			t.Fatalf("transcript: %v", err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	if got := ids(entries); !sameSet(got) {
		t.Fatalf("transcript has %d entries, want the %d sent, each once, in order", len(got), len(want))
	}
}
