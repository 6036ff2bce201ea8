package mesh

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/rosettac/rosettac/config"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// Header names the gateway writes on transcript and egress messages.
const (
	HeaderKey    = "Rosetta-Key"    // the message key (id and content hash)
	HeaderInSeq  = "Rosetta-In-Seq" // the ingress stream sequence it came from
	HeaderAgent  = "Rosetta-Agent"  // the agent that published it
	HeaderTo     = "Rosetta-To"     // egress subjects, space-separated
	HeaderDiags  = "Rosetta-Diags"  // its diagnostics (check --format json), when any
	HeaderRepair = "Rosetta-Repair" // on a repair: the key of the message it repairs
)

// DefaultHold is how long a reply waits for its re= parent (--hold).
const DefaultHold = 30 * time.Second

// LeaseTTL is how long a partition's owner may be silent before another
// gateway takes the partition over.
const LeaseTTL = 4 * time.Second

// ErrLeaseLost is returned by Run when another gateway took the partition.
var ErrLeaseLost = errors.New("mesh: partition lease lost to another gateway")

// Config configures a gateway.
type Config struct {
	Prefix string // subject prefix; "" is DefaultPrefix
	// Name identifies this gateway as a partition owner; a gateway that
	// restarts with the same name takes its lease back at once. "" is
	// host-pid.
	Name   string
	Policy *config.Policy // nil: an open mesh
	// Enforce lists diagnostic codes that reject a message whatever their
	// severity; nil is DefaultEnforce.
	Enforce []string
	Hold    time.Duration // 0 is DefaultHold
	Clock   Clock         // nil is the wall clock
	Repair  Repairer      // nil is DefaultRepair
	Batch   int           // ingress messages per fetch; 0 is 256
	// Replicas of the streams and buckets on a cluster; 0 is 1.
	Replicas int
	// SnapshotEvery is the number of accepted messages between snapshots;
	// 0 is 2000, negative never.
	SnapshotEvery int
	Metrics       *Metrics
	// Partitions is the number of partitions conversations are spread over
	// (docs/mesh.md); 0 is 1: one gateway reads the ingress stream and its
	// verdicts are exactly `rosettac check`'s. Above 1 a Router places each
	// message in its conversation's partition, and each partition has a
	// gateway (Node runs the router and the partitions it owns).
	Partitions int
	// Part is the partition this gateway works, from 0.
	Part int
	// Standby: wait LeaseTTL before trying for the lease, so that the owner
	// that prefers it takes it first; a standby takes over only a partition
	// nobody holds.
	Standby bool
	// Ready, when set, is called once the gateway owns its partition, has
	// rebuilt its state and reads ingress.
	Ready func()
	Logf  func(format string, args ...any)
}

// Gateway checks, routes and records the traffic of one partition.
type Gateway struct {
	cfg  Config
	nc   *nats.Conn
	js   jetstream.JetStream
	sub  Subjects
	part int
	st   *state
	met  *Metrics
	own  *lease

	pipe     *pipeline
	verdicts jetstream.KeyValue
	snaps    jetstream.KeyValue

	// Pending until the next flush, stored in this order: the outputs
	// (deliveries, diagnostics, repairs, audit records); then, once those are
	// stored, the verdicts (an accepted message's transcript entry, a
	// rejected or duplicate one's verdict record); then the ingress acks.
	outs     []*nats.Msg
	verds    []*nats.Msg
	acks     []*inbound
	logPart  string // Subjects.LogPart of the partition
	kvPrefix string // the verdict bucket's subject prefix
	lastTick time.Time
	snapDue  int

	seq *sequencer // ingress in sequence order (order.go)

	digest atomic.Pointer[Digest]
	// What this gateway added to the shared Metrics' accepted count and
	// open-obligations gauge (several partitions share one Metrics).
	counted   int64
	openShown atomic.Int64
}

// NewGateway returns a gateway on nc. It creates the mesh's streams and
// buckets when they do not exist.
func NewGateway(ctx context.Context, nc *nats.Conn, cfg Config) (*Gateway, error) {
	cfg = cfg.withDefaults()
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(16384))
	if err != nil {
		return nil, err
	}
	g := &Gateway{cfg: cfg, nc: nc, js: js, sub: NewSubjects(cfg.Prefix), met: cfg.Metrics, part: cfg.Part}
	g.logPart, g.kvPrefix = g.sub.LogPart(g.part), "$KV."+g.sub.VerdictBucket()+"."
	if err := Setup(ctx, js, g.sub, cfg.Replicas); err != nil {
		return nil, err
	}
	if g.verdicts, err = js.KeyValue(ctx, g.sub.VerdictBucket()); err != nil {
		return nil, err
	}
	if g.snaps, err = js.KeyValue(ctx, g.sub.SnapshotBucket()); err != nil {
		return nil, err
	}
	leases, err := js.KeyValue(ctx, g.sub.LeaseBucket())
	if err != nil {
		return nil, err
	}
	g.own = &lease{kv: leases, key: g.leaseKey(), name: cfg.Name}
	return g, nil
}

