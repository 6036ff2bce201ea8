package mesh

import (
	"context"
	"errors"
	"os"
	"regexp"
	"slices"
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

// TestPermissions: on a secured server whose agents' users have exactly
// Subjects.AgentPermissions (docs/mesh.md), an agent publishes on its own
// ingress subject and waits for its verdicts (Client.Verdict, over a
// connection with its own inbox prefix), accepted and rejected, and reads its
// deliveries (Agent.Receive); it cannot publish on another agent's subject
// (nothing reaches the ingress stream), read another agent's verdicts,
// deliveries or inbox, or read the transcript.
func TestPermissions(t *testing.T) {
	sub := NewSubjects("")
	agent := func(name string) *server.User {
		pub, subs := sub.AgentPermissions(name)
		if name == "ana" {
			pub = append(pub, sub.RolePermissions("reviewer")...)
		}
		return &server.User{Username: name, Password: name + "-pw", Permissions: &server.Permissions{
			Publish: &server.SubjectPermission{Allow: pub}, Subscribe: &server.SubjectPermission{Allow: subs}}}
	}
	users := []*server.User{{Username: "gateway", Password: "gw-pw"}, agent("ana"), agent("bob")}
	s, err := StartServer(ServerOptions{Dir: t.TempDir(), Users: users})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	url := s.ClientURL()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	gwNC := connect(t, url, nats.UserInfo("gateway", "gw-pw"))
	g, err := NewGateway(ctx, gwNC, Config{Policy: &config.Policy{Default: "allow", Agents: map[string]*config.AgentPolicy{
		"ana": {Send: []config.SendRule{{Acts: []string{"note", "tell"}}}}},
		Roles: map[string][]string{"reviewer": {"ana"}}}})
	if err != nil {
		t.Fatal(err)
	}
	gctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- g.Run(gctx) }()
	defer func() { stop(); <-done }()
	admin, _ := NewClient(gwNC, "")
	for time.Now().Before(time.Now().Add(10*time.Second)) && g.Digest() == nil {
		time.Sleep(20 * time.Millisecond)
	}

	// Each agent's connection reports the server's permission errors.
	perms := map[string]chan error{}
	login := func(name string) *Client {
		perms[name] = make(chan error, 64)
		nc := connect(t, url, nats.UserInfo(name, name+"-pw"), nats.CustomInboxPrefix(Inbox(name)),
			nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { perms[name] <- err }))
		c, err := NewClient(nc, "")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	ana, bob := login("ana"), login("bob")
	violation := func(who, what string) {
		t.Helper()
		select {
		case err := <-perms[who]:
			if !errors.Is(err, nats.ErrPermissionViolation) && !strings.Contains(strings.ToLower(err.Error()), "permissions violation") {
				t.Errorf("%s: server error %v, want a permissions violation", what, err)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%s: no permissions violation reported", what)
		}
	}
	drain := func(who string) {
		for {
			select {
			case err := <-perms[who]:
				t.Errorf("%s: unexpected server error: %v", who, err)
			default:
				return
			}
		}
	}

	// ana sends and gets her verdicts: accepted (followed, then already
	// stored) and rejected (a do the policy forbids).
	short := func() (context.Context, context.CancelFunc) { return context.WithTimeout(ctx, 20*time.Second) }
	for _, tc := range []struct{ msg, status string }{
		{"ana.1 note >bob\n txt \"hi\"\n", StatusAccepted},
		{"ana.2 do >bob\n q restart the cache\n", StatusRejected},
	} {
		sent, err := ana.Agent("ana").Send(ctx, []byte(tc.msg))
		if err != nil {
			t.Fatalf("ana sends %q: %v", tc.msg, err)
		}
		for range 2 {
			vctx, vcancel := short()
			v, err := ana.Verdict(vctx, sent.Key)
			vcancel()
			if err != nil || v.Status != tc.status {
				t.Fatalf("ana's verdict of %s: %s %v, want %s", sent.ID, v.Status, err, tc.status)
			}
		}
	}
	// ... and reads her deliveries: bob's note to her, not the publish ack
	// bob has the server send to her egress subject (NATS permissions do not
	// cover reply subjects; the egress stream stores it).
	inject := nats.NewMsg("rosetta.in.bob")
	inject.Reply, inject.Data = "rosetta.to.ana", []byte("bob.3 note >cy\n txt \"x\"\n")
	if err := bob.NC.PublishMsg(inject); err != nil {
		t.Fatal(err)
	}
	if err := bob.NC.Flush(); err != nil {
		t.Fatal(err)
	}
	bobSent, err := bob.Agent("bob").Send(ctx, []byte("bob.1 note >ana\n txt \"for ana\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if out := egress(t, admin); len(out["rosetta.to.ana"]) < 2 {
		t.Fatalf("ana's egress holds %d messages, want the injected ack besides the gateway's", len(out["rosetta.to.ana"]))
	}
	got := make(chan Delivery, 1)
	rctx, rcancel := short()
	go func() {
		_ = ana.Agent("ana").Receive(rctx, func(d Delivery) error {
			if !d.Repair {
				select {
				case got <- d:
				default:
				}
			}
			return nil
		})
	}()
	select {
	case d := <-got:
		if d.From != "bob" || !strings.Contains(string(d.Data), "for ana") {
			t.Errorf("ana received %+v, want bob's note", d)
		}
	case <-rctx.Done():
		t.Error("ana received nothing")
	}
	rcancel()
	// ... and her role's messages.
	if _, err := bob.Agent("bob").Send(ctx, []byte("bob.2 do >@role:reviewer\n q review the change\n")); err != nil {
		t.Fatal(err)
	}
	rctx, rcancel = short()
	took := make(chan Delivery, 1)
	go func() {
		_ = ana.Agent("ana").ReceiveRole(rctx, "reviewer", func(d Delivery) error {
			select {
			case took <- d:
			default:
			}
			return nil
		})
	}()
	select {
	case d := <-took:
		if d.From != "bob" || !strings.Contains(string(d.Data), "review the change") {
			t.Errorf("ana took %+v for @role:reviewer, want bob's do", d)
		}
	case <-rctx.Done():
		t.Error("ana took nothing for @role:reviewer")
	}
	rcancel()
	drain("ana")

	// ana may not publish as bob: the server refuses, nothing is stored.
	before := streamMsgs(t, admin, admin.Sub.InStream())
	if _, err := ana.NC.Request("rosetta.in.bob", []byte("bob.9 tell >ana\n a x = 1 ~hi\n unk []\n"), time.Second); err == nil {
		t.Error("ana published on bob's ingress subject")
	}
	violation("ana", "publish on rosetta.in.bob")
	if n := streamMsgs(t, admin, admin.Sub.InStream()); n != before {
		t.Errorf("ingress stream holds %d messages, want %d (nothing of ana's as bob)", n, before)
	}
	// ... nor read bob's verdict, stored or to come.
	vctx, vcancel := context.WithTimeout(ctx, 3*time.Second)
	if v, err := ana.Verdict(vctx, bobSent.Key); err == nil {
		t.Errorf("ana read bob's verdict: %+v", v)
	}
	vcancel()
	violation("ana", "verdict of bob's message")
	drainQuiet(perms["ana"])
	// ... nor the transcript, directly or through a consumer of all of it.
	if _, err := ana.NC.Request("$JS.API.STREAM.MSG.GET."+sub.LogStream(), []byte(`{"seq":1}`), time.Second); err == nil {
		t.Error("ana read the transcript by sequence")
	}
	violation("ana", "get of a transcript message by sequence")
	if _, err := ana.NC.Request("$JS.API.DIRECT.GET."+sub.LogStream(), []byte(`{"seq":1}`), time.Second); err == nil {
		t.Error("ana read the transcript by a direct get")
	}
	violation("ana", "direct get by sequence")
	tctx, tcancel := context.WithTimeout(ctx, 3*time.Second)
	if err := ana.Transcript(tctx, func(Entry) error { return nil }); err == nil {
		t.Error("ana read the transcript")
	}
	tcancel()
	drainQuiet(perms["ana"])
	// ... nor what is routed to bob, or bob's inbox.
	for _, subj := range []string{"rosetta.to.bob", "rosetta.diag.bob", Inbox("bob") + ".>", "_INBOX.>", "rosetta.log.>"} {
		if _, err := ana.NC.SubscribeSync(subj); err != nil {
			t.Fatal(err)
		}
		violation("ana", "subscribe to "+subj)
	}
}

// streamMsgs is the number of messages in a stream.
func streamMsgs(t *testing.T, c *Client, stream string) uint64 {
	t.Helper()
	st, err := c.JS.Stream(context.Background(), stream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

// drainQuiet empties a channel of reported errors after an expected one
// (one refused operation may be reported more than once).
func drainQuiet(ch chan error) {
	for {
		select {
		case <-ch:
		case <-time.After(200 * time.Millisecond):
			return
		}
	}
}

// TestPermissionsDoc: the server configuration docs/mesh.md shows for ana
// lists exactly Subjects.AgentPermissions and RolePermissions("reviewer").
func TestPermissionsDoc(t *testing.T) {
	b, err := os.ReadFile("../docs/mesh.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "{user: ana,")
	end := strings.Index(doc[max(start, 0):], "}}")
	if start < 0 || end < 0 {
		t.Fatal("docs/mesh.md has no configuration for ana")
	}
	var listed []string
	for _, line := range strings.Split(doc[start:start+end], "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, q := range regexp.MustCompile(`"[^"]*"`).FindAllString(line, -1) {
			if q != `"$ANA_PW"` {
				listed = append(listed, strings.Trim(q, `"`))
			}
		}
	}
	s := NewSubjects("")
	pub, subs := s.AgentPermissions("ana")
	want := append(append(pub, s.RolePermissions("reviewer")...), subs...)
	if !slices.Equal(listed, want) {
		t.Errorf("docs/mesh.md lists for ana\n%s\nwant\n%s", strings.Join(listed, "\n"), strings.Join(want, "\n"))
	}
}
