package epistemic

import (
	"bytes"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/rostime"
	"github.com/rosettac/rosettac/ir"
)

// DefaultLivelock is how many propose↔propose rounds are allowed before W031.
const DefaultLivelock = 3

// Options configures a State.
type Options struct {
	Livelock int // propose↔propose rounds allowed; 0 means DefaultLivelock
	// Inherit copies route and topic from a reply's re= parent (spec 2.1 §6.2.1),
	// or is nil when the caller does it. It runs after the checks, as in the
	// reference, so no rule sees an inherited value. The parent it is given
	// carries only its header's sender, topic and, for a request (ask, do,
	// propose), its targets: a stop withdrawing it goes to them.
	Inherit func(m, parent *ir.Message)

	// Reread, when set, lets the session drop a message's IR once it is
	// stored, keeping only what its rules read of stored messages: the
	// header's id, act, sender, re=, sens=, at=, ttl=, pri= and topic, the
	// act's span, the want contract (replies are checked against it, and
	// its positions are not kept), a request's targets and a fail's why.
	// Reread is called with the message's span to parse it again when a
	// host asks for the whole message (Get, Lookup, Open), and when a mark
	// on another message needs its txt blocks (Carrier); pass results are
	// not kept, so the session runs Resolve on a message a host asks for
	// again (the marks resolve against the session as it is then). A
	// transcript checker that passes it holds no IR node of a stored
	// message, so the parser's node slabs go when their piece is checked.
	Reread func(sp diag.Span) *ir.Message

	// Resolve runs the per-message passes that are not this package's
	// (mark resolution and digests: passes/resolve, which this package may
	// not import) on m, looking other messages up through carrier
	// (Session.Carrier). Check runs it between the single-message and the
	// cross-message rules; a message parsed again (Reread) gets it too. Nil:
	// none.
	Resolve func(m *ir.Message, carrier func(id string, orig bool) *ir.Message) diag.List
}

// Obligation is a pending obligation opened by ask, do, propose or stop
// (spec §8.3).
type Obligation struct {
	ID       string
	Act      string
	Sender   string
	Msg      *ir.Message // set by Open
	Closer   string      // id of the message that discharged it, or ""
	Claimant string      // sender of the first take, or ""
	// Answered lists, in arrival order, the senders of the replies that
	// discharged it (for W032: which targets of a multi-target ask replied).
	Answered []string
}

// obligation is what the session keeps of the obligation a message opened;
// who opened it, and with which act, is in the message's entry (Open makes
// the Obligation a host gets).
type obligation struct {
	closer   string   // id of the message that discharged it, or ""
	claimant string   // sender of the first take, or ""
	answered []string // Obligation.Answered
	// supplied is, for an ask to several named agents, the want fields its
	// replies carried so far.
	supplied []string
}

// symbol is one dictionary entry.
type symbol struct {
	value, definer string
}

// entry is a stored message and what later messages need from it: every
// rule reads these fields, and only the rules that need more (a mark on one
// of its blocks) read the IR, through State.Carrier.
//
// A checked transcript keeps one entry per message (Options.Reread drops the
// IR), so an entry is kept small: the fields every message has are here,
// those of a few acts (a request's route and want, a fail's why) in extra,
// and nothing points into the parser's node slabs, whose chunks a single
// pointer would keep alive with the nodes of every message around it. The
// strings are the IR's, which are cut from the input: the input is live
// anyway.
type entry struct {
	span diag.Span // the message's span, which Reread parses again
	// the message's id, its topic (after inheritance) and its at= field as
	// written (read under the epoch in force then), where they are in span's
	// source (id, topic and at; else in rare)
	idText, topicText, atText inSource
	// parent is the entry of its re= parent when that was stored before it
	// (a parent stored later is found by rare.re); nil without re=.
	parent *entry
	ttl    time.Duration // the ttl= field, when flags has ttlOK
	// eff is where the session keeps the caps it passes on (S4: the
	// confidence each key may carry when relayed; State.effOf).
	eff   capsAt
	obl   *obligation // the obligation it opened, or nil
	extra *entryExtra // nil when the message has none of it
	// act and sender are indexes into the session's names (State.str): a
	// transcript has few of each (but about as many topics as requests).
	act, sender name

	// actStart and actEnd are the span diagnostics about the message point
	// at (actSpan), in span's source when flags has actInSpan, else it is
	// rare.actSpan.
	actStart, actEnd uint32
	depth            int32 // propose↔propose rounds ending here
	sens             int8  // its sens= label's rank (sensOrder; an unknown label is pub's)
	flags            entryFlags
}

// entryExtra is what only some messages keep: a request's route, a want
// contract, a fail's or reject's why, and what fewer still do (rare).
type entryExtra struct {
	targets []ir.Target   // a request's route: W032 counts an ask's replies, a withdrawing stop goes to it
	want    *ir.ShapeSlot // its first want slot, as far as replies are checked against it (keptWant)
	why     *why          // a fail's or reject's first why slot
	rare    *entryRare
}

// entryRare is what a message of a checked transcript seldom keeps: the re=
// of a reply that came before its parent, an act span from another source,
// and the whole IR, which a session without Options.Reread keeps.
type entryRare struct {
	m       *ir.Message
	id, at  string    // entry.id and at, when not in the message's source
	topic   string    // entry.topic, when not in the message's source
	eff     caps      // the caps, when too many for State.caps
	re      string    // re= when its parent was not stored before it
	actSpan diag.Span // entry.actSpan when not in the message's source
}

// rare returns e's entryRare, made when e had none.
func (e *entry) rare() *entryRare {
	x := e.more()
	if x.rare == nil {
		x.rare = &entryRare{}
	}
	return x.rare
}

// rareOf is e's entryRare, or an empty one.
func (e *entry) rareOf() *entryRare {
	if e.extra == nil || e.extra.rare == nil {
		return &noRare
	}
	return e.extra.rare
}

var noRare entryRare // read only: what rareOf gives an entry with none

// msg is the message's IR when the session keeps it, else nil.
func (e *entry) msg() *ir.Message { return e.rareOf().m }

type entryFlags uint16

const (
	hasAt    entryFlags = 1 << iota // an at= field
	ttlOK                           // a ttl= field that reads as a duration (entry.ttl)
	priBlock                        // pri=block
	// inherited is what a message parsed again (msg) cannot work out from
	// the session as it is later: whether its re= parent was stored when it
	// arrived (else it inherited nothing). Its marks' resolutions are not
	// kept (they were a tenth of a streamed check's memory for a path no
	// check takes): a message parsed again has its marks resolved against
	// the session as it is now (Options.Reread).
	inherited
	// hasBlocks says that the message has txt blocks, which a mark on it
	// reads (Carrier): a session that dropped the IR parses the message
	// again for them, since their lines were half a checked transcript's
	// memory and a mark on another message is rare (one message in ten).
	hasBlocks
	actInSpan   // entry.actStart and actEnd are offsets in span's source
	idInSpan    // entry.idText is in span's source
	atInSpan    // entry.atText is in span's source
	topicInSpan // entry.topicText is in span's source
)

// inSource is a string kept as where it is in a source's text: the IR's
// strings are cut from the input, which is live anyway, and this is a third
// of a string's size.
type inSource struct {
	off uint32
	n   uint16
}

// sourceText returns where str lies in src's text, if it lies there.
func sourceText(src *diag.Source, str string) (inSource, bool) {
	if src == nil || len(str) == 0 || len(str) > math.MaxUint16 {
		return inSource{}, false
	}
	text := src.Content()
	base, p := uintptr(unsafe.Pointer(unsafe.StringData(text))), uintptr(unsafe.Pointer(unsafe.StringData(str)))
	if p < base || p+uintptr(len(str)) > base+uintptr(len(text)) {
		return inSource{}, false
	}
	return inSource{off: uint32(p - base), n: uint16(len(str))}, true
}

// text is the string t keeps of src's text.
func (t inSource) text(src *diag.Source) string {
	return src.Content()[t.off : t.off+uint32(t.n)]
}

// id is the message's id.
func (e *entry) id() string {
	if e.flags&idInSpan != 0 {
		return e.idText.text(e.span.Source())
	}
	return e.rareOf().id
}

// at is the message's at= field as written, if it has one.
func (e *entry) at() string {
	if e.flags&atInSpan != 0 {
		return e.atText.text(e.span.Source())
	}
	return e.rareOf().at
}

// topic is the message's topic, after inheritance.
func (e *entry) topic() string {
	if e.flags&topicInSpan != 0 {
		return e.topicText.text(e.span.Source())
	}
	return e.rareOf().topic
}

