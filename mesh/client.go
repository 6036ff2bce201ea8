package mesh

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

// Client is a connection to a mesh: what agents, `mesh send`, `replay` and
// `tail` share.
type Client struct {
	NC  *nats.Conn
	JS  jetstream.JetStream
	Sub Subjects
}

// NewClient wraps a NATS connection for the mesh under prefix.
func NewClient(nc *nats.Conn, prefix string) (*Client, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	return &Client{NC: nc, JS: js, Sub: NewSubjects(prefix)}, nil
}

// Dial connects to the NATS server at url (with a credentials file when
// creds is not ""). It fails at once when no server answers.
func Dial(url, creds string, opts ...nats.Option) (*nats.Conn, error) {
	opts = append([]nats.Option{nats.Name("rosettac mesh"), nats.Timeout(3 * time.Second)}, opts...)
	if creds != "" {
		opts = append(opts, nats.UserCredentials(creds))
	}
	return nats.Connect(url, opts...)
}

// DialAs is Dial for a connection of one agent: the replies to it (publish
// acks, direct gets, consumer deliveries) come under its own inbox prefix
// (Inbox), which is all a secured server lets its NATS user subscribe to
// (Subjects.AgentPermissions). agent "" or not a subject token: Dial's
// inboxes.
func DialAs(url, creds, agent string, opts ...nats.Option) (*nats.Conn, error) {
	if validToken(agent) {
		opts = append([]nats.Option{nats.CustomInboxPrefix(Inbox(agent))}, opts...)
	}
	return Dial(url, creds, opts...)
}

// OnRefusal is a connection option (Dial, DialAs) that calls fn with each
// permissions violation the server reports: a secured server refuses a
// publish or a subscription the user may not make, and the request waits for
// a reply that never comes; fn can end the wait with the reason.
func OnRefusal(fn func(error)) nats.Option {
	return nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
		if errors.Is(err, nats.ErrPermissionViolation) {
			fn(err)
		}
	})
}

// Agent is one agent on the mesh.
func (c *Client) Agent(name string) *Agent { return &Agent{c: c, Name: name} }

// Agent sends as one agent and receives what is routed to it.
type Agent struct {
	c    *Client
	Name string
}

// Sent is a message published on the ingress stream.
type Sent struct {
	ID  string
	Key string // the message key the verdict is stored under
	// Stored is false when the ingress stream already had this message
	// (same id, same content, within the dedup window).
	Stored bool
}

// Send publishes one raw Rosetta message on the agent's ingress subject,
// with its key as the JetStream message id (a repeated publish is stored
// once). It returns when the ingress stream has it; the verdict comes later
// (Verdict).
func (a *Agent) Send(ctx context.Context, msg []byte) (Sent, error) {
	id := ""
	if _, m := parseOne("", msg); m != nil {
		id = m.Header.ID.Text
	}
	key := msgKey(id, msg)
	ack, err := a.c.JS.Publish(ctx, a.c.Sub.In(a.Name), msg, jetstream.WithMsgID(key))
	if err != nil {
		return Sent{}, err
	}
	return Sent{ID: id, Key: key, Stored: !ack.Duplicate}, nil
}

// SendLang publishes one Agent Lingua or AgentDSL payload (whole lines, whole
// blocks) as the agent, to the agents to (a Lingua message's own @agent
// target reaches its agent too). Its key is the language, the agent and the
// content's hash: the same payload again is stored once.
func (a *Agent) SendLang(ctx context.Context, lang ir.Language, data []byte, to ...string) (Sent, error) {
	key := langKey(lang, a.Name, data)
	m := nats.NewMsg(a.c.Sub.In(a.Name))
	m.Data = data
	m.Header.Set(HeaderLang, string(lang))
	if len(to) > 0 {
		m.Header.Set(HeaderTo, strings.Join(to, ","))
	}
	ack, err := a.c.JS.PublishMsg(ctx, m, jetstream.WithMsgID(key))
	if err != nil {
		return Sent{}, err
	}
	return Sent{Key: key, Stored: !ack.Duplicate}, nil
}

