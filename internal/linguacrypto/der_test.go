package linguacrypto

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"testing"
)

// x509Private is what crypto/x509 reads from a PKCS #8 structure, in der.go's
// terms: the oracle parsePKCS8 must agree with.
func x509Private(der []byte) (derKey, []byte) {
	k, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return derOther, nil
	}
	switch k := k.(type) {
	case *ecdh.PrivateKey:
		if k.Curve() == ecdh.X25519() {
			return derX25519, k.Bytes()
		}
	case ed25519.PrivateKey:
		return derEd25519, k.Seed()
	}
	return derOther, nil
}

func x509Public(der []byte) (derKey, []byte) {
	k, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return derOther, nil
	}
	switch k := k.(type) {
	case *ecdh.PublicKey:
		if k.Curve() == ecdh.X25519() {
			return derX25519, k.Bytes()
		}
	case ed25519.PublicKey:
		return derEd25519, []byte(k)
	}
	return derOther, nil
}

// agree fails when der.go and crypto/x509 read der differently.
func agree(t *testing.T, der []byte) {
	t.Helper()
	if k1, b1 := parsePKCS8(der); true {
		k2, b2 := x509Private(der)
		if k1 != k2 || !bytes.Equal(b1, b2) {
			t.Fatalf("PKCS #8 %x: der.go reads %d %x, crypto/x509 %d %x", der, k1, b1, k2, b2)
		}
	}
	k1, b1 := parseSPKI(der)
	k2, b2 := x509Public(der)
	if k1 != k2 || !bytes.Equal(b1, b2) {
		t.Fatalf("SubjectPublicKeyInfo %x: der.go reads %d %x, crypto/x509 %d %x", der, k1, b1, k2, b2)
	}
}

// keyStructures are valid keys of both algorithms in both structures, as
// crypto/x509 writes them, and hand-made variants of them: the forms the
// two readers could disagree on.
func keyStructures(t testing.TB) [][]byte {
	r := rand.NewChaCha8([32]byte{1})
	x, err := ecdh.X25519().GenerateKey(r)
	if err != nil {
		t.Fatal(err)
	}
	_, ed, err := ed25519.GenerateKey(r)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, k := range []any{x, ed} {
		der, err := x509.MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, der)
	}
	for _, k := range []any{x.PublicKey(), ed.Public()} {
		der, err := x509.MarshalPKIXPublicKey(k)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, der)
	}
	seq := func(parts ...[]byte) []byte { return tlv(0x30, bytes.Join(parts, nil)) }
	key := bytes.Repeat([]byte{0x5a}, 32)
	octets := tlv(0x04, tlv(0x04, key))
	x25519 := seq(algX25519)
	out = append(out,
		seq([]byte{2, 1, 1}, x25519, octets),                               // version 1 (RFC 5958)
		seq([]byte{2, 1, 7}, x25519, octets),                               // a version no RFC has
		seq([]byte{2, 2, 0, 1}, x25519, octets),                            // a non-minimal INTEGER
		seq([]byte{2, 0}, x25519, octets),                                  // an empty INTEGER
		seq([]byte{2, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9}, x25519, octets),       // a version over 64 bits
		seq([]byte{2, 1, 0}, x25519, octets, tlv(0xa0, nil)),               // attributes after the key
		seq([]byte{2, 1, 1}, x25519, octets, tlv(0x81, key)),               // RFC 5958's public key
		seq([]byte{2, 1, 0}, seq(algX25519, []byte{5, 0}), octets),         // NULL parameters
		seq([]byte{2, 1, 0}, x25519, tlv(0x04, append(tlv(0x04, key), 0))), // a byte after the inner key
		seq([]byte{2, 1, 0}, x25519, tlv(0x04, tlv(0x04, key[:31]))),       // a short key
		seq([]byte{2, 1, 0}, x25519, tlv(0x24, tlv(0x04, key))),            // a constructed OCTET STRING
		append(seq([]byte{2, 1, 0}, x25519, octets), 0, 0),                 // bytes after the structure
		seq(x25519, tlv(0x03, append([]byte{0}, key...))),                  // SPKI
		seq(x25519, tlv(0x03, append([]byte{0}, key...)), []byte{5, 0}),    // an element after the key
		append(seq(x25519, tlv(0x03, append([]byte{0}, key...))), 0),       // a byte after the SPKI
		seq(x25519, tlv(0x03, append([]byte{4}, append(key, 0x10)...))),    // unused bits: right-aligned
		seq(x25519, tlv(0x03, append([]byte{4}, append(key, 0x11)...))),    // unused bits that are set
		seq(x25519, tlv(0x03, []byte{0x08, 0})),                            // too many unused bits
		seq(seq(algX25519, []byte{5, 0}), tlv(0x03, append([]byte{0}, key...))),
		longForm(seq([]byte{2, 1, 0}, x25519, octets)),                                        // a short length in long form
		append([]byte{0x30, 0x80}, append(seq([]byte{2, 1, 0}, x25519, octets)[2:], 0, 0)...), // an indefinite length
		append([]byte{0x3f, 0x10}, seq([]byte{2, 1, 0}, x25519, octets)[1:]...),               // a high tag number for SEQUENCE
		longForm(seq(x25519, tlv(0x03, append([]byte{0}, key...)))),
		nil,
	)
	return out
}

