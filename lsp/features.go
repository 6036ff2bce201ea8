package lsp

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/docs"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/ir"
)

// catalogueText is a code's catalogue entry, as the docs pages give it, for a hover.
func catalogueText(code string) string {
	e, ok := docs.Catalogue()[code]
	if !ok {
		return "catalogue: no entry for " + code
	}
	return fmt.Sprintf("catalogue (%s#%s):\n\n%s", e.Page, strings.ToLower(code), e.Text)
}

func (s *Server) doc(uri protocol.DocumentUri) *document {
	d := s.docs[uri]
	if d == nil || d.res == nil {
		return nil
	}
	return d
}

func (s *Server) hover(ctx *glsp.Context, params *protocol.HoverParams) (*protocol.Hover, error) {
	d := s.doc(params.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	off := d.index.offset(params.Position)
	var parts []string
	var at *[2]int
	switch d.lang {
	case ir.Rosetta:
		if r := d.rosetta(); r != nil {
			if h, it := r.hover(off, s.settings.Lang); h != "" {
				parts = append(parts, h)
				at = &[2]int{it.start, it.end}
			}
		}
	case ir.Lingua:
		if h, a, b := linguaHover(d, off, s.settings.Lang); h != "" {
			parts = append(parts, h)
			at = &[2]int{a, b}
		}
	case ir.AgentDSL:
		if h, a, b := agentdslHover(d, off); h != "" {
			parts = append(parts, h)
			at = &[2]int{a, b}
		}
	}
	// The diagnostics at the position, each with its code's catalogue entry.
	for _, g := range d.diags {
		a, b := g.Span.Offsets()
		if !g.Span.IsValid() || off < a || off > max(b, a+1) {
			continue
		}
		h := fmt.Sprintf("**%s** (%s): %s", g.Code, g.Severity, g.Message)
		if g.Hint != "" {
			h += "\n\nhint: " + g.Hint
		}
		h += "\n\n" + catalogueText(g.Code)
		parts = append(parts, h)
	}
	if len(parts) == 0 {
		return nil, nil
	}
	hv := &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: strings.Join(parts, "\n\n---\n\n")}}
	if at != nil {
		r := d.index.rng(at[0], at[1])
		hv.Range = &r
	}
	return hv, nil
}

func (s *Server) location(d *document, start, end int) protocol.Location {
	return protocol.Location{URI: d.uri, Range: d.index.rng(start, end)}
}

