package diag

import "strings"

// Closest returns the candidate nearest to word by edit distance (Levenshtein
// over code points, case folded), for a "did you mean" in a diagnostic and a
// review fix: within one edit for words of up to four letters, two for
// longer ones, so `tel` finds `tell` and `prio` finds `pri` but `urgent`
// finds nothing. On a tie the earlier candidate wins (the tables list the
// common words first). ok is false when nothing is that close, or when word
// already is a candidate.
func Closest(word string, candidates []string) (best string, ok bool) {
	w := []rune(strings.ToLower(word))
	limit := 1
	if len(w) > 4 {
		limit = 2
	}
	bestD := limit + 1
	for _, c := range candidates {
		if c == word {
			return "", false
		}
		if d := editDistance(w, []rune(strings.ToLower(c)), bestD); d < bestD {
			best, bestD = c, d
		}
	}
	return best, best != ""
}

// editDistance is the Levenshtein distance of a and b, or at least max when
// it is max or more (the search stops early).
func editDistance(a, b []rune, max int) int {
	if d := len(a) - len(b); d >= max || -d >= max {
		return max
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			low = min(low, cur[j])
		}
		if low >= max {
			return max
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
