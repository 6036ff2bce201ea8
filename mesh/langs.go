package mesh

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// HeaderLang names the language of an ingress payload that is not
// AgentRosetta ("lingua" or "agentdsl"; absent: Rosetta), and of its
// transcript entry.
const HeaderLang = "Rosetta-Lang"

// Agent Lingua and AgentDSL traffic. Neither language has a sender or a
// message id in its text, so the ingress subject is the sender (identity holds
// by construction: on a secured server the agent can publish only there), and
// the message key is the language, the sender and the content's hash. Each
// sender's traffic in a language is one compiler.Stream of the partition
// (a Lingua session, a sequence of AgentDSL documents): each payload is fed
// to it and checked against what that sender sent before. Recipients are the
// agents a Lingua message names (@bob; @A is everyone the mesh knows) and the
// agents the publisher lists in the Rosetta-To header, comma-separated. The
// policy's send rules are about Rosetta acts and do not apply; clearance does
// (the traffic has no sens= label: pub).

// langStream is one sender's stream of one language, with the payloads it
// accepted (to rebuild the stream when a rejected payload was fed to it).
type langStream struct {
	s        compiler.Stream
	accepted [][]byte
}

func streamKey(lang ir.Language, agent string) string { return string(lang) + ":" + agent }

// stream returns agent's stream of lang, new if needed.
func (st *state) stream(lang ir.Language, agent string) (*langStream, error) {
	k := streamKey(lang, agent)
	if ls := st.streams[k]; ls != nil {
		return ls, nil
	}
	s, err := compiler.NewStream(lang, "", compiler.Options{})
	if err != nil {
		return nil, err
	}
	ls := &langStream{s: s}
	st.streams[k] = ls
	return ls, nil
}

// reset rebuilds agent's stream of lang from the payloads it accepted: a
// rejected payload was fed to it, and must not be state (replay feeds only
// the transcript).
func (st *state) reset(lang ir.Language, agent string) {
	k := streamKey(lang, agent)
	old := st.streams[k]
	delete(st.streams, k)
	if old == nil {
		return
	}
	ls, err := st.stream(lang, agent)
	if err != nil {
		return
	}
	for _, p := range old.accepted {
		ls.s.Feed(p)
	}
	ls.accepted = old.accepted
}

// langKey is the message key of a Lingua or AgentDSL payload; it also names
// the message in the gateway's tables (these languages have no ids).
func langKey(lang ir.Language, agent string, data []byte) string {
	return msgKey(string(lang)+"-"+agent, data)
}

// handleLang decides one Lingua or AgentDSL payload.
func (g *Gateway) handleLang(in *inbound) {
	st := g.st
	key := langKey(in.lang, in.agent, in.data)
	if rec := st.accepted[key]; rec != nil {
		if rec.InSeq == in.seq {
			g.redeliver(in, rec)
		} else if in.mirror {
			g.acks = append(g.acks, in)
		} else {
			g.verdict(in, Verdict{Key: key, Agent: in.agent, Status: StatusDuplicate})
		}
		return
	}
	if rj := st.rejected[key]; rj != nil && rj.InSeq == in.seq {
		g.rerejected(in, rj)
		return
	}
	var ds diag.List
	ls, err := st.stream(in.lang, in.agent)
	if err != nil {
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeIngress, Span: diag.NewSource(in.subject, in.data).Span(0, 0),
			Message: err.Error(), Hint: "publish AgentRosetta, Agent Lingua or AgentDSL"})
		g.reject(in, nil, "", key, ds)
		return
	}
	ds = append(ds, ls.s.Feed(in.data)...)
	to, rds := g.langRoute(in)
	ds = append(ds, rds...)
	rejected := false
	for _, d := range ds {
		if d.Severity == diag.Error || g.enforced(d.Code) {
			rejected = true
		}
	}
	if rejected {
		st.reset(in.lang, in.agent)
		g.reject(in, nil, "", key, ds)
		return
	}
	rec := &record{Key: key, InSeq: in.seq, Agent: in.agent, To: to, Data: in.data, Lang: string(in.lang)}
	if len(ds) > 0 {
		rec.Diags = diagJSON(ds)
	}
	st.acceptLang(key, rec)
	g.met.accepted.Add(1)
	g.counted++
	g.snapDue++
	g.emitAccepted(in, rec)
}

// acceptLang adds an accepted Lingua or AgentDSL payload to the tables (the
// stream has been fed it).
func (st *state) acceptLang(key string, rec *record) {
	if ls := st.streams[streamKey(ir.Language(rec.Lang), rec.Agent)]; ls != nil {
		ls.accepted = append(ls.accepted, rec.Data)
	}
	st.accepted[key] = rec
	st.order = append(st.order, key)
	st.agents[rec.Agent] = true
}

// applyLang is apply for a Lingua or AgentDSL transcript record.
func (st *state) applyLang(rec *record) {
	ls, err := st.stream(ir.Language(rec.Lang), rec.Agent)
	if err != nil {
		return
	}
	ls.s.Feed(rec.Data)
	st.acceptLang(rec.Key, rec)
}

// langRoute is the egress of a Lingua or AgentDSL payload: the agents a
// Lingua message names and those of the Rosetta-To header.
func (g *Gateway) langRoute(in *inbound) ([]string, diag.List) {
	var names []string
	if in.to != "" {
		for _, a := range strings.Split(in.to, ",") {
			names = append(names, strings.TrimSpace(a))
		}
	}
	all := false
	if in.lang == ir.Lingua {
		res := compiler.Parse(in.subject, in.data, compiler.Options{From: ir.Lingua})
		if t, ok := res.Doc.(*ir.LinguaTranscript); ok {
			for _, it := range t.Items {
				line, ok := it.(*ir.LinguaLine)
				if !ok {
					continue
				}
				for _, m := range line.Messages {
					f := ir.LinguaFieldsOf(m)
					if f == nil || f.Target == nil {
						continue
					}
					switch f.Target.Kind {
					case ir.TargetAgentName, ir.TargetNamed:
						names = append(names, f.Target.Name)
					case ir.TargetAll:
						all = true
					}
				}
			}
		}
	}
	var ds diag.List
	var subjects []string
	src := diag.NewSource(in.subject, in.data)
	for _, a := range names {
		if !validToken(a) {
			ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoRecipient, Span: src.Span(0, 0),
				Message: fmt.Sprintf("%q cannot be an agent's subject", a), Hint: "agent names are letters, digits, '_' and '-'"})
			continue
		}
		if g.cfg.Policy.MayReceive(a, "") {
			subjects = append(subjects, g.sub.To(a))
		}
	}
	if all {
		for _, a := range g.st.knownAgents() {
			if a != in.agent && a != "sys" && g.cfg.Policy.MayReceive(a, "") {
				subjects = append(subjects, g.sub.To(a))
			}
		}
	}
	slices.Sort(subjects)
	return slices.Compact(subjects), ds
}
