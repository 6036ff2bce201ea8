package mesh

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Headers the router writes on the partition stream.
const (
	HeaderConv      = "Rosetta-Conv"      // the conversation key the partition was chosen by
	HeaderID        = "Rosetta-Id"        // the message id as the router read it
	HeaderPublished = "Rosetta-Published" // when the agent published it (ingress time, RFC 3339)
	// HeaderShared marks a message every partition receives (a root `def`:
	// the handshake, the dictionary); partition 0 delivers it and its copy
	// in the transcript is the verdict, the others only apply it to their
	// sessions.
	HeaderShared = "Rosetta-Shared"
	// HeaderOrphan marks a reply whose parent had not arrived when the
	// router's hold ran out: it was placed as the root of its own
	// conversation, and its partition handles it at once (M005).
	HeaderOrphan = "Rosetta-Orphan"
	// HeaderPartSeq numbers a partition's messages 1, 2, 3, ... in the order
	// the router placed them: the partition's gateway takes them in that
	// order, whatever order JetStream delivers them in.
	HeaderPartSeq = "Rosetta-Part-Seq"
)

// Router places every ingress message in the partition that owns its
// conversation, when conversations are spread over several partitions
// (Config.Partitions > 1). It is the one reader of the ingress stream then;
// each partition's gateway reads its own subject of the partition stream.
//
// The conversation key of a reply (`re=`) is its parent's key, whatever its
// own `thd=` says: a reply is always checked in the session that holds its
// parent, so a re= reference never crosses partitions. The key of a message
// without re= is `thd=` where it has it, else its own id; so a conversation is
// the root of its re= chain, and thd= names the conversations it roots. A
// root `def` (no re=, no thd=: the handshake, the dictionary) is session-wide
// and goes to every partition. A reply whose parent the router has not placed
// yet is held (not acked) until the parent comes or the hold (Config.Hold)
// runs out; then it is placed as a root (by its thd=, else its own id) and
// marked an orphan, which its gateway handles at once with M005: a parent
// that comes after that starts a conversation of its own. The partition is an
// FNV-1a hash of the key modulo the partition count.
//
// The router's state (the conversation of every message id, the ingress
// sequences already placed) is rebuilt from the partition stream's headers,
// so any node may take the router over; a placement republished after a
// crash has the same message id ("in-<seq>"), which JetStream drops.
type Router struct {
	cfg   Config
	js    jetstream.JetStream
	sub   Subjects
	lease *lease

	conv    map[string]string // message id -> conversation key
	placed  map[uint64]bool   // ingress sequences already placed
	partSeq []uint64          // the last HeaderPartSeq of each partition
	held    []*routed
	Placed  atomic.Int64 // messages placed (tests, the benchmark)
}

// routed is one ingress message on its way through the router.
type routed struct {
	msg       jetstream.Msg
	seq       uint64
	agent     string
	id, re    string
	thd       string // the key its thd= gives ("thd:<v>"), or ""
	key       string
	shared    bool
	orphan    bool
	published time.Time
	deadline  time.Time
}

// NewRouter returns the router of the mesh on nc (cfg as for NewGateway,
// Partitions above 1).
func NewRouter(ctx context.Context, nc *nats.Conn, cfg Config) (*Router, error) {
	cfg = cfg.withDefaults()
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(16384))
	if err != nil {
		return nil, err
	}
	r := &Router{cfg: cfg, js: js, sub: NewSubjects(cfg.Prefix)}
	if err := Setup(ctx, js, r.sub, cfg.Replicas); err != nil {
		return nil, err
	}
	leases, err := js.KeyValue(ctx, r.sub.LeaseBucket())
	if err != nil {
		return nil, err
	}
	r.lease = &lease{kv: leases, key: "router", name: cfg.Name}
	return r, nil
}

// Serve runs the router until ctx ends, starting again after a failure.
func (r *Router) Serve(ctx context.Context) error {
	return supervise(ctx, r.cfg.Logf, "router", r.Run)
}