func (e *entry) setTopic(topic string) {
	if t, ok := sourceText(e.span.Source(), topic); ok {
		e.topicText, e.flags = t, e.flags|topicInSpan
	} else if topic != "" {
		e.rare().topic = topic
	}
}

// setID and setAt set what id and at return.
func (e *entry) setID(id string) {
	if t, ok := sourceText(e.span.Source(), id); ok {
		e.idText, e.flags = t, e.flags|idInSpan
	} else if id != "" {
		e.rare().id = id
	}
}

func (e *entry) setAt(at string) {
	if t, ok := sourceText(e.span.Source(), at); ok {
		e.atText, e.flags = t, e.flags|atInSpan
	} else if at != "" {
		e.rare().at = at
	}
}

// actSpan is where diagnostics about the message point.
func (e *entry) actSpan() diag.Span {
	switch {
	case e.flags&actInSpan != 0:
		return e.span.At(int(e.actStart), int(e.actEnd))
	}
	return e.rareOf().actSpan
}

// setActSpan sets what actSpan returns.
func (e *entry) setActSpan(sp diag.Span) {
	if sp.Source() != nil && sp.Source() == e.span.Source() {
		start, end := sp.Offsets()
		e.actStart, e.actEnd, e.flags = uint32(start), uint32(end), e.flags|actInSpan
	} else if sp != (diag.Span{}) {
		e.rare().actSpan = sp
	}
}

func (e *entry) targets() []ir.Target {
	if e.extra == nil {
		return nil
	}
	return e.extra.targets
}

func (e *entry) want() *ir.ShapeSlot {
	if e.extra == nil {
		return nil
	}
	return e.extra.want
}

func (e *entry) why() *why {
	if e.extra == nil {
		return nil
	}
	return e.extra.why
}

// more returns e.extra, made when e had none.
func (e *entry) more() *entryExtra {
	if e.extra == nil {
		e.extra = &entryExtra{}
	}
	return e.extra
}

// name is a string the session keeps once (names).
type name uint32

// names holds the acts and senders of the stored messages and the
// confidences their caps were written with, each once: an entry keeps a
// name, a quarter of a string's size. It only grows (a message checked and
// not stored may leave a confidence in it), and what it holds is never
// reported but through an entry.
type names struct {
	list []string
	of   map[string]name
}

// name returns str's name, adding it if new.
func (n *names) name(str string) name {
	if k, ok := n.of[str]; ok {
		return k
	}
	k := name(len(n.list))
	n.list = append(n.list, str)
	n.of[str] = k
	return k
}

// clone returns a copy that names what n names alike and grows on its own:
// the list is clipped, so that an append by either copies it.
func (n *names) clone() names {
	return names{list: slices.Clip(n.list), of: maps.Clone(n.of)}
}

// str is the string a name stands for.
func (s *State) str(k name) string { return s.names.list[k] }

// why is what the escalation report reads of a fail's or reject's why slot.
type why struct {
	raw  string
	span diag.Span // where the report points
}

// confCap is the highest rank a relay may give a key, and whose it is. value
// is the claim's value (white space collapsed): a relay that renames the key
// but keeps the value relays the same claim.
type confCap struct {
	key   string
	from  string
	value string
	kind  name // the confidence as written (State.str): few kinds, many caps
	rank  int8
}

// caps is a message's confCaps, one per key; a message has few keys, so a
// slice is smaller and faster than a map.
type caps []confCap

// capsAt is where a stored message's caps are in State.caps: n of them from
// off in chunk (none when n is 0).
type capsAt struct {
	chunk uint32
	off   uint16
	n     uint16
}

// capChunk is the number of caps in one chunk of State.caps.
const capChunk = 1024

// keepCaps puts a stored message's caps in the current chunk of s.caps (a
// new one when they do not fit), or in rare when they are more than a chunk.
func (s *State) keepCaps(e *entry, cs caps) {
	switch {
	case len(cs) == 0:
		return
	case len(cs) > capChunk:
		e.rare().eff = cs
		return
	}
	last := len(s.caps) - 1
	if last < 0 || len(s.caps[last])+len(cs) > capChunk {
		s.caps = append(s.caps, make(caps, 0, capChunk))
		last++
	}
	ch := s.caps[last]
	e.eff = capsAt{chunk: uint32(last), off: uint16(len(ch)), n: uint16(len(cs))}
	s.caps[last] = append(ch, cs...)
}

// effOf returns the caps e passes on.
func (s *State) effOf(e *entry) caps {
	if e.eff.n == 0 {
		return e.rareOf().eff
	}
	return s.caps[e.eff.chunk][e.eff.off : e.eff.off+e.eff.n]
}

func (cs caps) get(key string) (confCap, bool) {
	for _, c := range cs {
		if c.key == key {
			return c, true
		}
	}
	return confCap{}, false
}

// byValue finds the cap of a claim with this value under another key (a
// renamed relay). Values shorter than minRenamedValue (yes, no, 0, ok) are
// too common to say that two keys carry one claim.
func (cs caps) byValue(value string) (confCap, bool) {
	if utf8.RuneCountInString(value) < minRenamedValue {
		return confCap{}, false
	}
	for _, c := range cs {
		if c.value == value {
			return c, true
		}
	}
	return confCap{}, false
}

// minRenamedValue is the shortest value (in code points) that identifies a
// claim relayed under a renamed key.
const minRenamedValue = 4

// claimValue is a binding value as S4 compares it: white space collapsed.
// A value written with single ASCII spaces between its words (nearly every
// one) is its own claim value, without the copy.
func claimValue(v string) string {
	if collapsedASCII(v) {
		return v
	}
	return strings.Join(strings.Fields(v), " ")
}

// collapsedASCII reports whether v is ASCII with no white space but single
// spaces between words, so that strings.Fields and a join give v back.
func collapsedASCII(v string) bool {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= 0x80, c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(v)-1 || v[i-1] == ' '):
			return false
		}
	}
	return true
}

// State is the validator's state: a pure function of the messages added
// (spec §19). It indexes messages, obligations and replies by id, so each
// Add costs time linear in the size of that message.
type State struct {
	opt      Options
	msgs     map[string]*entry
	order    []*entry
	pending  map[string][]*entry // re= id not stored yet -> replies waiting for it
	dict     map[string]symbol
	Profiles []string // profiles loaded by def profile = ...
	epoch    string
	// epochUnset says that a def changed the epoch since SettleEpoch last
	// wrote it into the stored messages' IR.
	epochUnset bool
	revised    map[string]string // old id -> id of the revise that replaced it
	// newest remembers, for ids looked up through revisions, the newest
	// revision the chain led to: each lookup walked the whole chain afresh,
	// so N citations of a message revised N times cost N². It stays true
	// while revisions only extend a chain at its newest end; a revise that
	// changes an existing link, or links to an id that already has a
	// revision, clears it (see revise).
	newest map[string]string

	parent       ir.Message // Inherit's scratch parent
	parentHeader ir.Header

	// cur is what the session has worked out about the message it is
	// checking, so that Inherit, Check and Store, which each need it, work
	// it out once (see current).
	cur current
	// carrier is s.Carrier as the func value Options.Resolve takes, made
	// once: a method value passed on escapes, one allocation per message.
	carrier func(id string, orig bool) *ir.Message
	// scan is symbolText's scratch buffer.
	scan []byte

	// entries is the chunk Store takes entries from (newEntry), names the
	// strings they name, caps the caps they keep (keepCaps): the last chunk
	// of each only is appended to.
	entries []entry
	names   names
	caps    []caps
	// wants holds the want slots of dropped messages by their text
	// (keptWant), carried the messages Carrier read again, newest last.
	wants   map[string]*ir.ShapeSlot
	carried struct {
		recent [8]carriedMsg
		next   int
	}
}

// newEntry returns a zero entry from the current chunk: a transcript stores
// one per message, and a chunk of them is one allocation instead of many.
func (s *State) newEntry() *entry {
	if len(s.entries) == cap(s.entries) {
		s.entries = make([]entry, 0, min(max(2*cap(s.entries), 8), 512))
	}
	s.entries = s.entries[:len(s.entries)+1]
	return &s.entries[len(s.entries)-1]
}

// current is what Inherit, Check and Store of one message share: its re=
// parent among the stored messages, whether its route and topic were
// inherited, and the confidence caps it passes on (launder). All of it
// depends only on the message and the stored messages, and Store is the one
// place that changes those: Store clears it, so it is never stale. A caller
// must not change a message between its Check and its Store (the session
// would store the caps of what it checked); no caller does.
type current struct {
	m         *ir.Message
	parent    *entry // s.msgs[re], nil when m has no re= or its parent is not stored
	inherited bool   // Inherit ran on m
	eff       caps   // launder's caps, when effDone
	effDone   bool
}