// Verdict waits for the gateway's verdict on a sent message: its transcript
// entry when it was accepted (Subjects.Log: the transcript is the verdict of
// what it holds), its record in the verdict bucket when it was rejected or
// was a duplicate. Both are stored only after the message's deliveries, or
// its repair and diagnostics. A verdict already stored costs one or two
// requests (direct gets by subject); one still to come, a consumer of each
// stream from its first message on, which reads what the stream has stored
// whenever that was: JetStream stores a published message after it has gone
// to the subscribers of its subject, so a plain subscription made while an
// entry is between the two, followed by a read, sees neither
// (TestVerdictStoredLate).
func (c *Client) Verdict(ctx context.Context, key string) (Verdict, error) {
	if v, ok, err := c.storedVerdict(ctx, key); ok || err != nil {
		return v, err
	}
	if verdictHook != nil {
		verdictHook(key)
	}
	entries := make(chan jetstream.Msg, 64) // room for every partition's copy of a shared def
	stop, err := c.follow(ctx, c.Sub.LogStream(), c.logFilter(key), jetstream.DeliverAllPolicy, entries)
	if err != nil {
		return Verdict{}, err
	}
	defer stop()
	records := make(chan jetstream.Msg, 4)
	stopRecords, err := c.follow(ctx, "KV_"+c.Sub.VerdictBucket(), c.recordSubject(key), jetstream.DeliverLastPerSubjectPolicy, records)
	if err != nil {
		return Verdict{}, err
	}
	defer stopRecords()
	for {
		select {
		case <-ctx.Done():
			return Verdict{}, ctx.Err()
		case m := <-entries:
			if c.partition0(m.Subject(), m.Headers()) {
				return acceptedOf(m.Headers(), m.Data()), nil
			}
		case m := <-records:
			if v, ok, err := verdictRecord(m.Headers(), m.Data()); ok || err != nil {
				return v, err
			}
		}
	}
}

// verdictHook, when set (tests), is called after Verdict found nothing
// stored and before it starts following the streams.
var verdictHook func(key string)

// logFilter is the subject of key's transcript entries: any partition's.
func (c *Client) logFilter(key string) string { return c.Sub.Prefix + ".log.*." + key }

// recordSubject is the subject of key's record in the verdict bucket.
func (c *Client) recordSubject(key string) string { return "$KV." + c.Sub.VerdictBucket() + "." + key }

// storedVerdict reads key's verdict if it is stored: its transcript entry on
// any partition's subject (a root def every partition holds counts as
// partition 0's), else its verdict record. Direct gets name the subject in
// the request's own subject, so a NATS user may be allowed these and
// nothing else of the streams (docs/mesh.md).
func (c *Client) storedVerdict(ctx context.Context, key string) (Verdict, bool, error) {
	for _, subj := range []string{c.logFilter(key), c.Sub.LogPart(0) + "." + key} {
		m, err := c.directGet(ctx, c.Sub.LogStream(), subj)
		if err != nil || m == nil {
			if err == nil && subj == c.logFilter(key) {
				break // no copy at all
			}
			if err != nil {
				return Verdict{}, false, err
			}
			continue
		}
		if c.partition0(m.Header.Get(jetstream.SubjectHeader), m.Header) {
			return acceptedOf(m.Header, m.Data), true, nil
		}
	}
	m, err := c.directGet(ctx, "KV_"+c.Sub.VerdictBucket(), c.recordSubject(key))
	if err != nil || m == nil {
		return Verdict{}, false, err
	}
	return verdictRecord(m.Header, m.Data)
}

// directGet reads the last message on subject (wildcards allowed) of stream
// through JetStream's direct get by subject: nil when there is none.
func (c *Client) directGet(ctx context.Context, stream, subject string) (*nats.Msg, error) {
	m, err := c.NC.RequestWithContext(ctx, "$JS.API.DIRECT.GET."+stream+"."+subject, nil)
	if err != nil {
		if errors.Is(err, nats.ErrNoResponders) {
			return nil, fmt.Errorf("mesh: stream %s does not answer direct gets (is the gateway running, and has it set the mesh's streams up?)", stream)
		}
		return nil, err
	}
	switch status := m.Header.Get("Status"); status {
	case "":
		return m, nil
	case "404":
		return nil, nil
	default:
		return nil, fmt.Errorf("mesh: direct get of %s from %s: %s %s", subject, stream, status, m.Header.Get("Description"))
	}
}

// follow delivers to out the messages of stream on subject, from those
// already stored on (deliver: all, or the last), until stop is called.
func (c *Client) follow(ctx context.Context, stream, subject string, deliver jetstream.DeliverPolicy, out chan<- jetstream.Msg) (stop func(), err error) {
	cons, err := c.JS.OrderedConsumer(ctx, stream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{subject}, DeliverPolicy: deliver,
		// A consumer nobody reads any more is removed by the server: an
		// agent need not be allowed to delete consumers.
		InactiveThreshold: 10 * time.Second,
	})
	if err != nil {
		return nil, err
	}
	done := make(chan struct{})
	cc, err := cons.Consume(func(m jetstream.Msg) {
		select {
		case out <- m:
		case <-done:
		}
	})
	if err != nil {
		return nil, err
	}
	return func() { close(done); cc.Stop() }, nil
}

