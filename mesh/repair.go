package mesh

import (
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/diag"
)

// Repairer writes the repair message for a rejected message: a Rosetta
// `reject` from sys to its sender (spec §19, the reference's
// Session.repair). id is the repair's own id, sender and rejected the
// rejected message's sender and id, ds its diagnostics.
type Repairer func(id, sender, rejected string, ds diag.List) []byte

// DefaultRepair follows the reference's repair (rosetta-reference-notes
// §e.7): the lead diagnostic picks the failure code, up to three more are
// listed as "also:", and the fix hint goes in a txt line.
func DefaultRepair(id, sender, rejected string, ds diag.List) []byte {
	var kept diag.List
	for _, d := range ds {
		if d.Severity == diag.Error || d.Severity == diag.Warning {
			kept = append(kept, d)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	lead := kept[0]
	var b strings.Builder
	re := ""
	if rejected != "" { // a message with no header has no id to name
		re = " re=" + rejected
	}
	fmt.Fprintf(&b, "%s reject sys>%s%s #sys.protocol\n", id, sender, re)
	fmt.Fprintf(&b, " why  %s %s %s\n", failureCode(lead.Code), lead.Code, oneLine(lead.Message))
	for _, d := range kept[1:min(len(kept), 4)] {
		fmt.Fprintf(&b, "       also: %s %s\n", d.Code, oneLine(d.Message))
	}
	if lead.Hint != "" {
		fmt.Fprintf(&b, " txt  \"%s\"\n", strings.ReplaceAll(oneLine(lead.Hint), `"`, "'"))
	}
	b.WriteString(" want {a, unk}\n")
	return []byte(b.String())
}

// failureCode is the failure code a repair's why starts with (E016).
func failureCode(code string) string {
	switch code {
	// The mesh's identity and policy refusals are conflicts with the mesh's
	// rules, not `unsafe`: that code must reach a human (E017), and a repair
	// is the sender's to act on.
	case "S4", "S8", "E018", "E010", CodeIDReused, CodeSpoof, CodeActForbidden, CodeNotCleared:
		return "conflict"
	case "W017":
		return "stale"
	case "S1", "S7":
		return "unsafe"
	}
	return "malformed"
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
