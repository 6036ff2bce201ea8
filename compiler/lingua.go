package compiler

import (
	"bytes"

	"github.com/rosettac/rosettac/diag"
	grammar "github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/decode"
	"github.com/rosettac/rosettac/passes/linguacheck"
)

// Agent Lingua: grammars/lingua parses and prints; passes/decode decodes
// payloads and establishes sessions, then passes/linguacheck checks the transcript.
var linguaFrontEnd = &frontEnd{
	lang: ir.Lingua,
	exts: []string{".lingua"},
	sniff: func(line []byte) bool {
		return hasAnyPrefix(line, "👽", "^", "!E") || bytes.Contains(line, []byte("--👽lingua/"))
	},
	parse: func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		return grammar.Parse(src)
	},
	check:  checkLingua,
	stream: newLinguaStream,
	print: func(doc ir.Document, _ FormatOptions) ([]byte, diag.List) {
		return grammar.Print(doc.(*ir.LinguaTranscript)), nil
	},
	dataJSON: grammar.JSONText,
}

func checkLingua(doc ir.Document, _ *diag.Source, opt *Options) diag.List {
	t := doc.(*ir.LinguaTranscript)
	ds := decode.Run(t, decode.Options{PrivateKey: opt.PrivateKey, PSK: opt.PSK, SessionID: opt.SessionID, MaxInflate: opt.MaxInflate, MaxInflateTotal: opt.MaxInflateTotal})
	return append(ds, linguacheck.Check(t)...)
}