// current returns s.cur for m, starting it afresh (the parent looked up)
// when it was about another message.
func (s *State) current(m *ir.Message) *current {
	if s.cur.m != m {
		s.cur = current{m: m}
		if m.Header != nil {
			if re, _ := m.Header.Field("re"); re != "" {
				s.cur.parent = s.msgs[re]
			}
		}
	}
	return &s.cur
}

// NewState returns an empty session.
func NewState(opt Options) *State {
	if opt.Livelock <= 0 {
		opt.Livelock = DefaultLivelock
	}

	s := &State{opt: opt, msgs: map[string]*entry{}, pending: map[string][]*entry{},
		dict: map[string]symbol{}, revised: map[string]string{}, newest: map[string]string{}, wants: map[string]*ir.ShapeSlot{},
		names: names{of: map[string]name{}}}
	s.carrier = s.Carrier
	return s
}

// Epoch is the session epoch in force (def epoch = ...), or "".
func (s *State) Epoch() string { return s.epoch }

// SettleEpoch writes the epoch in force into the IR of every stored message
// (ir.Message.Epoch), which renderers read: a def epoch = holds for the
// messages before it too. Store does not, so that a transcript of many defs
// costs one pass here, not one per def. Call it before handing the messages
// on (Report does, so compiler.Session.Finish does).
func (s *State) SettleEpoch() {
	if !s.epochUnset {
		return
	}
	s.epochUnset = false
	for _, x := range s.order {
		if m := x.msg(); m != nil {
			m.Epoch = s.epoch
		}
	}
}

// Has reports whether a message with this id is stored.
func (s *State) Has(id string) bool { return s.msgs[id] != nil }

// Sender is the sender of the stored message id.
func (s *State) Sender(id string) (string, bool) {
	if e := s.msgs[id]; e != nil {
		return s.str(e.sender), true
	}
	return "", false
}

// IDs lists the ids of the stored messages in arrival order.
func (s *State) IDs() []string {
	ids := make([]string, len(s.order))
	for i, e := range s.order {
		ids[i] = e.id()
	}
	return ids
}

// Get returns the stored message with this id (not following revisions).
func (s *State) Get(id string) *ir.Message {
	if e := s.msgs[id]; e != nil {
		return s.msg(e)
	}
	return nil
}

// Lookup returns the message an id names: the newest revision unless orig.
func (s *State) Lookup(id string, orig bool) *ir.Message {
	if e := s.lookup(id, orig); e != nil {
		return s.msg(e)
	}
	return nil
}

// msg returns e's whole IR, parsing the message again if the session dropped
// it (the parse is not kept: a host that asks again parses again).
func (s *State) msg(e *entry) *ir.Message {
	if m := e.msg(); m != nil {
		m.Epoch = s.epoch // the epoch in force, as SettleEpoch would write it
		return m
	}
	m := s.opt.Reread(e.span)
	if m != nil && s.opt.Resolve != nil {
		s.opt.Resolve(m, s.Carrier) // pass results are not kept: fill them in again
	}
	if m == nil || m.Header == nil || m.Header.ID.Text != e.id() {
		// Not the message stored (the source changed under the session):
		// what the session kept of it, rather than another message.
		return s.kept(e, nil)
	}
	if e.flags&inherited != 0 && m.Header != nil {
		// Not Inherit, which is about the message being checked.
		if re, _ := m.Header.Field("re"); re != "" {
			s.inheritFrom(m, s.msgs[re])
		}
	}
	m.Epoch = s.epoch
	return m
}

// kept returns e's IR, or when the session dropped it, a message made of what
// it kept: a header with the id, act, sender and topic, the txt blocks when
// Carrier read them again, and the want slot.
func (s *State) kept(e *entry, blocks []ir.Slot) *ir.Message {
	if m := e.msg(); m != nil {
		return m
	}
	slots := blocks
	if w := e.want(); w != nil {
		slots = append(slots[:len(slots):len(slots)], w)
	}
	return &ir.Message{Span: e.span, Slots: slots, Epoch: s.epoch, Header: &ir.Header{Span: e.span,
		ID: ir.MsgID{Text: e.id()}, Act: s.str(e.act), ActSpan: e.actSpan(), Sender: s.str(e.sender), Topic: e.topic()}}
}

// Carrier returns the message an id names (the newest revision unless orig)
// as far as its txt blocks and want slot: what a mark on it needs. A session
// that dropped the message's IR (Options.Reread) parses it again for its
// blocks, without the passes Lookup runs on it, and keeps the last few
// messages so read: the marks on one block come together (a mark slot's
// lines, the replies that annotate it), and the same block pointers let
// passes/resolve reuse its view of the block.
func (s *State) Carrier(id string, orig bool) *ir.Message {
	e := s.lookup(id, orig)
	switch {
	case e == nil:
		return nil
	case e.msg() != nil:
		return e.msg()
	case e.flags&hasBlocks == 0:
		return s.kept(e, nil)
	}
	for _, c := range s.carried.recent {
		if c.e == e {
			c.m.Epoch = s.epoch
			return c.m
		}
	}
	var blocks []ir.Slot
	if m := s.opt.Reread(e.span); m != nil && m.Header != nil && m.Header.ID.Text == e.id() {
		for _, sl := range m.Slots {
			if b, ok := sl.(*ir.BlockSlot); ok {
				blocks = append(blocks, b)
			}
		}
	} // else the source changed under the session: no blocks, rather than another message's
	m := s.kept(e, blocks)
	s.carried.recent[s.carried.next] = carriedMsg{e: e, m: m}
	s.carried.next = (s.carried.next + 1) % len(s.carried.recent)
	return m
}

// carriedMsg is a message Carrier read again for its blocks.
type carriedMsg struct {
	e *entry
	m *ir.Message
}

// keptWant is the want slot of a message whose IR the session drops: the
// shape (the reply rules read its fields' names, types and flags, and its
// acts) without positions, shared by the messages whose wants read alike
// (State.wants), since requests repeat a few contracts.
func (s *State) keptWant(w *ir.ShapeSlot) *ir.ShapeSlot {
	if w == nil {
		return nil
	}
	if k := s.wants[w.Raw]; k != nil && sameShape(&k.Shape, &w.Shape) {
		return k
	}
	k := &ir.ShapeSlot{SlotHead: ir.SlotHead{Key: w.Key, Raw: w.Raw, Verbatim: w.Verbatim},
		Shape: ir.Shape{Acts: slices.Clip(slices.Clone(w.Shape.Acts)), Braced: w.Shape.Braced}}
	if n := len(w.Shape.Fields); n > 0 {
		k.Shape.Fields = make([]ir.ShapeField, n)
		for i, f := range w.Shape.Fields {
			k.Shape.Fields[i] = ir.ShapeField{Name: f.Name, Type: f.Type, Optional: f.Optional, IsSlot: f.IsSlot}
		}
	}
	if _, taken := s.wants[w.Raw]; !taken {
		s.wants[w.Raw] = k
	}
	return k
}

// sameShape reports whether a and b are the same contract, positions aside.
func sameShape(a, b *ir.Shape) bool {
	return a.Braced == b.Braced && slices.Equal(a.Acts, b.Acts) &&
		slices.EqualFunc(a.Fields, b.Fields, func(x, y ir.ShapeField) bool {
			return x.Name == y.Name && x.Type == y.Type && x.Optional == y.Optional && x.IsSlot == y.IsSlot
		})
}

// Inherit applies Options.Inherit to m from its stored re= parent, if any.
// A second call for the same message before it is stored does nothing (the
// streamed check inherits before the checks, and Store would again).
func (s *State) Inherit(m *ir.Message) {
	if s.opt.Inherit == nil || m.Header == nil {
		return
	}
	c := s.current(m)
	if c.inherited {
		return
	}
	c.inherited = true
	s.inheritFrom(m, c.parent)
}

// inheritFrom applies Options.Inherit to m from p, its stored parent, if not
// nil.
func (s *State) inheritFrom(m *ir.Message, p *entry) {
	if s.opt.Inherit == nil || p == nil {
		return
	}
	// The parent as far as inheritance reads it, in a scratch message
	// reused for every reply (Options.Inherit keeps nothing of it): two
	// allocations a reply were 4% of a check.
	s.parent.Header = &s.parentHeader
	s.parentHeader = ir.Header{Sender: s.str(p.sender), Topic: p.topic(), Targets: p.targets()}
	s.opt.Inherit(m, &s.parent)
	s.parentHeader = ir.Header{}
}

