package diagtext

import "testing"

func TestClip(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"short", "short"},
		{"abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwx"},
		{"abcdefghijklmnopqrstuvwxy", "abcdefghijklmnopqrstuvwx…"},
		{"灯塔看守人坚称这里从来没发生过任何不寻常的事而所有人", "灯塔看守人坚称这里从来没发生过任何不寻常的事而所…"},
	}
	for _, tt := range tests {
		if got := Clip(tt.in); got != tt.want {
			t.Errorf("Clip(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
