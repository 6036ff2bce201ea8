// Command rosettac compiles AgentRosetta transcripts, Agent Lingua messages and
// AgentDSL documents: it checks them, formats them, renders them for people,
// translates between them and generates Go from AgentDSL declarations.
//
// Usage:
//
//	rosettac compile FILE...     the whole pipeline; --emit ir,... -o DIR
//	rosettac check FILE...       diagnostics only
//	rosettac fmt FILE...         canonical form (-l, -d, -w, --check)
//	rosettac version             versions of the tool and its languages
//
// Further subcommands are listed by "rosettac help". Exit codes: 0 clean
// (warnings and infos allowed), 1 at least one error-level diagnostic (or any
// warning with --strict), 2 usage error, unreadable file or internal failure.
// Results go to stdout, diagnostics to stderr (see docs/cli.md).
package main
