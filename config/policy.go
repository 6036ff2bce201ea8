package config

import (
	"fmt"
	"slices"
	"strings"
)

// These methods are the one reading of a Policy, for the mesh gateway and
// for anything else that asks "may this message pass?". A nil *Policy is an
// open mesh: everything is allowed.

// MaySend reports whether sender may send a message with this act to these
// route targets (as written in the route: a3, *, #topic, @role:x, @grp:y)
// on this topic (without #; "" when the message has none). It returns nil
// when allowed, else an error that says why, for the rejection's message.
func (p *Policy) MaySend(sender, act string, targets []string, topic string) error {
	if p == nil {
		return nil
	}
	a, listed := p.Agents[sender]
	if !listed {
		if p.Default == "allow" {
			return nil
		}
		return fmt.Errorf("the mesh policy lists no agent %s and its default is deny", sender)
	}
	for _, r := range a.Send {
		if r.allows(act, targets, topic) {
			return nil
		}
	}
	where := ""
	if topic != "" {
		where = " on #" + topic
	}
	return fmt.Errorf("the mesh policy has no send rule that lets %s send %s to %s%s", sender, act, strings.Join(targets, ","), where)
}

func (r SendRule) allows(act string, targets []string, topic string) bool {
	if r.Acts != nil && !slices.Contains(r.Acts, act) {
		return false
	}
	if r.To != nil {
		for _, t := range targets {
			if !slices.Contains(r.To, t) {
				return false
			}
		}
	}
	if r.Topics != nil && !slices.ContainsFunc(r.Topics, func(pat string) bool { return topicMatch(pat, topic) }) {
		return false
	}
	return true
}

// topicMatch matches a topic against a rule's pattern: the same name, *
// for any topic (but not none), or a.* for a and everything under it.
func topicMatch(pat, topic string) bool {
	pat = strings.TrimPrefix(pat, "#")
	switch {
	case topic == "":
		return false
	case pat == "*", pat == topic:
		return true
	case strings.HasSuffix(pat, ".*"):
		base := strings.TrimSuffix(pat, ".*")
		return topic == base || strings.HasPrefix(topic, base+".")
	}
	return false
}

// MayReceive reports whether agent may receive a message labelled sens
// ("" is pub). An agent the policy lists receives the labels of its
// clearance (pub and int when it states none); one it does not list
// receives every label when the default is allow, else pub and int.
func (p *Policy) MayReceive(agent, sens string) bool {
	if p == nil {
		return true
	}
	if sens == "" {
		sens = "pub"
	}
	a, listed := p.Agents[agent]
	if !listed && p.Default == "allow" {
		return true
	}
	if !listed || a.Clearance == nil {
		return sens == "pub" || sens == "int"
	}
	return slices.Contains(a.Clearance, sens)
}

// Holders returns the agents that hold a role (reviewer for @role:reviewer).
func (p *Policy) Holders(role string) []string {
	if p == nil {
		return nil
	}
	return p.Roles[role]
}

// Members returns the members of a group (legal for @grp:legal).
func (p *Policy) Members(group string) []string {
	if p == nil {
		return nil
	}
	return p.Groups[group]
}