// withDefaults fills in the zero fields of a Config.
func (cfg Config) withDefaults() Config {
	if cfg.Partitions < 1 {
		cfg.Partitions = 1
	}
	if cfg.Hold <= 0 {
		cfg.Hold = DefaultHold
	}
	if cfg.Clock == nil {
		cfg.Clock = SystemClock{}
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 256
	}
	if cfg.SnapshotEvery == 0 {
		cfg.SnapshotEvery = 2000
	}
	if cfg.Name == "" {
		h, _ := os.Hostname()
		cfg.Name = fmt.Sprintf("%s-%d", h, os.Getpid())
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	return cfg
}

// Digest returns the state's digest as of the last flush (nil before the
// gateway is ready).
func (g *Gateway) Digest() *Digest { return g.digest.Load() }

// Serve runs the gateway until ctx ends, starting again after a failure (a
// lost connection, a lost lease): each start rebuilds the state from the
// streams, so what a failed run had decided but not stored is decided again.
func (g *Gateway) Serve(ctx context.Context) error {
	return supervise(ctx, g.cfg.Logf, fmt.Sprintf("gateway of partition %d", g.part), g.Run)
}

// supervise calls run until ctx ends, starting it again half a second after
// each failure (logged): the gateway's and the router's Serve.
func supervise(ctx context.Context, logf func(string, ...any), name string, run func(context.Context) error) error {
	for {
		err := run(ctx)
		if ctx.Err() != nil {
			return nil
		}
		logf("mesh: %s stopped (%v); starting again", name, err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// Run owns the partition until ctx ends (then it returns nil) or the lease
// is lost (ErrLeaseLost): it waits for the lease, rebuilds the state from the
// snapshot and the transcript, and handles ingress.
func (g *Gateway) Run(ctx context.Context) error {
	g.outs, g.verds, g.acks = nil, nil, nil // what a failed run left unstored is decided again
	stopRenew, err := g.own.hold(ctx, g.cfg.Standby, g.rebuild)
	if err != nil {
		return err
	}
	defer stopRenew()
	in, err := g.feed(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if in != nil {
			in.stop()
		}
	}()
	g.seq = newSequencer()
	g.pipe = newPipeline(g)
	defer g.pipe.close()
	g.publishDigest(g.st.digest())
	if g.cfg.Ready != nil {
		g.cfg.Ready()
	}
	lastDigest := time.Now()
	for {
		if ctx.Err() != nil {
			break
		}
		if g.own.lost.Load() {
			return ErrLeaseLost
		}
		if err := g.pipe.failed(); err != nil {
			return err
		}
		n, err := in.next(g.cfg.Batch, 50*time.Millisecond, g.ingress)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			return fmt.Errorf("mesh: ingress: %w", err)
		}
		if g.seq.due() {
			g.seq.retry(g.takeMsg, g.cfg.Logf, fmt.Sprintf("partition %d", g.part))
			in.stop()
			if in, err = g.feed(ctx); err != nil {
				return err
			}
		}
		g.tick()
		// The digest (tests, the open-obligations gauge) costs a walk of the
		// state: taken when ingress is idle, and at most every 200ms.
		var d *Digest
		if n == 0 || time.Since(lastDigest) > 200*time.Millisecond {
			dd := g.st.digest()
			d, lastDigest = &dd, time.Now()
		}
		if err := g.flush(d); err != nil {
			return err
		}
		if g.cfg.SnapshotEvery > 0 && g.snapDue >= g.cfg.SnapshotEvery {
			// A snapshot holds only what is stored: wait for the pipeline.
			if err := g.pipe.drain(); err != nil {
				return err
			}
			g.snapshot(ctx)
		}
	}
	// Stopping: what was handled is stored and acked; the held messages are
	// not acked and come back to the next owner.
	fctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d := g.st.digest()
	if err := g.flush(&d); err != nil {
		return err
	}
	if err := g.pipe.drain(); err != nil {
		return err
	}
	g.snapshot(fctx)
	g.own.release(fctx)
	return nil
}

func (g *Gateway) leaseKey() string { return fmt.Sprintf("part-%d", g.part) }

// lease is one key of the lease bucket (a partition's, the router's), held
// by one node at a time: created if absent, renewed every LeaseTTL/4, gone
// after LeaseTTL without renewal.
type lease struct {
	kv   jetstream.KeyValue
	key  string
	name string // the holder's name (Config.Name)
	rev  uint64
	lost atomic.Bool
}

// hold is how a lease's holder (a partition's gateway, the router) starts
// work: it waits for the lease, keeps it renewed until stop is called (or
// ctx ends), and rebuilds the holder's state from the streams while it holds
// it, so that no other node works the same key meanwhile.
func (l *lease) hold(ctx context.Context, standby bool, rebuild func(context.Context) error) (stop func(), err error) {
	if err := l.acquire(ctx, standby); err != nil {
		return nil, err
	}
	renewCtx, stop := context.WithCancel(ctx)
	go l.renew(renewCtx)
	if err := rebuild(ctx); err != nil {
		stop()
		return nil, err
	}
	return stop, nil
}

// acquire waits until name holds the lease. A standby first waits LeaseTTL,
// so that the node that prefers the key takes it.
func (l *lease) acquire(ctx context.Context, standby bool) error {
	l.lost.Store(false)
	if standby {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(LeaseTTL):
		}
	}
	for {
		rev, err := l.kv.Create(ctx, l.key, []byte(l.name))
		if err == nil {
			l.rev = rev
			return nil
		}
		if e, gerr := l.kv.Get(ctx, l.key); gerr == nil && string(e.Value()) == l.name {
			// Our own lease, from before a restart.
			if rev, err := l.kv.Update(ctx, l.key, []byte(l.name), e.Revision()); err == nil {
				l.rev = rev
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(LeaseTTL / 8):
		}
	}
}

// renew keeps the lease until ctx ends; when it cannot, lost is set and the
// holder stops before its next flush (another node may hold the key by then).
func (l *lease) renew(ctx context.Context) {
	t := time.NewTicker(LeaseTTL / 4)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		r, err := l.kv.Update(ctx, l.key, []byte(l.name), l.rev)
		if err != nil {
			if ctx.Err() == nil {
				l.lost.Store(true)
			}
			return
		}
		l.rev = r
	}
}

// release gives the lease up (a clean stop), so the next holder need not
// wait for it to expire.
func (l *lease) release(ctx context.Context) { _ = l.kv.Delete(ctx, l.key) }

// consumer (re)creates the durable ingress consumer at the first message not
// acknowledged, so a new owner does not wait out the ack timeout of the
// messages its predecessor held: those from the ack floor on come again, and
// the ones already handled are recognised (same key, same ingress sequence).
func (g *Gateway) consumer(ctx context.Context) (jetstream.Consumer, error) {
	name, stream, filter := fmt.Sprintf("gateway-%d", g.part), g.sub.InStream(), g.sub.Prefix+".in.*"
	if g.cfg.Partitions > 1 {
		stream, filter = g.sub.PartStream(), fmt.Sprintf("%s.part.%d.*", g.sub.Prefix, g.part)
	}
	return durableConsumer(ctx, g.js, stream, name, filter, g.cfg.Hold+30*time.Second)
}

// feed reads the (re)created consumer.
func (g *Gateway) feed(ctx context.Context) (*feed, error) {
	cons, err := g.consumer(ctx)
	if err != nil {
		return nil, err
	}
	return newFeed(cons, g.cfg.Batch)
}

// durableConsumer (re)creates a durable consumer of filter on stream at its
// first unacknowledged message (see Gateway.consumer).
func durableConsumer(ctx context.Context, js jetstream.JetStream, stream, name, filter string, ackWait time.Duration) (jetstream.Consumer, error) {
	var start uint64
	if c, err := js.Consumer(ctx, stream, name); err == nil {
		info, err := c.Info(ctx)
		if err != nil {
			return nil, err
		}
		start = info.AckFloor.Stream + 1
		if err := js.DeleteConsumer(ctx, stream, name); err != nil {
			return nil, err
		}
	}
	cfg := jetstream.ConsumerConfig{
		Durable:       name,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ackWait,
		MaxAckPending: 20000,
		MaxDeliver:    -1,
		FilterSubject: filter,
	}
	if start > 1 {
		cfg.DeliverPolicy = jetstream.DeliverByStartSequencePolicy
		cfg.OptStartSeq = start
	}
	return js.CreateOrUpdateConsumer(ctx, stream, cfg)
}

// ingress takes the messages of the ingress stream (of the partition's
// subject) in sequence order: m, and those it was the missing one for.
func (g *Gateway) ingress(m jetstream.Msg) {
	md, err := m.Metadata()
	if err != nil {
		_ = m.Term()
		return
	}
	seq := md.Sequence.Stream
	if g.cfg.Partitions > 1 {
		seq, _ = strconv.ParseUint(m.Headers().Get(HeaderPartSeq), 10, 64)
	}
	g.seq.push(seq, m, g.takeMsg)
}

func (g *Gateway) takeMsg(m jetstream.Msg) {
	if md, err := m.Metadata(); err == nil {
		g.take(m, md)
	}
}

// take handles one ingress message, in sequence order.
func (g *Gateway) take(m jetstream.Msg, md *jetstream.MsgMetadata) {
	agent, _ := strings.CutPrefix(m.Subject(), g.sub.Prefix+".in.")
	in := &inbound{msg: m, seq: md.Sequence.Stream, agent: agent, subject: m.Subject(),
		data: m.Data(), received: md.Timestamp}
	if g.cfg.Partitions > 1 {
		// From the router: the agent is the last token, the publish time
		// and what the router knows are headers.
		h := m.Headers()
		in.agent = m.Subject()[strings.LastIndexByte(m.Subject(), '.')+1:]
		in.subject = g.sub.In(in.agent)
		if t, err := time.Parse(time.RFC3339Nano, h.Get(HeaderPublished)); err == nil {
			in.received = t
		}
		in.shared, in.orphan = h.Get(HeaderShared) != "", h.Get(HeaderOrphan) != ""
		in.cross = h.Get(HeaderCross)
		in.mirror = in.shared && g.part != 0
	}
	if !in.mirror {
		g.met.in.Add(1)
	}
	if h := m.Headers(); h != nil {
		in.lang, in.to = ir.Language(h.Get(HeaderLang)), h.Get(HeaderTo)
	}
	for _, h := range g.st.held {
		if h.seq == in.seq { // redelivered while held: keep the newest handle
			h.msg = m
			return
		}
	}
	g.handle(in, false)
}

// handle decides one message: held, accepted or rejected.
func (g *Gateway) handle(in *inbound, force bool) {
	st := g.st
	if in.lang != "" && in.lang != ir.Rosetta {
		g.handleLang(in) // Lingua, AgentDSL; any other language is refused there
		return
	}
	res, m := parseOne(in.subject, in.data)
	if m == nil {
		ds := append(diag.List{}, res.Diags...)
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeIngress, Span: res.Source.Span(0, 0),
			Message: "an ingress message must be exactly one AgentRosetta message with a header",
			Hint:    "publish one message (header line, then its slots) per NATS message"})
		g.reject(in, nil, "", msgKey("", in.data), ds)
		return
	}
	id := m.Header.ID.Text
	key := msgKey(id, in.data)

	// msg-id is the idempotency key (spec §19).
	if rec := st.accepted[id]; rec != nil {
		switch {
		case rec.Key == key && rec.InSeq == in.seq:
			g.redeliver(in, rec) // handled before a crash: store it again (deduplicated)
		case rec.Key == key && in.mirror:
			g.acks = append(g.acks, in)
		case rec.Key == key:
			g.verdict(in, Verdict{Key: key, ID: id, Agent: in.agent, Status: StatusDuplicate})
		default:
			ds := diag.List{{Severity: diag.Error, Code: CodeIDReused, Span: m.Header.ID.Span, MessageID: id,
				Message: fmt.Sprintf("%s already names an accepted message with different content", id),
				Hint:    "give a new message a new id; correct an accepted one with `revise`"}}
			g.reject(in, m, id, key, ds)
		}
		return
	}
	if rj := st.rejected[key]; rj != nil && rj.InSeq == in.seq {
		g.rerejected(in, rj)
		return
	}
	if in.mirror && st.rejected[key] != nil {
		g.acks = append(g.acks, in)
		return
	}

	// Ordering: a reply waits for its parent (spec §19).
	re, _ := m.Header.Field("re")
	var ds diag.List
	if re != "" && st.sess.Message(re, true) == nil && !in.trusted {
		if !force && !in.orphan {
			if in.deadline.IsZero() {
				in.deadline = g.cfg.Clock.Now().Add(g.cfg.Hold)
				in.parent = re
			}
			st.held = append(st.held, in)
			g.met.held.Add(1)
			return
		}
		ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeHoldTimeout, Span: m.Header.ID.Span, MessageID: id,
			Message: fmt.Sprintf("re=%s had not arrived after %s; delivered without it", re, g.cfg.Hold),
			Hint:    "send a reply after its parent, or check the re= id"})
	}

	sender := senderOf(m)
	if !in.trusted && (sender != in.agent || sender == "sys") {
		what := fmt.Sprintf("the header says the sender is %s, but it was published by %s", sender, in.agent)
		if sender == "sys" {
			what = fmt.Sprintf("%s may not send as sys: sys is the mesh's own sender", in.agent)
		}
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeSpoof, Span: m.Header.ID.Span, MessageID: id,
			Message: what, Hint: fmt.Sprintf("publish on %s only your own messages, with ids that start with your name", g.sub.In(sender))})
	}

	if src, part, ok := strings.Cut(in.cross, " "); ok && !in.trusted {
		// The session here does not hold src, so S4 and S8 against it would
		// pass unchecked: refused, as an enforced check that cannot be made.
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeOtherConversation, Span: m.Header.ID.Span, MessageID: id,
			Message: fmt.Sprintf("src=%s names a message of another conversation (partition %s of %d): its relayed confidence (S4) and label (S8) cannot be checked here",
				src, part, g.cfg.Partitions),
			Hint: fmt.Sprintf("send it in %s's conversation (a reply to it or to one of its replies), or run the mesh with one partition", src)})
	}

	st.sess.SetSource(res.Source)
	cds := st.sess.Check(m)
	storable := st.sess.Message(id, true) == nil // accepted ids were answered above
	ds = append(ds, res.Diags...)
	ds = append(ds, cds...)
	for i := range ds {
		ds[i].MessageID = id
	}
	to, rds := g.route(m, sender, in.trusted)
	ds = append(ds, rds...)
	ds.Sort()
	ds = ds.Dedup()

	rejected := !storable && !in.trusted
	for _, d := range ds {
		if d.Severity == diag.Error || g.enforced(d.Code) {
			rejected = rejected || !in.trusted
		}
	}
	if rejected {
		g.reject(in, m, id, key, ds)
		return
	}
	rec := &record{Key: key, InSeq: in.seq, Agent: sender, To: to, Data: in.data, Shared: in.shared}
	if len(ds) > 0 {
		rec.Diags = diagJSON(ds)
	}
	if storable {
		st.sess.Commit(m)
	}
	st.accepted[id] = rec
	st.order = append(st.order, id)
	st.agents[sender] = true
	for _, t := range m.Header.Targets {
		if t.Kind == ir.TargetAgent && validToken(t.Text) {
			st.agents[t.Text] = true
		}
	}
	st.noteSys(id)
	if !in.mirror {
		g.met.accepted.Add(1)
		g.counted++
	}
	g.snapDue++
	g.emitAccepted(in, rec)
	g.release(id)
}