func (s *State) lookup(id string, orig bool) *entry {
	if !orig {
		id = s.newestRevision(id)
	}
	return s.msgs[id]
}

// newestRevision follows id's revisions to the newest, stopping before an id
// already passed (revisions may form a cycle).
func (s *State) newestRevision(id string) string {
	var seen map[string]bool
	var path []string
	cycle := false
	for {
		if r, ok := s.newest[id]; ok && r != id {
			path = append(path, id)
			id = r // the chain from id is unchanged up to r: go on from there
			continue
		}
		next, ok := s.revised[id]
		if !ok {
			break
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		if seen[id] {
			cycle = true
			break
		}
		seen[id] = true
		path = append(path, id)
		id = next
	}
	if !cycle {
		for _, p := range path {
			s.newest[p] = id
		}
	}
	return id
}

// revise records that id revises re. A link that replaces another, or that
// leads to an id with revisions of its own, changes chains behind what
// newest remembers, so it forgets.
func (s *State) revise(re, id string) {
	if old, ok := s.revised[re]; ok && old != id || s.revised[id] != "" {
		clear(s.newest)
	}
	s.revised[re] = id
}

// OnTopic lists, in arrival order, the ids of the stored messages on a topic
// or one of its subtopics (@#CKO names #CKO and #CKO.5xx; spec §11.1).
func (s *State) OnTopic(topic string) []string {
	var out []string
	for _, e := range s.order {
		if t := e.topic(); t == topic || strings.HasPrefix(t, topic+".") {
			out = append(out, e.id())
		}
	}
	return out
}

// Symbol returns a def-bound symbol's value and definer.
func (s *State) Symbol(name string) (value, definer string, ok bool) {
	sym, ok := s.dict[name]
	return sym.value, sym.definer, ok
}

func idOf(m *ir.Message) (id, act, sender string) {
	if m.Header == nil {
		return "?.0", "note", "?"
	}
	return m.Header.ID.Text, m.Header.Act, m.Header.Sender
}

// at returns a message's at= time under the current epoch.
func (s *State) at(m *ir.Message) (time.Time, bool) {
	if m.Header == nil {
		return time.Time{}, false
	}
	v, ok := m.Header.Field("at")
	return s.atTime(v, ok)
}

// atOf is at for a stored message.
func (s *State) atOf(e *entry) (time.Time, bool) { return s.atTime(e.at(), e.flags&hasAt != 0) }

func (s *State) atTime(v string, ok bool) (time.Time, bool) {
	if !ok {
		return time.Time{}, false
	}
	return rostime.Parse(v, s.epoch)
}

// ttlOf returns a stored message's ttl=.
func ttlOf(e *entry) (time.Duration, bool) { return e.ttl, e.flags&ttlOK != 0 }

// Check runs every check of one message against the session, in their
// order: it sets the epoch in force on m, runs the single-message rules
// (the package's Check), Options.Resolve, and, for a message with a header,
// the cross-message rules (Cross). It stores nothing: a caller that accepts
// m then calls Store. Check then Store is what one message of a transcript
// gets; Report is what the transcript gets after its last message.
func (s *State) Check(m *ir.Message, src *diag.Source) diag.List {
	return s.CheckPrechecked(m, src, Precheck(m, src))
}

// CheckPrechecked is Check of m when Precheck(m, src) was run already (on
// the core that parsed m): it adds the rules that need the session.
func (s *State) CheckPrechecked(m *ir.Message, src *diag.Source, p Prechecked) diag.List {
	m.Epoch = s.epoch
	ds := p.Diags(m)
	if s.opt.Resolve != nil {
		ds = append(ds, s.opt.Resolve(m, s.carrier)...)
	}
	if m.Degraded || m.Header == nil {
		return ds
	}
	return append(ds, s.cross(m, src)...)
}

// Report is what the session reports after its last message, in order:
// every open obligation (W010), every ask to several agents some never
// answered (W032), every stalled obligation at now when hasNow (W030), and
// the escalations (E017, I018). It first settles the epoch into the stored
// messages' IR (SettleEpoch), since the messages are handed on after it.
func (s *State) Report(now time.Time, hasNow bool) diag.List {
	s.SettleEpoch()
	ds := s.orphans()
	ds = append(ds, s.silentLoss()...)
	if hasNow {
		ds = append(ds, s.Stalls(now)...)
	}
	return append(ds, s.escalations()...)
}

// Cross runs the rules that need the session (the reference's cross_check):
// E008, E023, E010 and the want contract (E009, E009a, E009b, E009c, E009d),
// S4, S8, W017, S11, I011, E018 and W031. It does not store m.
func (s *State) cross(m *ir.Message, src *diag.Source) diag.List {
	v := view(m, src)
	var ds diag.List
	add := func(sev diag.Severity, code string, sp diag.Span, hint, format string, args ...any) {
		ds.Add(diag.Diagnostic{Severity: sev, Code: code, Span: sp, Message: fmt.Sprintf(format, args...), Hint: hint})
	}

	// Reply rules.
	if re, reSpan, ok := v.field("re"); ok && re != "" {
		parent := s.current(m).parent
		switch {
		case parent == nil:
			add(diag.Warning, "E008", reSpan, "dereference the parent before handling this reply, or check the id",
				"re=%s refers to an unknown message (deref it before handling)", re)
		case v.act == "revise":
			if ps := s.str(parent.sender); ps != v.sender {
				add(diag.Error, "E023", reSpan, "use `propose` with a `mark`, or `reject`",
					"`revise` may only correct your own message; %s is %s's. Use `propose` with a `mark`, or `reject`", re, ps)
			}
		case v.act == "stop" && s.str(parent.sender) == v.sender:
			// Withdrawing your own request: not a reply, so neither the reply
			// table nor the request's want contract applies (rosetta.md).
		default:
			if legal := replies[s.str(parent.act)]; legal != nil && !contains(legal, v.act) {
				add(diag.Warning, "E010", v.actSpan(), "reply with one of: "+strings.Join(legal, ", "),
					"`%s` is not a legal reply to `%s` (expected %s)", v.act, s.str(parent.act), strings.Join(legal, "/"))
			}
			ds = append(ds, checkReply(parent.id(), parent.want(), v, s.together(parent, v))...)
		}
	}

	// S4: a relay keeps each key's confidence, along src= and why citations.
	eff := s.launder(v, &ds)
	c := s.current(m)
	c.eff, c.effDone = eff, true

	// S8: sensitivity labels only tighten; every loosening is reported.
	mine := sensOrder[v.fieldOr("sens", "pub")]
	reported := map[string]bool{}
	s.eachRef(v, true, func(id string, orig bool, sp diag.Span) {
		p := s.lookup(id, orig)
		if p == nil || int(p.sens) <= mine || reported[p.id()] {
			return
		}
		reported[p.id()] = true
		ps := sensNames[p.sens] // p.sens > mine ≥ 0: a core label, which its rank names
		add(diag.Error, "S8", sp, fmt.Sprintf("label this message sens=%s (or stricter), or pass it through a host-approved redaction step", ps),
			"references %s labelled sens=%s but this message is sens=%s; labels may only tighten", p.id(), ps, v.fieldOr("sens", "pub"))
	})

	// W017: a reference to an observation past its ttl.
	if now, ok := s.at(m); ok {
		s.eachRef(v, false, func(id string, orig bool, sp diag.Span) {
			p := s.lookup(id, orig)
			if p == nil {
				return
			}
			pat, ok1 := s.atOf(p)
			ttl, ok2 := ttlOf(p)
			if ok1 && ok2 && now.After(pat.Add(ttl)) {
				add(diag.Warning, "W017", sp, "re-fetch the observation before using it (fail code `stale`)",
					"%s expired at %s — re-fetch before use (fail code `stale`)", p.id(), rostime.ISO(pat.Add(ttl)))
			}
		})
	}

	// S11: only the owner applies a `mark >`; a revise may not apply one to
	// someone else's content.
	if v.act == "revise" {
		for _, sl := range m.Slots {
			ms, ok := sl.(*ir.MarkSlot)
			if !ok {
				continue
			}
			for _, mk := range ms.Marks {
				if mk.Op != '>' {
					continue
				}
				id, orig := mk.Addr.Msg, mk.Addr.Orig
				if id == "" {
					continue
				}
				if t := s.lookup(id, orig); t != nil && s.str(t.sender) != v.sender {
					add(diag.Error, "S11", markSpan(mk, v.keySpan(ms)), "send the edit as `propose` with this mark; the owner applies it with `revise`",
						"`revise` applies a proposed edit to `%s`, which is %s's content; only the owner may apply a `mark >`", mk.Addr.Text, s.str(t.sender))
				}
			}
		}
	}

	// I011: symbols used before any def bound them. A word of symbol shape
	// is a symbol only where the grammar puts one (spec §10, §14.2): the
	// whole value of a binding or an item of a list value, a want name, or
	// a word a standard profile declares (§4.1) wherever it stands. Any
	// other capitalised word (PMID, EUR, the HX of HX-99812) is prose, as
	// in every language; the reference reads each one as a symbol
	// (conformance C7).
	if v.act != "def" {
		for _, sl := range m.Slots {
			for _, o := range s.symbolUses(v, sl) {
				add(diag.Info, "I011", o.span, "bind it first with `def` ("+o.sym+" = meaning), or write it out",
					"symbol %s used before any `def` bound it", o.sym)
				ds[len(ds)-1].Group = o.sym // one finding per symbol in text output
			}
		}
	}

	// E018: a symbol is bound once.
	if v.act == "def" {
		if a := v.slot("a"); a != nil {
			for _, b := range bindingsOf(a) {
				prev, ok := s.dict[b.Key]
				if ok && prev.value != strings.TrimSpace(b.Value) {
					add(diag.Error, "E018", keySpanOf(b, v.keySpan(a)), fmt.Sprintf("bind a new name, or scope it to yourself (%s:%s)", v.sender, b.Key),
						"symbol %s already defined by %s; redefinition requires `revise` or a sender prefix", b.Key, prev.definer)
				}
			}
		}
	}

	// W031: propose answered by propose beyond N rounds (spec §8.3).
	if d := s.proposeDepth(v); d == s.opt.Livelock+1 {
		add(diag.Warning, "W031", v.actSpan(), "send the disagreement to a human or an arbiter",
			"livelock: %d rounds of `propose` answered by `propose` (more than %d)", d, s.opt.Livelock)
	}
	return ds
}

func (v *msgView) fieldOr(key, def string) string {
	if x, _, ok := v.field(key); ok {
		return x
	}
	return def
}

func markSpan(mk *ir.Mark, fallback diag.Span) diag.Span {
	if mk.Addr.Span.IsValid() {
		return mk.Addr.Span
	}
	if mk.Span.IsValid() {
		return mk.Span
	}
	return fallback
}

// proposeDepth counts the propose↔propose rounds that m would end.
func (s *State) proposeDepth(v *msgView) int {
	if v.act != "propose" {
		return 0
	}
	if p := s.current(v.m).parent; p != nil && s.str(p.act) == "propose" {
		return int(p.depth) + 1
	}
	return 0
}

// eachRef calls f for every reference in m's slots, and for src= when
// withSrc, with the message it names (as the lowering read it: "" for a
// reference to no message), whether it asks for the original, and the span
// to report.
func (s *State) eachRef(v *msgView, withSrc bool, f func(id string, orig bool, sp diag.Span)) {
	for _, sl := range v.m.Slots {
		for _, r := range sl.Head().Refs {
			sp := r.Span
			if !sp.IsValid() {
				sp = v.keySpan(sl)
			}
			f(r.Msg, r.Orig, sp)
		}
	}
	if withSrc {
		if src := v.lastField("src"); src != nil && src.Msg != "" {
			f(src.Msg, false, src.Span)
		}
	}
}

// launder computes, key by key, the confidence m's first a slot may carry
// given its sources (src= and message refs in why), reports every binding
// that exceeds it (S4), and returns the caps m passes on to its relays.
func (s *State) launder(v *msgView, ds *diag.List) caps {
	var out caps
	a, _ := v.slot("a").(*ir.BindingSlot)
	if a == nil {
		return out
	}
	var sources []*entry
	addSrc := func(id string) {
		if e := s.msgs[id]; e != nil && len(s.effOf(e)) > 0 && !slices.Contains(sources, e) {
			sources = append(sources, e)
		}
	}
	if src := v.lastField("src"); src != nil {
		addSrc(src.Msg)
	}
	if why := v.slot("why"); why != nil {
		for _, r := range why.Head().Refs {
			addSrc(r.Msg)
		}
	}
	for _, b := range a.Bindings {
		limit, limited := confCap{}, false
		value := claimValue(b.Value)
		for _, e := range sources {
			if c, ok := s.effOf(e).get(b.Key); ok && (!limited || c.rank < limit.rank) {
				limit, limited = c, true
			}
		}
		if !limited { // the source's claim under another key keeps its cap
			for _, e := range sources {
				if c, ok := s.effOf(e).byValue(value); ok && (!limited || c.rank < limit.rank) {
					limit, limited = c, true
				}
			}
		}
		var capped confCap
		switch {
		case b.Conf != nil:
			r, rankable := ConfRank(b.Conf.Kind)
			if rankable && limited && int8(r) > limit.rank && ds != nil {
				sp := b.Conf.Span
				if !sp.IsValid() {
					sp = keySpanOf(b, v.keySpan(a))
				}
				what := "`" + b.Key + "`"
				if limit.key != b.Key {
					what += fmt.Sprintf(" (%s's `%s` under a new key)", limit.from, limit.key)
				}
				ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "S4", Span: sp,
					Message: fmt.Sprintf("relayed claim %s upgraded to ~%s above source %s's confidence (~%s) — laundering", what, b.Conf.Kind, limit.from, s.str(limit.kind)),
					Hint:    fmt.Sprintf("keep the source's ~%s when relaying, set src= and cite it in why", s.str(limit.kind))})
			}
			// ~? claims nothing, so it caps relays at the bottom grade.
			capped = confCap{key: b.Key, rank: int8(r), from: v.id, kind: s.names.name(b.Conf.Kind)}
			if limited && limit.rank < int8(r) {
				capped = limit
			}
		case limited:
			capped = limit // an unstated relay passes its source's cap on
		default:
			continue
		}
		capped.key, capped.value = b.Key, value
		switch i := slices.IndexFunc(out, func(c confCap) bool { return c.key == b.Key }); {
		case i < 0:
			out = append(out, capped)
		case capped.rank < out[i].rank:
			out[i] = capped
		}
	}
	return out
}

