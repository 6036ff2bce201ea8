// Package text owns rosettac's human renderings: deterministic text for people,
// in English or Chinese, for every language (AgentRosetta views and margin marks,
// Lingua messages as words, AgentDSL tables and signatures).
//
// Each language registers its renderer from its own file; Render dispatches on
// the document's language. Control characters and terminal escape sequences in
// agent text are shown escaped, never sent raw to a terminal.
package text

import (
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// Options selects what a rendering shows.
type Options struct {
	Lang  string // "en" or "zh"
	View  string // Rosetta: full, decision, audit, human_task, content, clean
	ASCII bool   // ASCII-only layout (->, -, |, ^, >)
	Bare  bool   // only the bytes of the text blocks: the deliverable itself
	// BareHeaders, with Bare, starts each block with a "# id.block" line and
	// separates blocks with a blank line.
	BareHeaders bool
	Msg         string // Rosetta: render only the message with this id
	Block       string // Rosetta: render only this block (@id.block), with every mark on it
}

// renderFunc renders one language's document.
type renderFunc func(doc ir.Document, opt Options) ([]byte, diag.List)

var renderers = map[ir.Language]renderFunc{}

func register(lang ir.Language, f renderFunc) { renderers[lang] = f }

// Render renders doc for people. An unknown language or option is an error
// diagnostic, never a panic.
func Render(doc ir.Document, opt Options) ([]byte, diag.List) {
	var ds diag.List
	if opt.Lang == "" {
		opt.Lang = "en"
	}
	if opt.View == "" {
		opt.View = "full"
	}
	r := renderers[doc.Language()]
	if r == nil {
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "R001", Span: doc.Pos(),
			Message: fmt.Sprintf("no human renderer for %s documents", doc.Language())})
		return nil, ds
	}
	if doc.Language() != ir.Rosetta {
		// Views, --bare, --msg and --block select AgentRosetta slots, txt
		// blocks and messages; saying so beats a silent full rendering.
		for _, o := range rosettaOnly(opt) {
			ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "R002", Span: doc.Pos(),
				Message: fmt.Sprintf("%s selects AgentRosetta %s; this %s document is rendered in full", o.flag, o.what, doc.Language()),
				Hint:    "drop " + o.name + ", or render an AgentRosetta transcript"})
		}
	}
	out, more := r(doc, opt)
	return out, append(ds, more...)
}

// unreadMarker is the line render puts above a region of the input that is
// no part of any message (prose, a fence, a line that fits nowhere), in
// every view but clean: what a reader sees must not pass for everything
// the input said (issue #21, "nothing dropped without a word"). The region
// itself follows, indented, as written (made safe for a terminal).
func unreadMarker(lang string, lines int) string {
	if lang == "zh" {
		return fmt.Sprintf("[未读取：%d 行不属于任何消息]", lines)
	}
	if lines == 1 {
		return "[not read: 1 line outside any message]"
	}
	return fmt.Sprintf("[not read: %d lines outside any message]", lines)
}

// unreadLines renders an unread region: the marker, then each line indented.
// Blank lines at its ends are left out; a region of only blank lines is
// nothing and renders as nothing.
func unreadLines(lang, text string) []string {
	text = strings.Trim(text, "\r\n")
	if strings.TrimSpace(text) == "" {
		return nil
	}
	ls := strings.Split(text, "\n")
	out := []string{unreadMarker(lang, len(ls))}
	for _, l := range ls {
		out = append(out, strings.TrimRight("  "+termSafe(strings.TrimRight(l, "\r")), " \t"))
	}
	return out
}

// rosettaOption is an option that only an AgentRosetta transcript has parts for.
type rosettaOption struct{ name, flag, what string }

// rosettaOnly lists the AgentRosetta-only options opt sets, in the order
// render's help gives them.
func rosettaOnly(opt Options) []rosettaOption {
	var out []rosettaOption
	if opt.View != "full" {
		out = append(out, rosettaOption{"--view", "--view " + opt.View, "slots"})
	}
	if opt.Bare {
		out = append(out, rosettaOption{"--bare", "--bare", "txt blocks"})
	}
	if opt.Msg != "" {
		out = append(out, rosettaOption{"--msg", "--msg " + opt.Msg, "messages"})
	}
	if opt.Block != "" {
		out = append(out, rosettaOption{"--block", "--block " + opt.Block, "txt blocks"})
	}
	return out
}
