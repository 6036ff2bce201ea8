package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// Repair is the answer to a message that has an error or a warning, written
// as a Rosetta message: a `reject` from `sys` to the message's sender, `re=`
// the message, on `#sys.protocol`, whose `why` leads with a failure code and
// the first problem, the next three problems as `also:` lines, a hint as
// `txt`, and the shape of the reply wanted as `want`. It is the reference's
// Session.repair (PROMPT.md's C3 channel: rules move out of every agent's
// system prompt into the error channel, paid only on a mistake), in
// rosettac's words and with rosettac's codes, plus the fixes rosettac knows
// for the problems it names.
type Repair struct {
	ID    string            // the repair's own id, sys.N, N counting the session's repairs from 1
	Re    string            // the id of the message repaired, or "" for a message with no header
	To    string            // its sender, or "*" when it has none
	Code  string            // the failure code word: malformed, conflict, stale or unsafe
	Lead  diag.Diagnostic   // the problem the repair leads with
	Also  []diag.Diagnostic // up to three more problems, in the order they were found
	Hint  string            // what to do about Lead, or ""
	Want  string            // the shape the corrected message must have, such as {a, unk}
	Fixes []diag.Fix        // the machine-applicable fixes of Lead and Also, in that order
	Text  string            // the whole repair as Rosetta wire text, ending in a newline
}

// Repair builds the repair message for m from ds, the diagnostics m got (its
// parse diagnostics and what Add or Check returned); with ds nil it checks m
// against the session as Check does, the same id stored already or not
// (m itself, added before). Only errors and warnings count: when there is none, Repair
// returns nil. Each repair takes the session's next sys.N id. The lead is the
// first problem in the order the reference's validator finds them (parser,
// then the message's own rules, then the rules that need the session), so
// the lead and its failure code are the reference's.
func (s *Session) Repair(m *ir.Message, ds diag.List) *Repair {
	if m == nil {
		return nil
	}
	if ds == nil {
		ds, _ = s.check(m, false)
	}
	bad := repairOrder(ds)
	if len(bad) == 0 {
		return nil
	}
	s.repairs++
	r := &Repair{ID: "sys." + strconv.Itoa(s.repairs), To: "*", Lead: bad[0]}
	if m.Header != nil && !m.Degraded {
		r.Re, r.To = m.Header.ID.Text, m.Header.Sender
		if r.To == "" {
			r.To = m.Header.ID.Agent
		}
	}
	r.Also = bad[1:min(len(bad), 4)]
	r.Code = repairCode[r.Lead.Code]
	if r.Code == "" {
		r.Code = "malformed"
	}
	r.Want = "{a, unk}"
	if h, ok := repairHints[r.Lead.Code]; ok {
		r.Hint, r.Want = h.hint, h.want
	} else {
		r.Hint = r.Lead.Hint
	}
	for _, d := range bad[:1+len(r.Also)] {
		r.Fixes = append(r.Fixes, d.Fixes...)
	}
	r.Text = r.wire()
	return r
}

// wire writes r in the reference's layout; every line reads back as the
// slot it is meant to be (the also: lines continue why).
func (r *Repair) wire() string {
	var b strings.Builder
	b.WriteString(r.ID + " reject sys>" + r.To)
	if r.Re != "" {
		b.WriteString(" re=" + r.Re)
	}
	b.WriteString(" #sys.protocol\n")
	fmt.Fprintf(&b, " why  %s %s\n", r.Code, repairLine(r.Lead))
	for _, d := range r.Also {
		fmt.Fprintf(&b, "       also: %s\n", repairLine(d))
	}
	if r.Hint != "" {
		fmt.Fprintf(&b, " txt  %q\n", oneLine(r.Hint))
	}
	fmt.Fprintf(&b, " want %s\n", r.Want)
	return b.String()
}

// repairLine is one problem on one line: its code, its message, and the
// text a safe fix would write, so a model sees the correction itself.
func repairLine(d diag.Diagnostic) string {
	s := d.Code + " " + oneLine(d.Message)
	for _, f := range d.Fixes {
		if f.Applicability == diag.Safe {
			s += " (fix: " + oneLine(f.Title) + ")"
			break
		}
	}
	return s
}

// oneLine keeps text on one line of a message: a newline in it would start a
// slot, or a content line, of the repair.
func oneLine(s string) string {
	return diag.SanitizeLine(strings.Join(strings.Fields(s), " "))
}

