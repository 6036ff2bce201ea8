// Package diagtext owns how a diagnostic message quotes agent text: clipped,
// so that a message stays one readable line whatever the input holds, and cut
// only between characters. The Lingua front end (grammars/lingua) and the
// Lingua checker (passes/linguacheck) quote text the same way through it.
package diagtext

// Clip returns s, or its first 24 code points and "…" when it is longer.
func Clip(s string) string {
	if r := []rune(s); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}
