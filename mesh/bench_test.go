package mesh

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// benchTraffic is n notes among agents agents, each to the next agent: one
// delivery per message, every message checked by the session.
func benchTraffic(agents, n int) ([][]byte, []string) {
	msgs := make([][]byte, n)
	senders := make([]string, n)
	seq := make([]int, agents)
	for i := range n {
		a := i % agents
		seq[a]++
		senders[i] = fmt.Sprintf("ag%c%d", 'a'+a%26, a)
		to := fmt.Sprintf("ag%c%d", 'a'+(a+1)%agents%26, (a+1)%agents)
		msgs[i] = fmt.Appendf(nil, "%s.%d note >%s #load\n txt \"message %d\"\n", senders[i], seq[a], to, i)
	}
	return msgs, senders
}

// publishPaced publishes msgs asynchronously at rate per second (0: as fast
// as the client can) and returns when the ingress stream has them all.
func publishPaced(b *testing.B, c *Client, msgs [][]byte, senders []string, rate int) {
	b.Helper()
	js, _ := jetstream.New(c.NC, jetstream.WithPublishAsyncMaxPending(8192))
	start := time.Now()
	for i, m := range msgs {
		if rate > 0 {
			if d := time.Until(start.Add(time.Duration(i) * time.Second / time.Duration(rate))); d > 0 {
				time.Sleep(d)
			}
		}
		if i%4000 == 3999 { // keep the client's window of unacknowledged publishes open
			<-js.PublishAsyncComplete()
		}
		if _, err := js.PublishAsync(c.Sub.In(senders[i]), m, jetstream.WithMsgID(msgKey(fmt.Sprint(i), m))); err != nil {
			b.Fatal(err)
		}
	}
	select {
	case <-js.PublishAsyncComplete():
	case <-time.After(60 * time.Second):
		b.Fatal("publishes not acknowledged in 60s")
	}
}

// BenchmarkMesh measures messages per second through one gateway on
// loopback (publish to stored delivery, verdict and ack), and the latency
// from publish to stored delivery at full speed and at 5,000 messages/s.
// Each run sends a fixed number of messages (b.N is not used: the figure is
// a rate, reported as msgs/s, p50-ms and p99-ms). docs/performance.md has
// the figures and the command.
func BenchmarkMesh(b *testing.B) {
	for _, agents := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("agents=%d", agents), func(b *testing.B) {
			for b.Loop() {
				benchOnce(b, agents, 20000, 0)
			}
		})
	}
	for _, rate := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("agents=100,rate=%d", rate), func(b *testing.B) {
			for b.Loop() {
				benchOnce(b, 100, 4*rate, rate)
			}
		})
	}
}

func benchOnce(b *testing.B, agents, n, rate int) {
	defer TuneGC()()
	s, err := StartServer(ServerOptions{Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	defer func() { s.Shutdown(); s.WaitForShutdown() }()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	nc := connect(b, s.ClientURL())
	g, err := NewGateway(ctx, nc, Config{SnapshotEvery: -1})
	if err != nil {
		b.Fatal(err)
	}
	ready := make(chan struct{})
	g.cfg.Ready = func() { close(ready) }
	done := make(chan error, 1)
	go func() { done <- g.Run(ctx) }()
	<-ready
	c := newClient(b, s.ClientURL())
	msgs, senders := benchTraffic(agents, n)
	start := time.Now()
	publishPaced(b, c, msgs, senders, rate)
	for g.met.accepted.Load() < int64(n) {
		if time.Since(start) > 120*time.Second {
			b.Fatalf("accepted %d of %d in 120s", g.met.accepted.Load(), n)
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	<-done // the last batches stored and acked
	el := time.Since(start)
	b.ReportMetric(float64(n)/el.Seconds(), "msgs/s")
	b.ReportMetric(float64(g.met.Quantile(0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(g.met.Quantile(0.99).Microseconds())/1000, "p99-ms")
}

// BenchmarkMeshPartitions is BenchmarkMesh's unpaced run (100 agents, 20,000
// notes, each its own conversation) through a router and two partitions:
// nodes=1 runs both partitions in one process, nodes=2 in two gateway
// processes (this one, and a child process of the test binary preferring
// partition 1). msgs/s is N over the time from the first publish until the
// transcript stream holds all N.
func BenchmarkMeshPartitions(b *testing.B) {
	for _, nodes := range []int{1, 2} {
		b.Run(fmt.Sprintf("nodes=%d", nodes), func(b *testing.B) {
			for b.Loop() {
				benchPartitions(b, nodes, 100, 20000)
			}
		})
	}
}

func benchPartitions(b *testing.B, nodes, agents, n int) {
	defer TuneGC()()
	s, err := StartServer(ServerOptions{Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	defer func() { s.Shutdown(); s.WaitForShutdown() }()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var prefer []int
	if nodes == 2 {
		prefer = []int{0}
	}
	ready := make(chan struct{})
	node, err := NewNode(ctx, connect(b, s.ClientURL()), Config{Name: "node-a", Partitions: 2, SnapshotEvery: -1,
		Ready: func() { close(ready) }}, prefer)
	if err != nil {
		b.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- node.Serve(ctx) }()
	<-ready
	if nodes == 2 {
		child := startGatewayProcess(b, s.ClientURL(), "", "MESH_HELPER_PARTITIONS=2", "MESH_HELPER_BENCH=1")
		defer child.stop(b)
	}
	c := newClient(b, s.ClientURL())
	msgs, senders := benchTraffic(agents, n)
	start := time.Now()
	publishPaced(b, c, msgs, senders, 0)
	logs, err := c.JS.Stream(ctx, c.Sub.LogStream())
	if err != nil {
		b.Fatal(err)
	}
	for {
		info, err := logs.Info(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if info.State.Msgs >= uint64(n) {
			break
		}
		if time.Since(start) > 180*time.Second {
			b.Fatalf("transcript has %d of %d in 180s", info.State.Msgs, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	el := time.Since(start)
	cancel()
	<-done
	b.ReportMetric(float64(n)/el.Seconds(), "msgs/s")
	if nodes == 1 { // the child's latencies are its own
		b.ReportMetric(float64(node.Gateways[0].met.Quantile(0.5).Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(node.Gateways[0].met.Quantile(0.99).Microseconds())/1000, "p99-ms")
	}
}