// Store adds m to the session after its checks ran: it inherits route and
// topic from the parent, binds def symbols, the epoch and profiles, records
// revisions, and updates obligations. A message whose id is already stored
// is not stored again (the caller reports D001).
func (s *State) Store(m *ir.Message) {
	id, act, sender := idOf(m)
	if s.msgs[id] != nil {
		return
	}
	re := ""
	if m.Header != nil {
		re, _ = m.Header.Field("re")
	}
	s.Inherit(m)
	c := s.current(m)
	v := view(m, nil)
	e := s.newEntry()
	*e = entry{span: m.Span, act: s.names.name(act), sender: s.names.name(sender),
		sens: int8(sensOrder[v.fieldOr("sens", "pub")]), parent: c.parent}
	e.setID(id)
	e.setTopic(v.h.Topic)
	e.setActSpan(v.actSpan())
	switch {
	case c.parent != nil:
		e.flags |= inherited
	case re == id:
		e.parent = e // a message that answers itself
	case re != "":
		e.rare().re = re // a parent to come, if any (chainRoot)
	}
	drop := s.opt.Reread != nil
	if !drop {
		e.rare().m = m
	}
	w, _ := firstSlot(m, "want").(*ir.ShapeSlot)
	if drop {
		w = s.keptWant(w)
	}
	if w != nil {
		e.more().want = w
	}
	for _, sl := range m.Slots {
		if _, ok := sl.(*ir.BlockSlot); ok {
			e.flags |= hasBlocks
			break
		}
	}
	switch act {
	case "ask", "do", "propose":
		if ts := v.h.Targets; len(ts) > 0 {
			if drop { // the message's own are in a slab of IR nodes that keeping them would keep alive
				ts = slices.Clip(slices.Clone(ts))
			}
			e.more().targets = ts
		}
	}
	if w := firstSlot(m, "why"); w != nil && (act == "fail" || act == "reject") {
		e.more().why = &why{raw: w.Head().Raw, span: v.keySpan(w)}
	}
	if pri, _ := v.h.Field("pri"); pri == "block" {
		e.flags |= priBlock
	}
	if at, ok := v.h.Field("at"); ok {
		e.setAt(at)
		e.flags |= hasAt
	}
	if ttl, ok := v.h.Field("ttl"); ok {
		if d, ok := rostime.ParseDuration(ttl); ok {
			e.ttl, e.flags = d, e.flags|ttlOK
		}
	}
	if c.effDone {
		s.keepCaps(e, c.eff) // Check worked them out
	} else {
		s.keepCaps(e, s.launder(v, nil))
	}
	e.depth = int32(s.proposeDepth(v))
	parent := c.parent
	s.cur = current{} // the stored messages change here
	s.msgs[id] = e
	s.order = append(s.order, e)

	if act == "def" {
		if a := firstSlot(m, "a"); a != nil {
			for _, b := range bindingsOf(a) {
				val := strings.TrimSpace(b.Value)
				switch {
				case b.Key == "epoch":
					// The epoch holds for the whole transcript, the messages
					// before the def too; the session reads times under
					// s.epoch, and SettleEpoch writes it into their IR once
					// (n defs each rewriting every stored message was n²).
					s.epochUnset = s.epochUnset || val != s.epoch
					s.epoch = val
				case b.Key == "profile":
					s.Profiles = append(s.Profiles, val)
				case isUpper(b.Key):
					s.dict[b.Key] = symbol{val, sender}
				}
			}
		}
	}
	// A revise redirects references only when it corrects the reviser's own
	// message (S11: a foreign revise never takes over another's address).
	if parent == nil && re == id {
		parent = e // a message that answers itself: s.msgs[re] is e now
	}
	if act == "revise" && re != "" {
		if p := parent; p == nil || s.str(p.sender) == sender {
			s.revise(re, id)
		}
	}
	if opens[act] {
		e.obl = &obligation{}
		for _, r := range s.pending[id] {
			s.reply(e, r)
		}
	}
	delete(s.pending, id)
	if re != "" {
		if p := parent; p != nil && p != e {
			if s.together(p, v) != nil {
				p.obl.supplied = appendNew(p.obl.supplied, suppliedBy(p.want(), v)...)
			}
			s.reply(p, e)
		} else if p == nil {
			s.pending[re] = append(s.pending[re], e)
		}
	}
}

