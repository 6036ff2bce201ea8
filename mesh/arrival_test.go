package mesh

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// fakeMsg is an ingress message as JetStream delivers it, without a server:
// TestArrivalOrder delivers them in an order of its choosing.
type fakeMsg struct {
	seq     uint64
	subject string
	data    []byte
	hdr     nats.Header
	acked   bool
}

func (m *fakeMsg) Metadata() (*jetstream.MsgMetadata, error) {
	return &jetstream.MsgMetadata{Sequence: jetstream.SequencePair{Stream: m.seq}, Timestamp: time.Now()}, nil
}
func (m *fakeMsg) Data() []byte                     { return m.data }
func (m *fakeMsg) Headers() nats.Header             { return m.hdr }
func (m *fakeMsg) Subject() string                  { return m.subject }
func (m *fakeMsg) Reply() string                    { return "" }
func (m *fakeMsg) Ack() error                       { m.acked = true; return nil }
func (m *fakeMsg) DoubleAck(context.Context) error  { return nil }
func (m *fakeMsg) Nak() error                       { return nil }
func (m *fakeMsg) NakWithDelay(time.Duration) error { return nil }
func (m *fakeMsg) InProgress() error                { return nil }
func (m *fakeMsg) Term() error                      { return nil }
func (m *fakeMsg) TermWithReason(string) error      { return nil }

// TestArrivalOrder: messages JetStream delivers out of sequence order (an
// unacknowledged message redelivered after later ones while a stream leader
// moves) are taken in sequence order, each once, on the ingress stream and on
// a partition's subject (the router's HeaderPartSeq).
func TestArrivalOrder(t *testing.T) {
	for _, parts := range []int{1, 2} {
		t.Run(fmt.Sprintf("partitions=%d", parts), func(t *testing.T) {
			cfg := Config{Partitions: parts}.withDefaults()
			g := &Gateway{cfg: cfg, sub: NewSubjects(""), met: cfg.Metrics, st: newState(nil), seq: newSequencer()}
			msg := func(n int) *fakeMsg {
				m := &fakeMsg{seq: uint64(10 * n), subject: "rosetta.in.ana", data: fmt.Appendf(nil, "ana%d note >bob\n txt \"%d\"\n", n, n)}
				if parts > 1 {
					// Partition sequences are contiguous; stream sequences are not.
					m.subject, m.hdr = "rosetta.part.0.ana", nats.Header{HeaderPartSeq: {strconv.Itoa(n)}}
				} else {
					m.seq = uint64(n)
				}
				return m
			}
			m1, m2, m3, m4 := msg(1), msg(2), msg(3), msg(4)
			again := msg(3) // a second delivery of 3, before 2 comes
			for _, m := range []*fakeMsg{m1, m3, m4, again} {
				g.ingress(m)
			}
			if got := g.st.order; !slices.Equal(got, []string{"ana1"}) {
				t.Fatalf("before 2 arrives: taken %v, want [ana1] (3 and 4 wait for 2)", got)
			}
			g.ingress(m2)
			if got := g.st.order; !slices.Equal(got, []string{"ana1", "ana2", "ana3", "ana4"}) {
				t.Fatalf("taken %v, want ana1 to ana4 in order", got)
			}
			if len(g.seq.early) != 0 || !g.seq.since.IsZero() {
				t.Errorf("the gap is closed but %d messages wait", len(g.seq.early))
			}
			// The verdicts' acks go to the handles taken: 3's newest.
			var acked []*fakeMsg
			for _, in := range g.acks {
				acked = append(acked, in.msg.(*fakeMsg))
			}
			if !slices.Equal(acked, []*fakeMsg{m1, m2, again, m4}) {
				t.Errorf("acks queued for the wrong handles")
			}
		})
	}
}
