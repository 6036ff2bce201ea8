package compiler

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/a2a"
	"github.com/rosettac/rosettac/ir"
)

// A2A (Google's Agent2Agent protocol) is a protocol's JSON, not a language:
// --from a2a, or a .json file of A2A's shape (a2a.Is: a Message, an array of
// them, a Task, or what translate --to a2a writes, told by the JSON row), is
// read as the Rosetta transcript its messages describe (grammars/a2a), which
// the Rosetta row then parses and checks. What the reader reports (T025 for
// each loss, T027 for a value that is not A2A, TN013 for input that is not
// JSON) is at the value it is about in the A2A file. What the Rosetta check
// finds is reported in the Rosetta text, named "FILE (as rosetta)": the
// reader builds Rosetta's data form, whose values are not the file's bytes,
// so there is no Origin back to the A2A file.
//
// The row has no parse and no extension: it reads nothing itself, and a
// .json file is the JSON row's until its shape says A2A.
var a2aFrontEnd = &frontEnd{
	lang:    ir.A2A,
	through: throughA2A,
}

// throughA2A reads src as A2A messages and hands the Rosetta text they
// describe to the Rosetta row.
func throughA2A(src *diag.Source, _ *Options) (*frontEnd, *diag.Source, *diag.Origin, diag.List) {
	text, ds := a2a.Read(src, rosettaFrontEnd.dataJSON)
	if text == nil {
		return nil, nil, nil, ds
	}
	return rosettaFrontEnd, diag.NewSource(src.File+" (as rosetta)", text), nil, ds
}
