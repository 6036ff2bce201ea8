package mesh

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"slices"
	"strings"
)

// Policy is the mesh section of the configuration (spec §18.4): who may send
// which acts to whom on which topics, which sens= labels each agent may
// receive, and the role and group tables. The zero Policy allows everything
// and names no roles or groups: a mesh with no configuration checks the
// language and identity only.
type Policy struct {
	// Agents holds each agent's own rules, by name. An agent not listed has
	// none: it accepts every act from everyone and every label.
	Agents map[string]AgentPolicy `json:"agents,omitempty"`
	// Roles lists the holders of each role (@role:NAME). One holder takes
	// each message; the list is what the policy checks hold for.
	Roles map[string][]string `json:"roles,omitempty"`
	// Groups lists the members of each group (@grp:NAME); each gets a copy.
	Groups map[string][]string `json:"groups,omitempty"`
	// Enforce lists diagnostic codes that reject a message whatever their
	// severity; nil means DefaultEnforce.
	Enforce []string `json:"enforce,omitempty"`
}

// DefaultEnforce are the codes enforced live when a policy names none: S8
// (sensitivity labels only tighten) and S4 (a relay keeps its source's
// confidence).
var DefaultEnforce = []string{"S4", "S8"}

// AgentPolicy is what one agent accepts.
type AgentPolicy struct {
	// Accept, when not empty, is the only traffic the agent accepts: a
	// message to it must match one rule. Empty accepts everything.
	Accept []Rule `json:"accept,omitempty"`
	// Clearance, when not empty, lists the sens= labels the agent may
	// receive (a message with no sens= is pub). Empty clears every label.
	Clearance []string `json:"clearance,omitempty"`
}

// Rule is one kind of accepted traffic. An empty list matches anything;
// names and topics may use path.Match patterns (inc.*).
type Rule struct {
	From   []string `json:"from,omitempty"`
	Acts   []string `json:"acts,omitempty"`
	Topics []string `json:"topics,omitempty"`
}

// LoadPolicy reads the mesh section of a configuration file: a JSON object
// whose "mesh" member is a Policy (JSON is YAML, so a rosettac.yaml written
// in JSON style is read the same by the configuration loader).
func LoadPolicy(file string) (*Policy, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Mesh *Policy `json:"mesh"`
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if doc.Mesh == nil {
		return &Policy{}, nil
	}
	return doc.Mesh, nil
}

func (p *Policy) enforced(code string) bool {
	if p == nil || p.Enforce == nil {
		return slices.Contains(DefaultEnforce, code)
	}
	return slices.Contains(p.Enforce, code)
}

// accepts reports whether agent to accepts act from sender on topic, and
// the reason when not.
func (p *Policy) accepts(to, sender, act, topic string) bool {
	if p == nil {
		return true
	}
	ap, ok := p.Agents[to]
	if !ok || len(ap.Accept) == 0 {
		return true
	}
	for _, r := range ap.Accept {
		if matchAny(r.From, sender) && matchAny(r.Acts, act) && matchAny(r.Topics, topic) {
			return true
		}
	}
	return false
}

// cleared reports whether agent to may receive label (pub when "").
func (p *Policy) cleared(to, label string) bool {
	if p == nil {
		return true
	}
	ap, ok := p.Agents[to]
	if !ok || len(ap.Clearance) == 0 {
		return true
	}
	if label == "" {
		label = "pub"
	}
	return slices.Contains(ap.Clearance, label)
}

func matchAny(patterns []string, s string) bool {
	if len(patterns) == 0 {
		return true
	}
	for _, p := range patterns {
		if p == "*" || p == s {
			return true
		}
		if ok, _ := path.Match(p, s); ok {
			return true
		}
	}
	return false
}

// names is every agent the policy names, sorted.
func (p *Policy) names() []string {
	if p == nil {
		return nil
	}
	var out []string
	for a := range p.Agents {
		out = append(out, a)
	}
	for _, l := range p.Roles {
		out = append(out, l...)
	}
	for _, l := range p.Groups {
		out = append(out, l...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
