// Package decode owns the decoding of Agent Lingua payloads and the sessions
// that make encrypted ones readable. Run walks a transcript in order and:
//
//   - decodes every payload (base64 text, j: JSON, z: zlib under a size cap,
//     r: raw, e: AES-256-GCM) into ir.LinguaPayload.Decoded, JSON with its keys
//     expanded through the field table as a view (the wire is never rewritten);
//   - reads handshake offers (👽09) and their answers into ir.LinguaHandshake,
//     establishes sessions from accepting answers (ir.LinguaTranscript.Sessions),
//     derives session keys (X25519 + HKDF-SHA256, or a PSK) from the key files
//     given, ends sessions at 👽08, and records which session each message names.
//
// Diagnostics are L101-L113. No key, and no plaintext of a payload that failed
// to decrypt, ever appears in a diagnostic or in the IR.
package decode

import (
	"bytes"
	"compress/zlib"
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/internal/linguacrypto"
	"github.com/rosettac/rosettac/internal/linguajson"
	"github.com/rosettac/rosettac/ir"
)

// DefaultMaxInflate is the default cap on a z: payload's inflated size (1 MiB).
const DefaultMaxInflate = 1 << 20

// DefaultMaxInflateTotal is the default cap on the inflated size of all of a
// document's z: payloads together (64 MiB): the per-payload cap alone let
// 3,000 payloads in a 4 MB file inflate to 3 GB.
const DefaultMaxInflateTotal = 64 << 20

// Diagnostic codes of the decode pass.
const (
	CodeBadBase64    = "L101" // a payload body that is not base64
	CodeLaxBase64    = "L102" // unpadded or URL-safe base64, accepted
	CodeBadJSON      = "L103" // a j: payload that is not JSON
	CodeBadZlib      = "L104" // a z: payload that is not a zlib stream
	CodeInflateCap   = "L105" // a z: payload that inflates past the cap
	CodeInflateTotal = "L114" // the z: payloads of a document inflate past the total cap
	CodeLocked       = "L106" // an e: payload with no key to open it (info)
	CodeAuthFailed   = "L107" // an e: payload whose tag check failed
	CodeBadSealed    = "L108" // an e: payload whose nonce or ciphertext has the wrong size
	CodeBadPubKey    = "L109" // a handshake public key that is not an X25519 key
	CodeHintMismatch = "L110" // the PSK does not match the handshake's pskHint
	CodeBadKeyFile   = "L111" // the --key-file is not an X25519 private key
	CodeNotMyKey     = "L112" // the --key-file's public key is neither side of a session
	CodeBinary       = "L113" // decoded content that is not UTF-8 text (info)
	CodePSKUnused    = "L115" // --psk-file given for a session that agreed on X25519
)

// Options holds the key material and limits.
type Options struct {
	PrivateKey []byte // contents of --key-file (PEM PKCS #8, or base64 of 32 raw bytes), or nil
	PSK        []byte // contents of --psk-file (one trailing newline is removed), or nil
	SessionID  string // --session: the session of an input with no handshake
	MaxInflate int    // cap on z: output; 0 means DefaultMaxInflate
	// MaxInflateTotal caps the z: output of the whole document; 0 means
	// DefaultMaxInflateTotal.
	MaxInflateTotal int
}

type state struct {
	opt      Options
	doc      *ir.LinguaTranscript
	ds       diag.List
	priv     *ecdh.PrivateKey
	psk      []byte
	sessions map[string]*session
	offers   []*offer      // unanswered handshake offers, oldest first
	inflated int           // bytes the document's z: payloads have inflated to so far
	zr       io.ReadCloser // the zlib reader, reset for each z: payload, or nil
}

type session struct {
	s   *ir.LinguaSession
	key []byte // or nil
}

type offer struct {
	req *ir.LinguaRequest
	hs  *ir.LinguaHandshake
}

// Run decodes every payload of doc and establishes its sessions.
func Run(doc *ir.LinguaTranscript, opt Options) diag.List {
	return NewDecoder(opt).Decode(doc)
}

