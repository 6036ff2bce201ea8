package tokens

// linguaComponentCases are the Lingua documents TestComponents measures.
var linguaComponentCases = []componentCase{{
	name: "prose, compound, signature, error",
	text: "Two messages follow.\n" +
		"👽73|@3|#p-9|$j:eyJ0IjoiaGkifQ==;;👽71|@1\n" +
		"--👽lingua/0.4@agent-lingua\n" +
		"!E5|~+30m\n",
	want: map[string][]Component{
		"o200k_base":  {{"code", 9}, {"fields", 20}, {"payload", 14}, {"signature", 15}, {"prose", 4}},
		"cl100k_base": {{"code", 11}, {"fields", 19}, {"payload", 12}, {"signature", 16}, {"prose", 4}},
	},
}, {
	name: "natural line and a response",
	text: "👽 hello there\n^0|#r-1|$r:ok\n",
	want: map[string][]Component{
		"o200k_base":  {{"code", 5}, {"fields", 8}, {"payload", 5}, {"signature", 0}, {"prose", 0}},
		"cl100k_base": {{"code", 6}, {"fields", 7}, {"payload", 4}, {"signature", 0}, {"prose", 0}},
	},
}}
