package mesh

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/nats-io/nats.go"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/ir"
)

// Tail writes to w, as they happen, every accepted message rendered for
// people (opt: --lang, --view) and every rejection with its diagnostics,
// until ctx ends.
//
// A reply that elides its route is rendered with the route and topic it
// inherits (2.1-c, compiler.InheritRoute) from a parent tail has seen, as
// rosettac render shows it in a transcript; rendered alone it would read
// "(no recipients)" while the gateway delivered it to the parent's sender.
// Tail keeps what inheritance reads (sender, targets, topic) of the latest
// tailRoutes messages, not a session: a session keeps about 1.8 KB a
// message, which a tail that runs for days must not. A reply to a message
// older than that, or older than the tail, is rendered as written.
func (c *Client) Tail(ctx context.Context, w io.Writer, opt text.Options) error {
	routes := newRouteTable(tailRoutes)
	var mu sync.Mutex
	print := func(s string) {
		mu.Lock()
		defer mu.Unlock()
		_, _ = io.WriteString(w, s)
	}
	logSub, err := c.NC.Subscribe(c.Sub.Prefix+".log.>", func(m *nats.Msg) {
		if m.Header.Get(HeaderShared) != "" && !strings.HasPrefix(m.Subject, c.Sub.LogPart(0)+".") {
			return // a root def every partition holds: partition 0's copy is printed
		}
		agent := m.Header.Get(HeaderAgent)
		var b strings.Builder
		fmt.Fprintf(&b, "── accepted from %s", agent)
		if to := m.Header.Get(HeaderTo); to != "" {
			fmt.Fprintf(&b, " → %s", to)
		}
		b.WriteString("\n")
		res := compiler.Parse(c.Sub.In(agent), m.Data, compiler.Options{From: ir.Rosetta})
		if t, ok := res.Doc.(*ir.Transcript); ok {
			// Callbacks of one subscription run one at a time: the
			// table needs no lock.
			for _, m := range t.Messages {
				routes.inherit(m)
			}
		}
		if res.Doc != nil {
			out, _ := text.Render(res.Doc, opt)
			b.Write(out)
			if len(out) > 0 && out[len(out)-1] != '\n' {
				b.WriteString("\n")
			}
		}
		if d := m.Header.Get(HeaderDiags); d != "" {
			b.WriteString(diagLines(d))
		}
		print(b.String())
	})
	if err != nil {
		return err
	}
	defer logSub.Unsubscribe()
	auditSub, err := c.NC.Subscribe(c.Sub.Prefix+".audit.*", func(m *nats.Msg) {
		var rj Rejection
		if json.Unmarshal(m.Data, &rj) != nil {
			return
		}
		id := rj.ID
		if id == "" {
			id = "(no id)"
		}
		print(fmt.Sprintf("── rejected %s from %s\n%s", id, rj.Agent, diagLines(rj.Diags)))
	})
	if err != nil {
		return err
	}
	defer auditSub.Unsubscribe()
	if err := c.NC.Flush(); err != nil {
		return err
	}
	<-ctx.Done()
	return nil
}

// diagLines renders check --format json diagnostics one a line:
// line:col: severity CODE: message (hint).
func diagLines(js string) string {
	var doc struct {
		Diagnostics []struct {
			Code, Severity, Message, Hint string
			Line, Col                     int
			Msg                           string
		} `json:"diagnostics"`
	}
	if json.Unmarshal([]byte(js), &doc) != nil {
		return ""
	}
	var b strings.Builder
	for _, d := range doc.Diagnostics {
		fmt.Fprintf(&b, "  %d:%d: %s %s: %s", d.Line, d.Col, d.Severity, d.Code, d.Message)
		if d.Hint != "" {
			fmt.Fprintf(&b, " (%s)", d.Hint)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// DiagLines is diagLines for a verdict's diagnostics (mesh send prints them).
func DiagLines(v Verdict) string { return diagLines(string(v.Diagnostics)) }

// tailRoutes is how many messages' routes Tail keeps for their replies.
const tailRoutes = 100_000

// routeTable keeps, of the latest max messages, what a reply inherits from
// its parent: the header's sender, targets and topic, by message id.
type routeTable struct {
	max   int
	byID  map[string]*ir.Message // a message with only those in its header
	order []string               // the ids in arrival order, a ring of max
	next  int
}

func newRouteTable(max int) *routeTable {
	return &routeTable{max: max, byID: map[string]*ir.Message{}}
}

// inherit applies inheritance to m from its parent, if the table has it,
// and then keeps m's route for its own replies.
func (t *routeTable) inherit(m *ir.Message) {
	h := m.Header
	if h == nil || m.Degraded {
		return
	}
	if re, _ := h.Field("re"); re != "" {
		if p := t.byID[re]; p != nil {
			compiler.InheritRoute(m, p)
		}
	}
	id := h.ID.Text
	if _, seen := t.byID[id]; seen || id == "" {
		return // the first message with an id is the one a reply names
	}
	if len(t.order) < t.max {
		t.order = append(t.order, id)
	} else {
		delete(t.byID, t.order[t.next])
		t.order[t.next] = id
		t.next = (t.next + 1) % t.max
	}
	// Copies, not views: the header's strings and spans hold the whole
	// NATS message they were parsed from.
	to := make([]ir.Target, len(h.Targets))
	for i, tg := range h.Targets {
		to[i] = ir.Target{Kind: tg.Kind, Text: strings.Clone(tg.Text)}
	}
	t.byID[strings.Clone(id)] = &ir.Message{Header: &ir.Header{Sender: strings.Clone(senderOf(m)), Targets: to, Topic: strings.Clone(h.Topic)}}
}
