package builtin

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf16"
)

// compareUTF16's byte-order shortcut must agree with comparing UTF-16 code units.
func TestCompareUTF16MatchesCodeUnits(t *testing.T) {
	slow := func(a, b string) int {
		ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
		for i := 0; i < len(ua) && i < len(ub); i++ {
			if ua[i] != ub[i] {
				if ua[i] < ub[i] {
					return -1
				}
				return 1
			}
		}
		switch {
		case len(ua) < len(ub):
			return -1
		case len(ua) > len(ub):
			return 1
		}
		return 0
	}
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"a", "b", "Z", "-", "é", "中", "\ud7ff", "\ue000", "\uffff", "😀", "\U0010ffff", "\x80", "\xc3", "\xff", "\xed\xa0\x80"}
	gen := func() string {
		var sb strings.Builder
		for n := rng.Intn(4); n > 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		return sb.String()
	}
	for i := 0; i < 50000; i++ {
		a, b := gen(), gen()
		if got, want := compareUTF16(a, b), slow(a, b); got != want {
			t.Fatalf("compareUTF16(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
}
