package compiler

import (
	"slices"

	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/passes/epistemic"
)

// RosettaVocabulary is AgentRosetta's frozen vocabulary as the parser and the
// checker hold it, in the spec's order, for what teaches or explains the
// language (rosettac prompt, the language server): a card or a completion
// built from it cannot name a word the checker refuses. The slices are copies.
type RosettaVocabulary struct {
	Acts        []string // the 14 acts, in the spec's order
	Slots       []string // the 14 slot keys
	HeaderKeys  []string // the header field keys, canonical order (x_* keys are free)
	FailCodes   []string // the failure taxonomy a fail or reject's why starts with
	Pri         []string // the pri= levels
	Sens        []string // the sens= labels, least to most sensitive
	Confidences []string // the confidence grades (a number in [0, 2) is one too)
	Schemes     []string // reference schemes (@commit:9f2a)
}

// Vocabulary returns AgentRosetta's vocabulary (copies: callers may keep them).
func Vocabulary() RosettaVocabulary {
	return RosettaVocabulary{
		Acts:        slices.Clone(rosetta.Acts),
		Slots:       slices.Clone(rosetta.Slots),
		HeaderKeys:  slices.Clone(rosetta.HeaderKeys),
		FailCodes:   slices.Clone(epistemic.FailCodes),
		Pri:         []string{"block", "high", "norm", "low"},
		Sens:        []string{"pub", "int", "pii", "phi", "privileged", "secret"},
		Confidences: []string{"hi", "mid", "lo", "?"},
		Schemes:     []string{"commit", "issue", "pr", "file", "url", "sha256", "D", "img", "aud", "vid", "tbl", "vec", "t", "role", "grp", "tool", "ext"},
	}
}

// FailCodeRetryable reports whether a failure code may be retried as is.
func FailCodeRetryable(code string) bool { return epistemic.Retryable(code) }

// FailCodeEscalates reports whether a failure with this code must be
// escalated to a person (E017).
func FailCodeEscalates(code string) bool { return epistemic.MustEscalate(code) }
