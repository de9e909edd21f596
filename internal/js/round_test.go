package js

import (
	"math"
	"testing"
)

// TestRound checks Round against Math.round as node printed it.
func TestRound(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, c := range []struct{ in, want float64 }{
		{2.5, 3}, {-2.5, -2}, {-0.5, negZero}, {-0.3, negZero}, {0.49999999999999994, 0},
		{1.5, 2}, {-1.5, -1}, {4503599627370495.5, 4503599627370496}, {negZero, negZero},
	} {
		got := Round(c.in)
		if got != c.want || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("Round(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
