package ir

import "github.com/rosettac/rosettac/diag"

// AgentRosetta 2.1 (spec §5-§12). Names follow the spec's productions.

// Transcript is one AgentRosetta file: its messages in source order and every
// run of prose between them. Together they cover every input byte.
type Transcript struct {
	Span     diag.Span
	Messages []*Message
	Prose    []*Prose // text outside any message (before the first header, between messages)
	// Checked counts the messages a streamed check read and did not keep
	// (Messages is then empty); 0 otherwise.
	Checked int
}

// Prose is a run of lines that belong to no message (kept, reported as P002).
type Prose struct {
	Span diag.Span
	Text string // the exact bytes
}

// Message is one speech act: a header and its slots.
type Message struct {
	Span     diag.Span
	Header   *Header
	Slots    []Slot // source order; duplicates kept
	Degraded bool   // no header was found: a note wrapping the text (P001)

	// Set by the session (compiler) when the message is read as part of a transcript.
	InheritedTo    bool   // Targets came from, or equal, the re= parent's sender
	InheritedTopic bool   // Topic came from, or equals, the re= parent's topic
	Epoch          string // the session epoch in force (def epoch = ...), or ""
}

// Header is the first line of a message: msg-id act [sender>targets] [#topic] fields.
type Header struct {
	Span          diag.Span
	ID            MsgID
	Act           string // one of the 14 acts
	ActSpan       diag.Span
	Sender        string    // as written, or derived from the id when elided
	SenderSpan    diag.Span // zero when elided
	SenderWritten bool      // the sender was written before '>'
	RouteWritten  bool      // a '>' route was written (possibly with no targets)
	Targets       []Target  // empty when the route is elided and not yet inherited
	Topic         string    // without '#', case kept; "" for none
	TopicSpan     diag.Span // zero when absent or inherited
	Fields        []Field   // re src at ttl pri sens thd x_*, in source order
}

// MsgID is a message id, dotted (a1.7) or compact (obs7).
type MsgID struct {
	Span    diag.Span
	Text    string // exactly as written
	Agent   string // a1 for a1.7, obs for obs7
	Seq     string // 7
	Compact bool   // written as letters+digits
}

// TargetKind classifies a route target.
type TargetKind int

// Target kinds.
const (
	TargetAgent     TargetKind = iota // a3
	TargetBroadcast                   // *
	TargetTopic                       // #topic
	TargetRole                        // @role:x, @grp:x, @tool:x
)

// Target is one recipient of a message.
type Target struct {
	Span diag.Span
	Kind TargetKind
	Text string // as written (fullwidth '＠'/'＃' folded to ASCII)
}

// Field is one header field key=value.
type Field struct {
	Span  diag.Span
	Key   string
	Value string
}

// Field returns the value of the last field named key, and whether there is one.
func (h *Header) Field(key string) (string, bool) {
	for i := len(h.Fields) - 1; i >= 0; i-- {
		if h.Fields[i].Key == key {
			return h.Fields[i].Value, true
		}
	}
	return "", false
}

// Conf is a confidence grade: hi, mid, lo, ?, or a number in [0, 2).
type Conf struct {
	Span diag.Span
	Kind string // "hi", "mid", "lo", "?", or the number as written ("0.85")
}

// Ref is a reference: '@' then a scheme-qualified or bare name (@commit:9f2a, @a1.7).
type Ref struct {
	Span diag.Span
	Text string // as written, including '@'
}

// Slot is one keyed section of a message body.
type Slot interface {
	Node
	Head() *SlotHead
	slot()
}

// SlotHead is what every slot has: its key, span and raw text.
type SlotHead struct {
	Span    diag.Span // from the key to the end of the slot's last line
	Key     string    // one of the 14 slot names, lowercase
	KeySpan diag.Span // zero for an implicit body block (P003/P004)
	Raw     string    // the slot text after the key, lines trimmed and joined by '\n' (content lines excluded)
	Refs    []Ref     // every reference found in Raw

	// Verbatim is set when the slot's structured fields cannot hold every line
	// of Raw (text before the first binding or mark, a want that is neither a
	// shape nor an act alternation); printers then write Raw back as written.
	Verbatim bool
}

// Head returns the common part of a slot.
func (h *SlotHead) Head() *SlotHead { return h }

// Pos returns the slot's span.
func (h *SlotHead) Pos() diag.Span { return h.Span }

// PlainSlot is a q, why, risk, on or by slot: free text with an optional conf.
type PlainSlot struct {
	SlotHead
	Text string // Raw without the trailing ~conf
	Conf *Conf  // or nil
}

// BindingSlot is an a, assume or sub slot (and every line of a def body).
type BindingSlot struct {
	SlotHead
	Bindings []*Binding
	// When no line is a binding (an "unstructured a"): the text and its conf.
	Text string
	Conf *Conf // or nil
}

// Binding is key = value ~conf, key != value, or key = !value (a commitment).
type Binding struct {
	Span      diag.Span
	Key       string
	KeySpan   diag.Span
	Neg       bool // written !=
	Value     string
	ValueSpan diag.Span
	Conf      *Conf // or nil: unstated
}

// Commit reports whether the value is a commitment (starts with '!').
func (b *Binding) Commit() bool { return len(b.Value) > 0 && b.Value[0] == '!' }

// ListSlot is an unk or opt slot: a bracketed, comma-separated list.
type ListSlot struct {
	SlotHead
	Items     []ListItem
	Bracketed bool  // written inside [ ] or 【 】
	Conf      *Conf // a ~conf after the closing bracket, or nil
	// Prose is the text after the closing bracket (and its ~conf): prose
	// lines that continue the slot, as written, or "".
	Prose string
}

