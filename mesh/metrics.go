package mesh

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Metrics counts what a gateway does, for the Prometheus text endpoint
// (--metrics ADDR): messages in, accepted, rejected by code, the latency
// from publish to stored delivery as quantiles, open obligations, stalls.
type Metrics struct {
	in, accepted, held, open, stalls, escalations atomic.Int64

	mu       sync.Mutex
	rejected map[string]int64
	lat      []time.Duration // a ring of the latest latencies
	next     int
}

const latencyWindow = 8192

// NewMetrics returns zeroed metrics.
func NewMetrics() *Metrics { return &Metrics{rejected: map[string]int64{}} }

func (m *Metrics) reject(code string) {
	m.mu.Lock()
	m.rejected[code]++
	m.mu.Unlock()
}

func (m *Metrics) observe(d time.Duration) {
	m.mu.Lock()
	if len(m.lat) < latencyWindow {
		m.lat = append(m.lat, d)
	} else {
		m.lat[m.next] = d
		m.next = (m.next + 1) % latencyWindow
	}
	m.mu.Unlock()
}

// Quantile returns the q-quantile (0..1) of the latest latencies.
func (m *Metrics) Quantile(q float64) time.Duration {
	m.mu.Lock()
	s := slices.Clone(m.lat)
	m.mu.Unlock()
	if len(s) == 0 {
		return 0
	}
	slices.Sort(s)
	i := int(q * float64(len(s)-1))
	return s[i]
}

// Accepted is the number of messages accepted (and sent by the mesh).
func (m *Metrics) Accepted() int64 { return m.accepted.Load() }

// Rejected is the number of rejections with the given code.
func (m *Metrics) Rejected(code string) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.rejected[code]
}

// WriteTo writes the metrics in the Prometheus text exposition format.
func (m *Metrics) WriteTo(w io.Writer) (int64, error) {
	var n int64
	p := func(format string, args ...any) {
		k, _ := fmt.Fprintf(w, format, args...)
		n += int64(k)
	}
	p("# HELP rosetta_mesh_messages_in_total Messages read from the ingress stream.\n# TYPE rosetta_mesh_messages_in_total counter\n")
	p("rosetta_mesh_messages_in_total %d\n", m.in.Load())
	p("# HELP rosetta_mesh_accepted_total Messages accepted and delivered (and sent by the mesh).\n# TYPE rosetta_mesh_accepted_total counter\n")
	p("rosetta_mesh_accepted_total %d\n", m.accepted.Load())
	p("# HELP rosetta_mesh_rejected_total Messages rejected, by diagnostic code (a message counts once per error code).\n# TYPE rosetta_mesh_rejected_total counter\n")
	m.mu.Lock()
	codes := make([]string, 0, len(m.rejected))
	for c := range m.rejected {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		p("rosetta_mesh_rejected_total{code=%q} %d\n", c, m.rejected[c])
	}
	m.mu.Unlock()
	p("# HELP rosetta_mesh_latency_seconds Publish to stored delivery, over the latest %d messages.\n# TYPE rosetta_mesh_latency_seconds summary\n", latencyWindow)
	for _, q := range []float64{0.5, 0.9, 0.99} {
		p("rosetta_mesh_latency_seconds{quantile=\"%g\"} %g\n", q, m.Quantile(q).Seconds())
	}
	p("# HELP rosetta_mesh_open_obligations Obligations not yet discharged.\n# TYPE rosetta_mesh_open_obligations gauge\n")
	p("rosetta_mesh_open_obligations %d\n", m.open.Load())
	p("# HELP rosetta_mesh_held Replies held for a parent that has not arrived.\n# TYPE rosetta_mesh_held gauge\n")
	p("rosetta_mesh_held %d\n", m.held.Load())
	p("# HELP rosetta_mesh_stalls_total Obligations reported past their ttl (W030).\n# TYPE rosetta_mesh_stalls_total counter\n")
	p("rosetta_mesh_stalls_total %d\n", m.stalls.Load())
	p("# HELP rosetta_mesh_escalations_total pri=block obligations the mesh failed with timeout.\n# TYPE rosetta_mesh_escalations_total counter\n")
	p("rosetta_mesh_escalations_total %d\n", m.escalations.Load())
	return n, nil
}

// ServeHTTP serves the metrics (GET /metrics or any path).
func (m *Metrics) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	_, _ = m.WriteTo(w)
}