// reply records what reply r does to parent p's obligation.
func (s *State) reply(p, r *entry) {
	o := p.obl
	if o == nil {
		return
	}
	ract, rsender := s.str(r.act), s.str(r.sender)
	switch {
	case closes[s.str(p.act)][ract]:
		o.closer = r.id()
		if !contains(o.answered, rsender) {
			o.answered = append(o.answered, rsender)
		}
	case ract == "stop" && r.sender == p.sender:
		o.closer = r.id() // withdrawing your own request closes it
	case ract == "take" && o.claimant == "":
		o.claimant = rsender
	}
}

// Open lists the obligations not yet discharged, in arrival order, each with
// the message that opened it.
func (s *State) Open() []*Obligation {
	var out []*Obligation
	for _, e := range s.open() {
		out = append(out, &Obligation{ID: e.id(), Act: s.str(e.act), Sender: s.str(e.sender), Msg: s.msg(e),
			Closer: e.obl.closer, Claimant: e.obl.claimant, Answered: e.obl.answered})
	}
	return out
}

// open is Open without the messages: the entries of the messages whose
// obligations are open, which is what the session's own reports read.
func (s *State) open() []*entry {
	var out []*entry
	for _, e := range s.order {
		if e.obl != nil && e.obl.closer == "" {
			out = append(out, e)
		}
	}
	return out
}

// Latest is the latest at= among the stored messages, the default "now".
func (s *State) Latest() (time.Time, bool) {
	var best time.Time
	found := false
	for _, e := range s.order {
		if t, ok := s.atOf(e); ok && (!found || t.After(best)) {
			best, found = t, true
		}
	}
	return best, found
}

// Stalls reports every open obligation past its ttl at time now (W030).
func (s *State) Stalls(now time.Time) diag.List {
	var ds diag.List
	for _, e := range s.open() {
		at, ok1 := s.atOf(e)
		ttl, ok2 := ttlOf(e)
		if !ok1 || !ok2 || !now.After(at.Add(ttl)) {
			continue
		}
		hint := "escalate, or `stop` it"
		if e.flags&priBlock != 0 {
			hint = "a pri=block obligation that times out must escalate, never silently pass"
		}
		ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "W030", Span: e.actSpan(), MessageID: e.id(), Hint: hint,
			Message: fmt.Sprintf("%s (`%s`) stalled: open past its ttl, which ended at %s", e.id(), s.str(e.act), rostime.ISO(at.Add(ttl)))})
	}
	return ds
}

// namedTargets returns the agents an ask names (without its sender), and
// false when its route has a target that is not a named agent (`*`, a role,
// a group, a topic): then no transcript can tell how many replies are due.
func (s *State) namedTargets(e *entry) ([]string, bool) {
	var out []string
	sender := s.str(e.sender)
	for _, t := range e.targets() {
		if t.Kind != ir.TargetAgent || strings.HasPrefix(t.Text, "@") {
			return nil, false
		}
		if !contains(out, t.Text) && t.Text != sender {
			out = append(out, t.Text)
		}
	}
	return out, true
}

// collective is how a reply to an ask sent to several named agents is judged
// against its want: each target may answer part of it, so a required field
// is missing only when none of the replies carries it, and that is reported
// on the reply that completes the set of targets (docs/conformance.md X13).
type collective struct {
	targets  []string
	pending  []string // targets that have not answered, this reply counted
	supplied []string // fields earlier replies carried
}

// together returns the collective judgement of reply v to parent, or nil
// when v is judged alone: parent is not an ask to two or more named agents,
// or v's sender is not one of them.
func (s *State) together(parent *entry, v *msgView) *collective {
	if parent.obl == nil || s.str(parent.act) != "ask" {
		return nil
	}
	targets, ok := s.namedTargets(parent)
	if !ok || len(targets) < 2 || !contains(targets, v.sender) {
		return nil
	}
	c := &collective{targets: targets, supplied: parent.obl.supplied}
	for _, t := range targets {
		if t != v.sender && !contains(parent.obl.answered, t) {
			c.pending = append(c.pending, t)
		}
	}
	if !closes["ask"][v.act] && !contains(parent.obl.answered, v.sender) {
		c.pending = append(c.pending, v.sender)
	}
	return c
}

// suppliedBy lists the fields of ask's want that reply v carries: its keys of
// `a` and its slots.
func suppliedBy(ws *ir.ShapeSlot, v *msgView) []string {
	if ws == nil {
		return nil
	}
	var out []string
	keys := map[string]bool{}
	for _, b := range bindingsOf(v.slot("a")) {
		keys[b.Key] = true
	}
	for _, f := range ws.Shape.Fields {
		if f.IsSlot && v.slot(f.Name) != nil || !f.IsSlot && keys[f.Name] {
			out = append(out, f.Name)
		}
	}
	return out
}

func appendNew(list []string, items ...string) []string {
	for _, it := range items {
		if !contains(list, it) {
			list = append(list, it)
		}
	}
	return list
}

// SilentLoss reports every `ask` sent to several named agents that some of
// them answered and others never did (W032, spec §8.3 "silent loss"). An ask
// no one answered is W010's; an ask to `*`, a role or a topic names no count
// of targets a transcript can check, so it is not judged.
func (s *State) silentLoss() diag.List {
	var ds diag.List
	for _, e := range s.order {
		o := e.obl
		if o == nil || o.closer == "" || s.str(e.act) != "ask" {
			continue
		}
		targets, named := s.namedTargets(e)
		if !named || len(targets) < 2 {
			continue
		}
		var silent []string
		for _, t := range targets {
			if !contains(o.answered, t) {
				silent = append(silent, t)
			}
		}
		if len(silent) == 0 {
			continue
		}
		ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "W032", Span: e.actSpan(), MessageID: e.id(),
			Hint: "resend the ask to " + strings.Join(silent, ", ") + " (a resend is idempotent, spec §19), or close it with `stop`",
			Message: fmt.Sprintf("%s (`ask` to %s): fewer replies than targets; no reply from %s (silent loss)",
				e.id(), strings.Join(targets, ", "), strings.Join(silent, ", "))})
	}
	return ds
}

// Orphans reports every open obligation (W010).
func (s *State) orphans() diag.List {
	var ds diag.List
	roots := map[string]string{} // chainRoot's answers, so a long chain is walked once
	for _, e := range s.open() {
		who := ""
		if c := e.obl.claimant; c != "" {
			who = ", claimed by " + c
		}
		act := s.str(e.act)
		ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "W010", Span: e.actSpan(), MessageID: e.id(),
			Group:   s.chainRoot(e, roots),
			Hint:    closerHint(act),
			Message: fmt.Sprintf("%s (`%s`%s) opened an obligation never discharged", e.id(), act, who)})
	}
	return ds
}

