package rosetta

// The fast path in front of the participle grammars (docs/architecture.md,
// "the Rosetta fast path").
//
// Every structured line is lexed by the hand lexer (lexer.go) and then read by
// one of the small participle grammars in grammar.go, which are plain
// sequences over tokens the lexer has already typed by context. Participle's
// engine costs about 1.5-2.5 µs and 25-35 allocations a line even so: on a
// generated transcript the header and binding grammars alone were a quarter
// of `rosettac check` (docs/performance.md, "Rosetta check speed"). The fast
// path reads the token sequence of the common line shapes (a header, a
// binding, a mark, a txt head, an inline txt) by hand and fills the same
// capture struct the grammar would; a sequence it does not recognise exactly
// is declined and handed to participle, whose answer (a struct, or "not this
// kind of line") is then the one used. The lowering that follows is shared,
// so both paths build the same IR through the same code.
//
// The grammars stay the definition of the language: a fast-path reader only
// ever accepts a token sequence its grammar accepts, with the same captures.
// TestFastPathSameCaptures compares the two on every line of every .rose file
// in the repository and of a generated transcript, FuzzRosettaFastPath (fuzz/)
// compares whole parses (IR and diagnostics) of arbitrary input with the fast
// path on and off (ParseGrammar), and TestFastPathTakesCommonLines fails if
// the fast path stops taking the common lines.

// fastScratch holds the capture structs the fast path fills, one per grammar,
// reused line after line: a caller reads the struct parseLine returns before
// the lexer reads its next line (every caller lowers it at once).
type fastScratch struct {
	header headerLine
	bind   binding
	mark   markLine
	txt    txtHead
	inline txtInline
	sels   []string
	attrs  []attr
}

// fastRead returns the capture struct of the tokens the lexer just produced
// in mode m, as a pointer to one of l's scratch structs, or nil when the
// tokens are not exactly one of the common sequences (the grammar decides
// then). The list and shape values are walked from the tokens directly
// (slots.go), so they have no fast path here.
func fastRead(l *lineLexer, m mode) any {
	t := l.toks
	f := &l.fast
	switch m {
	case modeHeader: // @ID @Act @Route? @Fields?
		if len(t) < 2 || t[0].Type != tID || t[1].Type != tAct {
			return nil
		}
		f.header = headerLine{ID: t[0].Value, Act: t[1].Value}
		i := 2
		if i < len(t) && t[i].Type == tGt {
			f.header.Route = t[i].Value
			i++
		}
		if i < len(t) && t[i].Type == tFields {
			f.header.Fields = t[i].Value
			i++
		}
		if i != len(t) {
			return nil
		}
		return &f.header
	case modeBind: // @BindKey @Op @Value
		if len(t) != 3 || t[0].Type != tBindKey || t[1].Type != tOp || t[2].Type != tValue {
			return nil
		}
		f.bind = binding{Key: t[0].Value, Op: t[1].Value, Value: t[2].Value}
		return &f.bind
	case modeMark: // @MsgRef? @Block (@Hash (@Sel (Pipe @Sel)*)?)? @Op @Value @Conf?
		f.mark = markLine{}
		i := 0
		if i < len(t) && t[i].Type == tMsgRef {
			f.mark.Msg = t[i].Value
			i++
		}
		if i >= len(t) || t[i].Type != tBlock {
			return nil
		}
		f.mark.Block = t[i].Value
		i++
		if i < len(t) && t[i].Type == tHash {
			f.mark.Hash = t[i].Value
			i++
			f.sels = f.sels[:0]
			if i < len(t) && t[i].Type == tSel {
				f.sels = append(f.sels, t[i].Value)
				i++
				for i+1 < len(t) && t[i].Type == tPipe && t[i+1].Type == tSel {
					f.sels = append(f.sels, t[i+1].Value)
					i += 2
				}
			}
			if len(f.sels) > 0 {
				f.mark.Selectors = f.sels
			}
		}
		if i+1 >= len(t) || t[i].Type != tOp || t[i+1].Type != tValue {
			return nil
		}
		f.mark.Op, f.mark.Value = t[i].Value, t[i+1].Value
		i += 2
		if i < len(t) && t[i].Type == tConf {
			f.mark.Conf = t[i].Value
			i++
		}
		if i != len(t) {
			return nil
		}
		return &f.mark
	case modeTxt: // @Name? @Fmt? (@AttrKey @AttrVal)*
		f.txt = txtHead{}
		i := 0
		if i < len(t) && t[i].Type == tName {
			f.txt.Name = t[i].Value
			i++
		}
		if i < len(t) && t[i].Type == tFmt {
			f.txt.Fmt = t[i].Value
			i++
		}
		f.attrs = f.attrs[:0]
		for i+1 < len(t) && t[i].Type == tAttrKey && t[i+1].Type == tAttrVal {
			f.attrs = append(f.attrs, attr{Key: t[i].Value, Value: t[i+1].Value})
			i += 2
		}
		if i != len(t) {
			return nil
		}
		if len(f.attrs) > 0 {
			f.txt.Attrs = f.attrs
		}
		return &f.txt
	case modeInline: // @Inline
		if len(t) != 1 || t[0].Type != tInline {
			return nil
		}
		f.inline = txtInline{Text: t[0].Value}
		return &f.inline
	}
	return nil
}
