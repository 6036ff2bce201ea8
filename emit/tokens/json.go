package tokens

import "github.com/rosettac/rosettac/ir"

// JSON components, in report order.
const (
	jsPunct  = iota // braces, brackets, commas, colons and whitespace: the structure
	jsKeys          // object keys, quotes included
	jsValues        // strings, numbers, true, false and null
)

var jsonComponents = []string{"punctuation", "keys", "values"}

// jsonText reports whether src is JSON rather than AgentDSL text. A JSON file
// reaches Measure as the AgentDSL document from_json made of it (rosettac
// reads any data JSON that way), whose spans are not AgentDSL lines of src,
// so the AgentDSL breakdown would charge everything to one component. An
// AgentDSL document starts with a block header, '[' and a letter; JSON data
// starts with '{', or with '[' and then (after blanks) '{' or ']'.
func jsonText(src []byte) bool {
	i := skipBlank(src, 0)
	if i >= len(src) {
		return false
	}
	switch src[i] {
	case '{':
		return true
	case '[':
		j := skipBlank(src, i+1)
		return j < len(src) && (src[j] == '{' || src[j] == ']')
	}
	return false
}

func skipBlank(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

// segmentJSON splits JSON bytes into keys, values and punctuation by a
// lexical scan (the bytes need not be valid JSON: whatever is not a string
// or a scalar word is punctuation).
func segmentJSON(_ ir.Document, src []byte) ([]string, []Segment) {
	var segs []Segment
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j < len(src) {
				j++ // the closing quote
			}
			comp := jsValues
			if k := skipBlank(src, j); k < len(src) && src[k] == ':' {
				comp = jsKeys
			}
			segs = append(segs, Segment{Start: i, End: min(j, len(src)), Component: comp})
			i = j
		case c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i + 1
			for j < len(src) && (src[j] == '-' || src[j] == '+' || src[j] == '.' || src[j] >= '0' && src[j] <= '9' ||
				src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z') {
				j++
			}
			segs = append(segs, Segment{Start: i, End: j, Component: jsValues})
			i = j
		default:
			i++
		}
	}
	return jsonComponents, segs
}
