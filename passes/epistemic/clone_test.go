package epistemic

import (
	"reflect"
	"slices"
	"testing"
)

// TestCloneKnowsEveryField fails when State gains a field, so that Clone
// is looked at again: a map Clone leaves out is shared with (or, nil,
// written through by) the copy, as newest once was.
func TestCloneKnowsEveryField(t *testing.T) {
	var got []string
	for f := range reflect.TypeFor[State]().Fields() {
		got = append(got, f.Name)
	}
	// parent and parentHeader are Inherit's scratch, empty between calls: a copy starts without them.
	want := []string{"opt", "msgs", "order", "pending", "dict", "Profiles", "epoch", "revised", "newest", "parent", "parentHeader"}
	if !slices.Equal(got, want) {
		t.Fatalf("State's fields are %v, Clone copies %v: update Clone and this list", got, want)
	}
	s := NewState(Options{})
	c := s.Clone()
	v := reflect.ValueOf(c).Elem()
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Map && f.IsNil() {
			t.Errorf("Clone leaves map %s nil", v.Type().Field(i).Name)
		}
	}
}
