package rosetta

import (
	"github.com/rosettac/rosettac/internal/rosaddr"
	"github.com/rosettac/rosettac/ir"
)

// Lower fills the parts of m's ids, references and addresses that their text
// determines (the id's agent and sequence, the sender an elided route
// implies, the message a reference or src= names, a mark address's message,
// block and selectors). The parser calls it on every message it builds, once,
// after the message's lines are read, whichever path read them; the passes
// read the fields it fills and never the text again. A host that builds a
// message by hand (only ID.Text, Ref.Text and Address.Text set) calls it
// before adding the message to a session. The lowering itself is
// rosaddr.Lower, shared with the passes' test reader.
func Lower(m *ir.Message) { rosaddr.Lower(m) }