// longForm writes a structure's outer length in long form, which DER forbids
// for a length under 128.
func longForm(der []byte) []byte {
	return append([]byte{der[0], 0x81}, der[1:]...)
}

// tlv is a DER element of tag with contents.
func tlv(tag byte, content []byte) []byte {
	n := len(content)
	var l []byte
	switch {
	case n < 0x80:
		l = []byte{byte(n)}
	case n < 0x100:
		l = []byte{0x81, byte(n)}
	default:
		l = []byte{0x82, byte(n >> 8), byte(n)}
	}
	return append(append([]byte{tag}, l...), content...)
}

// TestDERAgreesWithX509 checks the key structures der.go reads without
// crypto/x509 against crypto/x509 itself: valid keys, hand-made variants,
// and 20,000 mutations of them (a byte changed, inserted or removed, the
// end cut off), the same result for each.
func TestDERAgreesWithX509(t *testing.T) {
	seeds := keyStructures(t)
	for _, der := range seeds {
		agree(t, der)
	}
	for i, want := range []derKey{derX25519, derEd25519, derX25519, derEd25519} {
		if k, _ := parsePKCS8(seeds[i]); i < 2 && k != want {
			t.Errorf("%x: read as %d, want %d", seeds[i], k, want)
		}
		if k, _ := parseSPKI(seeds[i]); i >= 2 && k != want {
			t.Errorf("%x: read as %d, want %d", seeds[i], k, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		agree(t, mutate(r, seeds[r.IntN(len(seeds))]))
	}
}

func mutate(r *rand.Rand, b []byte) []byte {
	b = bytes.Clone(b)
	for range 1 + r.IntN(3) {
		if len(b) == 0 {
			return []byte{byte(r.UintN(256))}
		}
		i := r.IntN(len(b))
		switch r.IntN(5) {
		case 0, 1:
			b[i] = byte(r.UintN(256))
		case 2:
			b = append(b[:i], append([]byte{byte(r.UintN(256))}, b[i:]...)...)
		case 3:
			b = append(b[:i], b[i+1:]...)
		case 4:
			b = b[:i]
		}
	}
	return b
}

func FuzzDERAgreesWithX509(f *testing.F) {
	for _, der := range keyStructures(f) {
		f.Add(der)
	}
	f.Fuzz(func(t *testing.T, der []byte) { agree(t, der) })
}

// TestDERKeysParse reads the structures through the package's own entry
// points: a PEM PKCS #8 Ed25519 key is ErrEd25519, an X25519 one the key.
func TestDERKeysParse(t *testing.T) {
	seeds := keyStructures(t)
	for i, want := range []error{nil, ErrEd25519} {
		_, err := ParsePrivateKey(fmt.Appendf(nil, "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\n", b64(seeds[i])))
		if err != want {
			t.Errorf("PKCS #8 %d: %v, want %v", i, err, want)
		}
	}
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
