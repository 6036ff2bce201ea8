package compiler

import (
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/passes/epistemic"
)

// RosettaVocabulary is AgentRosetta's frozen vocabulary as the parser and the
// checker hold it, for what teaches the language (rosettac prompt): a card
// built from it cannot name a word the checker refuses.
type RosettaVocabulary struct {
	Acts       []string // the 14 acts, in the spec's order
	Slots      []string // the 14 slots
	HeaderKeys []string // the header field keys, canonical order
	FailCodes  []string // the failure codes a why starts with
	Pri        []string // the pri= levels
	Sens       []string // the sens= labels, least to most sensitive
}

// Vocabulary returns AgentRosetta's vocabulary (copies: callers may keep them).
func Vocabulary() RosettaVocabulary {
	c := func(s []string) []string { return append([]string(nil), s...) }
	return RosettaVocabulary{
		Acts: c(rosetta.Acts), Slots: c(rosetta.Slots), HeaderKeys: c(rosetta.HeaderKeys),
		FailCodes: c(epistemic.FailCodes),
		Pri:       []string{"block", "high", "norm", "low"},
		Sens:      []string{"pub", "int", "pii", "phi", "privileged", "secret"},
	}
}
