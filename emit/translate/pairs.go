// Package translate owns cross-format translation: one language's checked IR
// printed as another language's canonical text, with a T diagnostic for every
// piece of information the target cannot carry (docs/translation.md).
//
// Rosetta is the pivot. Lingua and AgentDSL translate to Rosetta and back
// losslessly: whatever has a natural Rosetta counterpart gets it, and a unit
// whose natural form would not come back byte for byte also carries its exact
// source text in a txt block, so the round trip always returns the canonical
// text. Lingua and AgentDSL reach each other through Rosetta. The data JSON
// forms (translate --to json) are per language.
package translate

import (
	"fmt"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// Options configures a translation.
type Options struct {
	// Strict makes every loss an error: T warnings are reported as errors.
	Strict bool
	// Decrypt writes the plaintext of encrypted Lingua payloads the input
	// decrypted (with a key): without it the ciphertext is carried and T023
	// says so; with it the Rosetta messages are labelled sens=secret and
	// T029 says what was written in clear.
	Decrypt bool
}

// Diagnostic codes of translation between languages (docs/translation.md lists
// each with an example). T000 is CodeUnsupported; T001, T002 and T010-T012
// belong to AgentDSL's data JSON (internal/datajson).
const (
	CodeConf      = "T020" // confidence the target cannot carry
	CodeUnknowns  = "T021" // known unknowns (unk) the target cannot carry
	CodeMarks     = "T022" // standoff marks the target cannot carry
	CodeEncrypted = "T023" // an encrypted payload without a key, or decrypted without --decrypt
	CodeDecrypted = "T029" // an encrypted payload written in clear (--decrypt), info
	CodeNoCounter = "T024" // a message with no counterpart in the target (error)
	CodeLost      = "T025" // any other part the target cannot carry (named in the message)
	CodeVerbatim  = "T026" // a unit carried as its exact source text (info)
	CodeBadJSON   = "T027" // Rosetta or Lingua data JSON without the documented shape (error)
	CodeInternal  = "T028" // the translation produced text that does not read back (error)
)

// Translate prints doc in the target language. The output is the target's
// canonical text (or the data JSON form for ir.JSON); the diagnostics name
// every loss. Translating a document to its own language prints it in
// canonical form.
func Translate(doc ir.Document, to ir.Language, opts ...Options) ([]byte, diag.List) {
	var opt Options
	if len(opts) > 0 {
		opt = opts[0]
	}
	var out []byte
	var ds diag.List
	switch d := doc.(type) {
	case *ir.Transcript:
		out, ds = fromRosetta(d, to)
	case *ir.LinguaTranscript:
		out, ds = fromLingua(d, to, opt.Decrypt)
	case *ir.DSLDoc:
		out, ds = fromAgentDSL(d, to)
	default:
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeUnsupported,
			Message: fmt.Sprintf("cannot translate a %T", doc)})
	}
	for i := range ds {
		if ds[i].Hint == "" {
			ds[i].Hint = lossHints[ds[i].Code]
		}
	}
	if opt.Strict {
		for i := range ds {
			if ds[i].Severity == diag.Warning {
				ds[i].Severity = diag.Error
				ds[i].Hint = joinHint(ds[i].Hint, "--strict makes every loss an error")
			}
		}
	}
	ds.Sort()
	return out, ds
}

// lossHints says what to do about each kind of loss, for the diagnostics
// that do not carry a more particular hint.
var lossHints = map[string]string{
	CodeConf:      "translate to rosetta or json to keep confidence, or accept the loss (--strict refuses it)",
	CodeUnknowns:  "translate to rosetta or json to keep known unknowns, or accept the loss (--strict refuses it)",
	CodeMarks:     "translate to rosetta or json to keep marks, or accept the loss (--strict refuses it)",
	CodeNoCounter: "this message has no counterpart in the target language; translate to rosetta or json instead",
	CodeLost:      "translate to rosetta or json to keep everything, or accept the loss (--strict refuses it)",
	CodeInternal:  "this is a rosettac bug: please report it with the input",
}

func joinHint(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func unsupported(from, to ir.Language, sp diag.Span) diag.List {
	var ds diag.List
	ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeUnsupported, Span: sp,
		Message: fmt.Sprintf("rosettac cannot translate %s to %s", from, to),
		Hint:    "use --to rosetta, lingua, agentdsl or json"})
	return ds
}
