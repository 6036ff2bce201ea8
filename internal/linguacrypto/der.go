package linguacrypto

import "bytes"

// The two DER structures Lingua's key formats hold (RFC 8410): a PKCS #8
// PrivateKeyInfo and a SubjectPublicKeyInfo, each naming X25519 or Ed25519.
// They are read here, accepting exactly what crypto/x509's
// ParsePKCS8PrivateKey and ParsePKIXPublicKey accept for those two
// algorithms (TestDERAgreesWithX509 and FuzzDERAgreesWithX509 compare the
// two on valid, hand-varied and mutated keys), without crypto/x509: it
// brings RSA, ECDSA, the NIST curves and math/big along, 1.4 MB of the
// playground's wasm for two fixed-shape structures.

// The AlgorithmIdentifier contents of the two algorithms: the OID alone
// (RFC 8410 §3: the parameters MUST be absent).
var (
	algX25519  = []byte{0x06, 0x03, 0x2b, 0x65, 0x6e} // 1.3.101.110
	algEd25519 = []byte{0x06, 0x03, 0x2b, 0x65, 0x70} // 1.3.101.112
)

// derKey is what a key structure holds: its algorithm and its key bytes.
type derKey int

const (
	derOther derKey = iota // not a well-formed X25519 or Ed25519 key
	derX25519
	derEd25519
)

// Universal tags (class 0) the two structures use.
const (
	tagInteger     = 2
	tagBitString   = 3
	tagOctetString = 4
	tagSequence    = 16
)

// derElement is one TLV: its class, whether it is constructed, its tag
// number and its contents.
type derElement struct {
	class       int
	constructed bool
	tag         int
	content     []byte
}

func (e derElement) is(tag int, constructed bool) bool {
	return e.class == 0 && e.tag == tag && e.constructed == constructed
}

// readDER reads the element at the start of b and returns the bytes after
// it, with encoding/asn1's rules: a high tag number in minimal form, a
// definite length in minimal form, contents inside b.
func readDER(b []byte) (derElement, []byte, bool) {
	var e derElement
	if len(b) == 0 {
		return e, nil, false
	}
	e.class, e.constructed, e.tag = int(b[0]>>6), b[0]&0x20 != 0, int(b[0]&0x1f)
	i := 1
	if e.tag == 0x1f {
		n, used, ok := base128(b[i:])
		if !ok || n < 0x1f {
			return e, nil, false
		}
		e.tag, i = n, i+used
	}
	if i >= len(b) {
		return e, nil, false
	}
	length := int(b[i] & 0x7f)
	if b[i]&0x80 != 0 {
		n := length
		if n == 0 { // indefinite length: not DER
			return e, nil, false
		}
		length = 0
		for range n {
			i++
			if i >= len(b) || length >= 1<<23 {
				return e, nil, false
			}
			length = length<<8 | int(b[i])
			if length == 0 { // a leading zero byte
				return e, nil, false
			}
		}
		if length < 0x80 { // a short length in long form
			return e, nil, false
		}
	}
	i++
	if length > len(b)-i {
		return e, nil, false
	}
	e.content = b[i : i+length]
	return e, b[i+length:], true
}

// base128 reads a minimally encoded base-128 number that fits in 31 bits.
func base128(b []byte) (n, used int, ok bool) {
	for i := 0; i < len(b) && i < 5; i++ {
		if i == 0 && b[0] == 0x80 {
			return 0, 0, false
		}
		n = n<<7 | int(b[i]&0x7f)
		if b[i]&0x80 == 0 {
			return n, i + 1, n <= 1<<31-1
		}
	}
	return 0, 0, false
}

// derAlgorithm reads an AlgorithmIdentifier element's algorithm: X25519 or
// Ed25519 with no parameters, or derOther.
func derAlgorithm(e derElement) derKey {
	switch {
	case !e.is(tagSequence, true):
		return derOther
	case bytes.Equal(e.content, algX25519):
		return derX25519
	case bytes.Equal(e.content, algEd25519):
		return derEd25519
	}
	return derOther
}

// parsePKCS8 reads a PrivateKeyInfo (RFC 5208, RFC 8410 §7): SEQUENCE {
// INTEGER version, AlgorithmIdentifier, OCTET STRING holding an OCTET
// STRING of the 32 key bytes }. As crypto/x509 does, it ignores the
// elements after the key (attributes, RFC 5958's public key) and the bytes
// after the structure, and does not look at the version's value.
func parsePKCS8(der []byte) (derKey, []byte) {
	seq, _, ok := readDER(der)
	if !ok || !seq.is(tagSequence, true) {
		return derOther, nil
	}
	version, rest, ok := readDER(seq.content)
	if !ok || !version.is(tagInteger, false) || !derInt64(version.content) {
		return derOther, nil
	}
	alg, rest, ok := readDER(rest)
	if !ok {
		return derOther, nil
	}
	wrapped, _, ok := readDER(rest)
	if !ok || !wrapped.is(tagOctetString, false) {
		return derOther, nil
	}
	kind := derAlgorithm(alg)
	key, _, ok := readDER(wrapped.content)
	if kind == derOther || !ok || !key.is(tagOctetString, false) || len(key.content) != KeySize {
		return derOther, nil
	}
	return kind, key.content
}

// derInt64 reports whether b is an INTEGER's contents encoding/asn1 reads
// into an int64: not empty, minimal, at most 8 bytes.
func derInt64(b []byte) bool {
	if len(b) == 0 || len(b) > 8 {
		return false
	}
	return len(b) == 1 || !(b[0] == 0 && b[1]&0x80 == 0 || b[0] == 0xff && b[1]&0x80 != 0)
}

// parseSPKI reads a SubjectPublicKeyInfo (RFC 5280 §4.1, RFC 8410 §4):
// SEQUENCE { AlgorithmIdentifier, BIT STRING of the 32 key bytes }, nothing
// after it. As crypto/x509 does, it ignores elements after the key and
// right-aligns a BIT STRING whose length is not a whole number of bytes.
func parseSPKI(der []byte) (derKey, []byte) {
	seq, after, ok := readDER(der)
	if !ok || len(after) != 0 || !seq.is(tagSequence, true) {
		return derOther, nil
	}
	alg, rest, ok := readDER(seq.content)
	if !ok {
		return derOther, nil
	}
	bits, _, ok := readDER(rest)
	if !ok || !bits.is(tagBitString, false) {
		return derOther, nil
	}
	key, ok := rightAlign(bits.content)
	kind := derAlgorithm(alg)
	if !ok || kind == derOther || len(key) != KeySize {
		return derOther, nil
	}
	return kind, key
}

// rightAlign reads a BIT STRING's contents (the count of unused bits, then
// the bits) and returns its bits right-aligned, as asn1.BitString's
// RightAlign does.
func rightAlign(b []byte) ([]byte, bool) {
	if len(b) == 0 {
		return nil, false
	}
	pad := uint(b[0])
	if pad > 7 || len(b) == 1 && pad > 0 || b[len(b)-1]&(1<<pad-1) != 0 {
		return nil, false
	}
	bits := b[1:]
	if pad == 0 {
		return bits, true
	}
	a := make([]byte, len(bits))
	a[0] = bits[0] >> pad
	for i := 1; i < len(bits); i++ {
		a[i] = bits[i-1]<<(8-pad) | bits[i]>>pad
	}
	return a, true
}
