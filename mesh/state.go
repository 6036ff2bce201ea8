package mesh

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/config"
	"github.com/rosettac/rosettac/ir"
)

// state is what a gateway knows of its partition: a pure function of the
// transcript stream and the audit stream, so that any gateway rebuilds it
// exactly (replay) and a snapshot is only a faster way to the same value.
type state struct {
	sess *compiler.Session
	// accepted: every accepted message (and every message the mesh sent),
	// by id, with what was delivered.
	accepted map[string]*record
	order    []string // accepted ids, in transcript order
	// rejected: every rejection, by message key.
	rejected map[string]*Rejection
	// agents: every agent that sent or was named as a recipient, and the
	// policy's; `*` reaches them all.
	agents map[string]bool
	sysMax int // the highest n of a sys.n id the mesh wrote
	// sysPart and sysParts keep the partitions' sys ids apart: partition p
	// of P writes only sys.n with n%P == p.
	sysPart, sysParts int
	logSeq            uint64 // the last transcript stream sequence applied
	// escalated and stalled: obligations already escalated (derived from the
	// transcript: the sys fail is in it) and already reported as stalls (a
	// report is a diagnostic, at least once, not a message).
	stalled map[string]bool
	held    []*inbound
	// streams: each sender's Agent Lingua and AgentDSL traffic (langs.go).
	streams map[string]*langStream
}

// record is one accepted message as the transcript stream stores it.
type record struct {
	Key   string   `json:"key"`
	InSeq uint64   `json:"in_seq,omitempty"` // ingress stream sequence; 0 for the mesh's own
	Agent string   `json:"agent"`
	To    []string `json:"to,omitempty"` // the egress subjects it was delivered on
	Diags []byte   `json:"diags,omitempty"`
	Data  []byte   `json:"data"`
	// Shared: a root def every partition holds a copy of (replay prints
	// the first).
	Shared bool `json:"shared,omitempty"`
	// Lang: "lingua" or "agentdsl" for those languages' traffic; "" is Rosetta.
	Lang string `json:"lang,omitempty"`
}

// Rejection is one rejected message as the audit stream stores it.
type Rejection struct {
	Key      string `json:"key"`
	ID       string `json:"id"`
	InSeq    uint64 `json:"in_seq"`
	Agent    string `json:"agent"`
	Message  string `json:"message"`
	RepairID string `json:"repair_id,omitempty"`
	Repair   string `json:"repair,omitempty"`
	Diags    string `json:"diagnostics"` // check --format json
}

func newState(p *config.Policy) *state {
	st := &state{
		sess:     compiler.NewSession(compiler.Options{}),
		accepted: map[string]*record{},
		rejected: map[string]*Rejection{},
		agents:   map[string]bool{},
		stalled:  map[string]bool{},
		streams:  map[string]*langStream{},
	}
	for _, a := range policyNames(p) {
		st.agents[a] = true
	}
	return st
}

// msgKey is a message's idempotency key: its id and a hash of its bytes, so
// that a corrected message replacing a rejected one (same id, new content)
// is not taken for a redelivery. It is a valid NATS subject token and KV key.
func msgKey(id string, data []byte) string {
	h := sha256.Sum256(data)
	var b strings.Builder
	for _, r := range id {
		if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		b.WriteString("noid")
	}
	return b.String() + "_" + hex.EncodeToString(h[:8])
}

// parseOne parses an ingress payload: exactly one Rosetta message with a
// header, or nil.
func parseOne(name string, data []byte) (*compiler.Result, *ir.Message) {
	res := compiler.Parse(name, data, compiler.Options{From: ir.Rosetta})
	t, ok := res.Doc.(*ir.Transcript)
	if !ok || len(t.Messages) != 1 || len(t.Prose) > 0 {
		return res, nil
	}
	m := t.Messages[0]
	if m.Degraded || m.Header == nil {
		return res, nil
	}
	return res, m
}

// senderOf is the message's sender: as written, else the id's agent.
func senderOf(m *ir.Message) string {
	if m.Header.Sender != "" {
		return m.Header.Sender
	}
	return m.Header.ID.Agent
}

// apply adds an accepted message to the state: to the session and the
// tables. It is the one path for live traffic, replay and snapshots.
func (st *state) apply(res *compiler.Result, m *ir.Message, rec *record) {
	st.sess.SetSource(res.Source)
	st.sess.Check(m)
	st.sess.Commit(m)
	id := m.Header.ID.Text
	st.accepted[id] = rec
	st.order = append(st.order, id)
	st.agents[rec.Agent] = true
	for _, t := range m.Header.Targets {
		if t.Kind == ir.TargetAgent && validToken(t.Text) {
			st.agents[t.Text] = true
		}
	}
	st.noteSys(id)
}

// noteSys keeps sysMax above every sys.n id seen, so the mesh's next id is new.
func (st *state) noteSys(id string) {
	if n, ok := strings.CutPrefix(id, "sys."); ok {
		if v, err := strconv.Atoi(n); err == nil && v > st.sysMax {
			st.sysMax = v
		}
	}
}

func (st *state) nextSysID() string {
	st.sysMax++
	for st.sysParts > 1 && st.sysMax%st.sysParts != st.sysPart {
		st.sysMax++
	}
	return fmt.Sprintf("sys.%d", st.sysMax)
}

// knownAgents is every agent `*` reaches, sorted.
func (st *state) knownAgents() []string {
	out := make([]string, 0, len(st.agents))
	for a := range st.agents {
		out = append(out, a)
	}
	slices.Sort(out)
	return out
}

// Digest is a comparable summary of a gateway's state: the accepted ids in
// order and the open obligations. Two gateways that applied the same
// transcript have equal digests (the fault tests compare them).
type Digest struct {
	Accepted []string
	Open     []string
	Rejected int
}

func (st *state) digest() Digest {
	d := Digest{Accepted: slices.Clone(st.order), Rejected: len(st.rejected)}
	for _, o := range st.sess.Open() {
		d.Open = append(d.Open, o.ID+" "+o.Act+" "+o.Closer+" "+o.Claimant)
	}
	return d
}

// inbound is one message the gateway is handling: from ingress, or made by
// the mesh itself (escalations, trusted).
type inbound struct {
	msg      ackable // nil for the mesh's own
	seq      uint64  // ingress stream sequence
	agent    string  // from the ingress subject
	subject  string
	data     []byte
	trusted  bool
	received time.Time // when it was published (latency)
	deadline time.Time // hold deadline, once held
	parent   string    // re= the hold waits for
	// From the router (several partitions): shared is a root def every
	// partition applies, and mirror is set on the copy a partition other
	// than 0 gets (applied to the session and recorded, never delivered nor
	// answered); orphan is a reply the router already held for its parent.
	shared, mirror, orphan bool
	// lang is the payload's language (Rosetta unless the Rosetta-Lang
	// header names another), to its Rosetta-To header (other languages).
	lang ir.Language
	to   string
	// cross is the router's note that the message's src= names a message
	// of another partition's conversation (HeaderCross: "<id> <partition>").
	cross string
}

// ackable is the part of a JetStream message the gateway uses.
type ackable interface {
	Ack() error
}
