package mesh

import (
	"fmt"
	"strings"
)

// DefaultPrefix is the first token of every mesh subject.
const DefaultPrefix = "rosetta"

// Subjects names the subjects, streams and buckets of one mesh, all derived
// from its prefix (--prefix), so that several meshes can share a server.
type Subjects struct {
	Prefix string
}

// NewSubjects returns the names under prefix ("" is DefaultPrefix).
func NewSubjects(prefix string) Subjects {
	if prefix == "" {
		prefix = DefaultPrefix
	}
	return Subjects{Prefix: prefix}
}

// In is the ingress subject an agent publishes on.
func (s Subjects) In(agent string) string { return s.Prefix + ".in." + agent }

// To is the egress subject an agent receives on (deliveries and repairs).
func (s Subjects) To(agent string) string { return s.Prefix + ".to." + agent }

// Topic is the subject a topic's subscribers read.
func (s Subjects) Topic(topic string) string { return s.Prefix + ".topic." + topic }

// Role is the work-queue subject the holders of a role share.
func (s Subjects) Role(role string) string { return s.Prefix + ".role." + role }

// Diag is the subject of an agent's diagnostics (check --format json).
func (s Subjects) Diag(agent string) string { return s.Prefix + ".diag." + agent }

// LogPart is the first part of a partition's transcript subjects:
// LogPart(p)+".>" reads the partition's transcript.
func (s Subjects) LogPart(part int) string { return fmt.Sprintf("%s.log.%d", s.Prefix, part) }

// Log is the transcript subject of an accepted message: its partition's,
// then its key (id and content hash). An accepted message's transcript entry
// is its verdict (Client.Verdict finds it by key), so accepting a message
// costs no store besides its transcript entry and its deliveries.
func (s Subjects) Log(part int, key string) string { return s.LogPart(part) + "." + key }

// Part is the subject on which the router hands a partition (Config.Partitions
// above 1) a message the agent published on In(agent).
func (s Subjects) Part(part int, agent string) string {
	return fmt.Sprintf("%s.part.%d.%s", s.Prefix, part, agent)
}

// Audit is the subject of the audit stream: rejected messages and repairs.
func (s Subjects) Audit(agent string) string { return s.Prefix + ".audit." + agent }

// stream and bucket names: upper-case prefix, non-alphanumerics as '_'.
func (s Subjects) name(suffix string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s.Prefix) {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String() + "_" + suffix
}

// Stream and bucket names.
func (s Subjects) InStream() string       { return s.name("IN") }
func (s Subjects) OutStream() string      { return s.name("OUT") }
func (s Subjects) RoleStream() string     { return s.name("ROLE") }
func (s Subjects) LogStream() string      { return s.name("LOG") }
func (s Subjects) PartStream() string     { return s.name("PART") }
func (s Subjects) AuditStream() string    { return s.name("AUDIT") }
func (s Subjects) VerdictBucket() string  { return s.name("VERDICTS") }
func (s Subjects) SnapshotBucket() string { return s.name("SNAPSHOTS") }
func (s Subjects) LeaseBucket() string    { return s.name("LEASES") }

// validToken reports whether name can be one subject token: NATS subjects
// split at '.', and '*', '>' and white space are wildcards or separators.
func validToken(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if r <= ' ' || r == '.' || r == '*' || r == '>' || r == 0x7f {
			return false
		}
	}
	return true
}

// validTopic is validToken for topics, which may be dotted (sys.hello): each
// dot-separated part is a token, so #inc.db reaches subscribers of
// rosetta.topic.inc.> too.
func validTopic(topic string) bool {
	for _, part := range strings.Split(topic, ".") {
		if !validToken(part) {
			return false
		}
	}
	return true
}
