// Package rostime owns how AgentRosetta's time values are read and written:
// the at= timestamp (with the session epoch that a bare time of day resolves
// against) and the ttl= duration, and the ISO form they are printed in. The
// epistemic pass checks and compares them, the compiler's reference tests
// probe them and the text renderer prints them, so the ISO subset that
// docs/conformance.md pins is written down once.
package rostime

import (
	"strconv"
	"strings"
	"time"

	"github.com/rosettac/rosettac/internal/rosaddr"
)

// Parse reads an at= value: @t:2026-08-26T14:02Z, a bare ISO timestamp, or,
// with an epoch, a time of day (@t:14:02:20) on the epoch's date. The ISO
// subset is: a date, optional T with hours and minutes, optional seconds and
// fraction, Z or ±HH:MM; no zone means UTC. Anything from '/' on (interval
// forms) is ignored. ok is false when the value does not resolve.
func Parse(s, epoch string) (time.Time, bool) {
	raw, _, _ := strings.Cut(strip(s), "/")
	if isTimeOfDay(raw) {
		if epoch == "" {
			return time.Time{}, false
		}
		// The time of day on the epoch's date: day + "T" + raw + "Z" read
		// as a timestamp, without building that string (an H:MM:SS clock,
		// or an HH:MM one, whose seconds are 0).
		day, _, _ := strings.Cut(strip(epoch), "T")
		return isoTime(day, raw, true, time.UTC)
	}
	return parseISO(raw)
}

// IsTimeOfDay reports whether an at= value is a bare time of day (H:MM or
// HH:MM, optional :SS), which needs an epoch to resolve.
func IsTimeOfDay(s string) bool { return isTimeOfDay(strip(s)) }

// strip removes leading '@'s and a t: prefix.
func strip(s string) string {
	return strings.TrimPrefix(strings.TrimLeft(strings.TrimSpace(s), "@"), "t:")
}

// isTimeOfDay: one or two digits, then one or two more fields of two
// digits, each after a colon.
func isTimeOfDay(raw string) bool {
	i := strings.IndexByte(raw, ':')
	if i < 1 || i > 2 || !digits(raw[:i]) {
		return false
	}
	rest := raw[i+1:]
	return len(rest) == 2 && digits(rest) || len(rest) == 5 && rest[2] == ':' && digits(rest[:2]) && digits(rest[3:])
}

// parseISO parses the pinned ISO 8601 subset.
func parseISO(raw string) (time.Time, bool) {
	date, clock, hasClock := strings.Cut(raw, "T")
	loc := time.UTC
	if hasClock {
		switch n := len(clock); {
		case strings.HasSuffix(clock, "Z"):
			clock = clock[:n-1]
		case n > 6 && (clock[n-6] == '+' || clock[n-6] == '-') && clock[n-3] == ':':
			h, m := clock[n-5:n-3], clock[n-2:]
			hh, _ := strconv.Atoi(h)
			mm, _ := strconv.Atoi(m)
			if !digits(h) || !digits(m) || hh > 23 || mm > 59 {
				return time.Time{}, false
			}
			off := hh*3600 + mm*60
			if clock[n-6] == '-' {
				off = -off
			}
			loc = time.FixedZone("", off)
			clock = clock[:n-6]
		}
	}
	return isoTime(date, clock, hasClock, loc)
}

// isoTime reads a date (YYYY-MM-DD) and, when hasClock, a clock
// (HH:MM[:SS[.fff]]) in loc, accepting exactly what time.ParseInLocation
// accepts for the layout 2006-01-02T15:04:05 cut to the parts written (a
// fraction after the seconds parses without a layout element, to the
// nanosecond): it read every at= of every message, and building the layout
// and the value for it was a tenth of a check's allocations.
func isoTime(date, clock string, hasClock bool, loc *time.Location) (time.Time, bool) {
	if len(date) != 10 || date[4] != '-' || date[7] != '-' || !digits(date[:4]) || !digits(date[5:7]) || !digits(date[8:]) {
		return time.Time{}, false
	}
	year, month, day := number(date[:4]), number(date[5:7]), number(date[8:])
	hour, minute, sec, nsec := 0, 0, 0, 0
	if hasClock {
		if len(clock) < 5 || clock[2] != ':' || !digits(clock[:2]) || !digits(clock[3:5]) {
			return time.Time{}, false
		}
		hour, minute = number(clock[:2]), number(clock[3:5])
		if len(clock) > 5 {
			if len(clock) < 8 || clock[5] != ':' || !digits(clock[6:8]) {
				return time.Time{}, false
			}
			if len(clock) > 8 && (clock[8] != '.' || !digits(clock[9:])) {
				return time.Time{}, false
			}
			sec = number(clock[6:8])
			if len(clock) > 8 {
				frac := clock[9:]
				if len(frac) > 9 {
					frac = frac[:9] // time.Parse reads nanoseconds and skips further digits
				}
				nsec = number(frac)
				for range 9 - len(frac) {
					nsec *= 10
				}
			}
		}
	}
	if month < 1 || month > 12 || day < 1 || day > daysIn(month, year) || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, nsec, loc), true
}

// number is the value of a string of at most nine digits.
func number(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// daysIn is the number of days in a month of a (proleptic Gregorian) year.
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// units are the ttl= unit letters and their length in seconds.
var units = map[byte]float64{'s': 1, 'm': 60, 'h': 3600, 'd': 86400, 'w': 604800}

// cutDuration splits a ttl= value written as a number (a decimal point
// allowed), optional spaces, then s, m, h, d or w.
func cutDuration(s string) (num string, unit float64, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", 0, false
	}
	unit = units[s[len(s)-1]]
	if unit == 0 {
		return "", 0, false
	}
	num = strings.TrimRight(s[:len(s)-1], " \t")
	i, f, dot := strings.Cut(num, ".")
	return num, unit, digits(i) && (!dot || digits(f))
}

// IsDuration reports whether a ttl= value is written as a duration: a number
// (a decimal point allowed), optional spaces, then s, m, h, d or w. Unlike
// ParseDuration it does not ask whether the number fits a float64.
func IsDuration(s string) bool {
	_, _, ok := cutDuration(s)
	return ok
}

// ParseDuration reads a ttl= value written as IsDuration describes.
func ParseDuration(s string) (time.Duration, bool) {
	num, unit, ok := cutDuration(s)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, false
	}
	return time.Duration(f * unit * float64(time.Second)), true
}

// ISO formats t the way the reference prints an expiry (Python isoformat:
// 2026-08-26T14:15:00+00:00, microseconds only when there are any).
func ISO(t time.Time) string { return isoClock(t) + t.Format("-07:00") }

// ISOZ is ISO with a zero offset written Z (2026-08-26T14:15:00Z), as the
// human rendering shows an at= time.
func ISOZ(t time.Time) string {
	if _, off := t.Zone(); off == 0 {
		return isoClock(t) + "Z"
	}
	return ISO(t)
}

func isoClock(t time.Time) string {
	s := t.Format("2006-01-02T15:04:05")
	if t.Nanosecond() != 0 {
		s += t.Format(".000000")
	}
	return s
}

func digits(s string) bool { return rosaddr.IsDigits(s) }
