package adslrt

import (
	"errors"
	"slices"
	"testing"
)

// TestStatus: a refused call's status lists its problems' codes in order; a
// handler's error and rows that cannot travel are handler errors; rows that
// travel are OK.
func TestStatus(t *testing.T) {
	funcs := []Function{{Name: "F", In: []Column{{Name: "A", Kind: Int, Required: true}}, Out: []Column{{Name: "S", Kind: Str}}, Header: "[S:str]"}}
	_, err := ReadCall("[CALL]\n[F]\nA:x\nB:1\n", funcs)
	text, st := CallFailed(err)
	if st.Kind != CallError || !slices.Equal(st.Codes(), []string{"AD043", "AD042"}) || text != ErrorResult(err) {
		t.Errorf("call error: %v %v %q", st.Kind, st.Codes(), text)
	}
	if _, st := HandlerFailed(errors.New("boom")); st.Kind != HandlerError || st.Codes() != nil || st.Err.Error() != "boom" {
		t.Errorf("handler error: %+v", st)
	}
	w := NewRowWriter(funcs[0].Out)
	w.StrOpt("")
	w.EndRow()
	w.StrOpt("x")
	w.EndRow()
	if text, st := Answer(&funcs[0], w); st.Kind != OK || text != "[RESULT]\n[S:str]\n_\nx\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n" {
		t.Errorf("answer: %v %q", st.Kind, text)
	}
	w = NewRowWriter(funcs[0].Out)
	w.StrOpt("a|b")
	w.EndRow()
	if _, st := Answer(&funcs[0], w); st.Kind != HandlerError {
		t.Errorf("rows that cannot travel: %v", st.Kind)
	}
	for k, want := range map[StatusKind]string{OK: "ok", CallError: "call error", HandlerError: "handler error"} {
		if k.String() != want {
			t.Errorf("%d: %s", k, k)
		}
	}
}