// Run owns the router's lease until ctx ends or the lease is lost.
func (r *Router) Run(ctx context.Context) error {
	stopRenew, err := r.lease.hold(ctx, r.cfg.Standby, r.rebuild)
	if err != nil {
		return err
	}
	defer stopRenew()
	in, err := r.feed(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if in != nil {
			in.stop()
		}
	}()
	seq := newSequencer()
	for ctx.Err() == nil {
		if r.lease.lost.Load() {
			return ErrLeaseLost
		}
		var out []*routed
		take := func(m jetstream.Msg) { out = r.take(m, out) }
		_, err := in.next(r.cfg.Batch, 50*time.Millisecond, func(m jetstream.Msg) {
			md, err := m.Metadata()
			if err != nil {
				_ = m.Term()
				return
			}
			seq.push(md.Sequence.Stream, m, take) // in ingress order (order.go)
		})
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			return fmt.Errorf("mesh: router ingress: %w", err)
		}
		if seq.due() {
			seq.retry(take, r.cfg.Logf, "router")
			in.stop()
			if in, err = r.feed(ctx); err != nil {
				return err
			}
		}
		out = r.expire(out)
		if err := r.publish(out); err != nil {
			return err
		}
	}
	fctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r.lease.release(fctx)
	return nil
}

// consumer (re)creates the router's durable ingress consumer (see
// Gateway.consumer).
func (r *Router) consumer(ctx context.Context) (jetstream.Consumer, error) {
	return durableConsumer(ctx, r.js, r.sub.InStream(), "router", r.sub.Prefix+".in.*", r.cfg.Hold+30*time.Second)
}

// feed reads the (re)created consumer.
func (r *Router) feed(ctx context.Context) (*feed, error) {
	cons, err := r.consumer(ctx)
	if err != nil {
		return nil, err
	}
	return newFeed(cons, r.cfg.Batch)
}

