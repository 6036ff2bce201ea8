package mesh

// Diagnostic codes of the mesh (docs/diagnostics.md, "Mesh"). Each is about
// traffic, not about the language: the message may be well-formed AgentRosetta
// and still break identity, policy or delivery rules.
const (
	// CodeSpoof: the header's sender is not the agent whose ingress subject
	// the message arrived on (or claims sys, the mesh's own sender).
	CodeSpoof = "M001"
	// CodeIngress: an ingress message that is not exactly one Rosetta
	// message with a header, or in a language the mesh does not take.
	CodeIngress = "M002"
	// CodeActForbidden: the policy has no send rule that lets the sender
	// send this act to these recipients (on this topic).
	CodeActForbidden = "M003"
	// CodeNotCleared: a recipient is not cleared for the message's sens= label.
	CodeNotCleared = "M004"
	// CodeHoldTimeout: a reply whose re= parent had not arrived when its hold
	// ran out, delivered anyway (a warning).
	CodeHoldTimeout = "M005"
	// CodeNoRecipient: a route target the mesh cannot deliver to (a group
	// with no members, a name that cannot be a subject token).
	CodeNoRecipient = "M006"
	// CodeIDReused: a message id that already names an accepted message
	// with different content.
	CodeIDReused = "M007"
	// CodeOtherConversation: with several partitions, the message's src=
	// names a message the router placed in another conversation's partition,
	// where this partition's session cannot check S4 and S8 against it.
	CodeOtherConversation = "M008"
)
