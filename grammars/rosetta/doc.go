// Package rosetta owns the AgentRosetta 2.1 front end: the line classifier, the
// hand-written participle lexer, the small participle grammars (one per kind of
// structured line or value), the lowering of what they capture into ir.Transcript,
// the canonical printer, and the grammar's EBNF.
//
// The design follows /work/shared/design/participle-speed.md: a Go classifier reads
// the input one line at a time, sorts every line into header, slot line,
// continuation, content (`|`), fence, prose or blank, and hands only the lines with
// structure to participle. Plain slot lines (q why ctx on by risk, and the text of
// a want, unk or opt slot before its value grammar runs) are taken by the
// classifier itself. Content lines never reach a lexer: their bytes after "| " are
// stored exactly (spec §7.1, invariant I-9).
//
// In front of the grammars, a fast path (fastpath.go) reads the common token
// sequences of headers, bindings, marks and txt heads by hand into the same
// capture structs and hands anything else to participle; ParseGrammar is the
// parse with it off, and FuzzRosettaFastPath holds the two to the same IR and
// diagnostics. ParseEachParallel parses pieces cut before header lines on
// every core, in order (parallel.go).
//
// Tolerance (spec §7): every repair is reported as a P-coded diagnostic, and every
// input byte ends up somewhere in the IR: in a message, in a block line, or in an
// ir.Prose run for text outside any message.
package rosetta