// Decoder is Run for a transcript that arrives in pieces (compiler.Stream):
// each Decode call reads one more piece, with the sessions and handshake
// offers of the pieces before it.
type Decoder struct {
	st      *state
	started bool
	keyErr  error // --key-file did not parse: reported by the first Decode
}

// NewDecoder returns a Decoder with opt's keys.
func NewDecoder(opt Options) *Decoder {
	st := &state{opt: opt, sessions: map[string]*session{}}
	if st.opt.MaxInflate <= 0 {
		st.opt.MaxInflate = DefaultMaxInflate
	}
	if st.opt.MaxInflateTotal <= 0 {
		st.opt.MaxInflateTotal = DefaultMaxInflateTotal
	}
	d := &Decoder{st: st}
	if len(opt.PrivateKey) > 0 {
		k, err := linguacrypto.ParsePrivateKey(opt.PrivateKey)
		if err != nil {
			d.keyErr = err
		} else {
			st.priv = k
		}
	}
	if opt.PSK != nil {
		st.psk = bytes.TrimSuffix(bytes.TrimSuffix(opt.PSK, []byte("\n")), []byte("\r"))
	}
	return d
}

// Decode decodes every payload of doc, establishing the sessions its
// handshakes set up (in doc.Sessions), and returns its diagnostics.
func (d *Decoder) Decode(doc *ir.LinguaTranscript) diag.List {
	st := d.st
	st.doc, st.ds = doc, nil
	if !d.started {
		d.started = true
		if d.keyErr != nil {
			st.ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeBadKeyFile, Span: doc.Span.Collapse(),
				Message: "--key-file: " + d.keyErr.Error(),
				Hint:    "give a PEM PKCS #8 X25519 private key, or the base64 of its 32 raw bytes"})
		}
		if id := st.opt.SessionID; id != "" {
			s := &session{s: &ir.LinguaSession{ID: id}}
			if st.psk != nil {
				s.s.Mode = "PSK"
				s.key, _ = linguacrypto.PSKSessionKey(st.psk, id)
				s.s.Keyed = s.key != nil
			}
			st.sessions[s.s.ID] = s
			doc.Sessions = append(doc.Sessions, s.s)
		}
	}
	for _, it := range doc.Items {
		if line, ok := it.(*ir.LinguaLine); ok {
			for _, m := range line.Messages {
				st.message(m)
			}
		}
	}
	return st.ds
}