// repairOrder returns the errors and warnings of ds in the order the
// reference's validate(msg, session) reports them. rosettac's passes report
// the same rules in a different order (by pass, then by position), and the
// lead, which picks the failure code and the want, must be the reference's.
func repairOrder(ds diag.List) diag.List {
	var bad diag.List
	for _, d := range ds {
		if d.Severity >= diag.Warning {
			bad = append(bad, d)
		}
	}
	rank := func(code string) int {
		if r, ok := referenceOrder[code]; ok {
			return r
		}
		if strings.HasPrefix(code, "P") || strings.HasPrefix(code, "F") {
			return 0 // the parser's findings come first, as msg.diagnostics do
		}
		return len(referenceOrder) + 1
	}
	// A stable insertion sort: lists are a handful long.
	for i := 1; i < len(bad); i++ {
		for j := i; j > 0 && rank(bad[j].Code) < rank(bad[j-1].Code); j-- {
			bad[j], bad[j-1] = bad[j-1], bad[j]
		}
	}
	return bad
}

// referenceOrder ranks codes in the order the reference's validate and
// cross_check emit them (rosetta-reference-notes.md §b and §e; the order of
// docs/diagnostics.md). Codes that only rosettac has sit beside the rule
// they refine.
var referenceOrder = func() map[string]int {
	order := []string{
		"S1", "S1b", "E003", "E006", "E016", "E016b", "W027", "I012", "E015", "E014",
		"E024", "W013", "W019", "W004", "W005", "W005b", "E021", "W028", "W007",
		"E022", "W025", "W026", "I028", "W023", "I029", "W021", "I022", "W020", "S7",
		// cross_check
		"E008", "E023", "E010", "E009a", "E009c", "E009", "E009b", "E009d",
		"S4", "S8", "W017", "S11", "W024", "E025", "I011", "E018", "W031", "D002", "D001",
	}
	m := make(map[string]int, len(order))
	for i, c := range order {
		if _, ok := m[c]; !ok {
			m[c] = i + 1
		}
	}
	return m
}()

// repairCode is the reference's REPAIR_CODE: the failure code a repair led
// by a diagnostic carries. Format and omission problems are malformed (every
// code not listed); violations of prior state or policy are conflict; a
// stale source is stale; a safety refusal is unsafe.
var repairCode = map[string]string{
	"S4": "conflict", "S8": "conflict", "E018": "conflict", "E010": "conflict",
	"W017": "stale", "S1": "unsafe", "S7": "unsafe",
	"D002": "conflict", // rosettac: the id is taken by a different message
}

// repairHint is what a repair says about its lead, and the reply it wants.
type repairHint struct{ hint, want string }

// repairHints are the reference's REPAIR_HINTS (which lead gets which want)
// with hints in rosettac's words; a lead not listed gets its diagnostic's own
// hint and the want {a, unk}.
var repairHints = map[string]repairHint{
	"W004":  {"declare what you do not know in unk, even on success; `unk []` says you checked and found nothing", "{a, unk}"},
	"W005":  {"end every claim in `a` with its own ~hi, ~mid or ~lo; claims in one message may differ", "{a, unk}"},
	"W005b": {"write `a` as `key = value` lines, each ending in its own ~conf", "{a, unk}"},
	"W007":  {"move long prose into a txt block, or send a blob reference such as @sha256:..., and keep the slot short", "{a, unk}"},
	"E006":  {"a fail or reject needs a why slot that says what went wrong", "{why}"},
	"E016":  {"begin why with one failure code word (such as timeout or notfound), then explain", "{why}"},
	"E016b": {"use one of the known failure codes; an unknown one is escalated to a person, never retried", "{why}"},
	"E009":  {"answer every key the request's want listed, in `a`", "{a, unk}"},
	"E010":  {"reply with an act the message you answer allows", "{a}"},
	"E003":  {"begin your message id with your own agent id", "{a}"},
	"S1":    {"def binds UPPERCASE symbols only, never an act, a slot name or a header key", "{a}"},
	"S4":    {"relay a claim with the confidence its source gave it, name the source in src= and cite it in why", "{a, why, unk}"},
	"S8":    {"label the message at least as sensitive as anything it references (sens=)", "{a, unk}"},
	"W017":  {"the observation you used is past its ttl; fetch it again before you rely on it", "{a, unk}"},
	"E018":  {"that symbol is bound already; revise the def that bound it, or bind a prefixed name", "{a}"},
}