// verdictRecord is the verdict a record of the verdict bucket holds; ok is false
// for a delete marker.
func verdictRecord(h nats.Header, data []byte) (Verdict, bool, error) {
	if op := h.Get("KV-Operation"); op == "DEL" || op == "PURGE" {
		return Verdict{}, false, nil
	}
	var v Verdict
	if err := json.Unmarshal(data, &v); err != nil {
		return Verdict{}, false, fmt.Errorf("mesh: verdict record: %w", err)
	}
	return v, true, nil
}

// partition0 reports whether a transcript entry is the one that stands for
// its message: any, but partition 0's copy of a root def every partition
// holds.
func (c *Client) partition0(subject string, h nats.Header) bool {
	return h.Get(HeaderShared) == "" || strings.HasPrefix(subject, c.Sub.LogPart(0)+".")
}

// acceptedOf is the verdict a transcript entry stands for.
func acceptedOf(h nats.Header, data []byte) Verdict {
	rec := recordFrom(h, data)
	v := Verdict{Key: rec.Key, Agent: rec.Agent, Status: StatusAccepted, Diagnostics: rec.Diags}
	if rec.Lang == "" {
		v.ID, _, _, _ = conversation(rec.Data)
	}
	return v
}

// Delivery is one message routed to an agent (or a role it holds).
type Delivery struct {
	Subject string
	From    string // the agent that published it ("sys" for the mesh)
	Data    []byte // the message exactly as published
	// Repair is set on the repair of a rejected message the agent sent: a
	// `reject` from sys, naming the rejected message in re=.
	Repair bool
	msg    jetstream.Msg
}

// Ack tells the mesh the delivery was handled; one not acked comes again.
func (d Delivery) Ack() error { return d.msg.Ack() }

// Receive calls fn for each message routed to the agent (rosetta.to.NAME),
// from the first one not acked, on a durable consumer named after the
// agent: a delivery fn returns an error for comes again. It returns when
// ctx ends.
func (a *Agent) Receive(ctx context.Context, fn func(Delivery) error) error {
	return a.c.consume(ctx, a.c.Sub.OutStream(), "agent-"+a.Name, a.c.Sub.To(a.Name), fn)
}

// Rejections is Receive for the repairs of the agent's rejected messages
// only (a consumer of its own; the repairs also come through Receive).
func (a *Agent) Rejections(ctx context.Context, fn func(Delivery) error) error {
	return a.c.consume(ctx, a.c.Sub.OutStream(), "repairs-"+a.Name, a.c.Sub.To(a.Name), func(d Delivery) error {
		if !d.Repair {
			return nil
		}
		return fn(d)
	})
}

// ReceiveRole takes messages routed to @role:role: every holder calls it,
// and each message goes to one of them (a work-queue consumer they share);
// one no holder acks is delivered again, never lost.
func (a *Agent) ReceiveRole(ctx context.Context, role string, fn func(Delivery) error) error {
	return a.c.consume(ctx, a.c.Sub.RoleStream(), "role-"+role, a.c.Sub.Role(role), fn)
}

func (c *Client) consume(ctx context.Context, stream, durable, subject string, fn func(Delivery) error) error {
	cons, err := c.JS.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{
		Durable: durable, FilterSubject: subject, AckPolicy: jetstream.AckExplicitPolicy, AckWait: 30 * time.Second,
	})
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		batch, err := cons.Fetch(256, jetstream.FetchMaxWait(100*time.Millisecond))
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		for m := range batch.Messages() {
			h := m.Headers()
			if !genuine(m.Subject(), h) {
				_ = m.Ack() // not the gateway's (a reply sent here): never handed out
				continue
			}
			d := Delivery{Subject: m.Subject(), From: h.Get(HeaderAgent), Data: m.Data(), Repair: h.Get(HeaderRepair) != "", msg: m}
			if d.Repair {
				d.From = "sys"
			}
			if err := fn(d); err != nil {
				_ = m.Nak()
				continue
			}
			_ = m.Ack()
		}
	}
	return nil
}

