package linguacrypto

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// RFC 7748 §5.2 (first vector) and §6.1 (Alice and Bob).
func TestX25519RFC7748(t *testing.T) {
	k, err := ecdh.X25519().NewPrivateKey(unhex(t, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := ecdh.X25519().NewPublicKey(unhex(t, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := k.ECDH(u)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := hex.EncodeToString(out), "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"; got != want {
		t.Errorf("§5.2 vector 1 = %s, want %s", got, want)
	}

	alice, _ := ParsePrivateKey([]byte(base64.StdEncoding.EncodeToString(unhex(t, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"))))
	bob, _ := ParsePrivateKey([]byte(base64.StdEncoding.EncodeToString(unhex(t, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"))))
	if alice == nil || bob == nil {
		t.Fatal("base64 raw private keys not accepted")
	}
	if got := hex.EncodeToString(alice.PublicKey().Bytes()); got != "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a" {
		t.Errorf("Alice's public key = %s", got)
	}
	if got := hex.EncodeToString(bob.PublicKey().Bytes()); got != "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f" {
		t.Errorf("Bob's public key = %s", got)
	}
	k1, _ := alice.ECDH(bob.PublicKey())
	k2, _ := bob.ECDH(alice.PublicKey())
	want := "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
	if hex.EncodeToString(k1) != want || hex.EncodeToString(k2) != want {
		t.Errorf("shared secrets %x, %x, want %s", k1, k2, want)
	}
}

// RFC 5869 test cases 1 and 3 (case 3 is the empty-salt, empty-info form the
// session key uses).
func TestHKDFRFC5869(t *testing.T) {
	ikm := bytes.Repeat([]byte{0x0b}, 22)
	okm, err := hkdf.Key(sha256.New, ikm, unhex(t, "000102030405060708090a0b0c"), string(unhex(t, "f0f1f2f3f4f5f6f7f8f9")), 42)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := hex.EncodeToString(okm), "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"; got != want {
		t.Errorf("case 1 OKM = %s, want %s", got, want)
	}
	prk, _ := hkdf.Extract(sha256.New, ikm, nil)
	if got, want := hex.EncodeToString(prk), "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04"; got != want {
		t.Errorf("case 3 PRK = %s, want %s", got, want)
	}
	key, err := HKDF(ikm, "")
	if err != nil {
		t.Fatal(err)
	}
	// The first 32 bytes of case 3's 42-byte OKM.
	if got, want := hex.EncodeToString(key), "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"; got != want {
		t.Errorf("case 3 OKM[:32] = %s, want %s", got, want)
	}
}

// McGrew-Viega GCM test cases 13 and 14 (AES-256, zero key and nonce).
func TestAESGCMKnownAnswers(t *testing.T) {
	key, nonce := make([]byte, 32), make([]byte, 12)
	for _, tc := range []struct{ pt, ct string }{
		{"", "530f8afbc74536b9a963b4f1c4cb738b"},
		{"00000000000000000000000000000000", "cea7403d4d606b6e074ec5d3baf39d18d0d1c8a799996bf0265b98b5d48ab919"},
	} {
		ct, err := Seal(key, nonce, unhex(t, tc.pt))
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(ct); got != tc.ct {
			t.Errorf("Seal(%s) = %s, want %s", tc.pt, got, tc.ct)
		}
		pt, err := Open(key, nonce, ct)
		if err != nil || !bytes.Equal(pt, unhex(t, tc.pt)) {
			t.Errorf("Open = %x, %v", pt, err)
		}
	}
}

// A session key and payload computed independently with pyca/cryptography from
// the RFC 7748 keys, session "sess-42", nonce 00..0b: both implementations read
// the spec the same way.
func TestSessionKeyCrossCheck(t *testing.T) {
	alice, _ := ParsePrivateKey([]byte("dwdtCnMYpX08FsFyUbJmRd9ML4frwJkqsXf7pR25LCo="))
	bobPub, err := ParsePublicKey("3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08=")
	if err != nil {
		t.Fatal(err)
	}
	key, err := SessionKey(alice, bobPub, "sess-42")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := hex.EncodeToString(key), "32501b6d5e689b2acb5bc6f017ff05d600403569bd6a88d247c4aa9be7f18a0b"; got != want {
		t.Errorf("session key = %s, want %s", got, want)
	}
	p, err := SealPayload(key, []byte(`{"t":"secret"}`), bytes.NewReader([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}))
	if err != nil {
		t.Fatal(err)
	}
	if want := "e:AAECAwQFBgcICQoL:ufU2CTbGelrZhen1+M2ozRccmsFYAv0u2ErGK3Gp"; p != want {
		t.Errorf("payload = %s, want %s", p, want)
	}
	psk, _ := PSKSessionKey([]byte("correct horse battery staple"), "sess-42")
	if got, want := hex.EncodeToString(psk), "4d04afd20b146166be1e2b21540de48247d1cab42fd27c8e78c804b4169e6f81"; got != want {
		t.Errorf("PSK session key = %s, want %s", got, want)
	}
	if got := PSKHint([]byte("correct horse battery staple")); got != "sha256:c4bbcb1fbec99d65" {
		t.Errorf("PSKHint = %s", got)
	}
	if !MatchPSKHint([]byte("correct horse battery staple"), "sha256:c4bb") || MatchPSKHint([]byte("x"), "sha256:c4bb") || MatchPSKHint([]byte("x"), "c4bb") {
		t.Error("MatchPSKHint wrong")
	}
}

// Two generated key pairs agree on a key, and messages go both ways.
func TestHandshakeBothWays(t *testing.T) {
	a, _ := ecdh.X25519().GenerateKey(rand.Reader)
	b, _ := ecdh.X25519().GenerateKey(rand.Reader)
	ka, _ := SessionKey(a, b.PublicKey(), "s1")
	kb, _ := SessionKey(b, a.PublicKey(), "s1")
	if !bytes.Equal(ka, kb) {
		t.Fatal("the two sides derived different keys")
	}
	other, _ := SessionKey(a, b.PublicKey(), "s2")
	if bytes.Equal(ka, other) {
		t.Fatal("the session id does not enter the key")
	}
	for _, dir := range []struct{ seal, open []byte }{{ka, kb}, {kb, ka}} {
		nonce := make([]byte, NonceSize)
		rand.Read(nonce)
		ct, _ := Seal(dir.seal, nonce, []byte("hello"))
		pt, err := Open(dir.open, nonce, ct)
		if err != nil || string(pt) != "hello" {
			t.Fatalf("Open = %q, %v", pt, err)
		}
	}
}

// Every flipped bit of nonce, ciphertext or tag is rejected, as is a wrong key,
// and no plaintext comes back.
func TestTamperRejected(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	nonce := bytes.Repeat([]byte{1}, 12)
	ct, _ := Seal(key, nonce, []byte("attack at dawn"))
	for i := 0; i < len(nonce)*8; i++ {
		n := bytes.Clone(nonce)
		n[i/8] ^= 1 << (i % 8)
		if pt, err := Open(key, n, ct); !errors.Is(err, ErrAuth) || pt != nil {
			t.Fatalf("nonce bit %d: %q, %v", i, pt, err)
		}
	}
	for i := 0; i < len(ct)*8; i++ { // ciphertext bits, then tag bits
		c := bytes.Clone(ct)
		c[i/8] ^= 1 << (i % 8)
		if pt, err := Open(key, nonce, c); !errors.Is(err, ErrAuth) || pt != nil {
			t.Fatalf("ciphertext/tag bit %d: %q, %v", i, pt, err)
		}
	}
	wrong := bytes.Repeat([]byte{8}, 32)
	if pt, err := Open(wrong, nonce, ct); !errors.Is(err, ErrAuth) || pt != nil {
		t.Fatalf("wrong key: %q, %v", pt, err)
	}
	if _, err := Open(key, nonce[:11], ct); !errors.Is(err, ErrNonceSize) {
		t.Errorf("short nonce: %v", err)
	}
	if _, err := Open(key, nonce, ct[:15]); !errors.Is(err, ErrShort) {
		t.Errorf("short ciphertext: %v", err)
	}
}

func TestKeyFormats(t *testing.T) {
	k, _ := ecdh.X25519().GenerateKey(rand.Reader)
	der, _ := x509.MarshalPKCS8PrivateKey(k)
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	got, err := ParsePrivateKey(pemKey)
	if err != nil || !got.Equal(k) {
		t.Fatalf("PEM: %v", err)
	}
	got, err = ParsePrivateKey([]byte(base64.StdEncoding.EncodeToString(k.Bytes()) + "\n"))
	if err != nil || !got.Equal(k) {
		t.Fatalf("base64: %v", err)
	}
	if _, err := ParsePrivateKey([]byte("not a key")); !errors.Is(err, ErrKeyFile) {
		t.Errorf("bad key: %v", err)
	}
	spki, _ := x509.MarshalPKIXPublicKey(k.PublicKey())
	for _, s := range []string{EncodePublicKey(k.PublicKey()), base64.StdEncoding.EncodeToString(spki)} {
		pub, err := ParsePublicKey(s)
		if err != nil || !pub.Equal(k.PublicKey()) {
			t.Errorf("ParsePublicKey(%s): %v", s, err)
		}
	}
	// The handshake example's key prefix MCowBQYDK2VwAyEA is an Ed25519 SubjectPublicKeyInfo.
	edPub, _, _ := ed25519.GenerateKey(rand.Reader)
	edDER, _ := x509.MarshalPKIXPublicKey(edPub)
	ed := base64.StdEncoding.EncodeToString(edDER)
	if !strings.HasPrefix(ed, "MCowBQYDK2VwAyEA") {
		t.Fatalf("unexpected Ed25519 SPKI prefix %s", ed[:16])
	}
	if _, err := ParsePublicKey(ed); !errors.Is(err, ErrEd25519) {
		t.Errorf("Ed25519 key: %v, want ErrEd25519", err)
	}
	for _, err := range []error{ErrEd25519, ErrAuth, ErrKeyFile, ErrPublicKey} {
		if strings.Contains(err.Error(), base64.StdEncoding.EncodeToString(k.Bytes())) {
			t.Error("error text holds key material")
		}
	}
	if d := cmp.Diff(Fingerprint(k.PublicKey())[:7], "sha256:"); d != "" {
		t.Error(d)
	}
}
