// Package datajson owns the mapping between AgentDSL documents and plain data
// JSON: to_json (a document as JSON objects and arrays), from_json (JSON read
// back into AgentDSL's IR, with diagnostics at the JSON's positions), the
// `$agentdsl` hints that carry what plain JSON cannot say, and the `[JSON]`
// block. The compiler's JSON front end and translate's data form both use it.
//
// Its reader is also the byte-exact JSON reader of rosettac: Decode,
// DecodeLiterals (with where each value is written, for A2A's reader) and
// Outline (a few levels, to tell a document's shape) build ir.JSONValue, the
// one JSON value type, from text json.Valid accepts, as deep as it allows.
// from_json's large tables are read by a scanner that builds no tree.
package datajson