// release handles the held replies to id, in arrival order.
func (g *Gateway) release(id string) {
	var ready []*inbound
	kept := g.st.held[:0]
	for _, h := range g.st.held {
		if h.parent == id {
			ready = append(ready, h)
		} else {
			kept = append(kept, h)
		}
	}
	g.st.held = kept
	for _, h := range ready {
		g.met.held.Add(-1)
		g.handle(h, false)
	}
}

// route computes the egress subjects of an accepted message (spec §13) and
// checks the policy for each recipient.
func (g *Gateway) route(m *ir.Message, sender string, trusted bool) ([]string, diag.List) {
	h := m.Header
	targets, topic := h.Targets, h.Topic
	if re, ok := h.Field("re"); ok {
		if p := g.st.sess.Message(re, true); p != nil && p.Header != nil {
			// 2.1 inheritance: an elided route goes to the parent's sender,
			// an elided topic is the parent's.
			if len(targets) == 0 {
				targets = []ir.Target{{Kind: ir.TargetAgent, Text: senderOf(p)}}
			}
			if topic == "" {
				topic = p.Header.Topic
			}
		}
	}
	sens, _ := h.Field("sens")
	pol := g.cfg.Policy
	var ds diag.List
	var subjects []string
	bad := func(code string, sp diag.Span, hint, format string, args ...any) {
		if !sp.IsValid() {
			sp = h.ID.Span
		}
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: code, Span: sp, MessageID: h.ID.Text, Hint: hint, Message: fmt.Sprintf(format, args...)})
	}
	if !trusted {
		written := make([]string, len(targets))
		for i, t := range targets {
			written[i] = t.Text
		}
		if err := pol.MaySend(sender, h.Act, written, topic); err != nil {
			bad(CodeActForbidden, h.ActSpan, "ask the mesh's operator to allow it in the policy (mesh.policy.agents."+sender+".send), or send it elsewhere",
				"%s (policy)", err)
		}
	}
	// check reports whether agent may receive m's label, and reports why
	// not when strict (a named recipient); `*` skips agents that may not.
	check := func(agent string, sp diag.Span, strict bool) bool {
		if trusted || pol.MayReceive(agent, sens) {
			return true
		}
		if strict {
			label := sens
			if label == "" {
				label = "pub"
			}
			bad(CodeNotCleared, sp, "send it to a recipient cleared for the label, or redact it first",
				"%s is not cleared for sens=%s (policy)", agent, label)
		}
		return false
	}
	for _, t := range targets {
		switch t.Kind {
		case ir.TargetAgent:
			if !validToken(t.Text) {
				bad(CodeNoRecipient, t.Span, "agent names are letters, digits, '_' and '-'", "%q cannot be an agent's subject", t.Text)
				continue
			}
			if check(t.Text, t.Span, true) {
				subjects = append(subjects, g.sub.To(t.Text))
			}
		case ir.TargetBroadcast:
			for _, a := range g.st.knownAgents() {
				if a != sender && a != "sys" && check(a, t.Span, false) {
					subjects = append(subjects, g.sub.To(a))
				}
			}
		case ir.TargetTopic:
			tp := strings.TrimPrefix(t.Text, "#")
			if !validTopic(tp) {
				bad(CodeNoRecipient, t.Span, "topics are dot-separated names", "#%s cannot be a topic subject", tp)
				continue
			}
			subjects = append(subjects, g.sub.Topic(tp))
		case ir.TargetRole:
			kind, name, _ := strings.Cut(strings.TrimPrefix(t.Text, "@"), ":")
			if !validToken(name) {
				bad(CodeNoRecipient, t.Span, "role and group names are single subject tokens", "%s cannot be routed", t.Text)
				continue
			}
			switch kind {
			case "grp":
				members := pol.Members(name)
				if len(members) == 0 {
					bad(CodeNoRecipient, t.Span, "list the group's members in the mesh policy (groups:)", "@grp:%s has no members", name)
				}
				for _, a := range members {
					if check(a, t.Span, true) {
						subjects = append(subjects, g.sub.To(a))
					}
				}
			case "role":
				ok := true
				for _, a := range pol.Holders(name) {
					ok = check(a, t.Span, true) && ok
				}
				if ok {
					subjects = append(subjects, g.sub.Role(name))
				}
			default: // @tool:x: one holder, like a role
				subjects = append(subjects, g.sub.Role(kind+"-"+name))
			}
		}
	}
	slices.Sort(subjects)
	return slices.Compact(subjects), ds
}