// chainRoot is the id of the first message of the chain e ends: the
// replies of one act to the same act (a propose countering a propose), so
// the open obligations of one negotiation group as one finding in text.
// A message that answers another act is a chain of its own. roots holds
// the answers found so far: every message walked gets its root, so each
// link is walked once however many open obligations share the chain.
func (s *State) chainRoot(e *entry, roots map[string]string) string {
	var walked []string
	seen := map[string]bool{}
	root := ""
	for {
		if r, ok := roots[e.id()]; ok {
			root = r
			break
		}
		walked = append(walked, e.id())
		seen[e.id()] = true
		p := e.parent
		if re := e.rareOf().re; p == nil && re != "" {
			p = s.msgs[re] // stored after it
		}
		if p == nil || p.act != e.act || seen[p.id()] {
			root = e.id()
			break
		}
		e = p
	}
	for _, id := range walked {
		roots[id] = root
	}
	return root
}

func closerHint(act string) string {
	var cs []string
	for _, c := range []string{"tell", "done", "fail", "reject", "accept", "note"} {
		if closes[act][c] {
			cs = append(cs, c)
		}
	}
	return "answer it with " + strings.Join(cs, ", ") + " (re= its id), or withdraw it with `stop`"
}

// Escalations reports every stored fail or reject whose code must reach a
// human (E017) or may be retried (I018).
func (s *State) escalations() diag.List {
	var ds diag.List
	for _, e := range s.order {
		if act := s.str(e.act); act != "fail" && act != "reject" {
			continue
		}
		w := e.why()
		if w == nil {
			continue
		}
		code, ok := failCode(w.raw)
		if !ok {
			continue
		}
		sp := w.span
		switch {
		case !failCodes[code]:
			ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "E017", Span: sp, MessageID: e.id(), Hint: "route it to a human; do not retry",
				Message: fmt.Sprintf("%s failed with unknown code `%s` — escalated, not retried", e.id(), code)})
		case mustEscalate[code]:
			ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "E017", Span: sp, MessageID: e.id(), Hint: "route it to a human; do not retry",
				Message: fmt.Sprintf("%s failed with `%s` — must reach a human, not a retry loop", e.id(), code)})
		case retryable[code]:
			ds.Add(diag.Diagnostic{Severity: diag.Info, Code: "I018", Span: sp, MessageID: e.id(), Hint: "retry it (idempotent by msg-id)",
				Message: fmt.Sprintf("%s failed with `%s` — retryable", e.id(), code)})
		}
	}
	return ds
}

// checkReply checks reply v against ws, the want contract of the ask askID (the
// reference's check_reply), plus declared types (E009d). With tg, v is one of
// several targets' replies: required fields are judged over all of them.
func checkReply(askID string, ws *ir.ShapeSlot, v *msgView, tg *collective) diag.List {
	var ds diag.List
	if ws == nil {
		return nil
	}
	sh := &ws.Shape
	if len(sh.Acts) > 0 {
		if !contains(sh.Acts, v.act) && v.act != "take" && v.act != "part" {
			ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "E009a", Span: v.actSpan(),
				Hint:    "reply with one of: " + strings.Join(sh.Acts, ", "),
				Message: fmt.Sprintf("reply act `%s` not in required %s", v.act, strings.Join(sh.Acts, "|"))})
		}
		return ds
	}
	switch v.act {
	case "fail", "reject", "take", "part":
		return nil
	}
	// missing reports a required field no reply carries: this one alone, or,
	// with tg, all the targets' replies once the last of them is in.
	whose := "reply to " + askID
	if tg != nil {
		whose = fmt.Sprintf("the replies to %s from %s together", askID, strings.Join(tg.targets, ", "))
	}
	missing := func(name string, here bool) bool {
		if here {
			return false
		}
		return tg == nil || len(tg.pending) == 0 && !contains(tg.supplied, name)
	}
	for _, f := range sh.Fields {
		if f.IsSlot && !f.Optional && missing(f.Name, v.slot(f.Name) != nil) {
			ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "E009c", Span: v.actSpan(),
				Hint:    fmt.Sprintf("add a `%s` slot", f.Name),
				Message: fmt.Sprintf("%s is missing required slot `%s`", whose, f.Name)})
		}
	}
	got := map[string]*ir.Binding{}
	a := v.slot("a")
	for _, b := range bindingsOf(a) {
		if got[b.Key] == nil {
			got[b.Key] = b
		}
	}
	var keys []string
	for _, f := range sh.Fields {
		if !f.IsSlot && !f.Optional && missing(f.Name, got[f.Name] != nil) {
			keys = append(keys, f.Name)
		}
	}
	if len(keys) > 0 {
		sp := v.actSpan()
		if a != nil {
			sp = v.keySpan(a)
		}
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "E009", Span: sp,
			Hint:    "add ` a " + keys[0] + " = ... ~conf` for each missing key",
			Message: fmt.Sprintf("%s is missing required key(s): %s", whose, strings.Join(keys, ", "))})
	}
	for _, f := range sh.Fields {
		b := got[f.Name]
		if f.IsSlot || f.Type == "" || b == nil {
			continue
		}
		sp := b.ValueSpan
		if !sp.IsValid() {
			sp = keySpanOf(b, v.actSpan())
		}
		if allowed, ok := oneOf(f.Type); ok {
			first := ""
			if w := strings.Fields(b.Value); len(w) > 0 {
				first = w[0]
			}
			if !contains(allowed, first) {
				what := fmt.Sprintf("`%s` = '%s' outside declared one_of[%s]", f.Name, b.Value, strings.Join(allowed, "|"))
				if first == "" {
					what = fmt.Sprintf("`%s` is empty, outside declared one_of[%s]", f.Name, strings.Join(allowed, "|"))
				}
				ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "E009b", Span: sp,
					Hint: "answer with one of: " + strings.Join(allowed, ", "), Message: what})
			}
			continue
		}
		if !typeOK(f.Type, b.Value) {
			ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "E009d", Span: sp,
				Hint:    "give a value of the declared type, or change the contract",
				Message: fmt.Sprintf("`%s` = '%s' is not a %s, as %s's want declares", f.Name, b.Value, f.Type, askID)})
		}
	}
	return ds
}

// oneOf reads one_of[a|b|c].
func oneOf(ty string) ([]string, bool) {
	rest, ok := strings.CutPrefix(ty, "one_of[")
	if !ok {
		return nil, false
	}
	rest = strings.TrimSuffix(rest, "]")
	return strings.Split(rest, "|"), true
}

// typeOK checks a value against a want type (spec §10): num, bool, ref,
// list, map, time, dur; str and unknown types accept anything.
func typeOK(ty, value string) bool {
	w := strings.Fields(value)
	if len(w) == 0 {
		return !set("num", "bool", "ref", "list", "map", "time", "dur")[ty]
	}
	first := w[0]
	switch ty {
	case "num":
		f := strings.TrimLeft(first, "+-$€£¥~≈")
		f = strings.TrimRight(f, "%")
		_, err := parseFloat(strings.ReplaceAll(f, "_", ""))
		return err == nil
	case "bool":
		return set("true", "false", "yes", "no")[strings.ToLower(first)]
	case "ref":
		return strings.HasPrefix(first, "@")
	case "list":
		return strings.HasPrefix(value, "[") || strings.HasPrefix(value, "【")
	case "map":
		return strings.HasPrefix(value, "{")
	case "time":
		_, ok := rostime.Parse(first, "")
		return ok || strings.HasPrefix(first, "@t:")
	case "dur":
		_, ok := rostime.ParseDuration(first)
		return ok
	}
	return true
}

// blankRefs blanks every reference (@scheme:..., @a1.7) in b to spaces, so
// that a ref is never read as a symbol.
func blankRefs(b []byte) {
	for i := 0; i < len(b); i++ {
		n := 0
		switch {
		case b[i] == '@':
			n = 1
		case bytes.HasPrefix(b[i:], []byte("＠")):
			n = len("＠")
		default:
			continue
		}
		j := i + n
		if j >= len(b) || !isWord(b[j]) {
			continue
		}
		for j < len(b) && (isWord(b[j]) || strings.IndexByte(":./#@=&-", b[j]) >= 0) {
			j++
		}
		for k := i; k < j; k++ {
			b[k] = ' '
		}
		i = j - 1
	}
}