func (s *Server) definition(ctx *glsp.Context, params *protocol.DefinitionParams) (any, error) {
	d := s.doc(params.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	off := d.index.offset(params.Position)
	switch d.lang {
	case ir.Rosetta:
		if r := d.rosetta(); r != nil {
			if a, b, ok := r.definition(off); ok {
				return []protocol.Location{s.location(d, a, b)}, nil
			}
		}
	case ir.AgentDSL:
		if a, b, ok := agentdslDefinition(d, off); ok {
			return []protocol.Location{s.location(d, a, b)}, nil
		}
	}
	return nil, nil
}

func (s *Server) references(ctx *glsp.Context, params *protocol.ReferenceParams) ([]protocol.Location, error) {
	d := s.doc(params.TextDocument.URI)
	if d == nil || d.lang != ir.Rosetta {
		return nil, nil
	}
	r := d.rosetta()
	if r == nil {
		return nil, nil
	}
	out := []protocol.Location{}
	for _, sp := range r.references(d.index.offset(params.Position), params.Context.IncludeDeclaration) {
		out = append(out, s.location(d, sp[0], sp[1]))
	}
	return out, nil
}

// formatted is the document in canonical form, or ok false when it cannot
// be formatted (an error in it: rosettac fmt refuses too).
func (d *document) formatted() ([]byte, bool) {
	res := compiler.Parse(d.path, d.text, compiler.Options{From: d.lang})
	if res.Doc == nil || res.Diags.HasErrors() {
		return nil, false
	}
	out, ds := compiler.Format(res, compiler.FormatOptions{Terse: true})
	if ds.HasErrors() || out == nil {
		return nil, false
	}
	return out, true
}

// wholeEdit replaces the whole text of d with out, or is nil when they are equal.
func (d *document) wholeEdit(out []byte) []protocol.TextEdit {
	if bytes.Equal(out, d.text) {
		return []protocol.TextEdit{}
	}
	return []protocol.TextEdit{{Range: d.index.rng(0, len(d.text)), NewText: string(out)}}
}

func (s *Server) formatting(ctx *glsp.Context, params *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	d := s.doc(params.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	out, ok := d.formatted()
	if !ok {
		return nil, fmt.Errorf("the document has errors; fix them before formatting (rosettac fmt refuses too)")
	}
	return d.wholeEdit(out), nil
}

// codeAction offers the fixes of the diagnostics in the range (a safe fix
// is the preferred one), and formatting the document.
func (s *Server) codeAction(ctx *glsp.Context, params *protocol.CodeActionParams) (any, error) {
	d := s.doc(params.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	a, b := d.index.offset(params.Range.Start), d.index.offset(params.Range.End)
	wanted := func(k protocol.CodeActionKind) bool {
		if len(params.Context.Only) == 0 {
			return true
		}
		for _, o := range params.Context.Only {
			if k == o || strings.HasPrefix(string(k), string(o)+".") {
				return true
			}
		}
		return false
	}
	out := []protocol.CodeAction{}
	if wanted(protocol.CodeActionKindQuickFix) {
		for _, g := range d.diags {
			ga, gb := g.Span.Offsets()
			if len(g.Fixes) == 0 || !g.Span.IsValid() || gb < a || ga > b {
				continue
			}
			pd := s.diagnostic(d, g)
			for i, f := range g.Fixes {
				edits := make([]protocol.TextEdit, 0, len(f.Edits))
				for _, e := range f.Edits {
					ea, eb := e.Span.Offsets()
					edits = append(edits, protocol.TextEdit{Range: d.index.rng(ea, eb), NewText: e.NewText})
				}
				kind := protocol.CodeActionKindQuickFix
				preferred := i == 0 && f.Applicability == diag.Safe
				out = append(out, protocol.CodeAction{
					Title: fmt.Sprintf("%s (%s, %s)", f.Title, g.Code, f.Applicability), Kind: &kind,
					Diagnostics: []protocol.Diagnostic{pd}, IsPreferred: &preferred,
					Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: edits}},
				})
			}
		}
	}
	if wanted(protocol.CodeActionKindSource) {
		if fm, ok := d.formatted(); ok && !bytes.Equal(fm, d.text) {
			kind := protocol.CodeActionKindSource
			out = append(out, protocol.CodeAction{Title: "Format document (rosettac fmt)", Kind: &kind,
				Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: d.wholeEdit(fm)}}})
		}
	}
	return out, nil
}

