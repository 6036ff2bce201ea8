// Command rosettac compiles AgentRosetta transcripts, Agent Lingua messages and
// AgentDSL documents: it checks them, formats them, renders them for people,
// translates between them and generates Go from AgentDSL declarations.
//
// Usage:
//
//	rosettac compile FILE...     the whole pipeline; --emit ir,go,jsonschema -o DIR
//	rosettac check FILE...       diagnostics only (--format text|json|sarif|github)
//	rosettac render FILE         for people (--lang en|zh, --view, --ascii, --bare)
//	rosettac fmt FILE...         canonical form (-l, -d, -w, --check, --terse=false)
//	rosettac translate FILE...   --to rosetta|lingua|agentdsl|json|smallest
//	rosettac gen go FILE.adsl    typed Go (-o, --package, --check, --validate)
//	rosettac gen jsonschema FILE.adsl
//	rosettac tokens FILE...      BPE token counts (--encoding, --by component, --vs)
//	rosettac version             versions of the tool and its languages
//
// "rosettac help" lists the subcommands; "rosettac CMD -h" their flags. Exit codes: 0 clean
// (warnings and infos allowed), 1 at least one error-level diagnostic (or any
// warning with --strict), 2 usage error, unreadable file or internal failure.
// Results go to stdout, diagnostics to stderr (see docs/cli.md).
package main
