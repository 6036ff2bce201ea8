package mesh

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

// TestLanguages sends Agent Lingua and AgentDSL traffic: each checked against
// its sender's earlier traffic in that language, delivered to the agents it
// names, rejected with the language's own codes (and a repair), stored once;
// a rebuilt gateway has the same state, and replay hands the entries back as
// files that check as they did.
func TestLanguages(t *testing.T) {
	s := startServer(t, "")
	g, stop := startGateway(t, s.ClientURL(), Config{Name: "first"})
	c := newClient(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	alice := c.Agent("alice")
	send := func(lang ir.Language, data []byte, to ...string) (Sent, Verdict) {
		t.Helper()
		sent, err := alice.SendLang(ctx, lang, data, to...)
		if err != nil {
			t.Fatal(err)
		}
		v, err := c.Verdict(ctx, sent.Key)
		if err != nil {
			t.Fatal(err)
		}
		return sent, v
	}
	// examples/handshake.lingua in two payloads (whole lines, a signature
	// with the line it signs), a rejected line between them.
	handshake := readFixture(t, "../../examples/handshake.lingua")
	lines := bytes.SplitAfter(handshake, []byte("\n"))
	opening, rest := bytes.Join(lines[:5], nil), bytes.Join(lines[5:], nil)
	if _, v := send(ir.Lingua, opening); v.Status != StatusAccepted {
		t.Fatalf("handshake.lingua's opening: %s %s", v.Status, v.Diagnostics)
	}
	// Rejected as a whole: its first line, which would end the session, is
	// not kept either.
	if _, v := send(ir.Lingua, []byte("👽08|#sess-42\n👽09|@bob|$j:notbase64!!\n")); v.Status != StatusRejected ||
		!strings.Contains(string(v.Diagnostics), `"code":"L101"`) || !strings.Contains(v.Repair, "reject sys>alice") {
		t.Fatalf("bad base64: %s %s %q, want rejected with L101 and a repair", v.Status, v.Diagnostics, v.Repair)
	}
	// The session the opening established is the stream's state (the
	// rejected line was not kept): the rest of the file is valid after it,
	// and ending the session twice is not.
	if _, v := send(ir.Lingua, rest); v.Status != StatusAccepted {
		t.Fatalf("handshake.lingua's rest: %s %s", v.Status, v.Diagnostics)
	}
	if _, v := send(ir.Lingua, []byte("👽08|#sess-42\n")); v.Status != StatusRejected || !strings.Contains(string(v.Diagnostics), `"code":"L202"`) {
		t.Fatalf("session ended twice: %s %s, want rejected with L202", v.Status, v.Diagnostics)
	}
	weather := readFixture(t, "../../examples/weather.adsl")
	if _, v := send(ir.AgentDSL, weather, "carol"); v.Status != StatusAccepted {
		t.Fatalf("weather.adsl: %s %s", v.Status, v.Diagnostics)
	}
	if _, v := send(ir.AgentDSL, []byte("[SCHEMA:U]\nID:int|N:str\n\n[DATA]\nx|a\n"), "carol"); v.Status != StatusRejected ||
		!strings.Contains(string(v.Diagnostics), `"code":"AD022"`) {
		t.Fatalf("bad cell: %s %s, want rejected with AD022", v.Status, v.Diagnostics)
	}
	if again, v := send(ir.AgentDSL, weather, "carol"); again.Stored || v.Status != StatusAccepted {
		t.Fatalf("the same document again: stored=%v %s", again.Stored, v.Status)
	}
	if _, v := send("klingon", []byte("nuqneH\n")); v.Status != StatusRejected || !strings.Contains(string(v.Diagnostics), `"code":"M002"`) {
		t.Fatalf("unknown language: %s %s, want M002", v.Status, v.Diagnostics)
	}
	want := waitAccepted(t, g, 3)
	if len(want.Accepted) != 3 {
		t.Fatalf("accepted %d payloads, want 3", len(want.Accepted))
	}
	out := egress(t, c)
	if n := len(out["rosetta.to.bob"]); n != 1 {
		t.Errorf("bob (the handshake's @bob) received %d messages, want 1", n)
	}
	if n := len(out["rosetta.to.carol"]); n != 1 {
		t.Errorf("carol (Rosetta-To) received %d messages, want 1", n)
	}
	if n := len(out["rosetta.to.alice"]); n != 4 {
		t.Errorf("alice received %d repairs, want 4", n)
	}
	stop()

	g2, stop2 := startGateway(t, s.ClientURL(), Config{Name: "second"})
	compareDigest(t, "rebuilt", *g2.Digest(), want)
	stop2()

	var rose bytes.Buffer
	files := map[string][]byte{}
	err := c.ReplayAll(ctx, &rose, "", "", func(e Entry) error {
		ext := map[ir.Language]string{ir.Lingua: ".lingua", ir.AgentDSL: ".adsl"}[e.Lang]
		files[e.Agent+ext] = append(files[e.Agent+ext], e.Data...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if rose.Len() != 0 {
		t.Errorf("the .rose replay holds %q, want nothing (no Rosetta traffic)", rose.String())
	}
	if len(files) != 2 {
		t.Fatalf("replay gave files %v, want alice.lingua and alice.adsl", sortedKeys(files))
	}
	for name, b := range files {
		if ds := compiler.Check(name, b, compiler.Options{}).Diags; ds.HasErrors() {
			t.Errorf("%s replayed does not check: %v", name, ds)
		}
	}
	if !bytes.Equal(files["alice.lingua"], handshake) {
		t.Errorf("alice.lingua is not the two payloads accepted")
	}
	if !bytes.Equal(files["alice.adsl"], weather) {
		t.Errorf("alice.adsl is not the one document accepted")
	}
}