// genuine reports whether a message read from an egress subject is one the
// gateway stored there: a delivery's JetStream message id is its key, '>' and
// the subject, a repair's its key and ":repair". NATS permissions do not
// cover reply subjects, so an agent can have the server send a reply (a
// publish ack, a message of a stream it may read) to another agent's egress
// subject, which the egress stream stores too (docs/mesh.md); such a reply
// carries no message id of that form.
func genuine(subject string, h nats.Header) bool {
	id := h.Get(jetstream.MsgIDHeader)
	if r := h.Get(HeaderRepair); r != "" {
		return id == r+":repair"
	}
	key := h.Get(HeaderKey)
	return key != "" && id == key+">"+subject
}

// Split cuts a Rosetta file into its messages' bytes, in order, exactly as
// written (each ends with one newline): what `mesh send` publishes. Prose
// outside messages is not sent; diagnostics of the file are returned.
func Split(name string, text []byte) ([][]byte, *compiler.Result) {
	res := compiler.Parse(name, text, compiler.Options{From: ir.Rosetta})
	t, ok := res.Doc.(*ir.Transcript)
	if !ok {
		return nil, res
	}
	var out [][]byte
	for _, m := range t.Messages {
		if m.Header == nil || m.Degraded {
			continue
		}
		b := bytes.TrimRight(text[m.Span.Start().Offset:m.Span.End().Offset], "\n")
		out = append(out, append(bytes.Clone(b), '\n'))
	}
	return out, res
}

// SenderOf is the sender of one raw message ("" when it has no header).
func SenderOf(msg []byte) string {
	if _, m := parseOne("", msg); m != nil {
		return senderOf(m)
	}
	return ""
}

// Entry is one message of the transcript stream.
type Entry struct {
	Seq   uint64
	ID    string
	Agent string
	To    []string
	Data  []byte
	Lang  ir.Language // "lingua" or "agentdsl"; "" for AgentRosetta
}

// Transcript calls fn for every entry of the transcript stream, in order,
// as stored when it starts.
func (c *Client) Transcript(ctx context.Context, fn func(Entry) error) error {
	shared := map[string]bool{} // keys of the root defs every partition holds
	return readStream(ctx, c.JS, c.Sub.LogStream(), nil, 1, func(m jetstream.Msg, seq uint64) error {
		rec := recordOf(m)
		if rec.Shared {
			if shared[rec.Key] {
				return nil // another partition's copy: the first is printed
			}
			shared[rec.Key] = true
		}
		e := Entry{Seq: seq, Agent: rec.Agent, To: rec.To, Data: rec.Data, Lang: ir.Language(rec.Lang)}
		if e.Lang != "" {
			// Lingua and AgentDSL have no ids
		} else if _, msg := parseOne("", rec.Data); msg != nil {
			e.ID = msg.Header.ID.Text
		}
		return fn(e)
	})
}

// Replay writes the accepted transcript as a .rose file: the messages from
// the one whose id is since to the one whose id is until, both included
// ("" for the first and the last). It reports an error when since or until
// names no message of the transcript.
func (c *Client) Replay(ctx context.Context, w io.Writer, since, until string) error {
	return c.ReplayAll(ctx, w, since, until, nil)
}

// ReplayAll is Replay that hands the Agent Lingua and AgentDSL entries in
// the range to other (nil: they are left out; they cannot be in a .rose
// file). `mesh replay -o DIR` writes them to DIR/<agent>.lingua and
// DIR/<agent>.adsl.
func (c *Client) ReplayAll(ctx context.Context, w io.Writer, since, until string, other func(Entry) error) error {
	on := since == ""
	first, seenSince, seenUntil := true, since == "", until == ""
	errStop := errors.New("stop")
	err := c.Transcript(ctx, func(e Entry) error {
		if !on && e.ID == since {
			on, seenSince = true, true
		}
		if !on {
			return nil
		}
		if e.Lang != "" {
			if other != nil {
				return other(e)
			}
			return nil
		}
		if !first {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		first = false
		if _, err := w.Write(e.Data); err != nil {
			return err
		}
		if until != "" && e.ID == until {
			seenUntil = true
			return errStop
		}
		return nil
	})
	if err != nil && err != errStop {
		return err
	}
	var missing []string
	if !seenSince {
		missing = append(missing, "--since "+since)
	}
	if !seenUntil {
		missing = append(missing, "--until "+until)
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s: no such message in the transcript", strings.Join(missing, ", "))
	}
	return nil
}
