// Package datajson owns the mapping between AgentDSL documents and plain data
// JSON: to_json (a document as JSON objects and arrays), from_json (JSON read
// back into AgentDSL's IR, with diagnostics at the JSON's positions), the
// `$agentdsl` hints that carry what plain JSON cannot say, and the `[JSON]`
// block. The compiler's JSON front end and translate's data form both use it.
package datajson
