package js_test

import (
	"fmt"
	"math"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tokengen/tokengen/internal/js"
)

// value_cases_test.go holds what node gives for these operations.
//go:generate node gen_cases.mjs

type valueCase struct {
	v          any
	typeof     string
	truthy     bool
	str        string
	number     string // String(Number(v)), "-0" for -0
	parseFloat string // String(parseFloat(String(v)))
}

func show(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%#v", v)
}

// numberText is String(x), except that -0 is "-0".
func numberText(x float64) string {
	if x == 0 && math.Signbit(x) {
		return "-0"
	}
	return js.Format(x)
}

func TestTypeof(t *testing.T) {
	for _, c := range append(slices.Clip(valueCases), funcCases...) {
		if got := js.Typeof(c.v); got != c.typeof {
			t.Errorf("typeof %s = %q, want %q", show(c.v), got, c.typeof)
		}
	}
}

func TestTruthy(t *testing.T) {
	for _, c := range append(slices.Clip(valueCases), funcCases...) {
		if got := js.Truthy(c.v); got != c.truthy {
			t.Errorf("Boolean(%s) = %v, want %v", show(c.v), got, c.truthy)
		}
	}
}

func TestString(t *testing.T) {
	for _, c := range valueCases {
		if got := js.String(c.v); got != c.str {
			t.Errorf("String(%s) = %q, want %q", show(c.v), got, c.str)
		}
	}
}

func TestToNumber(t *testing.T) {
	for _, c := range valueCases {
		if got := numberText(js.ToNumber(c.v)); got != c.number {
			t.Errorf("Number(%s) = %s, want %s", show(c.v), got, c.number)
		}
	}
}

func TestParseFloatOfString(t *testing.T) {
	for _, c := range valueCases {
		v, ok := js.ParseFloat(js.String(c.v))
		if got := numberText(v); got != c.parseFloat || ok == math.IsNaN(v) {
			t.Errorf("parseFloat(%s) = %s (ok %v), want %s", show(c.v), got, ok, c.parseFloat)
		}
	}
}

func TestEquality(t *testing.T) {
	for _, op := range []struct {
		name  string
		f     func(a, b any) bool
		table []string
	}{
		{"==", js.LooseEqual, looseEqual},
		{"===", js.StrictEqual, strictEqual},
	} {
		for i, a := range valueCases {
			for j, b := range valueCases {
				want := op.table[i][j] == '1'
				if got := op.f(a.v, b.v); got != want {
					t.Errorf("%s %s %s = %v, want %v", show(a.v), op.name, show(b.v), got, want)
				}
			}
		}
	}
}

func TestTrim(t *testing.T) {
	for _, c := range trimCases {
		if got := js.Trim(c[0]); got != c[1] {
			t.Errorf("%q.trim() = %q, want %q", c[0], got, c[1])
		}
	}
}

// TestSpaces checks IsSpace and SpaceClass against every character:
// exactly node's trim set.
func TestSpaces(t *testing.T) {
	re, err := syntax.Parse("["+js.SpaceClass+"]", syntax.Perl)
	if err != nil || re.Op != syntax.OpCharClass {
		t.Fatalf("SpaceClass is not a character class: %v", err)
	}
	inClass := func(r rune) bool {
		for k := 0; k < len(re.Rune); k += 2 {
			if re.Rune[k] <= r && r <= re.Rune[k+1] {
				return true
			}
		}
		return false
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		want := slices.Contains(nodeSpaces, r)
		if got := js.IsSpace(r); got != want {
			t.Errorf("IsSpace(%U) = %v, want %v", r, got, want)
		}
		if got := inClass(r); got != want {
			t.Errorf("[SpaceClass] matches %U: %v, want %v", r, got, want)
		}
		if want && r < 0xD800 {
			s := "a" + string(r) + "b" + string(r)
			if got := js.Trim(s); got != strings.TrimSuffix(s, string(r)) {
				t.Errorf("Trim(%q) = %q", s, got)
			}
		}
	}
}

func BenchmarkString(b *testing.B) {
	vals := []any{"16px", 16.0, 0.5, true, []any{"a", 1.0}}
	for i := 0; i < b.N; i++ {
		for _, v := range vals {
			js.String(v)
		}
	}
}

func BenchmarkTrim(b *testing.B) {
	for i := 0; i < b.N; i++ {
		js.Trim("color.base.red")
		js.Trim(" size.base ")
	}
}
