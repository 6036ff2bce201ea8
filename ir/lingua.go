package ir

import (
	"time"

	"github.com/rosettac/rosettac/diag"
)

// Agent Lingua 0.4 (docs/lingua.md). The wire text is kept
// exactly: every field keeps its bytes as written, and the payload's decoded
// content is a pass result beside it, never a rewrite of it.

// LinguaTranscript is one Agent Lingua file: wire lines (one or more messages
// each, with the signature line that follows them) and the prose around them,
// in source order. Together the items cover every line of the input.
type LinguaTranscript struct {
	Span  diag.Span
	Items []LinguaItem // *LinguaLine or *LinguaProse, in source order

	Sessions []*LinguaSession // set by passes/decode: every session, in the order it was established
}

// LinguaItem is one item of a transcript: a wire line or a run of prose.
type LinguaItem interface {
	Node
	linguaItem()
}

// LinguaProse is a run of lines that are not Lingua: human text mixed around the
// messages, and blank lines. It is kept as written and is never an error.
type LinguaProse struct {
	Span diag.Span
	Text string // the lines without their line endings, joined by '\n'
}

// LinguaLine is one wire line: a message, or several joined by ";;" (a compound,
// executed in order), and the signature line right after it.
type LinguaLine struct {
	Span      diag.Span        // the message line, without the signature
	Messages  []LinguaMessage  // in order; empty for a signature that follows no message
	Signature *LinguaSignature // or nil
}

// LinguaSignature is a "--👽lingua/<version>@<source>" line.
type LinguaSignature struct {
	Span        diag.Span
	Version     string // as written, e.g. "0.4"
	VersionSpan diag.Span
	Source      string // "agent-lingua" (the shorthand) or a URL
}

// LinguaMessage is one message: request, response, error, natural-language line,
// or a placeholder for a message that could not be read.
type LinguaMessage interface {
	Node
	linguaMessage()
}

// LinguaFields is what requests, responses and errors share: the fields after
// the code, each as written. A marker appears at most once (% may repeat); a
// field that cannot be read, a repeated marker or a field with no marker is kept
// verbatim in Extra and reported.
type LinguaFields struct {
	Span    diag.Span
	Raw     string         // the message exactly as written (between ";;" separators)
	Target  *LinguaTarget  // @, or nil
	ID      *LinguaID      // #, or nil
	Time    *LinguaTime    // ~, or nil
	Conds   []*LinguaCond  // %, in source order (all must hold)
	Payload *LinguaPayload // $, or nil; always the last field
	Extra   []*LinguaExtra // fields kept verbatim that have no place above

	Session string // set by passes/decode: the id of the established session this message's # names, or ""
	Ended   bool   // set by passes/decode: that session had been ended by 👽08 before this message
}

// LinguaLevel is a security level: P (L0, plain), B (L1, encoded), E (L2, encrypted).
type LinguaLevel byte

// Security levels, lowest first.
const (
	LevelNone LinguaLevel = 0
	LevelP    LinguaLevel = 'P'
	LevelB    LinguaLevel = 'B'
	LevelE    LinguaLevel = 'E'
)

// String returns "P", "B", "E", or "" for none.
func (l LinguaLevel) String() string {
	if l == LevelNone {
		return ""
	}
	return string(rune(l))
}

// Rank orders levels: none 0, P 1, B 2, E 3.
func (l LinguaLevel) Rank() int {
	switch l {
	case LevelP:
		return 1
	case LevelB:
		return 2
	case LevelE:
		return 3
	}
	return 0
}

// LinguaRequest is 👽DAM followed by fields.
type LinguaRequest struct {
	LinguaFields
	CodeSpan diag.Span
	Domain   byte // hex digit '0'-'F', upper case
	Action   byte // hex digit '0'-'F', upper case
	Modifier byte // '0'-'9' (or another hex digit, reported), or 0 when absent
}

// LinguaResponse is ^S followed by fields (# is the correlation id).
type LinguaResponse struct {
	LinguaFields
	CodeSpan diag.Span
	Status   byte // '0' '1' '2' '3' '8' '9', 'A' (reject), or another character (reported)
}

// LinguaError is !E<type>[<sub>] followed by details.
type LinguaError struct {
	LinguaFields
	CodeSpan diag.Span
	Type     byte   // '0'-'6', or another digit (reported)
	Sub      byte   // 'R', 'W', 'X', or 0 when absent
	Details  string // details written without a marker, or ""
}

// LinguaNatural is "👽 text": a request to answer in human language.
type LinguaNatural struct {
	Span diag.Span
	Text string // after the marker and the space, as written
}

