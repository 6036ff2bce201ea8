package epistemic

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/ir"
)

// TestCloneKnowsEveryField fails when State gains a field, so that Clone
// is looked at again: a map Clone leaves out is shared with (or, nil,
// written through by) the copy, as newest once was.
func TestCloneKnowsEveryField(t *testing.T) {
	var got []string
	for f := range reflect.TypeFor[State]().Fields() {
		got = append(got, f.Name)
	}
	// parent and parentHeader are Inherit's scratch, empty between calls,
	// cur is about the message being checked and scan is symbolText's
	// scratch (shared, two copies would write into one buffer): a copy starts
	// without them. carrier is bound to the copy. entries is Store's chunk
	// (two copies would store into one array) and carried Carrier's recent
	// reads, about the entries of one copy: a copy starts without them.
	want := []string{"opt", "msgs", "order", "pending", "dict", "Profiles", "epoch", "epochUnset", "revised", "newest", "parent", "parentHeader", "cur", "carrier", "scan",
		"entries", "names", "caps", "wants", "carried"}
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

// TestClaimValueCollapses holds claimValue's no-copy path to what
// strings.Fields and a join give.
func TestClaimValueCollapses(t *testing.T) {
	for _, v := range []string{"", " ", "a", "a b", "a  b", " a", "a ", "a\tb", "a\nb", "a\u00a0b", "a\u2003b",
		"héllo wörld", "x = 1", "a\rb", "a\vb", "a\fb", "  ", "a b c", "a b  c", "\u0085a"} {
		if got, want := claimValue(v), strings.Join(strings.Fields(v), " "); got != want {
			t.Errorf("claimValue(%q) = %q, want %q", v, got, want)
		}
	}
}

// TestCloneCarrier: a copy's marks resolve against the copy's messages, not
// the original's (carrier is bound to each state).
func TestCloneCarrier(t *testing.T) {
	s := NewState(Options{})
	c := s.Clone()
	c.Store(&ir.Message{Header: &ir.Header{ID: ir.MsgID{Text: "a1.1", Agent: "a1", Seq: "1"}, Act: "tell", Sender: "a1"}})
	if c.carrier("a1.1", false) == nil {
		t.Error("the copy's carrier does not see a message stored in the copy")
	}
	if s.carrier("a1.1", false) != nil {
		t.Error("the original's carrier sees a message stored in the copy")
	}
}
