package ir

// JSON values are the one tree every JSON in rosettac is read into and
// written from: a Lingua payload's content (LinguaDecoded.JSON), the data
// forms of Rosetta and Lingua (internal/jsonvalue reads and writes them), the
// A2A JSON that translate --to a2a builds and the A2A JSON grammars/a2a reads,
// TOON's values (grammars/toon) and the hints and blocks of AgentDSL's
// relational JSON (internal/datajson). It keeps what encoding/json forgets:
// object members in source order, duplicate keys, a number's text and a string
// literal no UTF-8 text can hold. Where a value was written is not in it: a
// reader that reports positions keeps them in a table beside the tree
// (jsonvalue.Literals).

// JSONKind is the kind of a JSON value.
type JSONKind int

// JSON value kinds.
const (
	JSONNull JSONKind = iota
	JSONBool
	JSONNumber
	JSONString
	JSONArray
	JSONObject
)

// JSONValue is a JSON value with its object members in source order (a Go map
// would lose the order and merge duplicate keys).
type JSONValue struct {
	Kind JSONKind
	Bool bool
	Text string // a number as written, or a string's value
	// Raw is a string's JSON literal as written, quotes included, kept only
	// when its value cannot hold it: an escape of a lone UTF-16 surrogate
	// (\ud800), which no UTF-8 text holds and decoding turns into U+FFFD.
	// Writers write Raw when it is set, so the content stays exactly the
	// sender's.
	Raw     string
	Items   []*JSONValue
	Members []*JSONMember
}

// JSONMember is one key of a JSON object.
type JSONMember struct {
	Key string // as written on the wire
	// KeyRaw is the key's JSON literal, quotes included, kept only when Key
	// cannot hold it (a lone surrogate escape, as JSONValue.Raw).
	KeyRaw string
	Full   string     // set by passes/decode: the full name from the field table, or "" for a key outside it
	Value  *JSONValue // never nil
}

// Member returns the value of the first member named key (short or full), or nil.
func (j *JSONValue) Member(key string) *JSONValue {
	if j == nil {
		return nil
	}
	for _, m := range j.Members {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// Str returns member key as a string, and whether it is one.
func (j *JSONValue) Str(key string) (string, bool) {
	v := j.Member(key)
	if v == nil || v.Kind != JSONString {
		return "", false
	}
	return v.Text, true
}

// Texts returns the Text of each item of member key (nil when there is no
// such member): the strings of an array of strings.
func (j *JSONValue) Texts(key string) []string {
	v := j.Member(key)
	if v == nil {
		return nil
	}
	var out []string
	for _, it := range v.Items {
		out = append(out, it.Text)
	}
	return out
}