// LinguaBad is a message that could not be read; its bytes are kept.
type LinguaBad struct {
	Span diag.Span
	Text string
}

// LinguaFieldsOf returns the fields of a request, response or error, or nil.
func LinguaFieldsOf(m LinguaMessage) *LinguaFields {
	switch m := m.(type) {
	case *LinguaRequest:
		return &m.LinguaFields
	case *LinguaResponse:
		return &m.LinguaFields
	case *LinguaError:
		return &m.LinguaFields
	}
	return nil
}

// LinguaExtra is a field kept verbatim: one with no known marker, a repeated
// marker, or one whose value could not be read.
type LinguaExtra struct {
	Span diag.Span
	Text string // as written, marker included
}

// LinguaTargetKind classifies a target.
type LinguaTargetKind int

// Target kinds (seed: target encoding).
const (
	TargetSelf       LinguaTargetKind = iota // @0
	TargetGeneral                            // @1
	TargetAIThoughts                         // @2
	TargetBuilders                           // @3
	TargetNamed                              // @99<name>
	TargetHuman                              // @H
	TargetAll                                // @A
	TargetInternal                           // @S
	TargetAgentName                          // anything else: an agent's name
)

// LinguaTarget is an @ field.
type LinguaTarget struct {
	Span diag.Span
	Text string // after '@', as written
	Kind LinguaTargetKind
	Name string // the name of @99<name> or of an agent; "" otherwise
}

// LinguaID is a # field: an identifier, a session id, or a response's correlation id.
type LinguaID struct {
	Span diag.Span
	Text string // after '#', as written
}

// LinguaTimeKind says what a time field means.
type LinguaTimeKind int

// Time kinds (seed: time encoding).
const (
	TimeAfter  LinguaTimeKind = iota // ~+30m
	TimeBefore                       // ~-2h
	TimeUnix                         // ~=1706889600
	TimeISO                          // ~@2024-02-03T15:00+08 (or ~=<ISO>)
	TimeEvery                        // ~*4h
)

// LinguaTime is a ~ field.
type LinguaTime struct {
	Span     diag.Span
	Text     string // after '~', as written
	Op       byte   // '+', '-', '=', '@' or '*'
	Kind     LinguaTimeKind
	Parts    []LinguaDuration // durations: the parts as written (1d, 15h)
	Duration time.Duration    // durations: their sum
	Unix     int64            // TimeUnix
	Instant  time.Time        // TimeUnix (UTC) and TimeISO (with the written offset)
}

// LinguaDuration is one number-and-unit part of a duration.
type LinguaDuration struct {
	N    int64
	Unit byte // s m h d w
}

// LinguaCond is a % field.
type LinguaCond struct {
	Span     diag.Span
	Text     string // after '%', as written
	Type     byte   // K F T N S P, or another letter (reported)
	Op       byte   // '>' '<' '=' '!' '~'; 0 for a partition
	Value    string // as written
	Part, Of int    // partitions: part Part of Of
}

// LinguaPayloadKind is what a payload's prefix says it holds.
type LinguaPayloadKind int

// Payload kinds (seed: payload prefixes).
const (
	PayloadText      LinguaPayloadKind = iota // no prefix: base64 of UTF-8 text (L1)
	PayloadJSON                               // j: base64 of JSON (L1)
	PayloadZlib                               // z: base64 of zlib-compressed bytes (L1)
	PayloadRaw                                // r: raw text (L0)
	PayloadEncrypted                          // e:<nonce>:<ciphertext+tag> (L2)
)

// payloadPrefixes are the kinds' names, by kind.
var payloadPrefixes = [...]string{PayloadText: "b64", PayloadJSON: "j", PayloadZlib: "z", PayloadRaw: "r", PayloadEncrypted: "e"}

// Prefix is the kind's name in the data JSON form ("prefix") and in a Rosetta
// translation's x_enc field: b64, j, z, r or e; "" for no kind.
func (k LinguaPayloadKind) Prefix() string {
	if k < 0 || int(k) >= len(payloadPrefixes) {
		return ""
	}
	return payloadPrefixes[k]
}

// LinguaPayloadKindOf is the kind a Prefix names, and whether it names one.
func LinguaPayloadKindOf(prefix string) (LinguaPayloadKind, bool) {
	for k, p := range payloadPrefixes {
		if p == prefix {
			return LinguaPayloadKind(k), true
		}
	}
	return 0, false
}

// LinguaPayload is a $ field. Its bytes are never changed.
type LinguaPayload struct {
	Span      diag.Span
	Text      string // after '$', exactly as written
	Kind      LinguaPayloadKind
	Nonce     string    // e: the base64 nonce as written
	NonceSpan diag.Span // e:
	Body      string    // the base64 body (or the raw text for r:) as written
	BodySpan  diag.Span

	Decoded *LinguaDecoded // set by passes/decode, or nil when it did not run or could not decode
}

