package toon

// Diagnostic codes of TOON decoding (docs/interop.md lists each with an
// example). Every strict-mode error of the spec's §14 is one of them; the hint
// of each diagnostic names the section that the input breaks.
const (
	CodeCount     = "TN001" // an array's items, rows or entries differ from its declared [N] (§14.1)
	CodeWidth     = "TN002" // a tabular row or keyed entry row has the wrong number of cells (§14.1)
	CodeColon     = "TN003" // a key without its colon (§7.4, §14.2)
	CodeString    = "TN004" // a quoted string or key with a bad escape, unterminated, or followed by text (§7.1)
	CodeHeader    = "TN005" // a malformed array header: bracket, fields, delimiters, content after it, or its position (§6)
	CodeIndent    = "TN006" // indentation that is not a multiple of the indent size, or uses tabs (§12)
	CodeBlank     = "TN007" // a blank line inside an array (§12)
	CodeStructure = "TN008" // a line where the structure allows none: too deep, a stray scalar, content after the root (§5, §8, §14.2)
	CodeDuplicate = "TN009" // a key given twice in one object (§14.3)
	CodeUTF8      = "TN010" // input that is not UTF-8 (§4)
	CodeNumber    = "TN011" // a number outside rosettac's numeric domain: an exponent beyond ±999999999 (§4)
	CodeDepth     = "TN012" // nesting deeper than rosettac's limit (MaxDepth)
	CodeJSON      = "TN013" // encoder input that is not one JSON value
)

// MaxDepth is how deeply TOON or JSON values may nest; deeper input is CodeDepth,
// so that hostile input cannot exhaust the stack.
const MaxDepth = 1000
