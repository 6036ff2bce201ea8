package compiler

import (
	"slices"

	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/passes/epistemic"
)

// RosettaVocabulary is AgentRosetta's frozen vocabulary, in the spec's
// order, for tools that complete or explain it (the language server). The
// slices are copies.
type RosettaVocabulary struct {
	Acts        []string // the 14 acts
	Slots       []string // the 14 slot keys
	HeaderKeys  []string // header field keys, canonical order (x_* keys are free)
	FailCodes   []string // the failure taxonomy a fail or reject's why starts with
	Confidences []string // the confidence grades (a number in [0, 2) is one too)
	Schemes     []string // reference schemes (@commit:9f2a)
}

// Vocabulary returns AgentRosetta's vocabulary.
func Vocabulary() RosettaVocabulary {
	return RosettaVocabulary{
		Acts:        slices.Clone(rosetta.Acts),
		Slots:       slices.Clone(rosetta.Slots),
		HeaderKeys:  slices.Clone(rosetta.HeaderKeys),
		FailCodes:   slices.Clone(epistemic.FailCodes),
		Confidences: []string{"hi", "mid", "lo", "?"},
		Schemes:     []string{"commit", "issue", "pr", "file", "url", "sha256", "D", "img", "aud", "vid", "tbl", "vec", "t", "role", "grp", "tool", "ext"},
	}
}

// FailCodeRetryable reports whether a failure code may be retried as is.
func FailCodeRetryable(code string) bool { return epistemic.Retryable(code) }

// FailCodeEscalates reports whether a failure with this code must be
// escalated to a person (E017).
func FailCodeEscalates(code string) bool { return epistemic.MustEscalate(code) }
