package mesh

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/nats-io/nats.go"
)

// Node is one gateway process's share of a mesh: with one partition, the
// gateway; with several (Config.Partitions), a candidate for the router and a
// gateway for every partition, each working only while it holds that
// partition's lease. Several nodes split the partitions: each takes the ones
// it prefers at once and the others only as a standby (after LeaseTTL, when
// nobody holds them), so a node that dies has its partitions, and the router
// if it had it, taken over by the others within about two LeaseTTLs, with the
// state rebuilt from the streams.
type Node struct {
	Router   *Router    // nil with one partition
	Gateways []*Gateway // by partition
}

// NewNode returns a node of the mesh on nc. prefer lists the partitions the
// node takes at once (nil: all of them); cfg.Part and cfg.Standby are set per
// partition. Every gateway shares cfg.Metrics.
func NewNode(ctx context.Context, nc *nats.Conn, cfg Config, prefer []int) (*Node, error) {
	cfg = cfg.withDefaults()
	n := &Node{}
	for _, p := range prefer {
		if p < 0 || p >= cfg.Partitions {
			return nil, fmt.Errorf("mesh: partition %d out of range (0 to %d)", p, cfg.Partitions-1)
		}
	}
	all := prefer == nil
	if cfg.Partitions > 1 {
		rc := cfg
		rc.Standby = !all && !slices.Contains(prefer, 0) // the router goes with partition 0
		r, err := NewRouter(ctx, nc, rc)
		if err != nil {
			return nil, err
		}
		n.Router = r
	}
	ready := cfg.Ready
	var pending sync.WaitGroup
	for p := range cfg.Partitions {
		pc := cfg
		pc.Part, pc.Standby = p, !all && !slices.Contains(prefer, p)
		if !pc.Standby && ready != nil {
			pending.Add(1)
			once := sync.Once{}
			pc.Ready = func() { once.Do(pending.Done) }
		} else {
			pc.Ready = nil
		}
		g, err := NewGateway(ctx, nc, pc)
		if err != nil {
			return nil, err
		}
		n.Gateways = append(n.Gateways, g)
	}
	if ready != nil {
		go func() { pending.Wait(); ready() }()
	}
	return n, nil
}

// Serve runs the router and the gateways until ctx ends (Gateway.Serve,
// Router.Serve: each starts again after a failure).
func (n *Node) Serve(ctx context.Context) error {
	var wg sync.WaitGroup
	errs := make([]error, len(n.Gateways)+1)
	if n.Router != nil {
		wg.Add(1)
		go func() { defer wg.Done(); errs[0] = n.Router.Serve(ctx) }()
	}
	for i, g := range n.Gateways {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i+1] = g.Serve(ctx) }()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
