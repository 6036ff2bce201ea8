package decode

import (
	"bytes"
	"compress/zlib"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	grammar "github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/internal/linguacrypto"
	"github.com/rosettac/rosettac/ir"
)

func run(t *testing.T, src string, opt Options) (*ir.LinguaTranscript, diag.List) {
	t.Helper()
	doc, ds := grammar.Parse(diag.NewSource("t.lingua", []byte(src)))
	if ds.HasErrors() {
		t.Fatalf("parse: %s", ds)
	}
	ds = append(ds, Run(doc, opt)...)
	return doc, ds
}

// contents lists the decoded content of every payload in order: JSON compact
// with wire keys, text quoted, or "-" when not decoded.
func contents(doc *ir.LinguaTranscript) []string {
	var out []string
	for _, it := range doc.Items {
		if l, ok := it.(*ir.LinguaLine); ok {
			for _, m := range l.Messages {
				if f := ir.LinguaFieldsOf(m); f != nil && f.Payload != nil {
					switch d := f.Payload.Decoded; {
					case d == nil:
						out = append(out, "-")
					case d.JSON != nil:
						out = append(out, string(jsonvalue.Compact(d.JSON)))
					default:
						out = append(out, fmt.Sprintf("%q", d.Text))
					}
				}
			}
		}
	}
	return out
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// Every example of the seed and of lingua.md decodes to what the text says.
func TestSeedExamples(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"signature example", "👽73|@1|$j:eyJ0Ijoi5rWL6K+VIn0=\n--👽lingua/0.4@agent-lingua\n", []string{`{"t":"测试"}`}},
		{"moltbook post", "👽73|@1|$j:eyJ0IjoidGVzdCIsImMiOiJoZWxsbyB3b3JsZCJ9\n--👽lingua/0.4@agent-lingua\n", []string{`{"t":"test","c":"hello world"}`}},
		{"scheduled reminder", "👽42|@H|~+1d15h|$bWVldGluZw==\n--👽lingua/0.4@agent-lingua\n", []string{`"meeting"`}},
		{"compound", "👽71|@1|#post-123;;👽79|@1|#post-123|$Z3JlYXQgcG9zdA==", []string{`"great post"`}},
		{"raw", "👽10|@bob|$r:hello | world", []string{`"hello | world"`}},
		{"errors", "!E2W\n!E5|~+30m", nil},
		{"handshake offer", "👽09|$j:" + b64(`{"protocol":"agent-lingua","version":"0.4","spec":"https://clawhub.ai/xiwan/agent-lingua","capabilities":["0","1","7"],"security":["E","B","P"],"crypto":["X25519+AES-GCM","PSK+AES-GCM"],"pubkey":"hSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo="}`),
			[]string{`{"protocol":"agent-lingua","version":"0.4","spec":"https://clawhub.ai/xiwan/agent-lingua","capabilities":["0","1","7"],"security":["E","B","P"],"crypto":["X25519+AES-GCM","PSK+AES-GCM"],"pubkey":"hSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo="}`}},
		{"handshake learning, reject, version", "^2|$j:" + b64(`{"accepted":false,"learning":true}`) + "\n^A|$j:" + b64(`{"reason":"security"}`) + "\n!E1|$j:" + b64(`{"version":"0.4","unsupported":["0.5"]}`),
			[]string{`{"accepted":false,"learning":true}`, `{"reason":"security"}`, `{"version":"0.4","unsupported":["0.5"]}`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, ds := run(t, tc.in, Options{})
			if ds.HasErrors() {
				t.Errorf("diagnostics: %s", ds)
			}
			if d := cmp.Diff(tc.want, contents(doc)); d != "" {
				t.Errorf("contents (-want +got):\n%s", d)
			}
		})
	}
}