// Level returns the payload's security level (P for r:, E for e:, B otherwise).
func (p *LinguaPayload) Level() LinguaLevel {
	switch p.Kind {
	case PayloadRaw:
		return LevelP
	case PayloadEncrypted:
		return LevelE
	}
	return LevelB
}

// LinguaDecoded is the content of a payload as passes/decode read it. Exactly
// one of JSON, Text and Binary describes the content.
type LinguaDecoded struct {
	JSON      *JSONValue       // the content is JSON (j:, or z:/e:/raw text that parses as a JSON object or array)
	Text      string           // the content is UTF-8 text
	Binary    bool             // the content is not UTF-8 text (not shown)
	Size      int              // content size in bytes
	Decrypted bool             // the content came out of an e: payload
	Handshake *LinguaHandshake // the payload is a handshake offer or answer, or nil
}

// LinguaHandshake is what a handshake payload says (👽09 offers, and the ^0, ^2,
// ^A and !E1 answers to them), read by passes/decode. Absent keys are zero.
//
// It is the typed reading of its payload's JSON (LinguaDecoded.JSON, which stays
// the content as written: members in wire order, duplicates kept), and it lives
// only there: the IR is a tree, so an answer names its offer, and a session its
// offer and answer, by span rather than by pointer, and every handshake appears
// once in a dump of the IR.
type LinguaHandshake struct {
	Answer       bool     // a response (^ or !E1) to an offer
	Protocol     string   // "agent-lingua"
	Version      string   // "0.4"
	Spec         string   // the full spec URL
	Capabilities []string // domain digits
	Security     []string // levels P, B, E in priority order
	Crypto       []string // suites: X25519+AES-GCM, PSK+AES-GCM
	PubKey       string   // base64, as written
	PSKHint      string   // sha256:<hex prefix>
	Session      string   // answers: the session id
	Fingerprint  string
	Accepted     *bool // answers: accepted, or nil when absent
	Learning     bool
	Reason       string   // ^A answers
	Unsupported  []string // !E1 answers

	Peer      string    // the agent the offer is addressed to (the offer's @target), or "": the answering side
	OfferSpan diag.Span // set on answers: the span of the 👽09 message this answers, or zero when no offer came before
}

// LinguaSession is one established session, set by passes/decode. The IR is a
// tree, so messages name their session by id and sessions point at spans: the
// offer's and answer's handshakes are on those messages' payloads.
type LinguaSession struct {
	ID         string
	OfferSpan  diag.Span // the 👽09 offer, or zero for --session
	AnswerSpan diag.Span // the accepting answer, or zero for --session
	Mode       string    // "X25519", "PSK", or "" when no key applies
	Keyed      bool      // a session key was derived (its messages can be decrypted)
	EndSpan    diag.Span // the 👽08 that ended it, or zero
	Encrypted  int       // e: payloads sent in it
}

// Marker methods of LinguaItem and LinguaMessage.
func (*LinguaLine) linguaItem()  {}
func (*LinguaProse) linguaItem() {}

func (*LinguaRequest) linguaMessage()  {}
func (*LinguaResponse) linguaMessage() {}
func (*LinguaError) linguaMessage()    {}
func (*LinguaNatural) linguaMessage()  {}
func (*LinguaBad) linguaMessage()      {}

// Document.
func (*LinguaTranscript) document() {}

// Language.
func (*LinguaTranscript) Language() Language { return Lingua }

// Pos methods.
func (t *LinguaTranscript) Pos() diag.Span { return t.Span }
func (p *LinguaProse) Pos() diag.Span      { return p.Span }
func (l *LinguaLine) Pos() diag.Span       { return l.Span }
func (s *LinguaSignature) Pos() diag.Span  { return s.Span }
func (f *LinguaFields) Pos() diag.Span     { return f.Span }
func (n *LinguaNatural) Pos() diag.Span    { return n.Span }
func (b *LinguaBad) Pos() diag.Span        { return b.Span }
func (e *LinguaExtra) Pos() diag.Span      { return e.Span }
func (t *LinguaTarget) Pos() diag.Span     { return t.Span }
func (i *LinguaID) Pos() diag.Span         { return i.Span }
func (t *LinguaTime) Pos() diag.Span       { return t.Span }
func (c *LinguaCond) Pos() diag.Span       { return c.Span }
func (p *LinguaPayload) Pos() diag.Span    { return p.Span }
