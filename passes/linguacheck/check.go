// Package linguacheck owns the transcript checks of Agent Lingua (the L2xx
// diagnostics): the handshake and its negotiated security level, capabilities
// and versions, session use (encrypted payloads with no session, sessions used
// after 👽08, key rotation, trust on first use), unknown codes, modifier 7 and
// e: payloads, response correlation, signature versions and JSON keys outside
// the field table.
//
// Check reads what passes/decode set (decoded payloads, handshakes, sessions)
// and changes nothing.
package linguacheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/diagtext"
	"github.com/rosettac/rosettac/internal/linguajson"
	"github.com/rosettac/rosettac/ir"
)

// Diagnostic codes of the checker.
const (
	CodeNoSession     = "L201" // an e: payload with no established session
	CodeAfterEnd      = "L202" // a session used after 👽08 ended it
	CodeNoRequest     = "L203" // a response whose #corr matches no request
	CodeNoCommonLevel = "L204" // an accepted handshake with no common security level
	CodeLowLevel      = "L205" // a negotiated level lower than both sides support
	CodeBelowLevel    = "L206" // a payload below its session's negotiated level
	CodeUnknownCode   = "L207" // an unknown modifier, status, error type or subtype
	CodeNoCapability  = "L208" // a request to a domain neither side declared
	CodeSigVersion    = "L209" // a signature version different from the handshake's
	CodeVersions      = "L210" // offer and answer name different versions
	CodeCustomKey     = "L211" // a JSON key outside the table that is not 2-3 letters
	CodeModifier7     = "L212" // modifier 7 without an e: payload or a #session
	CodeNotMarked     = "L213" // an e: payload on a request without modifier 7
	CodeRotateKey     = "L214" // more than 1000 encrypted messages in one session
	CodeKeyChanged    = "L215" // a peer's handshake key changed (trust on first use)
	CodeNoOffer       = "L216" // a handshake answer with no offer before it
	CodeThinOffer     = "L217" // a handshake offer missing what its levels need
)

// RotateAfter is how many encrypted messages one session key may carry.
const RotateAfter = 1000

type checker struct {
	ds       diag.List
	sessions map[string]*ir.LinguaSession
	levels   map[string]ir.LinguaLevel         // negotiated level per session
	caps     map[string][]string               // declared capabilities per session (union of both sides)
	sent     map[string]int                    // encrypted messages seen per session
	ids      map[string]bool                   // request #ids seen so far
	peers    map[string]string                 // peer (offer's @target) -> first public key
	offers   map[diag.Span]*ir.LinguaHandshake // offer message span -> its handshake, for the answers that name it
	version  string                            // version of the latest handshake, or ""
}

// Check runs every transcript rule over doc, after passes/decode.
func Check(doc *ir.LinguaTranscript) diag.List { return NewChecker().Check(doc) }

// Checker is Check for a transcript that arrives in pieces (compiler.Stream):
// each Check call reads one more piece, decoded, with what the pieces before
// it established (sessions, levels, request ids, peers).
type Checker struct{ c *checker }

// NewChecker returns a Checker for a transcript's first piece.
func NewChecker() *Checker {
	return &Checker{c: &checker{sessions: map[string]*ir.LinguaSession{}, levels: map[string]ir.LinguaLevel{}, caps: map[string][]string{},
		sent: map[string]int{}, ids: map[string]bool{}, peers: map[string]string{}, offers: map[diag.Span]*ir.LinguaHandshake{}}}
}

// Check runs every transcript rule over doc, the next piece, after
// passes/decode, and returns its diagnostics.
func (k *Checker) Check(doc *ir.LinguaTranscript) diag.List {
	c := k.c
	c.ds = nil
	for _, s := range doc.Sessions {
		c.sessions[s.ID] = s
	}
	for _, it := range doc.Items {
		line, ok := it.(*ir.LinguaLine)
		if !ok {
			continue
		}
		for _, m := range line.Messages {
			c.message(m)
		}
		if s := line.Signature; s != nil && s.Version != "" && c.version != "" && s.Version != c.version {
			c.add(diag.Warning, CodeSigVersion, s.VersionSpan, "sign with the version the handshake agreed on",
				"signature names version %s, but the handshake agreed on %s", s.Version, c.version)
		}
	}
	return c.ds
}