func TestFieldExpansion(t *testing.T) {
	doc, _ := run(t, "👽73|$j:"+b64(`{"t":"x","c":"a","ct":"b","zz":1,"meta":{"ui":"u1"}}`), Options{})
	j := doc.Items[0].(*ir.LinguaLine).Messages[0].(*ir.LinguaRequest).Payload.Decoded.JSON
	var got []string
	for _, m := range j.Members {
		got = append(got, jsonvalue.DisplayKey(j, m))
	}
	if d := cmp.Diff([]string{"title", "content [c]", "content [ct]", "zz", "meta"}, got); d != "" {
		t.Error(d)
	}
	if j.Member("meta").Members[0].Full != "userId" {
		t.Error("nested keys not expanded")
	}
	// The wire is untouched.
	if p := doc.Items[0].(*ir.LinguaLine).Messages[0].(*ir.LinguaRequest).Payload.Text; !strings.HasPrefix(p, "j:eyJ0Ijoi") {
		t.Errorf("payload text changed: %s", p)
	}
}

func TestBase64Leniency(t *testing.T) {
	for _, tc := range []struct {
		in    string
		codes []string
		want  []string
	}{
		{"👽10|$bWVldGluZw", []string{"L102"}, []string{`"meeting"`}},
		{"👽10|$Pz8_", []string{"L102"}, []string{`"???"`}},
		{"👽10|$bWV*ldGluZw==", []string{"L101"}, []string{"-"}},
		{"👽10|$bWVld", []string{"L101"}, []string{"-"}},
		{"👽10|$j:" + b64("{nope"), []string{"L103"}, []string{"-"}},
		{"👽10|$z:" + b64("not zlib"), []string{"L104"}, []string{"-"}},
		{"👽10|$" + base64.StdEncoding.EncodeToString([]byte{0xff, 0xfe}), []string{"L113"}, []string{`""`}},
	} {
		doc, ds := run(t, tc.in, Options{})
		if d := cmp.Diff(tc.codes, ds.Codes()); d != "" {
			t.Errorf("%s: codes %s", tc.in, d)
		}
		if d := cmp.Diff(tc.want, contents(doc)); d != "" {
			t.Errorf("%s: contents %s", tc.in, d)
		}
	}
	// The error names the byte offset of the bad character and points at it.
	_, ds := run(t, "👽10|$bWV*ldGluZw==", Options{})
	if !strings.Contains(ds[0].Message, "byte 3") || ds[0].Span.Start().Col != 9 {
		t.Errorf("L101 = %v at %v", ds[0].Message, ds[0].Span)
	}
}

func zlibOf(b []byte) string {
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(b)
	w.Close()
	return base64.StdEncoding.EncodeToString(z.Bytes())
}

// A zlib payload that inflates past the cap is stopped at the cap.
func TestZlibCap(t *testing.T) {
	bomb := zlibOf(make([]byte, 10<<20)) // 10 MiB of zeros, about 10 KiB compressed
	doc, ds := run(t, "👽10|$z:"+bomb, Options{})
	if d := cmp.Diff([]string{"L105"}, ds.Codes()); d != "" {
		t.Fatal(d)
	}
	if !strings.Contains(ds[0].Message, "cap of 1048576 bytes") {
		t.Error(ds[0].Message)
	}
	if doc.Items[0].(*ir.LinguaLine).Messages[0].(*ir.LinguaRequest).Payload.Decoded != nil {
		t.Error("capped payload has content")
	}
	_, ds = run(t, "👽10|$z:"+zlibOf([]byte("12345")), Options{MaxInflate: 4})
	if d := cmp.Diff([]string{"L105"}, ds.Codes()); d != "" {
		t.Error(d)
	}
	doc, ds = run(t, "👽10|$z:"+zlibOf([]byte(`{"t":"x"}`))+"\n👽10|$z:"+zlibOf([]byte("1234")), Options{MaxInflate: 4})
	if d := cmp.Diff([]string{"L105"}, ds.Codes()); d != "" {
		t.Error(d)
	}
	if d := cmp.Diff([]string{"-", `"1234"`}, contents(doc)); d != "" {
		t.Error(d)
	}
}

// side is one party of a test handshake.
type side struct {
	priv *ecdh.PrivateKey
	file []byte // its key file: base64 of the raw private key
}

func newSide(t *testing.T) side {
	k, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return side{k, []byte(base64.StdEncoding.EncodeToString(k.Bytes()) + "\n")}
}

