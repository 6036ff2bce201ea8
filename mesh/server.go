package mesh

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"
)

// ServerOptions configure an embedded NATS server with JetStream.
type ServerOptions struct {
	Dir  string // JetStream storage directory
	Host string // default 127.0.0.1
	Port int    // client port; 0 picks a free one
	// Name, Cluster, ClusterPort and Routes make the server one node of a
	// cluster (every node names the others' route URLs).
	Name        string
	Cluster     string
	ClusterPort int
	Routes      []string
	// Users and Accounts, when set, secure the server (docs/mesh.md shows the
	// permissions that bind an agent to its own ingress subject).
	Users    []*server.User
	Accounts []*server.Account
	// Configure, when set, is applied to the server options last.
	Configure func(*server.Options)
}

// StartServer starts an in-process NATS server with JetStream and waits until
// it accepts connections. The caller shuts it down (Shutdown, then
// WaitForShutdown).
func StartServer(o ServerOptions) (*server.Server, error) {
	if o.Host == "" {
		o.Host = "127.0.0.1"
	}
	port := o.Port
	if port == 0 {
		port = server.RANDOM_PORT
	}
	opts := &server.Options{
		ServerName: o.Name,
		Host:       o.Host,
		Port:       port,
		JetStream:  true,
		StoreDir:   o.Dir,
		NoSigs:     true,
		NoLog:      true,
		Users:      o.Users,
		Accounts:   o.Accounts,
		// Payloads are messages; a txt block may be large.
		MaxPayload: 8 << 20,
	}
	if o.Cluster != "" {
		opts.Cluster = server.ClusterOpts{Name: o.Cluster, Host: o.Host, Port: o.ClusterPort}
		for _, r := range o.Routes {
			u, err := url.Parse(r)
			if err != nil {
				return nil, fmt.Errorf("route %q: %v", r, err)
			}
			opts.Routes = append(opts.Routes, u)
		}
	}
	if o.Configure != nil {
		o.Configure(opts)
	}
	s, err := server.NewServer(opts)
	if err != nil {
		return nil, err
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		s.Shutdown()
		return nil, errors.New("embedded NATS server did not start in 10s")
	}
	return s, nil
}

// DedupWindow is how long JetStream remembers a message id on the mesh's
// streams: a publish repeated within it is stored once. Past it, the
// gateway's own tables (the transcript, the audit stream) still recognise a
// message already handled; only the egress of a gateway that crashed and
// restarts more than this long after relies on them alone.
const DedupWindow = 10 * time.Minute

// Setup creates or updates the mesh's streams and buckets on js. replicas is
// the number of copies on a cluster (1 on a single server).
func Setup(ctx context.Context, js jetstream.JetStream, s Subjects, replicas int) error {
	if replicas < 1 {
		replicas = 1
	}
	streams := []jetstream.StreamConfig{
		{Name: s.InStream(), Subjects: []string{s.Prefix + ".in.*"}, Duplicates: DedupWindow},
		{Name: s.OutStream(), Subjects: []string{s.Prefix + ".to.*", s.Prefix + ".topic.>", s.Prefix + ".diag.*"}, Duplicates: DedupWindow},
		{Name: s.RoleStream(), Subjects: []string{s.Prefix + ".role.*"}, Duplicates: DedupWindow, Retention: jetstream.WorkQueuePolicy},
		// Direct gets by subject let mesh send read a verdict with permissions
		// for its own keys only (docs/mesh.md).
		{Name: s.LogStream(), Subjects: []string{s.Prefix + ".log.>"}, Duplicates: DedupWindow, AllowDirect: true},
		// The router's output when conversations are spread over partitions.
		{Name: s.PartStream(), Subjects: []string{s.Prefix + ".part.*.*"}, Duplicates: DedupWindow},
		{Name: s.AuditStream(), Subjects: []string{s.Prefix + ".audit.*"}, Duplicates: DedupWindow},
	}
	for _, c := range streams {
		c.Storage = jetstream.FileStorage
		c.Replicas = replicas
		c.MaxMsgSize = 8 << 20
		if _, err := js.CreateOrUpdateStream(ctx, c); err != nil {
			return fmt.Errorf("stream %s: %w", c.Name, err)
		}
	}
	buckets := []jetstream.KeyValueConfig{
		{Bucket: s.VerdictBucket(), Description: "verdict per message key (id and content hash) of rejected and duplicate messages; an accepted message's is its transcript entry"},
		{Bucket: s.SnapshotBucket(), Description: "gateway snapshots (an optimisation: replay gives the same state)", MaxValueSize: 8 << 20},
		{Bucket: s.LeaseBucket(), Description: "partition ownership", TTL: LeaseTTL},
	}
	for _, c := range buckets {
		c.Storage = jetstream.FileStorage
		c.Replicas = replicas
		if _, err := js.CreateOrUpdateKeyValue(ctx, c); err != nil {
			return fmt.Errorf("bucket %s: %w", c.Bucket, err)
		}
	}
	return nil
}
