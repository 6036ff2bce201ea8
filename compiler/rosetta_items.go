package compiler

import (
	"slices"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/ir"
)

// Writing a Rosetta transcript item by item.
//
// fmt, translate --to json and compile --emit ir write one item of output per
// message or prose run, in source order, and what they write of a message
// depends on that message alone once its header has inherited from its parent
// (2.1-c). So they need not hold the transcript: ParseItems and DiagnoseItems
// hand the items out as the parse reads them (rosetta.ParseItems) and drop them
// after, keeping only what inheritance reads of every message (its sender,
// targets and topic) or, checked, what the session keeps. docs/performance.md
// says what each command keeps.

// Items are the callbacks of ParseItems and DiagnoseItems: one for each
// message, one for each prose run, and Begin, before any item, with the
// source the items are read from (any may be nil). A message is valid only
// during its call: its IR may be reused or dropped after. Session
// (DiagnoseItems only), also before any item, is the session that checks
// them, for a caller that asks it about the messages stored so far while it
// takes an item (a message is stored before it is handed out); it is valid
// until DiagnoseItems returns.
//
// A checked message's Epoch is the epoch in force once the session stored it.
// A whole Check writes the transcript's last epoch into every message
// (epistemic.State.SettleEpoch: a def epoch = holds for the messages before
// it too), so a writer of Epoch compares what it wrote with the epoch Settle
// gets after the last item (DiagnoseItems only); they differ only when a def
// changes the epoch after a message was handed out.
type Items struct {
	Begin   func(*diag.Source)
	Session func(*Session)
	Message func(*ir.Message)
	Prose   func(*ir.Prose)
	Settle  func(epoch string)
}

// ParseItems is Parse of a Rosetta file that hands out its messages (with
// header inheritance applied, as Parse gives them) and prose runs, in source
// order, instead of keeping them: the Result's Doc is the transcript with its
// prose and no message, and its Diags are Parse's. It returns nil, having
// called nothing, when the file is not Rosetta (opt.From, else Detect); the
// caller then reads it whole. Input Parse rejects before any grammar runs
// (F001-F003) gives that Result and no items.
func ParseItems(file string, src []byte, opt Options, it Items) *Result {
	return runItems(file, src, &opt, it, false)
}

// DiagnoseItems is Check of a Rosetta file that hands out each message once
// the session has checked it, and the prose runs, in source order: the
// Result's Diags are Check's (the streamed check's, which are the same), its
// Doc the transcript with its prose only. It returns nil for a file that is
// not Rosetta, as ParseItems does.
func DiagnoseItems(file string, src []byte, opt Options, it Items) *Result {
	return runItems(file, src, &opt, it, true)
}

func runItems(file string, src []byte, opt *Options, it Items, check bool) *Result {
	lang := opt.From
	if lang == "" {
		lang = Detect(file, src)
	}
	if lang != ir.Rosetta {
		return nil
	}
	res := &Result{File: file, Lang: lang, Source: diag.NewSource(file, src)}
	if ds := CheckInput(res.Source, opt.MaxBytes); len(ds) > 0 {
		res.Diags = ds
		return res
	}
	if it.Begin != nil {
		it.Begin(res.Source)
	}
	var doc *ir.Transcript
	var ds diag.List
	if check {
		doc, ds = streamCheckItems(res.Source, opt, it)
	} else {
		doc, ds = parseRosettaItems(res.Source, it)
	}
	res.Doc = doc
	res.Diags = append(res.Diags, ds...)
	res.Diags.Sort()
	res.Diags = res.Diags.Dedup()
	return res
}

// parseRosettaItems is parseRosetta handing out the items: inheritTranscript
// message by message, keeping of each message only what a reply inherits.
func parseRosettaItems(src *diag.Source, it Items) (*ir.Transcript, diag.List) {
	type route struct {
		sender, topic string
		targets       []ir.Target
	}
	seen := make(map[string]route)
	var parent ir.Message
	var parentHeader ir.Header
	return rosetta.ParseItems(src, rosetta.Items{Prose: it.Prose, Message: func(m *ir.Message) {
		if !m.Degraded && m.Header != nil {
			h := m.Header
			if re, ok := h.Field("re"); ok {
				if p, ok := seen[re]; ok {
					parentHeader = ir.Header{Sender: p.sender, Topic: p.topic, Targets: p.targets}
					parent.Header = &parentHeader
					inheritHeader(m, &parent)
				}
			}
			if _, dup := seen[h.ID.Text]; !dup {
				// a copy of the targets: the message's own are in a slab of
				// IR nodes that keeping them would keep alive
				seen[h.ID.Text] = route{sender: h.Sender, topic: h.Topic, targets: slices.Clip(slices.Clone(h.Targets))}
			}
		}
		if it.Message != nil {
			it.Message(m)
		}
	}})
}

// FormatItems returns the Items that write a Rosetta transcript's canonical
// form (Format) item by item: out gets the text of each message and prose
// run, the blank line before it included, and the concatenation of what it
// gets is Format's output for the whole transcript.
func FormatItems(opt FormatOptions, out func(string)) Items {
	p := &rosetta.Printer{Terse: opt.Terse}
	return Items{
		Message: func(m *ir.Message) { p.Message(m); out(p.Take()) },
		Prose:   func(pr *ir.Prose) { p.Prose(pr); out(p.Take()) },
	}
}