// Verdict statuses.
const (
	StatusAccepted  = "accepted"
	StatusRejected  = "rejected"
	StatusDuplicate = "duplicate" // the same message was already stored
)

// Verdict is what the gateway decided about one message; `mesh send` waits
// for it (Client.Verdict): an accepted message's is its transcript entry, a
// rejected or duplicate one's a record in the verdict bucket under its key.
type Verdict struct {
	Key    string `json:"key"`
	ID     string `json:"id"`
	Agent  string `json:"agent"`
	Status string `json:"status"`
	// Diagnostics in the form of check --format json, when there are any.
	Diagnostics json.RawMessage `json:"diagnostics,omitempty"`
	Repair      string          `json:"repair,omitempty"`
}

func diagJSON(ds diag.List) []byte {
	var b bytes.Buffer
	_ = diag.PrintJSON(&b, ds)
	return bytes.TrimSpace(b.Bytes())
}

// output queues an output under its JetStream message id; hdr is its own
// (the id is added to it), or nil.
func (g *Gateway) output(subject, msgID string, data []byte, hdr nats.Header) {
	g.outs = append(g.outs, jsMsg(subject, msgID, data, hdr))
}

// jsMsg is a message to store with its JetStream message id, hdr its header
// map (not copied; nil for a new one).
func jsMsg(subject, msgID string, data []byte, hdr nats.Header) *nats.Msg {
	if hdr == nil {
		hdr = make(nats.Header, 1)
	}
	hdr[jetstream.MsgIDHeader] = []string{msgID}
	return &nats.Msg{Subject: subject, Data: data, Header: hdr}
}

