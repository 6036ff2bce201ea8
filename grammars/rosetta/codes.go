package rosetta

// Parser diagnostic codes. P001-P004 are the reference implementation's; the rest
// are rosettac's own, one per spec §7 recovery that the reference performs
// silently (or not at all). Each has a test in parse_test.go (TestRecoveries)
// and an example in golden/testdata/rosetta/recovery.txtar.
const (
	CodeNoHeader      = "P001" // WARN: no header anywhere: the text is wrapped as note + txt
	CodeProse         = "P002" // INFO: prose outside any message, kept as ir.Prose
	CodeImplicitText  = "P003" // INFO: body text before any slot opens an implicit txt block
	CodeImplicitBlock = "P004" // INFO: a `|` line with no txt header opens an implicit block
	CodeUnclosed      = "P005" // WARN: an unclosed `]`, `}` or `"` closed at end of line
	CodeFence         = "P006" // INFO: a markdown fence in the coordination plane ends the message and is kept as prose
	CodeDecoration    = "P007" // INFO: list decoration or a colon around a slot key was stripped
	CodeFullwidth     = "P008" // INFO: fullwidth punctuation accepted at a structural position
	CodeBadBlockHead  = "P009" // WARN: the text after `txt` is not a block head; kept verbatim
	CodeLooseLine     = "P010" // WARN: a line in an a/assume/sub/mark slot is neither an entry nor a continuation of one
	CodeDupTopic      = "P011" // WARN: a header with more than one #topic; the first is used
	CodeBareLine      = "P012" // INFO: a line without `|` after a txt block is taken as a content line
	CodeBadShape      = "P013" // WARN: a want value that is neither a {shape} nor an act alternation; kept verbatim
	CodeNormalised    = "P014" // INFO: a coordination line was NFC-normalised (its bytes change under fmt)
	CodeNearHeader    = "P015" // ERROR: a line that starts like a header and has a route or a field, but even recovery cannot read it (recover.go has P016-P020)
)
