package linguacheck

import (
	"slices"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// levels, highest first: the order negotiation prefers.
var levels = []ir.LinguaLevel{ir.LevelE, ir.LevelB, ir.LevelP}

func parseLevels(ss []string) []ir.LinguaLevel {
	var out []ir.LinguaLevel
	for _, s := range ss {
		for _, l := range levels {
			if s == l.String() {
				out = append(out, l)
			}
		}
	}
	return out
}

// negotiate returns the highest level in both lists (E > B > P), or LevelNone.
func negotiate(a, b []ir.LinguaLevel) ir.LinguaLevel {
	for _, l := range levels {
		if slices.Contains(a, l) && slices.Contains(b, l) {
			return l
		}
	}
	return ir.LevelNone
}

func (c *checker) handshake(m ir.LinguaMessage, hs *ir.LinguaHandshake, pl *ir.LinguaPayload) {
	if !hs.Answer {
		c.offer(hs, pl)
		return
	}
	var o *ir.LinguaHandshake
	if hs.OfferSpan.IsValid() {
		o = c.offers[hs.OfferSpan]
	}
	if o == nil {
		c.add(diag.Error, CodeNoOffer, pl.Span, "a handshake answer follows a 👽09 offer", "handshake answer with no offer before it")
		return
	}
	if o.Version != "" && hs.Version != "" && o.Version != hs.Version {
		c.add(diag.Warning, CodeVersions, pl.Span, "both sides must speak one version; answer !E1 when the offered version is not understood",
			"answer names version %s, the offer %s", hs.Version, o.Version)
	}
	r, ok := m.(*ir.LinguaResponse)
	if !ok || r.Status != '0' || (hs.Accepted != nil && !*hs.Accepted) {
		return
	}
	if hs.Version != "" {
		c.version = hs.Version
	} else if o.Version != "" {
		c.version = o.Version
	}
	if s := c.sessions[hs.Session]; s != nil {
		c.caps[s.ID] = union(o.Capabilities, hs.Capabilities)
	}
	if hs.Peer != "" && hs.PubKey != "" {
		if first, ok := c.peers[hs.Peer]; !ok {
			c.peers[hs.Peer] = hs.PubKey
		} else if first != hs.PubKey {
			c.add(diag.Error, CodeKeyChanged, pl.Span, "a peer keeps its key for the transcript; verify the new key out of band before trusting it",
				"%s answers with a different public key than in its first handshake", hs.Peer)
		}
	}
	ol, al := parseLevels(o.Security), parseLevels(hs.Security)
	if len(ol) == 0 || len(al) == 0 {
		return
	}
	best := negotiate(ol, al)
	if best == ir.LevelNone {
		c.add(diag.Error, CodeNoCommonLevel, pl.Span, "accept only when the two security lists share a level; otherwise answer ^A",
			"handshake accepted with no common security level (offer %v, answer %v)", o.Security, hs.Security)
		return
	}
	level := best
	if al[0].Rank() < best.Rank() {
		level = al[0]
		c.add(diag.Error, CodeLowLevel, pl.Span, "negotiation takes the highest level both sides list (E > B > P)",
			"answer settles on level %s although both sides support %s", al[0], best)
	}
	if hs.Session != "" {
		c.levels[hs.Session] = level
	}
}

// offer checks a 👽09 offer and remembers its public key per peer.
func (c *checker) offer(hs *ir.LinguaHandshake, pl *ir.LinguaPayload) {
	var missing []string
	for _, f := range []struct {
		name string
		ok   bool
	}{{"protocol", hs.Protocol != ""}, {"version", hs.Version != ""}, {"security", len(hs.Security) > 0}} {
		if !f.ok {
			missing = append(missing, f.name)
		}
	}
	if slices.Contains(parseLevels(hs.Security), ir.LevelE) {
		if len(hs.Crypto) == 0 {
			missing = append(missing, "crypto")
		}
		if hs.PubKey == "" && hs.PSKHint == "" {
			missing = append(missing, "pubkey or pskHint")
		}
	}
	if len(missing) > 0 {
		c.add(diag.Warning, CodeThinOffer, pl.Span, "an offer carries protocol, version, spec, capabilities and security; level E also crypto and a pubkey or pskHint",
			"handshake offer lacks %v", missing)
	}
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, s := range b {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