// emitAccepted queues the deliveries and the diagnostics of an accepted
// message, then its transcript entry, which is its verdict (stored after the
// deliveries: Client.Verdict watches for it).
func (g *Gateway) emitAccepted(in *inbound, rec *record) {
	hdr := make(nats.Header, 8)
	hdr[HeaderKey], hdr[HeaderAgent] = []string{rec.Key}, []string{rec.Agent}
	hdr[HeaderInSeq] = []string{strconv.FormatUint(rec.InSeq, 10)}
	if len(rec.To) > 0 {
		hdr[HeaderTo] = []string{strings.Join(rec.To, " ")}
	}
	if len(rec.Diags) > 0 {
		hdr[HeaderDiags] = []string{string(rec.Diags)}
	}
	logID := rec.Key
	if rec.Lang != "" {
		hdr[HeaderLang] = []string{rec.Lang}
	}
	if rec.Shared {
		// Each partition stores its own copy in the one transcript stream:
		// message ids that differ, or JetStream drops all but the first.
		hdr[HeaderShared] = []string{"1"}
		logID = rec.Key + "@" + strconv.Itoa(g.part)
	}
	g.verds = append(g.verds, jsMsg(g.logPart+"."+rec.Key, logID, rec.Data, hdr))
	if !in.mirror { // partition 0 delivers a shared def
		g.deliveries(rec)
	}
	if in.msg != nil {
		g.acks = append(g.acks, in)
	}
}