func (st *state) add(sev diag.Severity, code string, sp diag.Span, hint, format string, args ...any) {
	st.ds.Add(diag.Diagnostic{Severity: sev, Code: code, Span: sp, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

func (st *state) message(m ir.LinguaMessage) {
	f := ir.LinguaFieldsOf(m)
	if f == nil {
		return
	}
	var sess *session
	switch {
	case f.ID != nil:
		sess = st.sessions[f.ID.Text]
	case st.opt.SessionID != "":
		sess = st.sessions[st.opt.SessionID]
	}
	if sess != nil {
		f.Session = sess.s.ID
		f.Ended = sess.s.EndSpan.IsValid()
	}
	if pl := f.Payload; pl != nil {
		if pl.Kind == ir.PayloadEncrypted {
			st.decrypt(pl, sess, f.Ended)
		} else {
			st.decode(pl)
		}
		st.handshake(m, pl)
	}
	if r, ok := m.(*ir.LinguaRequest); ok && r.Domain == '0' && r.Action == '8' && sess != nil && !f.Ended {
		sess.s.EndSpan = r.Span
		sess.key = nil // the key is invalidated with the session
	}
}

// decode reads a payload that is not encrypted.
func (st *state) decode(pl *ir.LinguaPayload) {
	if pl.Kind == ir.PayloadRaw {
		pl.Decoded = &ir.LinguaDecoded{Text: pl.Body, Size: len(pl.Body)}
		return
	}
	raw, ok := st.base64(pl.Body, pl.BodySpan, "payload")
	if !ok {
		return
	}
	switch pl.Kind {
	case ir.PayloadText:
		pl.Decoded = st.content(raw, false, pl.BodySpan)
	case ir.PayloadJSON:
		v, err := jsonvalue.Parse(raw)
		if err != nil {
			st.add(diag.Error, CodeBadJSON, pl.BodySpan, "a j: payload is base64 of one JSON value", "j: payload is not JSON: %s", err)
			return
		}
		linguajson.Expand(v)
		pl.Decoded = &ir.LinguaDecoded{JSON: v, Size: len(raw)}
	case ir.PayloadZlib:
		left := st.opt.MaxInflateTotal - st.inflated
		out, err := inflate(&st.zr, raw, min(st.opt.MaxInflate, left))
		switch {
		case errors.Is(err, errCap) && left < st.opt.MaxInflate:
			st.inflated = st.opt.MaxInflateTotal
			st.add(diag.Error, CodeInflateTotal, pl.BodySpan, "if the document is legitimate, raise the total with --max-inflate-total (lingua: max_inflate_total: in rosettac.yaml); else check the sender",
				"the z: payloads of this document inflate past the total cap of %d bytes; this one was not decoded", st.opt.MaxInflateTotal)
		case errors.Is(err, errCap):
			st.add(diag.Error, CodeInflateCap, pl.BodySpan, "if the payload is legitimate, raise the cap with --max-inflate (lingua: max_inflate: in rosettac.yaml); else check the sender",
				"z: payload inflates past the cap of %d bytes; decoding stopped there", st.opt.MaxInflate)
		case err != nil:
			st.add(diag.Error, CodeBadZlib, pl.BodySpan, "a z: payload is base64 of a zlib (RFC 1950) stream", "z: payload is not a valid zlib stream: %s", err)
		default:
			st.inflated += len(out)
			pl.Decoded = st.content(out, true, pl.BodySpan)
		}
	}
}

var errCap = errors.New("over the cap")

// inflate decompresses a zlib stream, reading at most max+1 bytes of output so
// that a decompression bomb costs no more than the cap. *zr is a zlib reader
// kept from the last payload and reset for this one (or nil, and then made):
// a new reader allocates its 32 KB window and tables, which was most of the
// cost of a document of small z: payloads (docs/performance.md, "Lingua").
func inflate(zr *io.ReadCloser, b []byte, max int) ([]byte, error) {
	var err error
	if *zr == nil {
		*zr, err = zlib.NewReader(bytes.NewReader(b))
	} else {
		err = (*zr).(zlib.Resetter).Reset(bytes.NewReader(b), nil)
	}
	if err != nil {
		*zr = nil
		return nil, errors.New(strings.TrimPrefix(err.Error(), "zlib: "))
	}
	r := *zr
	var out bytes.Buffer
	n, err := io.Copy(&out, io.LimitReader(r, int64(min(max, math.MaxInt-1))+1)) // max+1 never overflows
	if n > int64(max) {
		return nil, errCap
	}
	if err != nil {
		return nil, errors.New(strings.TrimPrefix(strings.TrimPrefix(err.Error(), "zlib: "), "flate: "))
	}
	if err := r.Close(); err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "zlib: "))
	}
	return out.Bytes(), nil
}

// content classifies decoded bytes: JSON (only when sniff is set, for z: and
// e: payloads whose content is an object or array), UTF-8 text, or binary.
func (st *state) content(b []byte, sniff bool, sp diag.Span) *ir.LinguaDecoded {
	d := &ir.LinguaDecoded{Size: len(b)}
	if t := bytes.TrimSpace(b); sniff && len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		if v, err := jsonvalue.Parse(b); err == nil {
			linguajson.Expand(v)
			d.JSON = v
			return d
		}
	}
	if utf8.Valid(b) {
		d.Text = string(b)
		return d
	}
	d.Binary = true
	st.add(diag.Info, CodeBinary, sp, "", "payload content is %d bytes of binary data, not UTF-8 text (not shown)", len(b))
	return d
}