func (c *checker) add(sev diag.Severity, code string, sp diag.Span, hint, format string, args ...any) {
	c.ds.Add(diag.Diagnostic{Severity: sev, Code: code, Span: sp, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

func (c *checker) message(m ir.LinguaMessage) {
	f := ir.LinguaFieldsOf(m)
	if f == nil {
		return
	}
	c.code(m)
	pl := f.Payload
	var hs *ir.LinguaHandshake
	if pl != nil && pl.Decoded != nil {
		hs = pl.Decoded.Handshake
	}
	if hs != nil {
		if !hs.Answer {
			c.offers[f.Span] = hs
		}
		c.handshake(m, hs, pl)
	} else if pl != nil && pl.Decoded != nil && pl.Decoded.JSON != nil {
		c.keys(pl.Decoded.JSON, pl.BodySpan, pl.Decoded.Decrypted)
	}
	if f.Ended {
		c.add(diag.Error, CodeAfterEnd, f.ID.Span, "open a new session with a handshake (👽09) before sending in it",
			"session %q is used after 👽08 ended it", f.Session)
	}
	if pl != nil && pl.Kind == ir.PayloadEncrypted {
		switch {
		case f.Session == "":
			c.add(diag.Error, CodeNoSession, pl.Span, "establish a session with a handshake (👽09 and ^0 with a session id) and name it with #<session>",
				"encrypted payload with no established session")
		case !f.Ended:
			c.sent[f.Session]++
			if c.sent[f.Session] == RotateAfter+1 {
				c.add(diag.Warning, CodeRotateKey, pl.Span, "end the session (👽08) and run a new handshake to rotate the key",
					"session %q carries more than %d encrypted messages", f.Session, RotateAfter)
			}
		}
	}
	if pl != nil && f.Session != "" && !f.Ended && hs == nil {
		if lvl := c.levels[f.Session]; pl.Level().Rank() < lvl.Rank() {
			c.add(diag.Warning, CodeBelowLevel, pl.Span, "send payloads of this session at the negotiated level",
				"payload at level %s in session %q, which negotiated %s", pl.Level(), f.Session, lvl)
		}
	}
	switch m := m.(type) {
	case *ir.LinguaRequest:
		c.request(m)
	case *ir.LinguaResponse:
		if m.ID != nil && !c.ids[m.ID.Text] && c.sessions[m.ID.Text] == nil {
			c.add(diag.Warning, CodeNoRequest, m.ID.Span, "a response's # is the id of the request it answers",
				"response #%s matches no earlier request", m.ID.Text)
		}
	}
}

func (c *checker) request(r *ir.LinguaRequest) {
	if r.ID != nil {
		c.ids[r.ID.Text] = true
	}
	encrypted := r.Payload != nil && r.Payload.Kind == ir.PayloadEncrypted
	if r.Modifier == '7' {
		if !encrypted {
			c.add(diag.Error, CodeModifier7, r.CodeSpan, "modifier 7 means an encrypted payload: send $e:<nonce>:<ciphertext>, or drop the 7",
				"modifier 7 (encrypted) without an e: payload")
		}
		if r.ID == nil {
			c.add(diag.Error, CodeModifier7, r.CodeSpan, "name the session with #<session id>", "modifier 7 (encrypted) without a #session")
		}
	} else if encrypted {
		c.add(diag.Warning, CodeNotMarked, r.CodeSpan, "mark encrypted requests with modifier 7 (👽"+string(r.Domain)+string(r.Action)+"7)",
			"e: payload without modifier 7")
	}
	if caps := c.caps[r.Session]; r.Session != "" && len(caps) > 0 && !slices.Contains(caps, string(r.Domain)) {
		c.add(diag.Warning, CodeNoCapability, r.CodeSpan, "the handshake's capabilities list the domains a peer handles; the peer would answer !E1",
			"domain %c is not among the capabilities declared in session %q (%s)", r.Domain, r.Session, strings.Join(caps, ","))
	}
}

// code reports codes outside the tables (a peer would answer !E1).
func (c *checker) code(m ir.LinguaMessage) {
	switch m := m.(type) {
	case *ir.LinguaRequest:
		if m.Modifier != 0 && (m.Modifier < '0' || m.Modifier > '9') {
			c.add(diag.Error, CodeUnknownCode, m.CodeSpan, "modifiers are 0-9", "unknown modifier %c", m.Modifier)
		}
	case *ir.LinguaResponse:
		if !strings.ContainsRune(statuses, rune(m.Status)) {
			c.add(diag.Error, CodeUnknownCode, m.CodeSpan, caseHint(m.Status, statuses, "^")+"statuses are 0 success, 1 partial, 2 waiting, 3 queued, 8 retry, 9 failed, A reject",
				"unknown response status %c", m.Status)
		}
	case *ir.LinguaError:
		if m.Type < '0' || m.Type > '6' {
			c.add(diag.Error, CodeUnknownCode, m.CodeSpan, "error types are 0-6", "unknown error type %c", m.Type)
		} else if m.Sub != 0 && !(m.Type == '2' && strings.ContainsRune(subtypes, rune(m.Sub))) {
			hint := "only !E2 has subtypes: R read, W write, X execute"
			if m.Type == '2' {
				hint = caseHint(m.Sub, subtypes, "!E2") + hint
			}
			c.add(diag.Error, CodeUnknownCode, m.CodeSpan, hint, "unknown error subtype %c for !E%c", m.Sub, m.Type)
		}
	}
}

// The response statuses and the subtypes of !E2. Their letters are case
// sensitive: the grammar keeps them as written (^a is not ^A).
var (
	statuses = ir.LinguaCodes(ir.LinguaStatuses)
	subtypes = ir.LinguaCodes(ir.LinguaErrorSubtypes)
)

// caseHint returns "write <prefix><C>; " when c is the lower case of a letter
// in valid, so a hint names the code the writer most likely meant.
func caseHint(c byte, valid, prefix string) string {
	if 'a' <= c && c <= 'z' && strings.IndexByte(valid, c-'a'+'A') >= 0 {
		return "write " + prefix + string(c-'a'+'A') + " (code letters are upper case); "
	}
	return ""
}

// keys reports JSON keys outside the field table that are not 2-3 letters.
// The keys of a decrypted payload are its plaintext: their diagnostic says
// where (the payload, the key's place in it), never the name, so that a
// check in CI does not print what the encryption hid.
func (c *checker) keys(v *ir.JSONValue, sp diag.Span, decrypted bool) {
	n := 0 // keys met so far, in document order (the place a decrypted key is named by)
	var walk func(v *ir.JSONValue)
	walk = func(v *ir.JSONValue) {
		for _, it := range v.Items {
			walk(it)
		}
		for _, m := range v.Members {
			n++
			if !linguajson.IsKey(m.Key) {
				if decrypted {
					c.add(diag.Warning, CodeCustomKey, sp, "use a key of the field table, or a custom key of 2-3 letters (translate --decrypt shows the plaintext)",
						"JSON key %d of the decrypted payload (counting in document order) is outside the field table and is not 2-3 letters", n)
				} else if m.KeyRaw != "" {
					c.add(diag.Warning, CodeCustomKey, sp, "use a key of the field table, or a custom key of 2-3 letters",
						"JSON key %s is outside the field table and is not 2-3 letters", diagtext.Clip(m.KeyRaw)) // the literal: %q would show U+FFFD
				} else {
					c.add(diag.Warning, CodeCustomKey, sp, "use a key of the field table, or a custom key of 2-3 letters",
						"JSON key %q is outside the field table and is not 2-3 letters", diagtext.Clip(m.Key))
				}
			}
			walk(m.Value)
		}
	}
	walk(v)
}
