package text

// rosGlyphs are the drawing characters and glyph-bearing phrases of the
// AgentRosetta layout. --ascii swaps the whole set for ASCII (spec §17.1's
// figure and the seed README): same layout, same columns of meaning.
type rosGlyphs struct {
	arrow    string // route and "a>b" in values
	rule     string // the separator under the header
	gutter   string // between a line number and its text
	annotate string // margin symbol of an '=' mark
	replace  string // margin symbol of a '>' mark
	dot      string // separator inside the header line and the tag list
	bullet   string // start of a binding or loose-mark line
	enDash   string // ranges: "lines 38–46"
	dash     string // before the author of a mark from another message
	elided   rosWord
	orphaned rosWord
	outside  rosWord
}

var rosUnicode = rosGlyphs{
	arrow: "→", rule: "──────────────────────────────", gutter: "│",
	annotate: "▲", replace: "▶", dot: "·", bullet: "·", enDash: "–", dash: "—",
	elided:   rosWord{"(content not carried; addresses still valid — deref)", "（内容未内联，地址仍然有效——按需 deref）"},
	orphaned: rosWord{"  ⚠ ORPHANED: points at nothing", "　⚠ 失锚：不再指向任何内容"},
	outside:  rosWord{"  [outside the carried text — deref]", "　[不在所载内容内——按需 deref]"},
}

var rosASCII = rosGlyphs{
	arrow: "->", rule: "------------------------------", gutter: "|",
	annotate: "^", replace: ">", dot: "-", bullet: "-", enDash: "-", dash: "--",
	elided:   rosWord{"(content not carried; addresses still valid -- deref)", "（内容未内联，地址仍然有效--按需 deref）"},
	orphaned: rosWord{"  !! ORPHANED: points at nothing", "　!! 失锚：不再指向任何内容"},
	outside:  rosWord{"  [outside the carried text -- deref]", "　[不在所载内容内--按需 deref]"},
}
