package diag

import "strings"

// Closest returns the candidate nearest to word by edit distance (optimal
// string alignment over code points, case folded: see Distance), for a "did
// you mean" in a diagnostic and a review fix: within one edit for words of up
// to four letters, two for longer ones, so `tel` and `tlel` find `tell` and
// `prio` finds `pri` but `urgent` finds nothing. On a tie the earlier
// candidate wins (the tables list the common words first). ok is false when
// nothing is that close, or when word already is a candidate. Every
// did-you-mean of the three languages and of the configuration goes through
// here, so all of them count a slip the same way.
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
		if d := distance(w, []rune(strings.ToLower(c)), bestD); d < bestD {
			best, bestD = c, d
		}
	}
	return best, best != ""
}

// Distance is the optimal string alignment distance of a and b over code
// points (case sensitive): the fewest insertions, deletions, substitutions
// and swaps of two neighbouring letters that turn one into the other, no
// letter edited twice. A swap is one edit because it is one slip of the
// fingers (`tlel` for `tell`, `recieve` for `receive`), which plain
// Levenshtein counts as two.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	return distance(ra, rb, max(len(ra), len(rb))+1)
}

// distance is the optimal string alignment distance of a and b, or at least
// limit when it is limit or more (the search stops early). It keeps three
// rows: a swap looks two rows back.
func distance(a, b []rune, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	back := make([]int, len(b)+1) // row i-2
	prev := make([]int, len(b)+1) // row i-1
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	prevLow := 0 // the least cell of row i-1
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], back[j-2]+1)
			}
			low = min(low, cur[j])
		}
		// A row whose every cell is at limit or more cannot lead below it:
		// a swap from row i-1 costs at least row i-1's value plus one.
		if low >= limit && prevLow >= limit {
			return limit
		}
		prevLow = low
		back, prev, cur = prev, cur, back
	}
	return min(prev[len(b)], limit)
}