func (g *Gateway) deliveries(rec *record) {
	key, agent := []string{rec.Key}, []string{rec.Agent} // shared by the header maps, never written
	for _, s := range rec.To {
		g.output(s, rec.Key+">"+s, rec.Data, nats.Header{HeaderKey: key, HeaderAgent: agent})
	}
	if len(rec.Diags) > 0 && rec.Agent != "sys" {
		g.output(g.sub.Diag(rec.Agent), rec.Key+":diag", rec.Diags, nats.Header{HeaderKey: key, HeaderAgent: agent})
	}
}

// redeliver stores again the deliveries of an accepted message that comes
// again (a gateway crashed, or the consumer was re-created, before its ack):
// JetStream drops the copies it already has. Its transcript entry, its
// verdict, is stored: it was stored after the deliveries.
func (g *Gateway) redeliver(in *inbound, rec *record) {
	if !in.mirror {
		g.deliveries(rec)
	}
	g.acks = append(g.acks, in)
}

// reject answers a rejected message with its repair and diagnostics, and
// records it in the audit stream (never in the transcript).
func (g *Gateway) reject(in *inbound, m *ir.Message, id, key string, ds diag.List) {
	if in.mirror {
		// Partition 0 answers it; a copy that only this partition rejects
		// (its session differs) is not applied here either.
		g.acks = append(g.acks, in)
		return
	}
	rj := &Rejection{Key: key, ID: id, InSeq: in.seq, Agent: in.agent, Message: string(in.data), Diags: string(diagJSON(ds))}
	rj.Repair, rj.RepairID = g.repair(m, in.agent, id, ds)
	g.st.rejected[key] = rj
	for _, d := range ds {
		if d.Severity == diag.Error || g.enforced(d.Code) {
			g.met.reject(d.Code)
		}
	}
	body, _ := json.Marshal(rj)
	g.output(g.sub.Audit(in.agent), key, body, nil)
	g.rerejected(in, rj)
}

