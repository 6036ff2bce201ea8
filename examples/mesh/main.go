// Command mesh is a small agent mesh in one process: an embedded NATS server
// with JetStream, the rosettac gateway, an orchestrator (lead) and three
// agents (triage, dba, sre) written with the mesh package's Go API.
//
//	go run ./examples/mesh
//
// The lead asks triage what broke, hands the fix to whoever holds @role:dba
// (a work queue: one holder takes it), and tells everyone when it is done;
// sre only listens. One message is deliberately wrong (a spoofed sender), so
// the mesh's repair shows too. At the end it prints the transcript, which
// `rosettac check` accepts.
package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/rosettac/rosettac/config"
	"github.com/rosettac/rosettac/mesh"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mesh example:", err)
		os.Exit(1)
	}
}

func run() error {
	dir, err := os.MkdirTemp("", "rosettac-mesh-example")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	srv, err := mesh.StartServer(mesh.ServerOptions{Dir: dir}) // a free port on 127.0.0.1
	if err != nil {
		return err
	}
	defer func() { srv.Shutdown(); srv.WaitForShutdown() }()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	// The host: a gateway with a policy (who holds @role:dba).
	gnc, err := nats.Connect(srv.ClientURL())
	if err != nil {
		return err
	}
	defer gnc.Close()
	// An open policy (default allow) that names the holder of @role:dba, and
	// sre, so that `*` reaches it before it has said anything.
	pol := &config.Policy{Default: "allow", Roles: map[string][]string{"dba": {"dba"}, "sre": {"sre"}}}
	gw, err := mesh.NewGateway(ctx, gnc, mesh.Config{Policy: pol})
	if err != nil {
		return err
	}
	go func() { _ = gw.Serve(ctx) }()

	nc, err := nats.Connect(srv.ClientURL())
	if err != nil {
		return err
	}
	defer nc.Close()
	c, err := mesh.NewClient(nc, "")
	if err != nil {
		return err
	}
	lead, triage, dba, sre := c.Agent("lead"), c.Agent("triage"), c.Agent("dba"), c.Agent("sre")
	send := func(a *mesh.Agent, msg string) {
		if _, err := a.Send(ctx, []byte(msg)); err != nil {
			fmt.Fprintln(os.Stderr, a.Name, "send:", err)
		}
	}
	say := func(who, what string, d mesh.Delivery) {
		first, _, _ := strings.Cut(string(d.Data), "\n")
		fmt.Printf("%-7s %s: %s\n", who, what, first)
	}

	// triage answers asks.
	go triage.Receive(ctx, func(d mesh.Delivery) error {
		say("triage", "got", d)
		if strings.Contains(string(d.Data), " ask ") {
			send(triage, "triage1 tell re=lead1\n a    cause = the primary's disk is full ~hi\n      fix = fail over to the replica ~mid\n unk  [what filled the disk]\n")
		}
		return nil
	})
	// dba holds @role:dba: it takes the task and reports it done.
	go dba.ReceiveRole(ctx, "dba", func(d mesh.Delivery) error {
		say("dba", "took", d)
		send(dba, "dba1 take re=lead2\n")
		send(dba, "dba2 done re=lead2\n a    done_at = 14:20 ~hi\n unk  []\n")
		return nil
	})
	// sre listens to what is routed to it (broadcasts).
	go sre.Receive(ctx, func(d mesh.Delivery) error { say("sre", "heard", d); return nil })

	// The lead runs the incident.
	finished := make(chan struct{})
	go lead.Receive(ctx, func(d mesh.Delivery) error {
		switch {
		case d.Repair:
			say("lead", "repair", d)
		case strings.HasPrefix(string(d.Data), "triage1 "):
			say("lead", "got", d)
			send(lead, "lead2 do >@role:dba #inc.db\n q    fail over orders-db to the replica\n want {done_at}\n")
		case strings.HasPrefix(string(d.Data), "dba2 "):
			say("lead", "got", d)
			send(lead, "lead3 note >* #inc.db\n txt  \"orders-db failed over; incident closed\"\n")
			close(finished)
		default:
			say("lead", "got", d)
		}
		return nil
	})
	send(lead, "lead1 ask >triage #inc.db\n q    why is the orders database refusing writes?\n want {cause, fix}\n")
	send(lead, "triage9 tell >lead\n a    cause = nothing ~hi\n unk  []\n") // spoofed: rejected, repaired

	select {
	case <-finished:
	case <-ctx.Done():
		return fmt.Errorf("the incident did not close in time")
	}
	time.Sleep(300 * time.Millisecond) // let the broadcast arrive
	fmt.Println("\n--- transcript (rosettac mesh replay) ---")
	return c.Replay(ctx, os.Stdout, "", "")
}
