// Package mesh is the live AgentRosetta mesh: a gateway on NATS JetStream that
// checks every message agents publish, enforces identity and policy, routes
// what it accepts (spec §13), answers what it rejects with a Rosetta repair,
// and keeps the accepted traffic as a transcript stream from which any
// gateway rebuilds the session state exactly (spec §19).
//
// The gateway (Gateway) runs against any NATS server with JetStream: an
// embedded, in-process one (StartServer) on one machine, or an existing
// cluster. Agents written in Go use Agent (Send, SendLang for Agent Lingua and
// AgentDSL, Receive, Rejections); hosts that embed the gateway use NewGateway
// and Serve, or, to spread conversations over several partitions and
// processes, NewNode (a Router and a Gateway per partition, each working
// while it holds that partition's lease). docs/mesh.md describes the
// subjects, streams, partitions, delivery guarantees and the policy.
package mesh
