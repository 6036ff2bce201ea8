package mesh

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// feed reads a durable consumer for the gateway and the router: JetStream's
// Consume keeps pull requests open ahead of the reader (no subscription and
// no round trip per batch, as Fetch has), and next hands out batches as the
// messages come: it waits only for the first message of a batch, then takes
// what has already arrived, so a message is handled as soon as it comes at a
// low rate, and in batches of up to max at a high one.
type feed struct {
	cc  jetstream.ConsumeContext
	ch  chan jetstream.Msg
	err atomic.Pointer[error]
}

// newFeed starts consuming cons, keeping up to max messages buffered.
func newFeed(cons jetstream.Consumer, max int) (*feed, error) {
	f := &feed{ch: make(chan jetstream.Msg, max)}
	cc, err := cons.Consume(func(m jetstream.Msg) { f.ch <- m },
		jetstream.PullMaxMessages(max),
		// A pull request lives 5 s, not the default 30 s: one benchmark run
		// in twenty-six sat idle for 30 s with messages waiting, which looks
		// like a pull request the client lost track of and renewed only at
		// its expiry (docs/mesh.md, Limits). A shorter life bounds such a
		// stall; renewing an idle request every 5 s costs nothing measurable.
		jetstream.PullExpiry(5*time.Second),
		jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
			// Consume recovers from a missed heartbeat or a reconnect by
			// itself; a consumer that is gone (deleted, or its stream lost)
			// makes the reader start again.
			if errors.Is(err, jetstream.ErrConsumerDeleted) || errors.Is(err, jetstream.ErrConsumerNotFound) ||
				errors.Is(err, jetstream.ErrConnectionClosed) {
				f.err.CompareAndSwap(nil, &err)
			}
		}))
	if err != nil {
		return nil, err
	}
	f.cc = cc
	return f, nil
}

// next passes the next batch (at most max messages) to take, waiting at most
// idle for its first one; it returns how many there were.
func (f *feed) next(max int, idle time.Duration, take func(jetstream.Msg)) (int, error) {
	if e := f.err.Load(); e != nil {
		return 0, *e
	}
	t := time.NewTimer(idle)
	defer t.Stop()
	select {
	case m := <-f.ch:
		take(m)
	case <-t.C:
		return 0, nil
	}
	n := 1
	for n < max {
		select {
		case m := <-f.ch:
			take(m)
			n++
		default:
			return n, nil
		}
	}
	return n, nil
}

// stop ends the pull requests. The messages still buffered are dropped
// unacknowledged: every reader re-creates its consumer at the first
// unacknowledged message when it starts again, so they come back at once.
func (f *feed) stop() {
	f.cc.Stop()
	bound := time.NewTimer(5 * time.Second)
	defer bound.Stop()
	for {
		select {
		case <-f.ch: // a callback blocked on a full buffer finishes
		case <-f.cc.Closed():
			return
		case <-bound.C:
			return
		}
	}
}