// repair writes the repair of a rejected message: Config.Repair when set,
// else the session's (compiler.Session.Repair, the reference's repair), else
// DefaultRepair for a payload with no message. Its id is the mesh's next
// sys.n (the session's own counter restarts with the gateway; the mesh's is
// rebuilt from the transcript and the audit stream).
func (g *Gateway) repair(m *ir.Message, agent, id string, ds diag.List) (text, rid string) {
	if g.cfg.Repair != nil {
		if g.cfg.Repair("", agent, id, ds) == nil {
			return "", ""
		}
		rid = g.st.nextSysID()
		return string(g.cfg.Repair(rid, agent, id, ds)), rid
	}
	if m != nil {
		r := g.st.sess.Repair(m, ds)
		if r == nil {
			return "", ""
		}
		rid = g.st.nextSysID()
		// Addressed to the publisher, who receives it, not to the sender a
		// spoofed header claims.
		text = rid + strings.TrimPrefix(r.Text, r.ID)
		return strings.Replace(text, " sys>"+r.To+" ", " sys>"+agent+" ", 1), rid
	}
	if DefaultRepair("", agent, id, ds) == nil {
		return "", ""
	}
	rid = g.st.nextSysID()
	return string(DefaultRepair(rid, agent, id, ds)), rid
}

// rerejected queues a rejection's repair, diagnostics and verdict.
func (g *Gateway) rerejected(in *inbound, rj *Rejection) {
	hdr := nats.Header{}
	hdr.Set(HeaderRepair, rj.Key)
	if rj.Repair != "" && validToken(in.agent) {
		g.output(g.sub.To(in.agent), rj.Key+":repair", []byte(rj.Repair), hdr)
	}
	if validToken(in.agent) {
		g.output(g.sub.Diag(in.agent), rj.Key+":diag", []byte(rj.Diags), hdr)
	}
	g.verdict(in, Verdict{Key: rj.Key, ID: rj.ID, Agent: rj.Agent, Status: StatusRejected,
		Diagnostics: json.RawMessage(rj.Diags), Repair: rj.Repair})
}

