package mesh

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// startServer starts an embedded JetStream server on a free loopback port,
// stopped when the test ends.
func startServer(t testing.TB, dir string) *server.Server {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	s, err := StartServer(ServerOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s
}

func connect(t testing.TB, url string, opts ...nats.Option) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// runGateway runs a gateway until the test ends and waits until it is ready.
func runGateway(t testing.TB, url string, cfg Config) *Gateway {
	g, _ := startGateway(t, url, cfg)
	return g
}

// startGateway is runGateway that also returns a function stopping the
// gateway earlier (the lease is then free for the next).
func startGateway(t testing.TB, url string, cfg Config) (*Gateway, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	nc := connect(t, url, nats.MaxReconnects(-1), nats.ReconnectWait(100*time.Millisecond))
	g, err := NewGateway(ctx, nc, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ready := make(chan struct{})
	var readyOnce sync.Once
	g.cfg.Ready = func() { readyOnce.Do(func() { close(ready) }) }
	done := make(chan error, 1)
	go func() { done <- g.Serve(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("gateway: %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Errorf("gateway did not stop in 15s")
			}
		})
	}
	t.Cleanup(stop)
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("gateway stopped: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("gateway not ready in 20s")
	}
	return g, stop
}

func newClient(t testing.TB, url string) *Client {
	t.Helper()
	c, err := NewClient(connect(t, url), "")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sendAll publishes msgs in order, each as its sender, and returns the keys.
func sendAll(t testing.TB, c *Client, msgs [][]byte) []Sent {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second+time.Duration(len(msgs))*20*time.Millisecond)
	defer cancel()
	var out []Sent
	for _, m := range msgs {
		s, err := c.Agent(SenderOf(m)).Send(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// verdicts waits for every sent message's verdict (a watch each: the bound
// grows with their number, for a loaded CI machine).
func verdicts(t testing.TB, c *Client, sent []Sent) []Verdict {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second+time.Duration(len(sent))*40*time.Millisecond)
	defer cancel()
	var out []Verdict
	for _, s := range sent {
		v, err := c.Verdict(ctx, s.Key)
		if err != nil {
			t.Fatalf("verdict of %s: %v", s.ID, err)
		}
		out = append(out, v)
	}
	return out
}

// waitAccepted waits until the gateway has accepted n messages.
func waitAccepted(t testing.TB, g *Gateway, n int) Digest {
	t.Helper()
	deadline := time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		if d := g.Digest(); d != nil && len(d.Accepted) >= n {
			return *d
		}
		time.Sleep(20 * time.Millisecond)
	}
	d := g.Digest()
	t.Fatalf("gateway accepted %d of %d messages in 120s", len(d.Accepted), n)
	return Digest{}
}

func transcript(t testing.TB, c *Client) []Entry {
	t.Helper()
	var out []Entry
	if err := c.Transcript(context.Background(), func(e Entry) error { out = append(out, e); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

// egress reads every message of the egress stream: subject -> message keys.
func egress(t testing.TB, c *Client) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := readStream(context.Background(), c.JS, c.Sub.OutStream(), nil, 1, func(m jetstream.Msg, _ uint64) error {
		out[m.Subject()] = append(out[m.Subject()], m.Headers().Get(HeaderKey))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pairs is the sorted (message id, code) pairs of a check.
func pairs(ds diag.List) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.MessageID+" "+d.Code)
	}
	sort.Strings(out)
	return out
}

func checkText(name string, b []byte) diag.List {
	return compiler.Check(name, b, compiler.Options{From: ir.Rosetta}).Diags
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// genTraffic writes n messages of simple, valid traffic among agents: asks
// answered by tells, do-take-done tasks, notes; deterministic per n.
func genTraffic(n int) [][]byte {
	agents := []string{"ana", "bob", "cy", "dee", "eve"}
	seq := map[string]int{}
	next := func(a string) string { seq[a]++; return fmt.Sprintf("%s%d", a, seq[a]) }
	var out [][]byte
	add := func(s string) { out = append(out, []byte(s)) }
	for i := 0; len(out) < n; i++ {
		a, b := agents[i%len(agents)], agents[(i*3+1)%len(agents)]
		if a == b {
			b = agents[(i+1)%len(agents)]
		}
		switch i % 3 {
		case 0:
			q := next(a)
			add(fmt.Sprintf("%s ask >%s #q%d\n q what is item %d?\n", q, b, i%7, i))
			if len(out) < n {
				add(fmt.Sprintf("%s tell re=%s\n a item%d = %d ~hi\n unk []\n", next(b), q, i, i))
			}
		case 1:
			d := next(a)
			add(fmt.Sprintf("%s do >%s #task\n q index shard %d\n", d, b, i))
			if len(out) < n {
				add(fmt.Sprintf("%s take re=%s\n", next(b), d))
			}
			if len(out) < n {
				add(fmt.Sprintf("%s done re=%s\n a shard%d = indexed ~hi\n unk []\n", next(b), d, i))
			}
		default:
			add(fmt.Sprintf("%s note >%s\n txt \"note %d\"\n", next(a), b, i))
		}
	}
	return out[:n]
}

func joinMsgs(msgs [][]byte) []byte {
	var b []byte
	for i, m := range msgs {
		if i > 0 {
			b = append(b, '\n')
		}
		b = append(b, m...)
	}
	return b
}

func sortedKeys[M ~map[string]V, V any](m M) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
