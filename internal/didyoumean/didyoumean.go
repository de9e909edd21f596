// Package didyoumean finds the likely intended name behind a mistyped
// one, for "Did you mean ...?" in the command line's and the engine's
// errors alike.
package didyoumean

import "strings"

// Closest returns the candidate closest to name when it is close enough
// to be a likely typo (at most two edits, or a third of the name), else
// "". Case does not count; ties go to the candidate that sorts first, so
// the answer does not depend on the candidates' order.
func Closest(name string, candidates []string) string {
	best, bestD := "", 1<<30
	lower := strings.ToLower(name)
	for _, c := range candidates {
		d := editDistance(lower, strings.ToLower(c))
		if d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	if best == "" || bestD > max(2, len(name)/3) {
		return ""
	}
	return best
}

// Distance is the number of edits between a and b, case not counted (see
// editDistance).
func Distance(a, b string) int { return editDistance(strings.ToLower(a), strings.ToLower(b)) }

// editDistance is the number of edits between a and b, in runes: an
// insertion, a deletion, a substitution or two neighbours swapped
// ("platfrom" is two edits from "platforms", not three), the most common
// slip of a typist.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
