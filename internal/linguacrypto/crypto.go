// Package linguacrypto owns Agent Lingua's security layer exactly as the
// Agent Lingua 0.4 specification fixes it (docs/lingua.md): X25519 key agreement, the HKDF-SHA256
// session key (empty salt, info = the session id, 32 bytes), the PSK variant,
// AES-256-GCM with a 12-byte nonce and the 16-byte tag appended (no associated
// data), the e:<nonce>:<ciphertext> payload form, key file and public key
// formats, and the pskHint.
//
// It is shared by passes/decode (which opens payloads) and the encoder in
// grammars/lingua (which seals them). Errors never carry key material or
// plaintext: callers may print them.
package linguacrypto

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Sizes fixed by the spec.
const (
	KeySize   = 32 // AES-256 key, X25519 keys
	NonceSize = 12 // GCM nonce
	TagSize   = 16 // GCM tag, appended to the ciphertext
)

// Errors callers can tell apart. Their texts hold no secret.
var (
	ErrEd25519     = errors.New("the key is an Ed25519 signing key, not an X25519 key-agreement key")
	ErrAuth        = errors.New("authentication failed: the payload was tampered with or the key is wrong")
	ErrNonceSize   = fmt.Errorf("the nonce is not %d bytes", NonceSize)
	ErrShort       = fmt.Errorf("the ciphertext is shorter than the %d-byte tag", TagSize)
	ErrKeyFile     = errors.New("not an X25519 private key: want PEM (PKCS #8 PRIVATE KEY) or base64 of the raw 32 bytes")
	ErrPublicKey   = errors.New("not an X25519 public key: want base64 of the raw 32 bytes or of a SubjectPublicKeyInfo")
	ErrLowOrderKey = errors.New("the peer's public key gives an all-zero shared secret")
)

// ParsePrivateKey reads a key file: PEM holding a PKCS #8 X25519 private key,
// or base64 (standard, padded or not) of the raw 32 bytes, surrounding
// whitespace ignored.
func ParsePrivateKey(b []byte) (*ecdh.PrivateKey, error) {
	if blk, _ := pem.Decode(b); blk != nil {
		switch kind, raw := parsePKCS8(blk.Bytes); kind {
		case derX25519:
			return ecdh.X25519().NewPrivateKey(raw)
		case derEd25519:
			return nil, ErrEd25519
		}
		return nil, ErrKeyFile
	}
	raw, err := decodeB64(strings.TrimSpace(string(b)))
	if err != nil || len(raw) != KeySize {
		return nil, ErrKeyFile
	}
	return ecdh.X25519().NewPrivateKey(raw)
}

// ParsePublicKey reads a handshake pubkey: base64 of the raw 32 bytes or of a
// DER SubjectPublicKeyInfo. An Ed25519 key is ErrEd25519.
func ParsePublicKey(s string) (*ecdh.PublicKey, error) {
	raw, err := decodeB64(strings.TrimSpace(s))
	if err != nil {
		return nil, ErrPublicKey
	}
	if len(raw) == KeySize {
		return ecdh.X25519().NewPublicKey(raw)
	}
	switch kind, key := parseSPKI(raw); kind {
	case derX25519:
		return ecdh.X25519().NewPublicKey(key)
	case derEd25519:
		return nil, ErrEd25519
	}
	return nil, ErrPublicKey
}

// EncodePublicKey writes a public key the way handshakes carry it: base64 of the raw bytes.
func EncodePublicKey(k *ecdh.PublicKey) string {
	return base64.StdEncoding.EncodeToString(k.Bytes())
}

func decodeB64(s string) ([]byte, error) {
	if b, err := base64.StdEncoding.DecodeString(s); err == nil {
		return b, nil
	}
	return base64.RawStdEncoding.DecodeString(s)
}

// SessionKey derives the session key of an X25519 session: HKDF-SHA256 over
// X25519(mine, theirs), empty salt, info = the session id, 32 bytes.
func SessionKey(mine *ecdh.PrivateKey, theirs *ecdh.PublicKey, session string) ([]byte, error) {
	shared, err := mine.ECDH(theirs)
	if err != nil {
		return nil, ErrLowOrderKey
	}
	return HKDF(shared, session)
}

// PSKSessionKey derives the session key of a PSK session: the same HKDF with the
// PSK as input key material.
func PSKSessionKey(psk []byte, session string) ([]byte, error) {
	return HKDF(psk, session)
}

// HKDF is HKDF-SHA256 with an empty salt and info = session, 32 bytes out.
func HKDF(secret []byte, session string) ([]byte, error) {
	return hkdf.Key(sha256.New, secret, nil, session, KeySize)
}

// Seal encrypts plaintext under key with nonce: ciphertext with the tag appended.
func Seal(key, nonce, plaintext []byte) ([]byte, error) {
	aead, err := newGCM(key)
	if err != nil {
		return nil, err
	}
	if len(nonce) != NonceSize {
		return nil, ErrNonceSize
	}
	return aead.Seal(nil, nonce, plaintext, nil), nil
}

// Open decrypts ciphertext (tag appended) under key. On any failure it returns
// no plaintext at all.
func Open(key, nonce, ciphertext []byte) ([]byte, error) {
	aead, err := newGCM(key)
	if err != nil {
		return nil, err
	}
	if len(nonce) != NonceSize {
		return nil, ErrNonceSize
	}
	if len(ciphertext) < TagSize {
		return nil, ErrShort
	}
	pt, err := aead.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, ErrAuth
	}
	return pt, nil
}

func newGCM(key []byte) (cipher.AEAD, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("the session key is not %d bytes", KeySize)
	}
	blk, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(blk)
}

// SealPayload returns the text of an e: payload (without '$'): "e:" base64(nonce)
// ":" base64(ciphertext+tag), the nonce read from rand (crypto/rand.Reader in
// production; tests inject a deterministic source).
func SealPayload(key, plaintext []byte, rand io.Reader) (string, error) {
	nonce := make([]byte, NonceSize)
	if _, err := io.ReadFull(rand, nonce); err != nil {
		return "", fmt.Errorf("reading a nonce: %w", err)
	}
	ct, err := Seal(key, nonce, plaintext)
	if err != nil {
		return "", err
	}
	return "e:" + base64.StdEncoding.EncodeToString(nonce) + ":" + base64.StdEncoding.EncodeToString(ct), nil
}

// PSKHint returns the hint a handshake carries for psk: "sha256:" and the
// first 16 hex digits of its SHA-256.
func PSKHint(psk []byte) string {
	sum := sha256.Sum256(psk)
	return "sha256:" + hex.EncodeToString(sum[:])[:16]
}

// MatchPSKHint reports whether hint ("sha256:" and a hex prefix of at least
// one digit) names psk. A hint in another form never matches.
func MatchPSKHint(psk []byte, hint string) bool {
	h, ok := strings.CutPrefix(hint, "sha256:")
	if !ok || h == "" || len(h) > 64 {
		return false
	}
	sum := sha256.Sum256(psk)
	full := hex.EncodeToString(sum[:])
	return subtle.ConstantTimeCompare([]byte(strings.ToLower(h)), []byte(full[:len(h)])) == 1
}

// Fingerprint returns the fingerprint of a public key: "sha256:" and the first
// 16 hex digits of the SHA-256 of its raw bytes.
func Fingerprint(k *ecdh.PublicKey) string {
	sum := sha256.Sum256(k.Bytes())
	return "sha256:" + hex.EncodeToString(sum[:])[:16]
}
