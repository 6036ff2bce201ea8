// Package gotools is an example of `rosettac gen go`: an agent's tools are
// declared in AgentDSL (tools.adsl), the typed Go contract is generated from the
// declaration (tools.go: input and output structs, the Service interface, the
// Dispatch function, the Declaration constant, the STATIONS rows), and agent.go
// implements Service by hand. agent_test.go sends real [CALL] texts through
// Dispatch and checks the [RESULT] texts that come back.
//
// Regenerate with `go generate` (rosettac is a tool of this module, go.mod's
// tool directive); the same command with --check added,
// `go tool rosettac gen go tools.adsl -o tools.go --package gotools --validate --mcp --check`,
// fails with a diff when tools.go is stale.
package gotools

//go:generate go tool rosettac gen go tools.adsl -o tools.go --package gotools --validate --mcp
