package emit

import (
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func TestRegistry(t *testing.T) {
	noop := func(ir.Document, Options) ([]File, diag.List) { return nil, nil }
	Register(&Backend{Name: "b", Emit: noop})
	Register(&Backend{Name: "a", Emit: noop})
	if Lookup("a") == nil || Lookup("c") != nil {
		t.Error("Lookup: want a, not c")
	}
	if bs := Backends(); len(bs) != 2 || bs[0].Name != "a" || bs[1].Name != "b" {
		t.Errorf("Backends() = %v, want a then b", bs)
	}
	defer func() {
		if recover() == nil {
			t.Error("Register of a name twice did not panic")
		}
	}()
	Register(&Backend{Name: "a", Emit: noop})
}
