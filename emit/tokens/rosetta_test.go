package tokens

// rosettaComponentCases are the Rosetta documents TestComponents measures.
var rosettaComponentCases = []componentCase{{
	name: "prose, two messages, refs, confs, a block and a mark",
	text: "Note before.\n\n" +
		"obs3 ask >dba #inc\n q    why is p99 up?\n ctx  @file:dash.json\n want {cause}\n\n" +
		"dba4 tell re=obs3\n a    cause = index missing ~hi\n txt  log\n | 09:41 seq scan\n" +
		" mark log#L1|q\"seq scan\" = slow ~mid\n",
	want: map[string][]Component{
		"o200k_base": {{"headers", 18}, {"references", 15}, {"slot keys", 6}, {"confidence", 4},
			{"payload", 24}, {"content", 8}, {"prose", 3}},
		"cl100k_base": {{"headers", 16}, {"references", 15}, {"slot keys", 6}, {"confidence", 4},
			{"payload", 24}, {"content", 8}, {"prose", 3}},
	},
}}
