package mesh

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"github.com/rosettac/rosettac/config"
)

// TestSecurity: a spoofed sender, a `do` the policy forbids, a phi message to
// an agent not cleared for it: each rejected with its code, its repair sent
// to the publisher, and nothing delivered.
func TestSecurity(t *testing.T) {
	s := startServer(t, "")
	// ana may ask, tell and note (anyone, any topic); everyone else the
	// policy does not list may send nothing (default deny); cy is cleared
	// for pub and int only.
	pol := &config.Policy{Default: "deny", Agents: map[string]*config.AgentPolicy{
		"ana": {Send: []config.SendRule{{Acts: []string{"ask", "tell", "note"}}}},
		"cy":  {Clearance: []string{"pub", "int"}},
	}}
	g := runGateway(t, s.ClientURL(), Config{Policy: pol})
	c := newClient(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	cases := []struct {
		name, agent, msg, code string
	}{
		{"spoofed sender", "eve", "ana1 tell >bob\n a x = 1 ~hi\n unk []\n", "M001"},
		{"sys is the mesh's", "eve", "sys.9 tell >bob\n a x = 1 ~hi\n unk []\n", "M001"},
		{"forbidden do", "ana", "ana2 do >bob #ops\n q restart the cache\n", "M003"},
		{"from an agent the policy does not list", "dee", "dee1 ask >bob\n q why?\n", "M003"},
		{"phi to an agent not cleared", "ana", "ana3 tell >cy sens=phi\n a dx = flu ~mid\n unk []\n", "M004"},
		{"a group with no members", "ana", "ana7 note >@grp:legal\n txt \"hi\"\n", "M006"},
		{"two messages in one publish", "ana", "ana4 note >bob\n txt \"a\"\n\nana5 note >bob\n txt \"b\"\n", "M002"},
	}
	for _, tc := range cases {
		sent, err := c.Agent(tc.agent).Send(ctx, []byte(tc.msg))
		if err != nil {
			t.Fatal(err)
		}
		v, err := c.Verdict(ctx, sent.Key)
		if err != nil {
			t.Fatal(err)
		}
		if v.Status != StatusRejected || !strings.Contains(string(v.Diagnostics), `"code":"`+tc.code+`"`) {
			t.Errorf("%s: %s %s, want rejected with %s", tc.name, v.Status, v.Diagnostics, tc.code)
		}
		if ds := checkText("repair.rose", []byte(v.Repair)); ds.HasErrors() {
			t.Errorf("%s: the repair is not valid AgentRosetta: %v\n%s", tc.name, ds, v.Repair)
		}
		if tc.code != CodeIngress && !strings.Contains(v.Repair, " reject sys>"+tc.agent+" re="+sent.ID) {
			t.Errorf("%s: repair %q is not a reject from sys to %s", tc.name, v.Repair, tc.agent)
		}
	}
	// An allowed message still goes through, so the rejections above are the policy's.
	ok, _ := c.Agent("ana").Send(ctx, []byte("ana6 tell >bob\n a x = 1 ~hi\n unk []\n"))
	if v, _ := c.Verdict(ctx, ok.Key); v.Status != StatusAccepted {
		t.Fatalf("allowed tell: %s %s", v.Status, v.Diagnostics)
	}
	waitAccepted(t, g, 1)
	out := egress(t, c)
	if len(out["rosetta.to.bob"]) != 1 || len(out["rosetta.to.cy"]) != 0 {
		t.Errorf("bob got %d messages (want the one allowed), cy %d (want none)", len(out["rosetta.to.bob"]), len(out["rosetta.to.cy"]))
	}
	if len(out["rosetta.to.eve"]) != 2 || len(out["rosetta.to.ana"]) != 4 {
		t.Errorf("repairs: eve got %d (want 2), ana %d (want 4)", len(out["rosetta.to.eve"]), len(out["rosetta.to.ana"]))
	}
	if n := len(transcript(t, c)); n != 1 {
		t.Errorf("transcript has %d messages, want only the allowed one", n)
	}
	for _, code := range []string{CodeSpoof, CodeActForbidden, CodeNotCleared, CodeIngress} {
		if g.met.Rejected(code) == 0 {
			t.Errorf("metrics count no rejection with %s", code)
		}
	}
}

// TestPermissions: on a secured server, where each agent's user may publish
// only on its own ingress subject, an agent publishing on another's subject
// is refused by the server, and nothing reaches the ingress stream.
func TestPermissions(t *testing.T) {
	agent := func(name string) *server.User {
		return &server.User{Username: name, Password: name + "-pw", Permissions: &server.Permissions{
			Publish:   &server.SubjectPermission{Allow: []string{"rosetta.in." + name}},
			Subscribe: &server.SubjectPermission{Allow: []string{"rosetta.to." + name, "rosetta.diag." + name, "_INBOX.>"}},
		}}
	}
	users := []*server.User{{Username: "gateway", Password: "gw-pw"}, agent("ana"), agent("bob")}
	s, err := StartServer(ServerOptions{Dir: t.TempDir(), Users: users})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	url := s.ClientURL()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	gwNC := connect(t, url, nats.UserInfo("gateway", "gw-pw"))
	g, err := NewGateway(ctx, gwNC, Config{})
	if err != nil {
		t.Fatal(err)
	}
	gctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- g.Run(gctx) }()
	defer func() { stop(); <-done }()

	perm := make(chan error, 4)
	ana := connect(t, url, nats.UserInfo("ana", "ana-pw"), nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { perm <- err }))
	// Core NATS request: the stream's publish ack is the reply (an agent needs
	// no JetStream API permission to publish).
	if _, err := ana.Request("rosetta.in.bob", []byte("bob1 tell >ana\n a x = 1 ~hi\n unk []\n"), time.Second); err == nil {
		t.Fatal("ana published on bob's ingress subject")
	}
	select {
	case err := <-perm:
		if !errors.Is(err, nats.ErrPermissionViolation) && !strings.Contains(strings.ToLower(err.Error()), "permissions violation") {
			t.Fatalf("server error %v, want a permissions violation", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no permissions violation reported")
	}
	// Her own subject works.
	if _, err := ana.Request("rosetta.in.ana", []byte("ana1 note >bob\n txt \"hi\"\n"), 5*time.Second); err != nil {
		t.Fatalf("ana on her own subject: %v", err)
	}
	admin, _ := NewClient(gwNC, "")
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if d := g.Digest(); d != nil && len(d.Accepted) == 1 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	es := transcript(t, admin)
	if len(es) != 1 || es[0].ID != "ana1" {
		t.Fatalf("transcript %v, want only ana1", es)
	}
	st, _ := admin.JS.Stream(ctx, admin.Sub.InStream())
	info, _ := st.Info(ctx)
	if info.State.Msgs != 1 {
		t.Errorf("ingress stream holds %d messages, want 1 (ana's own)", info.State.Msgs)
	}
}
