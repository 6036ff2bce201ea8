// Package ir owns rosettac's typed intermediate representation: one sealed set of
// node types per language (AgentRosetta, Agent Lingua, AgentDSL) behind the common
// Document interface, the fields that passes fill in, and a stable debug dump for
// golden files.
//
// Every node carries a diag.Span into the source it came from. Nodes are plain
// structs; category interfaces carry an unexported marker method so that the set
// of node kinds stays closed. Results of passes live in fields documented
// "set by passes/<name>"; they are zero until that pass runs.
package ir

import "github.com/rosettac/rosettac/diag"

// Language names one of the input languages.
type Language string

// The languages rosettac reads. JSON is not a language but a form: the data
// JSON of any of the three, whose shape names which (compiler.DetectJSON). It
// is spelled as a Language where a form is named in a language's place:
// --from json (read by the shape), Translate's target (the document's own
// language's data form), and the Result of AgentDSL's relational form, whose
// source is the JSON itself. No Document reports it. TOON is a form the same
// way: an encoding of a JSON value (docs/interop.md), read as the JSON it
// decodes to; --from toon and a .toon file name it. A2A is a form too: an
// Agent2Agent protocol's messages, read as the Rosetta transcript they
// describe; --from a2a names it, and a .json file of its shape.
const (
	Rosetta  Language = "rosetta"
	Lingua   Language = "lingua"
	AgentDSL Language = "agentdsl"
	JSON     Language = "json"
	TOON     Language = "toon"
	A2A      Language = "a2a"
)

// Node is anything with a position in the source.
type Node interface {
	Pos() diag.Span
}

// Document is the root of one parsed file in one language.
type Document interface {
	Node
	Language() Language
	document()
}

// Marker methods, grouped by category so membership is visible at a glance.

// Document.
func (*Transcript) document() {}

// Language.
func (*Transcript) Language() Language { return Rosetta }
