package compiler

import (
	"slices"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/ir"
)

// AgentRosetta 2.1: parsed by grammars/rosetta, then read as one session so
// that replies inherit their route and topic (2.1-c) before anything else
// looks at them. The checks are in rosetta_check.go. Rosetta is the first row:
// its messages are found anywhere in prose, so text no extension and no line
// names is Rosetta.
var rosettaFrontEnd = &frontEnd{
	lang:     ir.Rosetta,
	exts:     []string{".rose"},
	parse:    parseRosetta,
	check:    checkRosetta,
	diagnose: streamCheckRosetta,
	print:    formatRosetta,
	stream:   newRosettaStream,
	dataJSON: rosetta.JSONText,
}

func parseRosetta(src *diag.Source, _ *Options) (ir.Document, diag.List) {
	t, ds := rosetta.Parse(src)
	inheritTranscript(t)
	return t, ds
}

// inheritTranscript applies header inheritance message by message, in order:
// a message's parent is the first earlier message whose id is its re=.
func inheritTranscript(t *ir.Transcript) {
	seen := make(map[string]*ir.Message, len(t.Messages))
	for _, m := range t.Messages {
		if m.Degraded || m.Header == nil {
			continue
		}
		if re, ok := m.Header.Field("re"); ok {
			if parent := seen[re]; parent != nil {
				inheritHeader(m, parent)
			}
		}
		if _, dup := seen[m.Header.ID.Text]; !dup {
			seen[m.Header.ID.Text] = m
		}
	}
}

// inheritHeader applies 2.1-c header inheritance to m, a reply to parent (the
// message its re= names): with no targets, m is addressed to the parent's
// sender; with no topic, it takes the parent's. A `stop` on its sender's own
// request is a withdrawal, not a reply: it goes to the recipients of what it
// withdraws (spec §8.2, §8.3: they must answer it; docs/conformance.md X12).
// InheritedTo and InheritedTopic are also set when the written value equals
// the inherited one, so that the canonical form folds it away (spec §6.2.1).
// A route to someone else, or a different topic, is left alone. The session
// calls this for each message as it arrives.
func inheritHeader(m, parent *ir.Message) {
	InheritRoute(m, parent)
}

// InheritRoute applies 2.1-c header inheritance to m, a reply to parent (the
// message its re= names), as a session does when m arrives: with no targets m
// is addressed to the parent's sender (a stop withdrawing its sender's own
// request, to that request's recipients), with no topic it takes the
// parent's. It reads only the parent's sender, targets and topic, so a host
// that keeps only those (rosettac mesh tail) can inherit without a session.
func InheritRoute(m, parent *ir.Message) {
	h, ph := m.Header, parent.Header
	if h == nil || ph == nil {
		return
	}
	to := []ir.Target{{Kind: ir.TargetAgent, Text: ph.Sender}}
	if h.Act == "stop" && h.Sender == ph.Sender && len(ph.Targets) > 0 {
		to = ph.Targets
	}
	switch {
	case len(h.Targets) == 0:
		h.Targets = slices.Clone(to)
		m.InheritedTo = true
	case slices.EqualFunc(h.Targets, to, func(a, b ir.Target) bool { return a.Kind == b.Kind && a.Text == b.Text }):
		m.InheritedTo = true
	}
	switch {
	case h.Topic == "" && ph.Topic != "":
		h.Topic = ph.Topic
		m.InheritedTopic = true
	case h.Topic != "" && h.Topic == ph.Topic:
		m.InheritedTopic = true
	}
}

func formatRosetta(doc ir.Document, opt FormatOptions) ([]byte, diag.List) {
	t, ok := doc.(*ir.Transcript)
	if !ok {
		return nil, nil
	}
	return rosetta.Print(t, opt.Terse), nil
}
