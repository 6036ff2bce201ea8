package golden

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/text"
	grammar "github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/internal/linguacrypto"
	"github.com/rosettac/rosettac/ir"
)

// counter is a deterministic nonce source for tests.
type counter byte

func (c *counter) Read(p []byte) (int, error) {
	for i := range p {
		*c++
		p[i] = byte(*c)
	}
	return len(p), nil
}

var payloadText = regexp.MustCompile(`(?m)^(    payload kind=\d) ".*"$`)

// decode(encode(x)) == x: a transcript re-encoded from its decoded contents
// (sealing e: payloads again under the session key with fresh nonces) decodes
// to the same messages and contents, whoever holds the key.
func TestLinguaEncodeRoundTrip(t *testing.T) {
	src, key := handshakeInput(t)
	opt := compiler.Options{PrivateKey: key}
	res := compiler.Check("in.lingua", src, opt)
	doc := res.Doc.(*ir.LinguaTranscript)
	priv, _ := linguacrypto.ParsePrivateKey(key)
	bob, _ := linguacrypto.ParsePublicKey("3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08=")
	sk, _ := linguacrypto.SessionKey(priv, bob, "sess-42")
	// Plain, JSON, zlib and raw payloads of every kind are re-encoded too.
	doc.Items = append(doc.Items, &ir.LinguaLine{Messages: []ir.LinguaMessage{
		&ir.LinguaRequest{Domain: '7', Action: '3', LinguaFields: ir.LinguaFields{Payload: &ir.LinguaPayload{Kind: ir.PayloadZlib, Decoded: &ir.LinguaDecoded{Text: "compressed text"}}}},
		&ir.LinguaRequest{Domain: '7', Action: '3', LinguaFields: ir.LinguaFields{Payload: &ir.LinguaPayload{Kind: ir.PayloadRaw, Decoded: &ir.LinguaDecoded{Text: "raw | text"}}}},
		&ir.LinguaRequest{Domain: '7', Action: '3', LinguaFields: ir.LinguaFields{Payload: &ir.LinguaPayload{Kind: ir.PayloadText, Decoded: &ir.LinguaDecoded{Text: "日本語 text"}}}},
	}})
	c := counter(0)
	enc, err := grammar.Encode(doc, grammar.EncodeOptions{Reencode: true, Keys: map[string][]byte{"sess-42": sk}, Rand: &c})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(enc, src) {
		t.Fatal("re-encoding changed nothing: fresh nonces expected")
	}
	want := payloadText.ReplaceAllString(grammar.Dump(doc), "$1")
	back := compiler.Check("enc.lingua", enc, opt)
	got := payloadText.ReplaceAllString(grammar.Dump(back.Doc.(*ir.LinguaTranscript)), "$1")
	// Spans differ after the appended line; compare without positions.
	pos := regexp.MustCompile(` \d+:\d+`)
	if d := cmp.Diff(pos.ReplaceAllString(want, ""), pos.ReplaceAllString(got, "")); d != "" {
		t.Errorf("decode(encode(x)) != x (-want +got):\n%s", d)
	}
	// Deterministic with an injected nonce source.
	c = 0
	enc2, _ := grammar.Encode(doc, grammar.EncodeOptions{Reencode: true, Keys: map[string][]byte{"sess-42": sk}, Rand: &c})
	if !bytes.Equal(enc, enc2) {
		t.Error("encoding with the same nonce source differs")
	}
	// With crypto/rand, two encodings differ (fresh nonces) and both decode.
	r1, _ := grammar.Encode(doc, grammar.EncodeOptions{Reencode: true, Keys: map[string][]byte{"sess-42": sk}, Rand: rand.Reader})
	if bytes.Equal(r1, enc) {
		t.Error("random nonces repeated")
	}
}

// No key, PSK or plaintext of a failed decryption appears in any output:
// diagnostics (every format), rendering, IR dump or formatted text.
func TestLinguaSecretsNeverShown(t *testing.T) {
	src, key := handshakeInput(t)
	// Tamper with the first encrypted payload's tag: decryption must fail.
	s := string(src)
	i := strings.Index(s, "$e:")
	j := i + strings.IndexByte(s[i:], '\n')
	tampered := []byte(s[:j-3] + flipB64(s[j-3]) + s[j-2:])
	psk := []byte("psk-material-123")
	res := compiler.Check("x.lingua", tampered, compiler.Options{PrivateKey: key, PSK: psk})
	if !strings.Contains(diagText(res), "L107") {
		t.Fatalf("tampered payload not reported:\n%s", diagText(res))
	}
	var outs []string
	outs = append(outs, diagText(res), grammar.Dump(res.Doc.(*ir.LinguaTranscript)))
	var jb bytes.Buffer
	diag.PrintJSON(&jb, res.Diags)
	outs = append(outs, jb.String())
	for _, lang := range []string{"en", "zh"} {
		r, _ := text.Render(res.Doc, text.Options{Lang: lang})
		outs = append(outs, string(r))
	}
	rawKey, _ := base64.StdEncoding.DecodeString(strings.TrimSpace(string(key)))
	secrets := []string{strings.TrimSpace(string(key)), string(psk), "ship on friday", string(rawKey)}
	for _, out := range outs {
		for _, sec := range secrets {
			if strings.Contains(out, sec) {
				t.Errorf("output contains a secret %q:\n%s", sec, out)
			}
		}
	}
}

func flipB64(c byte) string {
	if c == 'A' {
		return "B"
	}
	return "A"
}

// Every L code in the Lingua packages is documented in docs/lingua.md and
// triggered by some test or golden file.
func TestLinguaCodesCatalogued(t *testing.T) {
	code := regexp.MustCompile(`"(L\d{3})"`)
	doc, err := os.ReadFile("../docs/lingua.md")
	if err != nil {
		t.Fatal(err)
	}
	codes := sourceCodes(t, code, 30, "grammars/lingua", "passes/decode", "passes/linguacheck")
	var tests strings.Builder
	for _, dir := range []string{"../grammars/lingua", "../passes/decode", "../passes/linguacheck", "testdata/lingua", "../cmd/rosettac/testdata/script"} {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if strings.HasSuffix(p, "_test.go") || strings.HasSuffix(p, ".txtar") {
				b, _ := os.ReadFile(p)
				tests.Write(b)
			}
			return nil
		})
	}
	for _, c := range slices.Sorted(maps.Keys(codes)) {
		if !strings.Contains(string(doc), "| "+c+" |") {
			t.Errorf("%s is not in docs/lingua.md", c)
		}
		if !strings.Contains(tests.String(), c) {
			t.Errorf("%s is triggered by no test", c)
		}
	}
}

// handshakeInput returns the input and Alice's key file of handshake.txtar.
func handshakeInput(t *testing.T) (src, key []byte) {
	t.Helper()
	const file = "testdata/lingua/handshake.txtar"
	return archiveSection(t, file, "input.lingua"), archiveSection(t, file, "key.txt")
}