// ListItem is one element of a list slot.
type ListItem struct {
	Span diag.Span
	Text string
}

// RefSlot is a ctx slot: references, with any other text kept in Raw.
type RefSlot struct {
	SlotHead
}

// ShapeSlot is a want slot: a key contract {k, k?: type} or an act alternation.
type ShapeSlot struct {
	SlotHead
	Shape Shape
}

// Shape is what a reply must look like.
type Shape struct {
	Fields []ShapeField // key contract, in source order
	Acts   []string     // act alternation (done|fail), or nil
	Braced bool         // written as { ... }
}

// ShapeField is one name in a key contract.
type ShapeField struct {
	Span     diag.Span
	Name     string
	Type     string // "" when untyped; e.g. "num", "one_of[a|b]"
	Optional bool   // written name?
	IsSlot   bool   // the name is a core slot (a bare slot requirement)
}

// BlockSlot is a txt slot: an addressable text block.
type BlockSlot struct {
	SlotHead
	Block *Block
}

// Block is a txt block: a header and verbatim content lines.
type Block struct {
	Span     diag.Span
	Name     string // default "body"
	Fmt      string // default "txt"
	Lang     string // or ""
	Attrs    []Attr // source order; src= and win= included
	Lines    []BlockLine
	Inline   bool // written txt "..." (spec I-3: the same AST as a one-line block)
	Implicit bool // opened by a stray body line (P003/P004)
	Unparsed bool // the text after txt is not a block head (P009); SlotHead.Raw keeps it
}

// Attr is one block attribute key=value.
type Attr struct {
	Span  diag.Span
	Key   string
	Value string
}

// BlockLine is one content line; Text is the exact bytes after "| ".
type BlockLine struct {
	Span diag.Span
	Text string
}

// Attr returns the value of the last attribute named key.
func (b *Block) Attr(key string) (string, bool) {
	for i := len(b.Attrs) - 1; i >= 0; i-- {
		if b.Attrs[i].Key == key {
			return b.Attrs[i].Value, true
		}
	}
	return "", false
}

// MarkSlot is a mark slot: standoff annotations on text blocks.
type MarkSlot struct {
	SlotHead
	Marks []*Mark
}

// Mark is addr = note or addr > replacement, with an optional conf.
type Mark struct {
	Span  diag.Span
	Addr  Address
	Op    byte // '=' annotates, '>' proposes a replacement
	Value string
	Conf  *Conf // or nil

	Resolution *Resolution // set by passes/resolve, or nil
}

// Address names a span of a text block: [@msg.]block[#selector|selector...].
type Address struct {
	Span      diag.Span
	Text      string // as written
	Msg       string // message id, or "" for a local address
	Orig      bool   // @orig: do not follow revisions
	Block     string
	HasSpan   bool // a '#' was written
	Selectors []Selector
}

// SelectorKind classifies an address selector.
type SelectorKind int

// Selector kinds (spec §11.2).
const (
	SelLine  SelectorKind = iota // L3, L3-7, L3.c5-9
	SelPara                      // p2, p2-4
	SelChar                      // c40-88
	SelQuote                     // q"text", q"text"@2
	SelBox                       // box=x1,y1,x2,y2 (image regions)
	SelBad                       // anything else
)

// Selector is one alternative of an address span.
type Selector struct {
	Kind     SelectorKind
	Text     string // as written
	From, To int    // L/p/c range; To == From for a single one
	HasCol   bool   // L….cX-Y
	ColFrom  int
	ColTo    int
	Quote    string // q"..."
	Occ      int    // @n, or 0

	// Added for passes/resolve (set by whoever parses the address).
	Ranged bool // an end was written (L3-3, c3-3); for SelChar, To is then the exclusive end, else From+1
	HasOcc bool // @n was written (q"x"@0 is a bad occurrence, not "none")
}

// ResolutionStatus says how an address resolved.
type ResolutionStatus string

// Resolution statuses (spec §12.6).
const (
	Exact     ResolutionStatus = "exact"
	Relocated ResolutionStatus = "relocated"
	Ambiguous ResolutionStatus = "ambiguous"
	Outside   ResolutionStatus = "outside"
	Orphan    ResolutionStatus = "orphan"
)

// Resolution is the result of resolving an address. Set by passes/resolve.
type Resolution struct {
	Status ResolutionStatus
	Text   string // the resolved text, when found
	Line   int    // absolute line, or 0
	Detail string
	Conf   string // hi, mid, lo or ?
	// Fix is a selector that would address what was meant, or "": for a
	// relocated quote, where the quote is now (L4, L1.c4-21, c40-57); for an
	// orphaned quote, the nearest passage of the block as q"...".
	Fix string
}

// Marker methods of Slot.
func (*PlainSlot) slot()   {}
func (*BindingSlot) slot() {}
func (*ListSlot) slot()    {}
func (*RefSlot) slot()     {}
func (*ShapeSlot) slot()   {}
func (*BlockSlot) slot()   {}
func (*MarkSlot) slot()    {}

// Pos methods.
func (t *Transcript) Pos() diag.Span { return t.Span }
func (p *Prose) Pos() diag.Span      { return p.Span }
func (m *Message) Pos() diag.Span    { return m.Span }
func (h *Header) Pos() diag.Span     { return h.Span }
func (b *Binding) Pos() diag.Span    { return b.Span }
func (b *Block) Pos() diag.Span      { return b.Span }
func (m *Mark) Pos() diag.Span       { return m.Span }
