package mesh

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
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

// Layout is the version of the stored layout this gateway writes: the
// streams' and buckets' names, subjects and what their messages hold. Each
// stream and bucket records it in its metadata (LayoutKey). The versions:
//
//  1. transcript entries on rosetta.log.<partition> (stream subjects
//     rosetta.log.*), an accepted message's verdict a record in the verdict
//     bucket (until this wave's caa36fb);
//  2. transcript entries on rosetta.log.<partition>.<key>, an accepted
//     message's verdict its entry; the transcript allows direct gets.
//
// Layout 2 reads layout 1 as it is: a partition's transcript is read on both
// its subjects (rosetta.log.<p> and rosetta.log.<p>.>), and Client.Verdict
// finds the accepted records of layout 1 in the verdict bucket, so an old
// data directory goes on where it stopped, with nothing rewritten. A layout
// this gateway does not know (newer, or streams of the mesh's names with
// other subjects) is refused (LayoutError): it never starts over on data it
// cannot read, nor changes it.
const Layout = 2

// LayoutKey is the stream and bucket metadata key that holds the layout.
const LayoutKey = "rosetta_layout"

// LayoutError is Setup's refusal of what it finds stored under the mesh's
// names: a stream or bucket of a newer layout, or with subjects no layout of
// the mesh had.
type LayoutError struct {
	Stream string // the stream (a bucket's is KV_<bucket>)
	Found  string // what it holds
}

func (e *LayoutError) Error() string {
	return fmt.Sprintf("stream %s: %s; this rosettac writes mesh layout %d and reads layouts 1 to %d. "+
		"Nothing was changed: run the rosettac that wrote it, or give another --data directory (or --prefix)",
		e.Stream, e.Found, Layout, Layout)
}

// checkLayout refuses an existing stream this gateway cannot read: a newer
// layout in its metadata, or subjects that are not one of the mesh's
// layouts' (want, and for the transcript, layout 1's too).
func checkLayout(ctx context.Context, js jetstream.JetStream, name string, want []string, old ...string) error {
	st, err := js.Stream(ctx, name)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("stream %s: %w", name, err)
	}
	cfg := st.CachedInfo().Config
	if v := cfg.Metadata[LayoutKey]; v != "" {
		if n, err := strconv.Atoi(v); err != nil || n > Layout || n < 1 {
			return &LayoutError{Stream: name, Found: fmt.Sprintf("mesh layout %q", v)}
		}
	}
	got := slices.Clone(cfg.Subjects)
	slices.Sort(got)
	for _, subjects := range [][]string{want, old} {
		subjects = slices.Clone(subjects)
		slices.Sort(subjects)
		if len(subjects) > 0 && slices.Equal(got, subjects) {
			return nil
		}
	}
	return &LayoutError{Stream: name, Found: fmt.Sprintf("subjects %s, not the mesh's %s", strings.Join(got, " "), strings.Join(want, " "))}
}

// Setup creates or updates the mesh's streams and buckets on js, after
// checking that what is stored under their names is a layout it reads
// (Layout; else a *LayoutError and nothing is changed). replicas is the
// number of copies on a cluster (1 on a single server).
func Setup(ctx context.Context, js jetstream.JetStream, s Subjects, replicas int) error {
	if replicas < 1 {
		replicas = 1
	}
	meta := map[string]string{LayoutKey: strconv.Itoa(Layout)}
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
	buckets := []jetstream.KeyValueConfig{
		{Bucket: s.VerdictBucket(), Description: "verdict per message key (id and content hash) of rejected and duplicate messages; an accepted message's is its transcript entry"},
		{Bucket: s.SnapshotBucket(), Description: "gateway snapshots (an optimisation: replay gives the same state)", MaxValueSize: 8 << 20},
		{Bucket: s.LeaseBucket(), Description: "partition ownership", TTL: LeaseTTL},
	}
	// Everything is checked before anything is changed.
	for _, c := range streams {
		var old []string
		if c.Name == s.LogStream() {
			old = []string{s.Prefix + ".log.*"} // layout 1
		}
		if err := checkLayout(ctx, js, c.Name, c.Subjects, old...); err != nil {
			return err
		}
	}
	for _, c := range buckets {
		if err := checkLayout(ctx, js, "KV_"+c.Bucket, []string{"$KV." + c.Bucket + ".>"}); err != nil {
			return err
		}
	}
	for _, c := range streams {
		c.Storage = jetstream.FileStorage
		c.Replicas = replicas
		c.MaxMsgSize = 8 << 20
		c.Metadata = meta
		if _, err := js.CreateOrUpdateStream(ctx, c); err != nil {
			return fmt.Errorf("stream %s: %w", c.Name, err)
		}
	}
	for _, c := range buckets {
		c.Storage = jetstream.FileStorage
		c.Replicas = replicas
		c.Metadata = meta
		if _, err := js.CreateOrUpdateKeyValue(ctx, c); err != nil {
			return fmt.Errorf("bucket %s: %w", c.Bucket, err)
		}
	}
	return nil
}
