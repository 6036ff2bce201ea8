package decode

import (
	"bytes"
	"errors"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/linguacrypto"
	"github.com/rosettac/rosettac/ir"
)

// handshake reads a handshake offer (👽09 with a JSON object payload) or an
// answer to the oldest unanswered offer (a response or !E1 whose JSON object
// carries handshake keys), and establishes the session an accepting answer names.
func (st *state) handshake(m ir.LinguaMessage, pl *ir.LinguaPayload) {
	if pl.Decoded == nil || pl.Decoded.JSON == nil || pl.Decoded.JSON.Kind != ir.JSONObject {
		return
	}
	j := pl.Decoded.JSON
	switch m := m.(type) {
	case *ir.LinguaRequest:
		if m.Domain != '0' || m.Action != '9' {
			return
		}
		hs := readHandshake(j)
		if m.Target != nil {
			hs.Peer = m.Target.Text
		}
		pl.Decoded.Handshake = hs
		st.checkPubKey(hs, pl)
		st.offers = append(st.offers, &offer{req: m, hs: hs})
	case *ir.LinguaResponse, *ir.LinguaError:
		if e, ok := m.(*ir.LinguaError); ok && e.Type != '1' {
			return
		}
		if !isAnswer(j) {
			return
		}
		hs := readHandshake(j)
		hs.Answer = true
		pl.Decoded.Handshake = hs
		st.checkPubKey(hs, pl)
		if len(st.offers) == 0 {
			return // passes/linguacheck reports an answer with no offer
		}
		o := st.offers[0]
		st.offers = st.offers[1:]
		hs.OfferSpan, hs.Peer = o.req.Span, o.hs.Peer
		if r, ok := m.(*ir.LinguaResponse); ok && r.Status == '0' && (hs.Accepted == nil || *hs.Accepted) && hs.Session != "" {
			st.establish(o, r, hs)
		}
	}
}

// answerKeys are the keys that make a response's JSON a handshake answer.
var answerKeys = []string{"accepted", "session", "learning", "unsupported", "pubkey", "fingerprint"}

func isAnswer(j *ir.JSONValue) bool {
	for _, k := range answerKeys {
		if j.Member(k) != nil {
			return true
		}
	}
	return false
}

func readHandshake(j *ir.JSONValue) *ir.LinguaHandshake {
	str := func(k string) string {
		if v := j.Member(k); v != nil && v.Kind == ir.JSONString {
			return v.Text
		}
		return ""
	}
	hs := &ir.LinguaHandshake{
		Protocol: str("protocol"), Version: str("version"), Spec: str("spec"),
		PubKey: str("pubkey"), PSKHint: str("pskHint"), Session: str("session"),
		Fingerprint: str("fingerprint"), Reason: str("reason"),
		Capabilities: list(j.Member("capabilities"), true),
		Security:     list(j.Member("security"), true),
		Crypto:       list(j.Member("crypto"), false),
		Unsupported:  list(j.Member("unsupported"), false),
	}
	if v := j.Member("accepted"); v != nil && v.Kind == ir.JSONBool {
		b := v.Bool
		hs.Accepted = &b
	}
	if v := j.Member("learning"); v != nil && v.Kind == ir.JSONBool {
		hs.Learning = v.Bool
	}
	return hs
}

// list reads a JSON array of strings (numbers as written), or a single string;
// with chars, a string of one-letter codes ("PBE", "0127") is split into letters.
func list(v *ir.JSONValue, chars bool) []string {
	if v == nil {
		return nil
	}
	var out []string
	switch v.Kind {
	case ir.JSONArray:
		for _, it := range v.Items {
			if it.Kind == ir.JSONString || it.Kind == ir.JSONNumber {
				out = append(out, it.Text)
			}
		}
	case ir.JSONString, ir.JSONNumber:
		if chars && v.Kind == ir.JSONString && !bytes.ContainsAny([]byte(v.Text), ",+ ") {
			for _, r := range v.Text {
				out = append(out, string(r))
			}
		} else {
			out = append(out, v.Text)
		}
	}
	return out
}

func (st *state) checkPubKey(hs *ir.LinguaHandshake, pl *ir.LinguaPayload) {
	if hs.PubKey == "" {
		return
	}
	if _, err := linguacrypto.ParsePublicKey(hs.PubKey); err != nil {
		hint := "send base64 of the raw 32-byte X25519 public key (or of its SubjectPublicKeyInfo)"
		if errors.Is(err, linguacrypto.ErrEd25519) {
			hint = "Ed25519 keys sign; key agreement needs an X25519 key: generate one and send its public half"
		}
		st.add(diag.Error, CodeBadPubKey, pl.Span, hint, "handshake pubkey: %s", err)
	}
}

// establish records the session an accepting answer names and derives its key
// when the key files allow: X25519 when the private key is one side's, else
// the PSK.
func (st *state) establish(o *offer, r *ir.LinguaResponse, hs *ir.LinguaHandshake) {
	s := &session{s: &ir.LinguaSession{ID: hs.Session, OfferSpan: o.req.Span, AnswerSpan: r.Span}}
	st.sessions[s.s.ID] = s
	st.doc.Sessions = append(st.doc.Sessions, s.s)
	suite := ""
	if len(hs.Crypto) > 0 {
		suite = hs.Crypto[0]
	}
	switch {
	case strings.HasPrefix(suite, "PSK"), suite == "" && (o.hs.PubKey == "" || hs.PubKey == "") && (o.hs.PSKHint != "" || hs.PSKHint != ""):
		s.s.Mode = "PSK"
		if st.psk == nil {
			return
		}
		for _, hint := range []string{o.hs.PSKHint, hs.PSKHint} {
			if hint != "" && !linguacrypto.MatchPSKHint(st.psk, hint) {
				st.add(diag.Warning, CodeHintMismatch, r.Span, "check that --psk-file holds this session's pre-shared key",
					"--psk-file does not match the handshake's pskHint %q; trying it anyway", hint)
				break
			}
		}
		s.key, _ = linguacrypto.PSKSessionKey(st.psk, s.s.ID)
	case strings.HasPrefix(suite, "X25519"), suite == "" && o.hs.PubKey != "" && hs.PubKey != "":
		s.s.Mode = "X25519"
		if st.priv == nil {
			if st.psk != nil {
				// A pre-shared key cannot open an X25519 session: say so
				// rather than leave its messages locked without a word.
				st.add(diag.Warning, CodePSKUnused, r.Span, "give --key-file with the X25519 private key of one side of this session",
					"--psk-file is not used: session %q agreed on X25519 key agreement, not a pre-shared key", s.s.ID)
			}
			return
		}
		offerKey, err1 := linguacrypto.ParsePublicKey(o.hs.PubKey)
		answerKey, err2 := linguacrypto.ParsePublicKey(hs.PubKey)
		if err1 != nil || err2 != nil {
			return // reported as L109
		}
		mine := st.priv.PublicKey()
		var theirs = answerKey
		switch {
		case mine.Equal(offerKey):
		case mine.Equal(answerKey):
			theirs = offerKey
		default:
			st.add(diag.Warning, CodeNotMyKey, r.Span, "give the private key of the side that offered or answered this handshake",
				"--key-file's public key is neither side of session %q; its messages cannot be decrypted", s.s.ID)
			return
		}
		s.key, err1 = linguacrypto.SessionKey(st.priv, theirs, s.s.ID)
		if err1 != nil {
			st.add(diag.Error, CodeBadPubKey, r.Span, "the peer must send a valid X25519 public key", "handshake pubkey: %s", err1)
		}
	}
	s.s.Keyed = s.key != nil
}