// rebuild reads the partition stream's headers: every placed ingress
// sequence and the conversation of every placed id.
func (r *Router) rebuild(ctx context.Context) error {
	r.conv, r.placed, r.held = map[string]string{}, map[uint64]bool{}, nil
	r.partSeq = make([]uint64, r.cfg.Partitions)
	err := readStream(ctx, r.js, r.sub.PartStream(), nil, 1, func(m jetstream.Msg, _ uint64) error {
		h := m.Headers()
		var p int
		if _, err := fmt.Sscanf(strings.TrimPrefix(m.Subject(), r.sub.Prefix+".part."), "%d.", &p); err == nil && p >= 0 && p < len(r.partSeq) {
			if n, _ := strconv.ParseUint(h.Get(HeaderPartSeq), 10, 64); n > r.partSeq[p] {
				r.partSeq[p] = n
			}
		}
		seq, _ := strconv.ParseUint(h.Get(HeaderInSeq), 10, 64)
		r.placed[seq] = true
		if id := h.Get(HeaderID); id != "" {
			r.conv[id] = h.Get(HeaderConv)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("mesh: router: replay partition stream: %w", err)
	}
	return nil
}

// take reads one ingress message: placed at once, held for its parent, or
// (already placed before a crash) only acked once its placement is stored
// again.
func (r *Router) take(m jetstream.Msg, out []*routed) []*routed {
	md, err := m.Metadata()
	if err != nil {
		_ = m.Term()
		return out
	}
	agent, _ := strings.CutPrefix(m.Subject(), r.sub.Prefix+".in.")
	in := &routed{msg: m, seq: md.Sequence.Stream, agent: agent, published: md.Timestamp}
	for _, h := range r.held {
		if h.seq == in.seq { // redelivered while held: keep the newest handle
			h.msg = m
			return out
		}
	}
	if r.placed[in.seq] {
		// Placed and stored before a crash, not acked: placing it again
		// would give it a second partition sequence number.
		_ = m.Ack()
		return out
	}
	if lang := m.Headers().Get(HeaderLang); lang != "" && lang != "rosetta" {
		// A sender's Lingua or AgentDSL traffic is one stream: one partition.
		in.key = "lang:" + lang + ":" + agent
		return r.place(in, out)
	}
	in.id, in.re, in.thd, in.shared = conversation(m.Data())
	if in.re != "" {
		// With its parent, even when its thd= names another conversation.
		k, ok := r.conv[in.re]
		if !ok {
			in.deadline = r.cfg.Clock.Now().Add(r.cfg.Hold)
			r.held = append(r.held, in)
			return out
		}
		in.key = k
	}
	return r.place(in, out)
}

// place assigns in's conversation (a root's: its thd=, else its id), then
// releases the replies held for it.
func (r *Router) place(in *routed, out []*routed) []*routed {
	if in.key == "" {
		in.key = in.thd
	}
	if in.key == "" {
		in.key = in.id
	}
	if in.id != "" {
		r.conv[in.id] = in.key
	}
	out = append(out, in)
	if in.id == "" {
		return out
	}
	var ready []*routed
	kept := r.held[:0]
	for _, h := range r.held {
		if h.re == in.id {
			h.key = in.key
			ready = append(ready, h)
		} else {
			kept = append(kept, h)
		}
	}
	r.held = kept
	for _, h := range ready {
		out = r.place(h, out)
	}
	return out
}

// expire places the held replies whose hold ran out as roots of their own
// conversations (by their thd=, else their id), marked orphans.
func (r *Router) expire(out []*routed) []*routed {
	now := r.cfg.Clock.Now()
	for i := 0; i < len(r.held); {
		h := r.held[i]
		if now.Before(h.deadline) {
			i++
			continue
		}
		r.held = append(r.held[:i], r.held[i+1:]...)
		h.orphan = true
		out = r.place(h, out)
	}
	return out
}

// publish stores the placements of a batch on the partition stream, then
// acks their ingress messages: a crash in between places them again under
// the same message ids.
func (r *Router) publish(out []*routed) error {
	if len(out) == 0 {
		return nil
	}
	var futs []jetstream.PubAckFuture
	for _, in := range out {
		parts := []int{r.partition(in.key)}
		if in.shared {
			parts = parts[:0]
			for p := range r.cfg.Partitions {
				parts = append(parts, p)
			}
		}
		for _, p := range parts {
			m := nats.NewMsg(r.sub.Part(p, in.agent))
			m.Data = in.msg.Data()
			r.partSeq[p]++
			m.Header.Set(HeaderPartSeq, strconv.FormatUint(r.partSeq[p], 10))
			m.Header.Set(HeaderInSeq, strconv.FormatUint(in.seq, 10))
			m.Header.Set(HeaderConv, in.key)
			m.Header.Set(HeaderPublished, in.published.Format(time.RFC3339Nano))
			if in.id != "" {
				m.Header.Set(HeaderID, in.id)
			}
			if in.shared {
				m.Header.Set(HeaderShared, "1")
			}
			if in.orphan {
				m.Header.Set(HeaderOrphan, "1")
			}
			for _, h := range []string{HeaderLang, HeaderTo} {
				if v := in.msg.Headers().Get(h); v != "" {
					m.Header.Set(h, v)
				}
			}
			m.Header.Set(jetstream.MsgIDHeader, fmt.Sprintf("in-%d.p%d", in.seq, p))
			f, err := r.js.PublishMsgAsync(m)
			if err != nil {
				return fmt.Errorf("mesh: router publish: %w", err)
			}
			futs = append(futs, f)
		}
	}
	if err := wait(futs); err != nil {
		return err
	}
	for _, in := range out {
		r.placed[in.seq] = true
		_ = in.msg.Ack()
	}
	r.Placed.Add(int64(len(out)))
	return nil
}

// partition is the partition of a conversation key.
func (r *Router) partition(key string) int {
	h := fnv.New32a()
	h.Write([]byte(key))
	return int(h.Sum32() % uint32(r.cfg.Partitions))
}

// conversation reads what placing a message needs from its header line,
// without parsing it (the partition's gateway parses and checks it): its id,
// its re= parent, the key a thd= field gives (the key of a root; a reply's is
// its parent's), and whether it is a root `def` every partition needs. A
// payload without a header line has no id: it goes to one partition, whose
// gateway rejects it (M002).
func conversation(data []byte) (id, re, thd string, shared bool) {
	line := data
	for len(line) > 0 {
		var rest []byte
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line, rest = line[:i], line[i+1:]
		} else {
			rest = nil
		}
		if len(bytes.TrimSpace(line)) > 0 && line[0] != ' ' && line[0] != '\t' {
			break
		}
		line = rest
	}
	f := strings.Fields(string(line))
	if len(f) < 2 {
		return "", "", "", false
	}
	id = f[0]
	for _, t := range f[2:] {
		if v, ok := strings.CutPrefix(t, "re="); ok {
			re = v
		} else if v, ok := strings.CutPrefix(t, "thd="); ok {
			thd = "thd:" + v
		}
	}
	return id, re, thd, f[1] == "def" && re == "" && thd == ""
}