// base64 decodes standard padded base64; unpadded or URL-safe input is
// accepted with a warning; anything else is an error naming the byte offset.
func (st *state) base64(s string, sp diag.Span, what string) ([]byte, bool) {
	if b, err := base64.StdEncoding.DecodeString(s); err == nil {
		return b, true
	}
	trimmed := strings.TrimRight(s, "=")
	enc, kind := base64.RawStdEncoding, "unpadded"
	if strings.ContainsAny(s, "-_") {
		enc, kind = base64.RawURLEncoding, "URL-safe"
	}
	if b, err := enc.DecodeString(trimmed); err == nil {
		st.add(diag.Warning, CodeLaxBase64, sp, "write standard base64 with padding (RFC 4648 §4)", "%s is %s base64; accepted", what, kind)
		return b, true
	}
	off := badBase64Offset(s)
	st.add(diag.Error, CodeBadBase64, at(sp, s, off), "a payload without r: is standard base64 (A-Z a-z 0-9 + / and = padding)",
		"%s is not base64 (byte %d: %s)", what, off, describe(s, off))
	return nil, false
}

// at narrows span sp, which holds exactly the text s on one line, to the rune at byte off.
func at(sp diag.Span, s string, off int) diag.Span {
	if off < 0 || off >= len(s) {
		return sp
	}
	_, n := utf8.DecodeRuneInString(s[off:])
	return sp.At(sp.StartOffset()+off, sp.StartOffset()+off+n)
}

func badBase64Offset(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isAlnum(c) || c == '+' || c == '/' || c == '-' || c == '_' || c == '=') {
			return i
		}
		if c == '=' && strings.TrimLeft(s[i:], "=") != "" {
			return i
		}
	}
	return len(s)
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func describe(s string, off int) string {
	if off >= len(s) {
		return "the length is not a whole number of base64 groups"
	}
	r, _ := utf8.DecodeRuneInString(s[off:])
	return fmt.Sprintf("%q is not a base64 character", r)
}

// decrypt opens an e: payload with the key of the session its message names.
func (st *state) decrypt(pl *ir.LinguaPayload, sess *session, ended bool) {
	if sess == nil || ended {
		return // no established session: passes/linguacheck reports it (L201, L202)
	}
	sess.s.Encrypted++
	nonce, ok1 := st.base64(pl.Nonce, pl.NonceSpan, "nonce")
	ct, ok2 := st.base64(pl.Body, pl.BodySpan, "ciphertext")
	if !ok1 || !ok2 {
		return
	}
	if len(nonce) != linguacrypto.NonceSize {
		st.add(diag.Error, CodeBadSealed, pl.NonceSpan, "the nonce of an e: payload is 12 random bytes",
			"nonce is %d bytes, not %d", len(nonce), linguacrypto.NonceSize)
		return
	}
	if len(ct) < linguacrypto.TagSize {
		st.add(diag.Error, CodeBadSealed, pl.BodySpan, "the ciphertext of an e: payload ends with a 16-byte tag",
			"ciphertext is %d bytes, shorter than the %d-byte tag", len(ct), linguacrypto.TagSize)
		return
	}
	if sess.key == nil {
		st.add(diag.Info, CodeLocked, pl.Span, "give --key-file (the X25519 private key of one side) or --psk-file",
			"encrypted payload not decrypted: no key for session %q", sess.s.ID)
		return
	}
	pt, err := linguacrypto.Open(sess.key, nonce, ct)
	if err != nil {
		// The plaintext is never shown, not even in part.
		st.add(diag.Error, CodeAuthFailed, pl.Span, "check that the key files belong to this session; otherwise the message was altered in transit",
			"encrypted payload in session %q cannot be decrypted: %s", sess.s.ID, err)
		return
	}
	d := st.content(pt, true, pl.Span)
	d.Decrypted = true
	pl.Decoded = d
}
