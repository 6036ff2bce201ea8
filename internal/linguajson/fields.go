// Package linguajson owns Agent Lingua's JSON vocabulary: the table of short
// field names (t title, c content, ...) that decoding expands as a view
// (ir.JSONMember.Full), and which keys a payload may use. The JSON itself is
// read and written by internal/jsonvalue.
package linguajson

import "github.com/rosettac/rosettac/ir"

// fieldTable maps the standard short field names of Lingua JSON payloads to
// their full names (spec: field mappings).
var fieldTable = map[string]string{
	"t": "title", "c": "content", "s": "summary", "n": "name", "d": "description",
	"u": "url", "i": "id", "k": "kind", "v": "value", "m": "meta",
	"p": "posted", "e": "errors", "l": "limit", "o": "offset", "r": "results",
	"ok": "success", "st": "status", "er": "error", "cd": "code",
	"ts": "timestamp", "dt": "datetime", "ex": "expires", "du": "duration",
	"ui": "userId", "un": "username", "dn": "displayName", "av": "avatar",
	"sm": "submolt", "ka": "karma", "up": "upvotes", "dw": "downvotes",
	"cm": "comments", "tg": "tags",
	"to": "recipient", "fr": "from", "sb": "subject", "bd": "body", "at": "attachments", "re": "replyTo",
	"pt": "path", "fn": "filename", "sz": "size", "mt": "mimeType", "ct": "content", "md": "mode",
	"ls": "list", "a": "actions", "f": "fields",
}

// fullNames is the set of full names, so a key already written in full is known.
var fullNames = func() map[string]bool {
	m := map[string]bool{}
	for _, v := range fieldTable {
		m[v] = true
	}
	return m
}()

// FullName returns the full name of short key k, or "" when k is not in the table.
func FullName(k string) string { return fieldTable[k] }

// IsFullName reports whether k is a full name of the table (a key already expanded).
func IsFullName(k string) bool { return fullNames[k] }

// IsKey reports whether k is a key a payload may use (the checker's L211
// otherwise): a short or full name of the field table, or a custom key of 2-3
// ASCII letters.
func IsKey(k string) bool {
	if fieldTable[k] != "" || fullNames[k] {
		return true
	}
	if len(k) < 2 || len(k) > 3 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if !('a' <= k[i] && k[i] <= 'z' || 'A' <= k[i] && k[i] <= 'Z') {
			return false
		}
	}
	return true
}

// KeysOK reports whether every object key in v, at any depth, is IsKey.
func KeysOK(v *ir.JSONValue) bool {
	if v == nil {
		return true
	}
	for _, it := range v.Items {
		if !KeysOK(it) {
			return false
		}
	}
	for _, m := range v.Members {
		if !IsKey(m.Key) || !KeysOK(m.Value) {
			return false
		}
	}
	return true
}

// Expand sets Full on every object member of v, recursively, from the table.
// It changes nothing else: the wire keys stay as they are.
func Expand(v *ir.JSONValue) {
	if v == nil {
		return
	}
	for _, it := range v.Items {
		Expand(it)
	}
	for _, m := range v.Members {
		m.Full = fieldTable[m.Key]
		Expand(m.Value)
	}
}
