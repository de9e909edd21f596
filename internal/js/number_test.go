package js

import (
	"math"
	"strconv"
	"testing"
)

// num reads a test input written by node: toPrecision(17) digits, "-0", NaN or ±Infinity.
func num(t *testing.T, s string) float64 {
	switch s {
	case "NaN":
		return math.NaN()
	case "Infinity":
		return math.Inf(1)
	case "-Infinity":
		return math.Inf(-1)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("bad test input %q: %v", s, err)
	}
	return v
}

func TestToFixed(t *testing.T) {
	for _, c := range toFixedCases {
		if got := ToFixed(num(t, c.x), c.digits); got != c.want {
			t.Errorf("(%s).toFixed(%d) = %q, want %q", c.x, c.digits, got, c.want)
		}
	}
}

func TestFormat(t *testing.T) {
	for _, c := range formatCases {
		if got := Format(num(t, c.x)); got != c.want {
			t.Errorf("String(%s) = %q, want %q", c.x, got, c.want)
		}
	}
}

func TestParseFloat(t *testing.T) {
	for _, c := range parseFloatCases {
		v, ok := ParseFloat(c.in)
		got := Format(v)
		if ok != (c.want != "NaN") || got != c.want {
			t.Errorf("parseFloat(%q) = %q (ok %v), want %q", c.in, got, ok, c.want)
		}
	}
}

func BenchmarkFormat(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Format(0.30000000000000004)
		Format(16)
	}
}
