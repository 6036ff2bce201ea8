package ir

import (
	"slices"
	"strings"

	"github.com/rosettac/rosettac/diag"
)

// The frozen AgentRosetta vocabulary (spec §8, §9, §5), written once: the
// grammar, the passes and the test reader all read these.

// Acts lists the 14 acts (spec §8) in the spec's order.
var Acts = []string{"ask", "tell", "do", "take", "part", "done", "fail", "stop", "propose", "accept", "reject", "revise", "def", "note"}

// Slots lists the 14 slots (spec §9) in the spec's order.
var Slots = []string{"q", "a", "why", "ctx", "want", "unk", "assume", "risk", "opt", "sub", "on", "by", "txt", "mark"}

// HeaderKeys lists the header field keys in canonical order (x_* keys are
// free and follow, sorted).
var HeaderKeys = []string{"re", "src", "at", "ttl", "pri", "sens", "thd"}

var (
	actSet  = setOf(Acts)
	slotSet = setOf(Slots)
	hkeySet = setOf(HeaderKeys)
)

func setOf(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// IsAct reports whether name is one of the 14 acts.
func IsAct(name string) bool { return actSet[name] }

// IsSlot reports whether name is one of the 14 slot names.
func IsSlot(name string) bool { return slotSet[name] }

// IsHeaderKey reports whether name is one of the seven header field keys
// (not an x_* extension).
func IsHeaderKey(name string) bool { return hkeySet[name] }

// PriLevels lists the priority levels of pri= (spec §5), highest first.
var PriLevels = []string{"block", "high", "norm", "low"}

// priForms are the pri= values models write for a level. A long form or a
// level in another case is sure (the grammar reads it as the level, with a
// safe fix); a word of another scale is a guess (the checker's E015 offers
// it, with a review fix): `urgent` may be high or block.
var priForms = map[string]struct {
	level string
	sure  bool
}{
	"normal": {"norm", true}, "blocker": {"block", true}, "blocking": {"block", true},
	"urgent": {"high", false}, "critical": {"high", false}, "important": {"high", false}, "asap": {"high", false}, "hi": {"high", false},
	"medium": {"norm", false}, "med": {"norm", false}, "mid": {"norm", false}, "default": {"norm", false},
	"lo": {"low", false}, "minor": {"low", false},
}

// NearPriority returns the level a pri= value that is not one means, and
// whether that is sure (HIGH, Norm, normal, blocker) or a guess (urgent,
// medium, a misspelt level such as hihg). ok is false when v is a level or
// means none.
func NearPriority(v string) (level string, sure, ok bool) {
	if slices.Contains(PriLevels, v) {
		return "", false, false
	}
	low := strings.ToLower(v)
	if slices.Contains(PriLevels, low) {
		return low, true, true
	}
	if f, found := priForms[low]; found {
		return f.level, f.sure, true
	}
	if g, near := diag.Closest(low, PriLevels); near {
		return g, false, true
	}
	return "", false, false
}