// symbolText is a slot's text as the symbol scan reads it: raw with its
// references, its '#' fragments and, in a txt head, its win= values blanked
// to spaces, in the session's scratch buffer, and true; or raw's own bytes
// unblanked and false when it has none of them. Blanking keeps every other
// byte where it stands, so a symbol found at [i, j) is raw[i:j]. (It ran on
// every slot that may hold a symbol: a copy of each was a tenth of a
// check's allocations.)
func (s *State) symbolText(raw string, txt bool) ([]byte, bool) {
	refs := strings.ContainsAny(raw, "@＠")
	anchors := strings.IndexByte(raw, '#') >= 0 || strings.Contains(raw, "＃")
	win := txt && (strings.Contains(raw, "win=") || strings.Contains(raw, "win＝"))
	if !refs && !anchors && !win {
		return nil, false
	}
	b := append(s.scan[:0], raw...)
	s.scan = b
	if refs {
		blankRefs(b)
	}
	if anchors {
		blankAnchors(b)
	}
	if win {
		blankWindow(b)
	}
	return b, true
}

// blankWindow blanks the value of a txt head's win= attribute (win=L38-46):
// like a '#' fragment, it is a line selector, not a symbol. The value keeps
// its length so that later symbols are still found where they stand.
func blankWindow(b []byte) {
	for _, eq := range [][]byte{[]byte("win="), []byte("win＝")} {
		i := bytes.Index(b, eq)
		for i >= 0 {
			if i == 0 || b[i-1] == ' ' || b[i-1] == '\t' {
				for j := i + len(eq); j < len(b) && b[j] != ' ' && b[j] != '\t' && b[j] != '\n'; j++ {
					b[j] = ' '
				}
			}
			k := bytes.Index(b[i+len(eq):], eq)
			if k < 0 {
				break
			}
			i += len(eq) + k
		}
	}
}

// blankAnchors blanks every '#' fragment (body#L7, #p14§7.2) in b to
// spaces: a line selector such as L7 is an address, not a symbol.
func blankAnchors(b []byte) {
	for i := 0; i < len(b); i++ {
		if b[i] != '#' && !bytes.HasPrefix(b[i:], []byte("＃")) {
			continue
		}
		j := i
		for j < len(b) && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' {
			b[j] = ' '
			j++
		}
		i = j
	}
}

// symbolUse is one use of an unbound symbol.
type symbolUse struct {
	sym  string
	span diag.Span
}

// symbolUses returns the uses of unbound symbols in a slot, in source
// order: binding values that are a symbol (or a list of items some of
// which are), want names of symbol shape, and the words of standard
// profiles that are not loaded, wherever they stand in the slot's text.
func (s *State) symbolUses(v *msgView, sl ir.Slot) []symbolUse {
	raw := sl.Head().Raw
	if !hasUpperPair(raw) {
		return nil
	}
	var out []symbolUse
	seen := map[int]bool{} // start offsets already reported
	use := func(sym string, within diag.Span, nth int) {
		if _, ok := s.dict[sym]; ok || s.profileBinds(sym) {
			return
		}
		sp, ok := v.locate(within, sym, nth, symbolBoundary)
		if !ok {
			if within.IsValid() {
				sp = within
			} else {
				sp = v.keySpan(sl)
			}
		}
		if sp.IsValid() && seen[sp.StartOffset()] {
			return
		}
		seen[sp.StartOffset()] = true
		out = append(out, symbolUse{sym, sp})
	}
	for _, b := range bindingsOf(sl) {
		val := strings.TrimPrefix(strings.TrimSpace(b.Value), "!")
		if isSymbol(val) {
			use(val, b.ValueSpan, 0)
			continue
		}
		if inner, ok := strings.CutPrefix(val, "["); ok {
			count := map[string]int{}
			for _, item := range strings.Split(strings.TrimSuffix(inner, "]"), ",") {
				item = strings.TrimSpace(item)
				if isSymbol(item) {
					use(item, b.ValueSpan, count[item])
					count[item]++
				}
			}
		}
	}
	if sh, ok := sl.(*ir.ShapeSlot); ok {
		for _, f := range sh.Shape.Fields {
			if isSymbol(f.Name) {
				use(f.Name, f.Span, 0)
			}
		}
	}
	// A standard profile's word is a symbol wherever it stands; other
	// capitalised words outside bindings are prose.
	var count map[string]int
	profileWord := func(i, j int) {
		sym := raw[i:j]
		if profileSymbols[sym] == "" {
			return
		}
		if count == nil {
			count = map[string]int{}
		}
		nth := count[sym]
		count[sym]++
		use(sym, sl.Head().Span, nth)
	}
	if scan, blanked := s.symbolText(raw, sl.Head().Key == "txt"); blanked {
		eachSymbol(scan, profileWord)
	} else {
		eachSymbol(raw, profileWord)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].span.StartOffset() < out[j].span.StartOffset() })
	return out
}

// profileBinds reports whether a loaded profile declares sym: a profile
// named by def profile = NAME/VERSION (with or without a hash after it).
func (s *State) profileBinds(sym string) bool {
	p := profileSymbols[sym]
	if p == "" {
		return false
	}
	for _, loaded := range s.Profiles {
		if name, _, _ := strings.Cut(strings.TrimSpace(loaded), "/"); name == p {
			return true
		}
	}
	return false
}

// hasUpperPair is a cheap filter: a symbol needs two ASCII capitals/digits in a row.
func hasUpperPair(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			c := s[i+1]
			if c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
				return true
			}
		}
	}
	return false
}

// eachSymbol calls f with the offsets [i, j) of every symbol of s, in
// order: an uppercase letter and one or more uppercase letters, digits or
// '_', not preceded by a letter, digit, '_', '@' or ':' and not followed by
// a letter, digit or '_'.
func eachSymbol[T string | []byte](s T, f func(i, j int)) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 'A' || c > 'Z' {
			continue
		}
		if i > 0 && (isWord(s[i-1]) || s[i-1] == '@' || s[i-1] == ':') {
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9' || s[j] == '_') {
			j++
		}
		if j-i >= 2 && (j == len(s) || !isWord(s[j])) {
			f(i, j)
		}
		i = j - 1
	}
}

// symbolBoundary accepts a match of a symbol at [i, j) with the same
// boundaries eachSymbol uses.
func symbolBoundary(t string, i, j int) bool {
	if i > 0 && (isWord(t[i-1]) || t[i-1] == '@' || t[i-1] == ':') {
		return false
	}
	return j == len(t) || !isWord(t[j])
}

// Clone returns a copy of s that evolves independently of it: adding a
// message to one changes nothing in the other. An editor checks a long
// transcript again after an edit from a copy taken before the first message
// the edit touched, instead of from the first message.
//
// A stored entry never changes except for the obligation it opened (replies
// close and claim it), so only entries with an obligation are copied; the
// others, and what they point at (want contracts, and the whole
// message of a session without Options.Reread), are shared.
func (s *State) Clone() *State {
	c := &State{opt: s.opt, epoch: s.epoch, epochUnset: s.epochUnset, msgs: maps.Clone(s.msgs), order: slices.Clone(s.order),
		pending: maps.Clone(s.pending), dict: maps.Clone(s.dict), revised: maps.Clone(s.revised), newest: maps.Clone(s.newest),
		Profiles: slices.Clone(s.Profiles), wants: maps.Clone(s.wants), names: s.names.clone(),
		caps: slices.Clone(s.caps)}
	if n := len(c.caps); n > 0 {
		// The chunks are shared, and only the last is appended to: clipped,
		// the copy's first append to it copies it, so that the two never
		// write into one array.
		c.caps[n-1] = slices.Clip(c.caps[n-1])
	}
	c.carrier = c.Carrier
	n := 0
	for _, e := range s.order {
		if e.obl != nil {
			n++
		}
	}
	// One allocation each for the copied entries and their obligations.
	entries, obls := make([]entry, n), make([]obligation, n)
	copies := make(map[*entry]*entry, n)
	k := 0
	for i, e := range s.order {
		if e.obl == nil {
			continue
		}
		x, o := &entries[k], &obls[k]
		k++
		*x, *o = *e, *e.obl
		o.answered = slices.Clip(o.answered) // appended to by both: each its own array
		o.supplied = slices.Clip(o.supplied)
		x.obl = o
		c.order[i], c.msgs[x.id()] = x, x
		copies[e] = x
	}
	for id, es := range c.pending {
		// Clip: an append to a shared slice would write into the other's array.
		es = slices.Clip(es)
		for i, e := range es {
			if x := copies[e]; x != nil {
				if &es[0] == &s.pending[id][0] {
					es = slices.Clone(es)
				}
				es[i] = x
			}
		}
		c.pending[id] = es
	}
	return c
}
