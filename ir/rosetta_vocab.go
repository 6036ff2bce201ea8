package ir

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