// completion offers what may be written at the position, by what the line
// holds before it.
func (s *Server) completion(ctx *glsp.Context, params *protocol.CompletionParams) (any, error) {
	d := s.doc(params.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	off := d.index.offset(params.Position)
	lineStart := bytes.LastIndexByte(d.text[:off], '\n') + 1
	before := string(d.text[lineStart:off])
	var items []protocol.CompletionItem
	add := func(kind protocol.CompletionItemKind, detail string, labels ...string) {
		for _, l := range labels {
			k, dt := kind, detail
			items = append(items, protocol.CompletionItem{Label: l, Kind: &k, Detail: &dt})
		}
	}
	switch d.lang {
	case ir.Rosetta:
		rosettaCompletion(d, before, add)
	case ir.AgentDSL:
		agentdslCompletion(d, before, add)
	case ir.Lingua:
		if strings.TrimSpace(before) == "" {
			add(protocol.CompletionItemKindKeyword, "Lingua line marker", "👽", "^", "!E")
		}
	}
	if items == nil {
		items = []protocol.CompletionItem{}
	}
	return protocol.CompletionList{IsIncomplete: false, Items: items}, nil
}

// lastWord is the word the cursor is in and the text before it.
func lastWord(before string) (rest, word string) {
	i := len(before)
	for i > 0 {
		c := before[i-1]
		if c == ' ' || c == '\t' || c == '~' || c == '@' || c == '=' || c == '>' || c == '#' || c == ',' || c == '[' || c == ':' {
			break
		}
		i--
	}
	return before[:i], before[i:]
}

func rosettaCompletion(d *document, before string, add func(protocol.CompletionItemKind, string, ...string)) {
	v := compiler.Vocabulary()
	rest, _ := lastWord(before)
	trimmed := strings.TrimSpace(rest)
	var ids []string
	var blocks map[string][]string
	if r := d.rosetta(); r != nil {
		blocks = map[string][]string{}
		seen := map[string]bool{}
		for _, m := range r.t.Messages {
			if m.Header == nil || m.Degraded || seen[m.Header.ID.Text] {
				continue
			}
			id := m.Header.ID.Text
			seen[id] = true
			ids = append(ids, id)
			for _, sl := range m.Slots {
				if b, ok := sl.(*ir.BlockSlot); ok && b.Block != nil {
					blocks[id] = append(blocks[id], b.Block.Name)
				}
			}
		}
	}
	switch {
	case strings.HasSuffix(rest, "~"):
		add(protocol.CompletionItemKindValue, "confidence", v.Confidences...)
	case strings.HasSuffix(rest, "re=") || strings.HasSuffix(rest, "src="):
		add(protocol.CompletionItemKindReference, "message id", ids...)
	case strings.HasSuffix(rest, "@"):
		add(protocol.CompletionItemKindReference, "message id", ids...)
		for _, sc := range v.Schemes {
			add(protocol.CompletionItemKindEnumMember, "reference scheme", sc+":")
		}
	case strings.HasSuffix(rest, ".") && strings.Contains(rest, "@"):
		// @id. then a block name of that message.
		at := strings.LastIndexByte(rest, '@')
		id := strings.TrimSuffix(rest[at+1:], ".")
		add(protocol.CompletionItemKindField, "txt block of "+id, blocks[id]...)
	case strings.HasSuffix(rest, "why ") && (strings.Contains(before, "why")):
		add(protocol.CompletionItemKindEnumMember, "failure code", v.FailCodes...)
	case rest == "" || strings.TrimSpace(rest) == "" && rest != "":
		if rest == "" {
			break // a header starts with an id: nothing to offer before it
		}
		add(protocol.CompletionItemKindProperty, "slot", v.Slots...)
	case !strings.HasPrefix(rest, " ") && !strings.HasPrefix(rest, "\t") && len(strings.Fields(trimmed)) == 1:
		add(protocol.CompletionItemKindKeyword, "act", v.Acts...)
	case !strings.HasPrefix(rest, " ") && !strings.HasPrefix(rest, "\t"):
		for _, k := range v.HeaderKeys {
			add(protocol.CompletionItemKindProperty, "header field", k+"=")
		}
	}
}

func (s *Server) documentSymbol(ctx *glsp.Context, params *protocol.DocumentSymbolParams) (any, error) {
	d := s.doc(params.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	sym := func(name, detail string, kind protocol.SymbolKind, sp, sel diag.Span) protocol.DocumentSymbol {
		a, b := sp.Offsets()
		sa, sb := a, a
		if sel.IsValid() {
			sa, sb = sel.Offsets()
		}
		if name == "" {
			name = "?"
		}
		ds := protocol.DocumentSymbol{Name: name, Kind: kind, Range: d.index.rng(a, b), SelectionRange: d.index.rng(sa, sb)}
		if detail != "" {
			ds.Detail = &detail
		}
		return ds
	}
	out := []protocol.DocumentSymbol{}
	switch doc := d.res.Doc.(type) {
	case *ir.Transcript:
		for _, m := range doc.Messages {
			if m.Header == nil || m.Degraded {
				out = append(out, sym("note (no header)", "", protocol.SymbolKindEvent, m.Span, diag.Span{}))
				continue
			}
			h := m.Header
			var route []string
			for _, t := range h.Targets {
				route = append(route, t.Text)
			}
			detail := h.Sender + ">" + strings.Join(route, ",")
			if h.Topic != "" {
				detail += " #" + h.Topic
			}
			ms := sym(h.ID.Text+" "+h.Act, detail, protocol.SymbolKindEvent, m.Span, h.ID.Span)
			for _, sl := range m.Slots {
				if b, ok := sl.(*ir.BlockSlot); ok && b.Block != nil {
					ms.Children = append(ms.Children, sym("txt "+b.Block.Name, b.Block.Fmt, protocol.SymbolKindStruct, b.Span, b.KeySpan))
				}
			}
			out = append(out, ms)
		}
	case *ir.DSLDoc:
		out = agentdslSymbols(doc, sym)
	case *ir.LinguaTranscript:
		for _, it := range doc.Items {
			if l, ok := it.(*ir.LinguaLine); ok {
				a, b := l.Span.Offsets()
				out = append(out, sym(clip(string(d.text[a:b]), 40), "", protocol.SymbolKindEvent, l.Span, l.Span.Collapse()))
			}
		}
	}
	return out, nil
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// token is one semantic token: bytes [start, end) on one line.
type token struct {
	start, end int
	typ        int
}

func (s *Server) semanticTokens(ctx *glsp.Context, params *protocol.SemanticTokensParams) (*protocol.SemanticTokens, error) {
	d := s.doc(params.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	var toks []token
	add := func(sp diag.Span, typ int) {
		if sp.IsValid() {
			a, b := sp.Offsets()
			toks = append(toks, token{a, b, typ})
		}
	}
	switch doc := d.res.Doc.(type) {
	case *ir.Transcript:
		for _, p := range doc.Prose {
			add(p.Span, tokComment)
		}
		for _, m := range doc.Messages {
			for _, it := range rosettaItems(m, d.text) {
				typ := map[itemKind]int{itemID: tokAddress, itemAct: tokAct, itemAgent: tokAddress, itemTopic: tokEnum,
					itemField: tokSlot, itemSlotKey: tokSlot, itemBindKey: tokSlot, itemRef: tokAddress, itemMark: tokAddress,
					itemConf: tokConf, itemFailCode: tokEnum, itemContent: tokContent}[it.kind]
				toks = append(toks, token{it.start, it.end, typ})
			}
		}
	case *ir.DSLDoc:
		agentdslTokens(doc, add)
	case *ir.LinguaTranscript:
		for _, it := range doc.Items {
			switch it := it.(type) {
			case *ir.LinguaProse:
				add(it.Span, tokComment)
			case *ir.LinguaLine:
				for _, m := range it.Messages {
					if f := ir.LinguaFieldsOf(m); f != nil {
						if f.Target != nil {
							add(f.Target.Span, tokAddress)
						}
						if f.ID != nil {
							add(f.ID.Span, tokAddress)
						}
						if f.Payload != nil {
							add(f.Payload.Span, tokContent)
						}
					}
				}
			}
		}
	}
	return &protocol.SemanticTokens{Data: d.encodeTokens(toks)}, nil
}

// encodeTokens writes tokens as the protocol's relative quintuples: sorted,
// without overlaps (a token inside another wins over it where they overlap:
// a reference inside a binding's value) and split at line ends.
func (d *document) encodeTokens(toks []token) []protocol.UInteger {
	sort.SliceStable(toks, func(i, j int) bool {
		if toks[i].start != toks[j].start {
			return toks[i].start < toks[j].start
		}
		return toks[i].end > toks[j].end // the outer one first
	})
	var flat []token
	emit := func(a, b, typ int) {
		if b > a {
			flat = append(flat, token{a, b, typ})
		}
	}
	var stack []token
	cur := 0
	pop := func() {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		emit(max(cur, top.start), top.end, top.typ)
		cur = max(cur, top.end)
	}
	for _, t := range toks {
		if t.end <= t.start {
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1].end <= t.start {
			pop()
		}
		if len(stack) > 0 {
			top := stack[len(stack)-1]
			emit(max(cur, top.start), t.start, top.typ)
			t.end = min(t.end, top.end) // overlapping, not nested: cut at the outer end
		}
		cur = max(cur, t.start)
		stack = append(stack, t)
	}
	for len(stack) > 0 {
		pop()
	}
	var data []protocol.UInteger
	prevLine, prevChar := 0, 0
	for _, t := range flat {
		for a := t.start; a < t.end; {
			e := t.end
			if k := bytes.IndexByte(d.text[a:t.end], '\n'); k >= 0 {
				e = a + k
			}
			if e > a {
				p := d.index.position(a)
				n := d.index.units(d.text[a:e])
				line, char := int(p.Line), int(p.Character)
				dl, dc := line-prevLine, char
				if dl == 0 {
					dc = char - prevChar
				}
				data = append(data, protocol.UInteger(dl), protocol.UInteger(dc), protocol.UInteger(n), protocol.UInteger(t.typ), 0)
				prevLine, prevChar = line, char
			}
			a = e + 1
		}
	}
	if data == nil {
		data = []protocol.UInteger{}
	}
	return data
}

// linguaHover is the decoded message of the Lingua line at off: its fields
// and payload, rendered (decrypted when a key file is configured: the key is
// read by the server and never leaves it).
func linguaHover(d *document, off int, lang string) (string, int, int) {
	t, ok := d.res.Doc.(*ir.LinguaTranscript)
	if !ok {
		return "", 0, 0
	}
	for _, it := range t.Items {
		l, ok := it.(*ir.LinguaLine)
		if !ok {
			continue
		}
		a, b := l.Span.Offsets()
		if off < a || off > b {
			continue
		}
		one := &ir.LinguaTranscript{Span: l.Span, Items: []ir.LinguaItem{l}, Sessions: t.Sessions}
		out, _ := text.Render(one, text.Options{Lang: lang})
		return "```text\n" + strings.TrimRight(string(out), "\n") + "\n```", a, b
	}
	return "", 0, 0
}
