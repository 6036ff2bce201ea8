package rostime

import (
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
