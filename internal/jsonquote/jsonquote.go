// Package jsonquote writes a string as a JSON string, byte for byte as
// encoding/json writes it with HTML escapes off: the form IR's file
// (emit/json) and the JSON value writer (internal/jsonvalue) print.
package jsonquote

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// Write appends s to b quoted. A string that quoting leaves as it is (nearly
// every one) is written between quotes directly: an encoder per string was
// most of what a large translate --to json or compile --emit ir allocated.
func Write(b *bytes.Buffer, s string) {
	if asIs(s) {
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	var tmp bytes.Buffer
	enc := json.NewEncoder(&tmp)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a Go string always encodes
	b.Write(bytes.TrimSuffix(tmp.Bytes(), []byte("\n")))
}

// asIs reports whether encoding/json (HTML escapes off) writes s unchanged
// between quotes: no control character, quote or backslash, and valid UTF-8
// without U+2028 or U+2029, which it escapes.
func asIs(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20, c == '"', c == '\\':
			return false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return ascii || utf8.ValidString(s) && !strings.Contains(s, "\u2028") && !strings.Contains(s, "\u2029")
}
