// Package epistemic owns the AgentRosetta session validator (spec §8, §9,
// §14, §16, §18, §19): every single-message rule (Check), and the session
// state that the cross-message rules need (State): the obligation state
// machine with orphans, stalls and livelock, want contracts, confidence
// laundering across relays (S4, key by key through chains), sensitivity that
// only tightens (S8), staleness, the def dictionary with sender-scoped symbols
// (S1, E018, I011), revisions and @orig, S11, and 2.1's epoch.
//
// It reports the reference implementation's codes with the same levels and
// meanings, except where the project's AgentRosetta specification decides otherwise
// (docs/conformance.md lists each deviation). Mark resolution is not here: it
// is passes/resolve's, and the compiler's Session runs both.
package epistemic

import (
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/ir"
)

// The frozen vocabulary (spec §16; the acts, slots and header keys of §5,
// §8 and §9 are the IR's: ir.Acts, ir.Slots, ir.HeaderKeys).
var (
	// FailCodes is the failure taxonomy in the reference's order (14 codes: busy included).
	FailCodes    = []string{"notfound", "denied", "timeout", "budget", "ambiguous", "unsafe", "unsupported", "conflict", "upstream", "stuck", "malformed", "empty", "stale", "busy"}
	failCodes    = set(FailCodes...)
	retryable    = set("timeout", "upstream", "malformed", "stale", "busy")
	mustEscalate = set("unsafe", "stuck", "denied")

	replies = map[string][]string{
		"ask":     {"tell", "part", "fail", "reject", "ask"},
		"do":      {"take", "part", "done", "fail", "reject", "propose"},
		"take":    {"part", "done", "fail"},
		"propose": {"accept", "reject", "propose"},
		"stop":    {"done", "fail", "note"},
	}
	opens  = set("ask", "do", "propose", "stop")
	closes = map[string]map[string]bool{
		"ask":     set("tell", "fail", "reject"),
		"do":      set("done", "fail", "reject"),
		"propose": set("accept", "reject"),
		"stop":    set("done", "fail", "note"),
	}
	priLevels = []string{"block", "high", "norm", "low"}
	// sensNames are the core sensitivity labels, loosest first; sensOrder
	// ranks each by its index.
	sensNames  = [...]string{"pub", "int", "pii", "phi", "privileged", "secret"}
	sensOrder  = indexOf(sensNames[:])
	configKeys = set("dialect", "profile", "caps", "conform", "fallback", "epoch")
)

// profileSymbols are the symbols spec §4.1's standard profiles declare,
// with the profile of each: a word a profile declares is a symbol wherever
// it is written (I011 until a def binds it or the profile is loaded).
var profileSymbols = map[string]string{
	"DEP": "plan", "MILESTONE": "plan", "CRIT": "plan",
	"PRIMARY": "evid", "HEARSAY": "evid", "CITE": "evid", "REPRO": "evid",
	"BID": "neg", "AWARD": "neg", "QUORUM": "neg",
	"APPROVE": "human", "ESCALATE": "human", "READBACK": "human",
	"SCHEMA": "data", "SAMPLE": "data", "DRIFT": "data",
	"PII": "safety", "PHI": "safety", "IRREVERSIBLE": "safety",
	"VOICE": "craft", "TASTE": "craft", "ALIGN": "craft", "GLOSS": "craft",
}

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func reserved(w string) bool { return ir.IsAct(w) || ir.IsSlot(w) || ir.IsHeaderKey(w) }

// isSymbol reports whether s is a symbol: an uppercase letter then one or
// more uppercase letters, digits or '_'.
func isSymbol(s string) bool {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// isUpper is Python's str.isupper for ASCII keys: at least one letter, and
// no lowercase letter. The dictionary stores every such key (X included).
func isUpper(s string) bool {
	cased := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			return false
		}
		if c >= 'A' && c <= 'Z' {
			cased = true
		}
	}
	return cased
}

// ConfRank ranks a confidence: hi 2, mid 1, lo 0; a number 0.85 or more 2,
// 0.4 or more 1, else 0. ok is false for ~? (unknown), which ranks nowhere.
func ConfRank(kind string) (rank int, ok bool) {
	switch kind {
	case "hi":
		return 2, true
	case "mid":
		return 1, true
	case "lo":
		return 0, true
	case "?", "":
		return 0, false
	}
	f, err := parseFloat(kind)
	if err != nil {
		return 0, false
	}
	switch {
	case f >= 0.85:
		return 2, true
	case f >= 0.4:
		return 1, true
	}
	return 0, true
}

// failCode is the code of a fail or reject: the first word of its why,
// trailing ':' and ',' removed, lowercased, when it has the shape of a code
// (a lowercase letter then two or more letters or '_').
func failCode(why string) (string, bool) {
	f := strings.Fields(why)
	if len(f) == 0 {
		return "", false
	}
	w := strings.ToLower(strings.TrimRight(f[0], ":,"))
	if len(w) < 3 || w[0] < 'a' || w[0] > 'z' {
		return "", false
	}
	for i := 1; i < len(w); i++ {
		if !(w[i] >= 'a' && w[i] <= 'z' || w[i] == '_') {
			return "", false
		}
	}
	return w, true
}

func parseFloat(s string) (float64, error) { return strconv.ParseFloat(s, 64) }

// Retryable reports whether a failure code may be retried as is (timeout,
// upstream, malformed, stale, busy).
func Retryable(code string) bool { return retryable[code] }

// MustEscalate reports whether a failure with this code must be escalated
// to a person (unsafe, stuck, denied; E017).
func MustEscalate(code string) bool { return mustEscalate[code] }

// indexOf maps each of names to its index.
func indexOf(names []string) map[string]int {
	m := make(map[string]int, len(names))
	for i, n := range names {
		m[n] = i
	}
	return m
}