// verdict queues the verdict record of a rejected or duplicate message
// (stored after the outputs) and the ingress ack (after the verdict).
func (g *Gateway) verdict(in *inbound, v Verdict) {
	body, _ := json.Marshal(v)
	m := nats.NewMsg(g.kvPrefix + v.Key)
	m.Data = body
	g.verds = append(g.verds, m)
	if in.msg != nil {
		g.acks = append(g.acks, in)
	}
}

// flush publishes the pending outputs and hands them, with the verdicts and
// the acks, to the pipeline, which stores the verdicts (transcript entries
// and verdict records) once the outputs are stored, and acks once the
// verdicts are: a crash at any point loses nothing
// (the ingress message comes again) and duplicates nothing (every output has
// a message id). The next batch is handled meanwhile.
func (g *Gateway) flush(d *Digest) error {
	if len(g.outs) == 0 && len(g.verds) == 0 && len(g.acks) == 0 && d == nil {
		return nil
	}
	if g.own.lost.Load() {
		return ErrLeaseLost
	}
	st := &stage{verds: g.verds, acks: g.acks, digest: d}
	for _, m := range g.outs {
		f, err := g.js.PublishMsgAsync(m)
		if err != nil {
			return fmt.Errorf("mesh: publish %s: %w", m.Subject, err)
		}
		st.futs = append(st.futs, f)
	}
	g.outs, g.verds, g.acks = nil, nil, nil
	return g.pipe.push(st)
}

// stage is one batch on its way through the pipeline.
type stage struct {
	futs   []jetstream.PubAckFuture
	verds  []*nats.Msg
	acks   []*inbound
	digest *Digest
	done   chan struct{} // a drain marker: closed when reached
}

// pipeline finishes stages in order on one goroutine.
type pipeline struct {
	g    *Gateway
	in   chan *stage
	err  atomic.Pointer[error]
	quit chan struct{}
}

func newPipeline(g *Gateway) *pipeline {
	p := &pipeline{g: g, in: make(chan *stage, 8), quit: make(chan struct{})}
	go p.run()
	return p
}

func (p *pipeline) run() {
	defer close(p.quit)
	for st := range p.in {
		if st.done != nil {
			close(st.done)
			continue
		}
		if p.err.Load() != nil {
			continue // a failed pipeline acks nothing more; the gateway restarts
		}
		if err := p.finish(st); err != nil {
			p.err.Store(&err)
		}
	}
}

func (p *pipeline) finish(st *stage) error {
	g := p.g
	if err := wait(st.futs); err != nil {
		return err
	}
	var futs []jetstream.PubAckFuture
	for _, m := range st.verds {
		f, err := g.js.PublishMsgAsync(m)
		if err != nil {
			return fmt.Errorf("mesh: publish %s: %w", m.Subject, err)
		}
		futs = append(futs, f)
	}
	if err := wait(futs); err != nil {
		return err
	}
	now := time.Now()
	for _, in := range st.acks {
		_ = in.msg.Ack()
		if !in.received.IsZero() {
			g.met.observe(now.Sub(in.received))
		}
	}
	if st.digest != nil {
		g.publishDigest(*st.digest)
	}
	return nil
}

func (p *pipeline) push(st *stage) error {
	if err := p.failed(); err != nil {
		return err
	}
	p.in <- st
	return nil
}

func (p *pipeline) failed() error {
	if e := p.err.Load(); e != nil {
		return *e
	}
	return nil
}

// drain waits until every stage pushed so far is finished.
func (p *pipeline) drain() error {
	m := &stage{done: make(chan struct{})}
	p.in <- m
	<-m.done
	return p.failed()
}

func (p *pipeline) close() {
	close(p.in)
	<-p.quit
}

// wait waits for the acks of async publishes (30s at most in all).
func wait(futs []jetstream.PubAckFuture) error {
	timeout := time.NewTimer(30 * time.Second)
	defer timeout.Stop()
	for _, f := range futs {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			return fmt.Errorf("mesh: publish %s: %w", f.Msg().Subject, err)
		case <-timeout.C:
			return fmt.Errorf("mesh: publish %s: no ack in 30s", f.Msg().Subject)
		}
	}
	return nil
}

func (g *Gateway) publishDigest(d Digest) {
	g.digest.Store(&d)
	n := int64(len(d.Open))
	g.met.open.Add(n - g.openShown.Swap(n))
}
