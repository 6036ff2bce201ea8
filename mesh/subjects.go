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

// Inbox is the inbox prefix of an agent's connection on a secured server
// (nats.CustomInboxPrefix): every reply to the agent (publish acks, direct
// gets, consumer deliveries) comes on a subject under it, and its NATS user
// may subscribe to its own inboxes only, never to another agent's.
func Inbox(agent string) string { return "_INBOX." + agent }

// AgentPermissions are the subjects an agent's NATS user may publish and
// subscribe to on a secured server, and no others: publish its own ingress
// subject; read what is routed to it; wait for the verdicts of its own
// messages (direct gets of its keys' transcript entries and verdict records,
// and consumers filtered on them: Client.Verdict); read its deliveries
// through its durable consumer (Agent.Receive). Message keys begin with the
// message id, so the verdict subjects are the agent's when its ids are
// dotted (ana.1, ana.2: the key's first token is the agent). docs/mesh.md
// shows them as a server configuration; TestPermissions runs an agent with
// exactly these.
func (s Subjects) AgentPermissions(agent string) (publish, subscribe []string) {
	const api = "$JS.API."
	logs, kvStream := s.LogStream(), "KV_"+s.VerdictBucket()
	own := func(subject string) string { return subject + "." + agent + ".>" } // the agent's keys under subject
	out, durable := s.OutStream(), "agent-"+agent
	publish = []string{
		s.In(agent),
		api + "DIRECT.GET." + logs + "." + own(s.Prefix+".log.*"),
		api + "DIRECT.GET." + kvStream + "." + own("$KV."+s.VerdictBucket()),
		api + "CONSUMER.CREATE." + logs + ".*." + own(s.Prefix+".log.*"),
		api + "CONSUMER.CREATE." + kvStream + ".*." + own("$KV."+s.VerdictBucket()),
		api + "CONSUMER.MSG.NEXT." + logs + ".*",
		api + "CONSUMER.MSG.NEXT." + kvStream + ".*",
		api + "CONSUMER.CREATE." + out + "." + durable + "." + s.To(agent),
		api + "CONSUMER.MSG.NEXT." + out + "." + durable,
		"$JS.ACK." + out + "." + durable + ".>",
	}
	subscribe = []string{s.To(agent), s.Diag(agent), Inbox(agent) + ".>"}
	return publish, subscribe
}

// RolePermissions are the subjects a holder of role must also be allowed to
// publish to take the role's messages (Agent.ReceiveRole: the holders'
// shared work-queue consumer).
func (s Subjects) RolePermissions(role string) []string {
	stream, durable := s.RoleStream(), "role-"+role
	return []string{
		"$JS.API.CONSUMER.CREATE." + stream + "." + durable + "." + s.Role(role),
		"$JS.API.CONSUMER.MSG.NEXT." + stream + "." + durable,
		"$JS.ACK." + stream + "." + durable + ".>",
	}
}
