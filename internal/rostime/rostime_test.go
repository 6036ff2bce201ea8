package rostime

import (
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	utc := func(h, m, s int) time.Time { return time.Date(2026, 8, 26, h, m, s, 0, time.UTC) }
	tests := []struct {
		in, epoch string
		want      time.Time
		ok        bool
	}{
		{"@t:2026-08-26T14:02Z", "", utc(14, 2, 0), true},
		{"2026-08-26T14:02:20Z", "", utc(14, 2, 20), true},
		{"@t:2026-08-26T16:02+02:00", "", utc(14, 2, 0), true},
		{"@t:2026-08-26T14:02:20.5Z", "", utc(14, 2, 20).Add(500 * time.Millisecond), true},
		{"@t:2026-08-26", "", utc(0, 0, 0), true},
		{"@t:2026-08-26T14:02Z/15m", "", utc(14, 2, 0), true},
		{"@t:14:02:20", "@t:2026-08-26", utc(14, 2, 20), true},
		{"@t:14:02", "2026-08-26T09:00Z", utc(14, 2, 0), true},
		{"@t:14:02", "", time.Time{}, false},
		{"@t:25:00", "@t:2026-08-26", time.Time{}, false},
		{"yesterday", "", time.Time{}, false},
		{"2026-13-01", "", time.Time{}, false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.in, tt.epoch)
		if ok != tt.ok || ok && !got.Equal(tt.want) {
			t.Errorf("Parse(%q, %q) = %v, %v; want %v, %v", tt.in, tt.epoch, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"15m", 15 * time.Minute, true}, {"2h", 2 * time.Hour, true}, {"1.5d", 36 * time.Hour, true},
		{" 30 s ", 30 * time.Second, true}, {"1w", 7 * 24 * time.Hour, true},
		{"soon", 0, false}, {"15", 0, false}, {"m", 0, false}, {"1.m", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseDuration(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseDuration(%q) = %v, %v", tt.in, got, ok)
		}
	}
}

func TestIsDuration(t *testing.T) {
	huge := "1" + strings.Repeat("0", 400) + "s" // a duration's shape, but no float64
	for _, s := range []string{"15m", " 30 s ", "1.5d", "soon", "15", "m", "1.m", huge} {
		_, parsed := ParseDuration(s)
		if got := IsDuration(s); got != (parsed || s == huge) {
			t.Errorf("IsDuration(%q) = %v", s, got)
		}
	}
}

func TestISO(t *testing.T) {
	utc := time.Date(2026, 8, 26, 14, 15, 0, 0, time.UTC)
	east := time.Date(2026, 8, 26, 16, 15, 0, 500000000, time.FixedZone("", 2*3600))
	tests := []struct{ iso, isoz string }{
		{ISO(utc), ISOZ(utc)},
		{ISO(east), ISOZ(east)},
	}
	want := []struct{ iso, isoz string }{
		{"2026-08-26T14:15:00+00:00", "2026-08-26T14:15:00Z"},
		{"2026-08-26T16:15:00.500000+02:00", "2026-08-26T16:15:00.500000+02:00"},
	}
	for i := range tests {
		if tests[i] != want[i] {
			t.Errorf("ISO, ISOZ = %q, %q; want %q, %q", tests[i].iso, tests[i].isoz, want[i].iso, want[i].isoz)
		}
	}
}
