package fuzz

import (
	"errors"
	"testing"

	"github.com/rosettac/rosettac/runtime/adslrt"
)

// fuzzFuncs are the declarations the generated dispatcher would pass to ReadCall.
var fuzzFuncs = []adslrt.Function{{
	Name: "GetWeather",
	In: []adslrt.Column{
		{Name: "CITY", Kind: adslrt.Str, Required: true},
		{Name: "FORCAST_DAYS", Kind: adslrt.Int},
		{Name: "SCORE", Kind: adslrt.Float},
		{Name: "DETAILED", Kind: adslrt.Any},
	},
	Out:    []adslrt.Column{{Name: "TEMPERATURE", Kind: adslrt.Str}},
	Header: "[TEMPERATURE:str]",
}, {Name: "Ping"}}

// FuzzADSLRuntimeReadCall feeds arbitrary text to the runtime's [CALL] reader,
// which generated dispatchers run on untrusted agent traffic: it must never
// panic, must fail only with its documented error type, and a call it accepts
// must carry every required parameter with a value of the declared type.
func FuzzADSLRuntimeReadCall(f *testing.F) {
	for _, s := range []string{
		"[CALL]\n[GetWeather]\nCITY:New York\nFORCAST_DAYS:3\n",
		"[CALL]\n[GetWeather]\nCITY:x\nSCORE:1e-3\nDETAILED:{\"a\":[1,2]}",
		"[CALL]\n[Ping]\n",
		"[CALL]\n[GetWeather]\nFORCAST_DAYS:1.5\nFORCAST_DAYS:2\nX:1",
		"\r\n [CALL] \r\n[GetWeather]\r\nCITY:_\r\n",
		"[CALL]\nCITY:x\n",
		"[RESULT]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := adslrt.ReadCall(text, fuzzFuncs)
		if err != nil {
			var e *adslrt.Error
			var es adslrt.Errors
			if !errors.As(err, &e) && !errors.As(err, &es) {
				t.Fatalf("error of undocumented type %T: %v", err, err)
			}
			return
		}
		for i, col := range c.Func.In {
			if col.Required && !c.Has(i) {
				t.Fatalf("accepted a call of %s without required %s:\n%q", c.Func.Name, col.Name, text)
			}
			if c.Has(i) {
				if code, msg, ok := adslrt.CheckCell(col.Kind, c.Text(i)); !ok {
					t.Fatalf("accepted %s=%q, which the cell rules reject (%s %s)", col.Name, c.Text(i), code, msg)
				}
			}
		}
	})
}
