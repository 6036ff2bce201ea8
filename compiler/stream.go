package compiler

import (
	"fmt"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	grammar "github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/decode"
	"github.com/rosettac/rosettac/passes/linguacheck"
	"github.com/rosettac/rosettac/passes/schema"
)

// Stream checks one input that arrives in pieces, for hosts that see traffic
// as it happens (a message-bus gateway) or text as it is typed. Every language
// is fed the same way: Feed each piece in order, then Finish once.
//
// A piece is a whole number of the language's units: whole messages for
// Rosetta, whole lines for Lingua (a signature line with the
// line it signs), whole blocks for AgentDSL (a block never
// continues into the next piece). Each piece is read as its own source, named
// by the stream's name: the positions in a piece's diagnostics are within that
// piece. A Stream is not safe for concurrent use.
type Stream interface {
	// Feed reads one piece, checks it against everything fed before, and
	// returns its diagnostics, sorted.
	Feed(text []byte) diag.List
	// Finish returns what only the whole input shows (obligations left open,
	// references to rows never given), sorted. Feed must not be called after.
	Finish() diag.List
}

// NewStream returns a Stream over lang; name is the file name its
// diagnostics report ("" for none). Options configure the checks as they do
// Check's (Now and Livelock for Rosetta, the keys for Lingua), MaxBytes each
// piece's MaxBytes limit (an empty piece, or one not UTF-8, gets F001 or
// F002, as a file does); DiagnosticsOnly does not apply. A language without a stream is an error.
func NewStream(lang ir.Language, name string, opt Options) (Stream, error) {
	fe := lookup(lang)
	if fe == nil || fe.stream == nil {
		return nil, fmt.Errorf("no stream for %s input (want %s)", lang, orList(streamLanguages()))
	}
	return fe.stream(name, opt), nil
}

func streamLanguages() []string {
	var out []string
	for _, fe := range frontEnds {
		if fe.stream != nil {
			out = append(out, string(fe.lang))
		}
	}
	return out
}

// piece is the source of one piece, or the diagnostics (F001-F003) that stop
// it being read, as Check reports them for a file.
func piece(name string, text []byte, opt *Options) (*diag.Source, diag.List) {
	src := diag.NewSource(name, text)
	return src, CheckInput(src, opt.MaxBytes)
}

// sorted sorts ds and drops duplicates, as Check does.
func sorted(ds diag.List) diag.List {
	ds.Sort()
	return ds.Dedup()
}

// rosettaStream feeds a Session: each piece is parsed and its messages added
// in order (Session.AddText).
type rosettaStream struct {
	s    *Session
	name string
}

func newRosettaStream(name string, opt Options) Stream {
	return &rosettaStream{s: NewSession(opt), name: name}
}

func (r *rosettaStream) Feed(text []byte) diag.List { return sorted(r.s.AddText(r.name, text)) }
func (r *rosettaStream) Finish() diag.List          { return sorted(r.s.Finish()) }

// linguaStream parses each piece, decodes it with the sessions of the pieces
// before it (decode.Decoder), and checks it (passes/linguacheck's Checker).
type linguaStream struct {
	name string
	opt  Options
	dec  *decode.Decoder
	chk  *linguacheck.Checker
}

func newLinguaStream(name string, opt Options) Stream {
	return &linguaStream{name: name, opt: opt, chk: linguacheck.NewChecker(),
		dec: decode.NewDecoder(decode.Options{PrivateKey: opt.PrivateKey, PSK: opt.PSK, SessionID: opt.SessionID, MaxInflate: opt.MaxInflate})}
}

func (l *linguaStream) Feed(text []byte) diag.List {
	src, ds := piece(l.name, text, &l.opt)
	if len(ds) > 0 {
		return ds
	}
	t, ds := grammar.Parse(src)
	ds = append(ds, l.dec.Decode(t)...)
	return sorted(append(ds, l.chk.Check(t)...))
}

func (l *linguaStream) Finish() diag.List { return nil }

// agentDSLStream reads each piece with the grammar's Feeder straight into the
// schema checker, which keeps no row (as `rosettac check` does).
type agentDSLStream struct {
	name string
	opt  Options
	f    *agentdsl.Feeder
	c    *schema.Checker
}

func newAgentDSLStream(name string, opt Options) Stream {
	c := schema.New()
	return &agentDSLStream{name: name, opt: opt, f: agentdsl.NewFeeder(c), c: c}
}

func (a *agentDSLStream) Feed(text []byte) diag.List {
	src, ds := piece(a.name, text, &a.opt)
	if len(ds) > 0 {
		return ds
	}
	ds = a.f.Feed(src)
	return sorted(append(ds, a.c.Drain()...))
}

func (a *agentDSLStream) Finish() diag.List { return sorted(a.c.Finish()) }
