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

func TestToNumber(t *testing.T) {
	for _, c := range toNumberCases {
		if got := Format(ToNumber(c.in)); got != c.want {
			t.Errorf("Number(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// toNumberCases are what node printed for String(Number(in)) (node -e with each input).
var toNumberCases = []struct{ in, want string }{
	{"", "0"},
	{" ", "0"},
	{"1", "1"},
	{" 1 ", "1"},
	{"\u00091\u000a", "1"},
	{"\u00a01\u2028", "1"},
	{"01", "1"},
	{"-1", "-1"},
	{"+1", "1"},
	{"1.", "1"},
	{".5", "0.5"},
	{"-.5", "-0.5"},
	{"1e3", "1000"},
	{"1E-3", "0.001"},
	{"1e", "NaN"},
	{"1e+", "NaN"},
	{"0x10", "16"},
	{"0X1f", "31"},
	{"0x", "NaN"},
	{"-0x10", "NaN"},
	{"0o17", "15"},
	{"0b101", "5"},
	{"0b2", "NaN"},
	{"0o8", "NaN"},
	{"0xg", "NaN"},
	{"Infinity", "Infinity"},
	{"-Infinity", "-Infinity"},
	{"+Infinity", "Infinity"},
	{"infinity", "NaN"},
	{"NaN", "NaN"},
	{"1,5", "NaN"},
	{"1_000", "NaN"},
	{"12px", "NaN"},
	{"0.1", "0.1"},
	{"9007199254740993", "9007199254740992"},
	{"0x20000000000001", "9007199254740992"},
	{"0b100000000000000000000000000000000000000000000000000001", "9007199254740992"},
	{"-0", "0"},
	{"true", "NaN"},
	{"1 2", "NaN"},
	{"..5", "NaN"},
	{"\ufeff7", "7"},
}
