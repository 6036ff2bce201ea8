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
// The messages it follows go into a session of its own, so a reply that
// elides its route is rendered with the route and topic it inherits (2.1-c)
// from a parent tail has seen, as rosettac render shows it in a transcript;
// rendered alone it would read "(no recipients)" while the gateway delivered
// it to the parent's sender. A reply to a message older than the tail is
// rendered as written. The session keeps every message tail has seen.
func (c *Client) Tail(ctx context.Context, w io.Writer, opt text.Options) error {
	sess := compiler.NewSession(compiler.Options{})
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
			// session needs no lock.
			sess.SetSource(res.Source)
			for _, m := range t.Messages {
				sess.Add(m) // inherits the route and topic; the gateway reported the diagnostics
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
