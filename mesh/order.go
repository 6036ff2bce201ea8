package mesh

import (
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// gapWait is how long a reader waits for a missing sequence before it asks
// for the unacknowledged messages again (sequencer.due).
const gapWait = 2 * time.Second

// sequencer hands a reader its messages in sequence order (the ingress
// stream's sequence, or the router's HeaderPartSeq), whatever order JetStream
// delivers them in: one delivered ahead of a missing one (an unacknowledged
// message redelivered after later ones while a stream leader moves) waits
// for it. The gateway and the router read through one.
type sequencer struct {
	next  uint64                   // the sequence taken next; 0: the first delivered
	early map[uint64]jetstream.Msg // delivered ahead of next
	since time.Time                // when the oldest gap opened
	tries int                      // consumer re-creations for the current gap
}

func newSequencer() *sequencer { return &sequencer{early: map[uint64]jetstream.Msg{}} }

// push takes m (sequence seq) and the messages it was the missing one for,
// in order, through take; a message ahead of a gap waits.
func (q *sequencer) push(seq uint64, m jetstream.Msg, take func(jetstream.Msg)) {
	if q.next != 0 && seq > q.next {
		if len(q.early) == 0 {
			q.since = time.Now()
		}
		q.early[seq] = m // the newest handle of a redelivery
		return
	}
	take(m)
	if seq >= q.next {
		q.next = seq + 1
	}
	q.drain(take)
}

func (q *sequencer) drain(take func(jetstream.Msg)) {
	for len(q.early) > 0 {
		m, ok := q.early[q.next]
		if !ok {
			return
		}
		delete(q.early, q.next)
		q.next++
		take(m)
	}
	q.since, q.tries = time.Time{}, 0
}

// due reports whether a gap has lasted gapWait: the reader then re-creates
// its consumer at the first unacknowledged message, so that JetStream
// delivers the missing one at once instead of after the ack wait (the others
// come again too and are recognised). A sequence still missing after two
// tries is not in the stream (an operator deleted it, or a router's publish
// failed after it numbered it): skip logs it and takes what follows.
func (q *sequencer) due() bool { return len(q.early) > 0 && time.Since(q.since) > gapWait }

// retry counts a re-creation for the current gap; when the gap has had two,
// it skips the missing sequences, reporting them through logf.
func (q *sequencer) retry(take func(jetstream.Msg), logf func(string, ...any), who string) {
	q.tries++
	q.since = time.Now()
	if q.tries <= 2 {
		return
	}
	first := uint64(0)
	for s := range q.early {
		if first == 0 || s < first {
			first = s
		}
	}
	logf("mesh: %s: sequences %d to %d never came; taking what follows", who, q.next, first-1)
	q.next = first
	q.drain(take)
}
