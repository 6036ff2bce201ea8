package mesh

import (
	"slices"

	"github.com/rosettac/rosettac/config"
)

// The policy is the configuration file's mesh section (config.Policy, spec
// §18.4: send rules by act, recipient and topic, sens clearances, the role
// and group tables); its reading (MaySend, MayReceive, Holders, Members) is
// config's, so the gateway and anything else that asks "may this pass?"
// agree. A nil policy is an open mesh.

// DefaultEnforce are the codes enforced live when Config.Enforce names none:
// S8 (sensitivity labels only tighten) and S4 (a relay keeps its source's
// confidence) reject a message whatever their severity.
var DefaultEnforce = []string{"S4", "S8"}

// LoadPolicy reads the mesh section of a configuration file (rosettac.yaml):
// its settings and its policy, or nil when it has none.
func LoadPolicy(file string) (*config.Mesh, error) {
	c, err := config.Load(file)
	if err != nil {
		return nil, err
	}
	return c.Mesh, nil
}

func (g *Gateway) enforced(code string) bool {
	if g.cfg.Enforce == nil {
		return slices.Contains(DefaultEnforce, code)
	}
	return slices.Contains(g.cfg.Enforce, code)
}

// policyNames is every agent the policy names, sorted: `*` reaches them
// before they have said anything.
func policyNames(p *config.Policy) []string {
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
