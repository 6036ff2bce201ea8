package lingua

import (
	"bytes"
	"compress/zlib"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/internal/linguacrypto"
	"github.com/rosettac/rosettac/ir"
)

// Print writes doc in canonical form: fields in the order @ # ~ % $ (fields kept
// verbatim go just before the payload), the hex digits of a request code in
// upper case (Parse reads them so; statuses and error codes keep their case), no
// indentation, '\n' line endings, and the signature on the line after its
// message. Payloads, prose, bad messages and every value keep their bytes.
func Print(doc *ir.LinguaTranscript) []byte {
	out, _ := Encode(doc, EncodeOptions{}) // without Reencode nothing can fail
	return out
}

// EncodeOptions configures Encode.
type EncodeOptions struct {
	// Reencode writes each payload from its decoded content (set by
	// passes/decode) instead of its wire text; payloads with no decoded
	// content keep their wire text. e: payloads are sealed again under
	// Keys[session] with a fresh nonce.
	Reencode bool
	Keys     map[string][]byte // session id -> session key
	Rand     io.Reader         // nonce source; nil means crypto/rand
}

// Encode writes doc as Lingua wire text. With Reencode it is the encoder of the
// IR: decode(encode(doc)) gives doc's messages and decoded contents back.
func Encode(doc *ir.LinguaTranscript, opt EncodeOptions) ([]byte, error) {
	var b bytes.Buffer
	for _, it := range doc.Items {
		switch it := it.(type) {
		case *ir.LinguaProse:
			b.WriteString(it.Text)
			b.WriteByte('\n')
		case *ir.LinguaLine:
			for i, m := range it.Messages {
				if i > 0 {
					b.WriteString(";;")
				}
				s, err := encodeMessage(m, opt)
				if err != nil {
					return nil, err
				}
				b.WriteString(s)
			}
			if len(it.Messages) > 0 {
				b.WriteByte('\n')
			}
			if s := it.Signature; s != nil {
				if s.Version == "" { // unreadable: kept verbatim
					b.WriteString(s.Source)
				} else {
					b.WriteString(sigPrefix + s.Version + "@" + s.Source)
				}
				b.WriteByte('\n')
			}
		}
	}
	return b.Bytes(), nil
}

// encodeMessage writes one message as wire text.
func encodeMessage(m ir.LinguaMessage, opt EncodeOptions) (string, error) {
	var b strings.Builder
	var f *ir.LinguaFields
	switch m := m.(type) {
	case *ir.LinguaNatural:
		return alien + " " + m.Text, nil
	case *ir.LinguaBad:
		return m.Text, nil
	case *ir.LinguaRequest:
		b.WriteString(alien)
		b.WriteByte(m.Domain)
		b.WriteByte(m.Action)
		if m.Modifier != 0 {
			b.WriteByte(m.Modifier)
		}
		f = &m.LinguaFields
	case *ir.LinguaResponse:
		b.WriteByte('^')
		b.WriteByte(m.Status)
		f = &m.LinguaFields
	case *ir.LinguaError:
		b.WriteString("!E")
		b.WriteByte(m.Type)
		if m.Sub != 0 {
			b.WriteByte(m.Sub)
		}
		if m.Details != "" {
			b.WriteString("|" + m.Details)
		}
		f = &m.LinguaFields
	default:
		return "", fmt.Errorf("unknown message type %T", m)
	}
	if t := f.Target; t != nil {
		b.WriteString("|@" + t.Text)
	}
	if id := f.ID; id != nil {
		b.WriteString("|#" + id.Text)
	}
	if t := f.Time; t != nil {
		b.WriteString("|~" + t.Text)
	}
	for _, c := range f.Conds {
		b.WriteString("|%" + c.Text)
	}
	for _, x := range f.Extra {
		b.WriteString("|" + x.Text)
	}
	if pl := f.Payload; pl != nil {
		text := pl.Text
		if opt.Reencode && pl.Decoded != nil {
			var err error
			if text, err = encodePayload(pl.Kind, pl.Decoded, opt.Keys[f.Session], opt.Rand); err != nil {
				return "", err
			}
		}
		b.WriteString("|$" + text)
	}
	return b.String(), nil
}

// Content returns the bytes of decoded content: compact JSON for JSON content,
// the text otherwise. Binary content is not kept in the IR and has none.
func Content(d *ir.LinguaDecoded) ([]byte, error) {
	switch {
	case d.JSON != nil:
		return jsonvalue.Compact(d.JSON), nil
	case d.Binary:
		return nil, errors.New("binary payload content is not kept in the IR")
	}
	return []byte(d.Text), nil
}

// encodePayload writes decoded content as the text of a payload of the given
// kind (without '$'). key is the session key, needed only for e: payloads.
func encodePayload(kind ir.LinguaPayloadKind, d *ir.LinguaDecoded, key []byte, rnd io.Reader) (string, error) {
	content, err := Content(d)
	if err != nil {
		return "", err
	}
	return EncodeBytes(kind, content, key, rnd)
}

// EncodeBytes writes content as the text of a payload of the given kind.
func EncodeBytes(kind ir.LinguaPayloadKind, content, key []byte, rnd io.Reader) (string, error) {
	b64 := base64.StdEncoding.EncodeToString
	switch kind {
	case ir.PayloadText:
		return b64(content), nil
	case ir.PayloadJSON:
		return "j:" + b64(content), nil
	case ir.PayloadZlib:
		var z bytes.Buffer
		w := zlib.NewWriter(&z)
		w.Write(content) // writes to a bytes.Buffer do not fail
		w.Close()
		return "z:" + b64(z.Bytes()), nil
	case ir.PayloadRaw:
		if strings.Contains(string(content), ";;") || strings.ContainsAny(string(content), "\r\n") {
			return "", errors.New("a raw payload cannot hold ;; or a line break")
		}
		return "r:" + string(content), nil
	case ir.PayloadEncrypted:
		if key == nil {
			return "", errors.New("no session key for an encrypted payload")
		}
		if rnd == nil {
			rnd = rand.Reader
		}
		return linguacrypto.SealPayload(key, content, rnd)
	}
	return "", fmt.Errorf("unknown payload kind %d", kind)
}
