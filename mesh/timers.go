package mesh

import (
	"fmt"
	"time"

	"github.com/rosettac/rosettac/diag"
)

// tick runs what the clock triggers: held replies whose hold ran out are
// delivered with a warning, stalled obligations are reported (W030), and a
// stalled pri=block obligation is escalated: the mesh sends `fail timeout` to
// the requester on its owner's behalf, as a sys message in the transcript
// (spec §19: "must escalate, never silently pass"), so replay reproduces it.
func (g *Gateway) tick() {
	now := g.cfg.Clock.Now()
	if real := time.Now(); real.Sub(g.lastTick) < 50*time.Millisecond && len(g.st.held) == 0 {
		return
	} else {
		g.lastTick = real
	}
	for {
		i := -1
		for j, h := range g.st.held {
			if !now.Before(h.deadline) {
				i = j
				break
			}
		}
		if i < 0 {
			break
		}
		h := g.st.held[i]
		g.st.held = append(g.st.held[:i], g.st.held[i+1:]...)
		g.met.held.Add(-1)
		g.handle(h, true)
	}
	g.timers(now)
}

func (g *Gateway) timers(now time.Time) {
	stalls := g.st.sess.Stalls(now)
	if len(stalls) == 0 {
		return
	}
	open := map[string]string{} // obligation id -> requester
	pri := map[string]string{}
	for _, o := range g.st.sess.Open() {
		open[o.ID] = o.Sender
		if o.Msg != nil && o.Msg.Header != nil {
			pri[o.ID], _ = o.Msg.Header.Field("pri")
		}
	}
	for _, d := range stalls {
		id := d.MessageID
		req, ok := open[id]
		if !ok {
			continue
		}
		if !g.st.stalled[id] {
			g.st.stalled[id] = true
			g.met.stalls.Add(1)
			if validToken(req) {
				hdr := map[string][]string{HeaderKey: {"stall-" + id}}
				g.output(g.sub.Diag(req), "stall-"+id, diagJSON(diag.List{d}), hdr)
			}
		}
		if pri[id] == "block" {
			g.escalate(id, req, now)
		}
	}
}

// escalate sends `fail timeout` from sys for obligation id to its requester.
func (g *Gateway) escalate(id, requester string, now time.Time) {
	sid := g.st.nextSysID()
	text := fmt.Sprintf("%s fail sys>%s re=%s at=%s\n why  timeout %s stalled past its ttl (pri=block); the mesh escalates on its owner's behalf\n",
		sid, requester, id, now.UTC().Format("2006-01-02T15:04:05Z"), id)
	g.met.escalations.Add(1)
	g.handle(&inbound{agent: "sys", subject: g.sub.In("sys"), data: []byte(text), trusted: true}, true)
}