func sealed(t *testing.T, key []byte, msg string) string {
	p, err := linguacrypto.SealPayload(key, []byte(msg), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// handshakeTranscript is a full X25519 handshake between a and b, then
// encrypted messages both ways, a 👽08 end and one message after it.
func handshakeTranscript(t *testing.T, a, b side) (string, []byte) {
	offer := fmt.Sprintf(`{"protocol":"agent-lingua","version":"0.4","capabilities":["0","1","7"],"security":["E","B"],"crypto":["X25519+AES-GCM"],"pubkey":%q}`, linguacrypto.EncodePublicKey(a.priv.PublicKey()))
	answer := fmt.Sprintf(`{"accepted":true,"version":"0.4","capabilities":["0","7"],"security":["E"],"crypto":["X25519+AES-GCM"],"pubkey":%q,"session":"s-1","fingerprint":%q}`,
		linguacrypto.EncodePublicKey(b.priv.PublicKey()), linguacrypto.Fingerprint(b.priv.PublicKey()))
	key, err := linguacrypto.SessionKey(a.priv, b.priv.PublicKey(), "s-1")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join([]string{
		"👽09|@bob|$j:" + b64(offer),
		"^0|$j:" + b64(answer),
		"👽737|@1|#s-1|$" + sealed(t, key, `{"t":"hi","c":"from a"}`),
		"^0|#s-1|$" + sealed(t, key, "from b"),
		"👽08|#s-1",
		"👽737|#s-1|$" + sealed(t, key, "late"),
	}, "\n") + "\n", key
}

func TestHandshakeAndEncryptedMessages(t *testing.T) {
	a, b := newSide(t), newSide(t)
	src, _ := handshakeTranscript(t, a, b)
	want := []string{"*", "*", `{"t":"hi","c":"from a"}`, `"from b"`, "-"}
	for _, who := range []side{a, b} {
		doc, ds := run(t, src, Options{PrivateKey: who.file})
		if len(ds) != 0 {
			t.Errorf("diagnostics: %s", ds)
		}
		got := contents(doc)
		got[0], got[1] = "*", "*"
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("contents (-want +got):\n%s", d)
		}
		if len(doc.Sessions) != 1 || !doc.Sessions[0].Keyed || doc.Sessions[0].Mode != "X25519" || doc.Sessions[0].Encrypted != 2 || !doc.Sessions[0].EndSpan.IsValid() {
			t.Errorf("session = %+v", doc.Sessions[0])
		}
		last := doc.Items[5].(*ir.LinguaLine).Messages[0].(*ir.LinguaRequest)
		if last.Session != "s-1" || !last.Ended {
			t.Errorf("message after 👽08: session %q ended %v", last.Session, last.Ended)
		}
	}
	// Without a key: info, never an error, and nothing decrypted.
	doc, ds := run(t, src, Options{})
	if d := cmp.Diff([]string{"L106", "L106"}, ds.Codes()); d != "" {
		t.Error(d)
	}
	if d := cmp.Diff([]string{"-", "-", "-"}, contents(doc)[2:]); d != "" {
		t.Error(d)
	}
	// A third party's key is neither side.
	_, ds = run(t, src, Options{PrivateKey: newSide(t).file})
	if d := cmp.Diff([]string{"L112", "L106", "L106"}, ds.Codes()); d != "" {
		t.Error(d)
	}
}

// A --psk-file cannot open a session that agreed on X25519: L115 says so once
// per session, where it would otherwise be left locked without a word (issue
// 14, defect 8). With the private key, or with no PSK, there is no L115.
func TestPSKUnusedForX25519(t *testing.T) {
	a, b := newSide(t), newSide(t)
	src, _ := handshakeTranscript(t, a, b)
	_, ds := run(t, src, Options{PSK: []byte("not this session's key\n")})
	if d := cmp.Diff([]string{"L115", "L106", "L106"}, ds.Codes()); d != "" {
		t.Errorf("codes (-want +got):\n%s", d)
	}
	if !strings.Contains(ds[0].Message, `"s-1"`) || !strings.Contains(ds[0].Hint, "--key-file") || strings.Contains(ds.String(), "not this session") {
		t.Errorf("L115 = %v", ds[0])
	}
	if _, ds := run(t, src, Options{PSK: []byte("k"), PrivateKey: a.file}); slices.Contains(ds.Codes(), "L115") {
		t.Errorf("with the private key too: %v", ds)
	}
}

// A flipped bit anywhere in nonce, ciphertext or tag, or a wrong key, is an
// error that shows no plaintext and no key.
func TestTamperedPayloads(t *testing.T) {
	a, b := newSide(t), newSide(t)
	src, _ := handshakeTranscript(t, a, b)
	lines := strings.Split(src, "\n")
	p := strings.TrimPrefix(lines[2][strings.Index(lines[2], "$e:"):], "$e:")
	nonceB64, ctB64, _ := strings.Cut(p, ":")
	nonce, _ := base64.StdEncoding.DecodeString(nonceB64)
	ct, _ := base64.StdEncoding.DecodeString(ctB64)
	flip := func(b []byte, i int) string {
		c := bytes.Clone(b)
		c[i/8] ^= 1 << (i % 8)
		return base64.StdEncoding.EncodeToString(c)
	}
	variants := map[string]string{
		"nonce":      flip(nonce, 5) + ":" + ctB64,
		"ciphertext": nonceB64 + ":" + flip(ct, 3),
		"tag":        nonceB64 + ":" + flip(ct, len(ct)*8-1),
	}
	for _, name := range []string{"nonce", "ciphertext", "tag"} {
		l := append([]string(nil), lines...)
		l[2] = "👽737|@1|#s-1|$e:" + variants[name]
		doc, ds := run(t, strings.Join(l, "\n"), Options{PrivateKey: a.file})
		if d := cmp.Diff([]string{"L107"}, ds.Codes()); d != "" {
			t.Errorf("%s: %s", name, d)
		}
		if contents(doc)[2] != "-" {
			t.Errorf("%s: tampered payload decoded", name)
		}
		checkNoSecrets(t, ds, a, "from a")
	}
	// The wrong key: a PSK for an X25519 session does not apply, so use a
	// transcript where the session is PSK and the PSK is wrong.
	psk := []byte("right psk")
	key, _ := linguacrypto.PSKSessionKey(psk, "p-1")
	pskSrc := "👽09|$j:" + b64(`{"protocol":"agent-lingua","version":"0.4","security":["E"],"crypto":["PSK+AES-GCM"],"pskHint":"`+linguacrypto.PSKHint(psk)+`"}`) +
		"\n^0|$j:" + b64(`{"accepted":true,"session":"p-1","crypto":["PSK+AES-GCM"],"security":["E"]}`) +
		"\n👽737|#p-1|$" + sealed(t, key, "psk secret") + "\n"
	doc, ds := run(t, pskSrc, Options{PSK: append(psk, '\n')})
	if len(ds) != 0 || contents(doc)[2] != `"psk secret"` {
		t.Errorf("right PSK: %s %v", ds, contents(doc))
	}
	doc, ds = run(t, pskSrc, Options{PSK: []byte("wrong psk")})
	if d := cmp.Diff([]string{"L110", "L107"}, ds.Codes()); d != "" {
		t.Error(d)
	}
	if contents(doc)[2] != "-" {
		t.Error("wrong key decoded")
	}
	for _, d := range ds {
		if strings.Contains(d.Message+d.Hint, "psk secret") || strings.Contains(d.Message+d.Hint, "wrong psk") {
			t.Errorf("secret in diagnostic: %s", d.Message)
		}
	}
}

func checkNoSecrets(t *testing.T, ds diag.List, s side, plaintext string) {
	t.Helper()
	key := strings.TrimSpace(string(s.file))
	for _, d := range ds {
		text := d.Message + d.Hint
		if strings.Contains(text, key) || strings.Contains(text, plaintext) {
			t.Errorf("diagnostic leaks a secret: %s", text)
		}
	}
}

func TestBadKeys(t *testing.T) {
	_, ds := run(t, "👽10|$r:x", Options{PrivateKey: []byte("secret-not-a-key")})
	if d := cmp.Diff([]string{"L111"}, ds.Codes()); d != "" || strings.Contains(ds[0].Message, "secret-not-a-key") {
		t.Errorf("%s %s", d, ds)
	}
	ed := "MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE="
	_, ds = run(t, "👽09|$j:"+b64(`{"protocol":"agent-lingua","pubkey":"`+ed+`"}`), Options{})
	if d := cmp.Diff([]string{"L109"}, ds.Codes()); d != "" || !strings.Contains(ds[0].Message, "Ed25519") {
		t.Errorf("%s %s", d, ds)
	}
}

// --session names the session of an input with no handshake; with a PSK its
// messages decrypt.
func TestSessionFlag(t *testing.T) {
	key, _ := linguacrypto.PSKSessionKey([]byte("k"), "given")
	doc, ds := run(t, "👽737|$"+sealed(t, key, "via flag")+"\n", Options{PSK: []byte("k"), SessionID: "given"})
	if len(ds) != 0 || contents(doc)[0] != `"via flag"` {
		t.Errorf("%s %v", ds, contents(doc))
	}
}

// A nonce of the wrong size, or a ciphertext shorter than the tag, is L108.
func TestMalformedSealed(t *testing.T) {
	key, _ := linguacrypto.PSKSessionKey([]byte("k"), "s")
	good := strings.TrimPrefix(sealed(t, key, "x"), "e:")
	_, ct, _ := strings.Cut(good, ":")
	for _, p := range []string{"e:AAAA:" + ct, "e:AAECAwQFBgcICQoL:AAAA"} {
		_, ds := run(t, "👽737|#s|$"+p, Options{PSK: []byte("k"), SessionID: "s"})
		if d := cmp.Diff([]string{"L108"}, ds.Codes()); d != "" {
			t.Errorf("%s: %s", p, d)
		}
	}
}

// The z: payloads of one document share a total cap (L114): the payloads
// after it are not decoded, each reported; those before it are.
func TestZlibTotalCap(t *testing.T) {
	z := zlibOf(bytes.Repeat([]byte("a"), 400))
	doc, ds := run(t, strings.Repeat("👽10|$z:"+z+"\n", 4), Options{MaxInflateTotal: 1000})
	if d := cmp.Diff([]string{"L114", "L114"}, ds.Codes()); d != "" {
		t.Fatal(d)
	}
	if !strings.Contains(ds[0].Message, "total cap of 1000 bytes") || !strings.Contains(ds[0].Hint, "--max-inflate-total") {
		t.Error(ds[0].Message, ds[0].Hint)
	}
	decoded := 0
	for _, c := range contents(doc) {
		if c != "-" {
			decoded++
		}
	}
	if decoded != 2 {
		t.Errorf("%d payloads decoded, want 2: %v", decoded, contents(doc))
	}
}

// The zlib reader is reused from payload to payload: a payload after a bad
// stream, a truncated one and one stopped at the cap decodes as it would
// alone.
func TestZlibReaderReused(t *testing.T) {
	good := zlibOf([]byte("after"))
	full := zlibOf([]byte("short"))
	raw, _ := base64.StdEncoding.DecodeString(full)
	truncated := base64.StdEncoding.EncodeToString(raw[:len(raw)-4]) // no checksum
	doc, ds := run(t, "👽10|$z:"+good+"\n👽10|$z:"+b64("not zlib")+"\n👽10|$z:"+good+
		"\n👽10|$z:"+truncated+"\n👽10|$z:"+good+"\n👽10|$z:"+zlibOf([]byte("0123456789ab"))+"\n👽10|$z:"+good, Options{MaxInflate: 10})
	if d := cmp.Diff([]string{"L104", "L104", "L105"}, ds.Codes()); d != "" {
		t.Error(d)
	}
	if d := cmp.Diff([]string{`"after"`, "-", `"after"`, "-", `"after"`, "-", `"after"`}, contents(doc)); d != "" {
		t.Error(d)
	}
}
