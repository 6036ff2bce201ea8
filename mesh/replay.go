package mesh

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// snapshot is a partition's state as the snapshot bucket stores it: the
// transcript entries up to LogSeq and the rejections. Loading it gives the
// same state as reading the streams (it is read through the same apply), only
// with one bucket read instead of a stream read per message.
type snapshot struct {
	LogSeq   uint64       `json:"log_seq"`
	Records  []*record    `json:"records"`
	Rejected []*Rejection `json:"rejected"`
}

// rebuild makes the state from the snapshot, if any, then the transcript
// from the snapshot on, then the audit stream (spec §19: replay rebuilds
// every session exactly).
func (g *Gateway) rebuild(ctx context.Context) error {
	if g.st != nil {
		g.met.held.Add(-int64(len(g.st.held))) // they come again
	}
	st := newState(g.cfg.Policy)
	st.sysPart, st.sysParts = g.part, g.cfg.Partitions
	g.st = st
	var from uint64 = 1
	if e, err := g.snaps.Get(ctx, g.leaseKey()); err == nil {
		var snap snapshot
		if err := json.Unmarshal(e.Value(), &snap); err == nil {
			for _, rec := range snap.Records {
				g.applyRecord(rec)
			}
			for _, rj := range snap.Rejected {
				st.rejected[rj.Key] = rj
				st.noteSys(rj.RepairID)
			}
			st.logSeq = snap.LogSeq
			from = snap.LogSeq + 1
			g.cfg.Logf("mesh: snapshot at transcript sequence %d", snap.LogSeq)
		}
	}
	// A partition's entries: on rosetta.log.<p>.<key>, and on rosetta.log.<p>
	// in a transcript of layout 1 (Layout), read as they are.
	err := readStream(ctx, g.js, g.sub.LogStream(), []string{g.sub.LogPart(g.part) + ".>", g.sub.LogPart(g.part)}, from, func(m jetstream.Msg, seq uint64) error {
		g.applyRecord(recordOf(m))
		st.logSeq = seq
		return nil
	})
	if err != nil {
		return fmt.Errorf("mesh: replay transcript: %w", err)
	}
	st.rejected = map[string]*Rejection{}
	err = readStream(ctx, g.js, g.sub.AuditStream(), nil, 1, func(m jetstream.Msg, _ uint64) error {
		var rj Rejection
		if json.Unmarshal(m.Data(), &rj) == nil {
			st.rejected[rj.Key] = &rj
			st.noteSys(rj.RepairID)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("mesh: replay audit: %w", err)
	}
	var n int64
	for _, id := range st.order {
		if rec := st.accepted[id]; !rec.Shared || g.part == 0 {
			n++ // a partition other than 0 only mirrors the shared defs
		}
	}
	g.met.accepted.Add(n - g.counted)
	g.counted = n
	g.cfg.Logf("mesh: state rebuilt: %d accepted, %d rejected", len(st.order), len(st.rejected))
	return nil
}

func (g *Gateway) applyRecord(rec *record) {
	if rec.Lang != "" {
		g.st.applyLang(rec)
		return
	}
	res, m := parseOne(g.sub.In(rec.Agent), rec.Data)
	if m == nil {
		return // never accepted; a transcript holds only parsed messages
	}
	g.st.apply(res, m, rec)
}

// recordOf reads a transcript stream message.
func recordOf(m jetstream.Msg) *record { return recordFrom(m.Headers(), m.Data()) }

// recordFrom reads a transcript entry's headers and data.
func recordFrom(h nats.Header, data []byte) *record {
	rec := &record{Key: h.Get(HeaderKey), Agent: h.Get(HeaderAgent), Data: data}
	rec.InSeq, _ = strconv.ParseUint(h.Get(HeaderInSeq), 10, 64)
	if to := h.Get(HeaderTo); to != "" {
		rec.To = strings.Fields(to)
	}
	if d := h.Get(HeaderDiags); d != "" {
		rec.Diags = []byte(d)
	}
	rec.Shared = h.Get(HeaderShared) != ""
	rec.Lang = h.Get(HeaderLang)
	return rec
}

// snapshot stores the state in the snapshot bucket (best effort: without a
// snapshot a restart reads the whole transcript and ends in the same state).
func (g *Gateway) snapshot(ctx context.Context) {
	if g.cfg.SnapshotEvery < 0 {
		return
	}
	g.snapDue = 0
	snap := snapshot{LogSeq: 0}
	// The log sequence of the last record is not known until read back; the
	// snapshot covers the records up to the stream's current last sequence,
	// which the flush just stored.
	info, err := g.js.Stream(ctx, g.sub.LogStream())
	if err != nil {
		return
	}
	si, err := info.Info(ctx) // the whole stream's state
	if err != nil {
		return
	}
	if si.State.Msgs != uint64(len(g.st.order)) {
		return // only a stream with nothing but this partition's records maps one to one
	}
	snap.LogSeq = si.State.LastSeq
	for _, id := range g.st.order {
		snap.Records = append(snap.Records, g.st.accepted[id])
	}
	for _, rj := range g.st.rejected {
		snap.Rejected = append(snap.Rejected, rj)
	}
	body, err := json.Marshal(snap)
	if err != nil || len(body) > 8<<20-1024 {
		return
	}
	if _, err := g.snaps.Put(ctx, g.leaseKey(), body); err != nil {
		g.cfg.Logf("mesh: snapshot: %v", err)
	}
}

// readStream calls fn for every message of stream (on the subjects of
// filter, when not nil) from sequence from to the last one stored when it
// starts.
func readStream(ctx context.Context, js jetstream.JetStream, stream string, filter []string, from uint64,
	fn func(m jetstream.Msg, seq uint64) error) error {
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return err
	}
	// The whole stream's state (a subject filter would list every subject:
	// the transcript has one per message).
	info, err := s.Info(ctx)
	if err != nil {
		return err
	}
	last := info.State.LastSeq
	if info.State.Msgs == 0 || last < from {
		return nil
	}
	cfg := jetstream.OrderedConsumerConfig{DeliverPolicy: jetstream.DeliverByStartSequencePolicy, OptStartSeq: from}
	cfg.FilterSubjects = filter
	c, err := js.OrderedConsumer(ctx, stream, cfg)
	if err != nil {
		return err
	}
	// With a filter, the consumer's pending count says where to stop (the
	// stream leader's count: a direct get of the subject's last message
	// may be answered by a replica that lags, and a read bounded by it
	// would miss the newest entries).
	if ci := c.CachedInfo(); ci != nil && ci.NumPending == 0 {
		return nil
	}
	for {
		batch, err := c.Fetch(1000, jetstream.FetchMaxWait(2*time.Second))
		if err != nil {
			return err
		}
		n := 0
		for m := range batch.Messages() {
			n++
			md, err := m.Metadata()
			if err != nil {
				return err
			}
			if err := fn(m, md.Sequence.Stream); err != nil {
				return err
			}
			if md.Sequence.Stream >= last || md.NumPending == 0 {
				return nil
			}
		}
		if err := batch.Error(); err != nil && !errors.Is(err, jetstream.ErrNoMessages) {
			return err
		}
		if n == 0 {
			// The last message of the subject may have been removed; a
			// fetch that finds nothing more has read everything there is.
			return nil
		}
	}
}
