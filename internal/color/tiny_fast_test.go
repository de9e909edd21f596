package color

import (
	"fmt"
	"math"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/js"
)

// The hash fast path must give exactly what the general string path gives.
func TestParseTinyHashMatchesGeneralPath(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const alphabet = "0123456789abcdefABCDEFxg# "
	inputs := []string{"#fff", "#FFF", " #abc\n", "#abcd", "#aabbcc", "#AABBCC80", "#00000000", "#ffffffff", "#12345", "#1234567", "#123456789", "#", "#gg0", "# abc"}
	for i := 0; i < 20000; i++ {
		n := 1 + rng.Intn(9)
		b := []byte{'#'}
		for j := 0; j < n; j++ {
			b = append(b, alphabet[rng.Intn(len(alphabet))])
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		fast, ok := parseTinyHash(in)
		var general Tiny
		if o := stringInputToObject(in); o != nil {
			general = ParseTiny(Fields(o))
		} else {
			general = ParseTiny(Fields(tinyInput{}))
		}
		if !ok {
			continue
		}
		if fmt.Sprintf("%#v", fast) != fmt.Sprintf("%#v", general) {
			t.Errorf("%q: fast %#v, general %#v", in, fast, general)
		}
	}
}

// validUnit replaces tinycolor's unanchored CSS_UNIT matcher.
func TestValidUnitMatchesMatcher(t *testing.T) {
	matcher := regexp.MustCompile(`(?:[-\+]?\d*\.\d+%?)|(?:[-\+]?\d+%?)`)
	values := []any{js.Undefined, nil, true, false, 0.0, 1.5, -3.0, math.NaN(), math.Inf(1), math.Inf(-1), 1e21, 5e-324, 7,
		"", "abc", "1", ".5", "x1y", "%", "-", "+.", "1.0", "50%", "none", "٣", Fields(tinyInput{})}
	for _, v := range values {
		if got, want := validUnit(v), matcher.MatchString(js.String(v)); got != want {
			t.Errorf("validUnit(%#v) = %v, want %v", v, got, want)
		}
	}
}

// mayMatchTiny must never reject a string one of the matchers accepts.
func TestMayMatchTinyRejectsOnlyNonMatches(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	pieces := []string{"#", "a", "f", "0", "9", "g", "rgb", "rgba", "hsl", "hsla", "hsv", "hsva", "(", ")", ",", " ", "%", ".", "{", "}", "-", "1"}
	names := []string{"rgb", "rgba", "hsl", "hsla", "hsv", "hsva", "hex3", "hex4", "hex6", "hex8"}
	for i := 0; i < 50000; i++ {
		var sb strings.Builder
		for n := rng.Intn(10); n >= 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		s := sb.String()
		if mayMatchTiny(s) {
			continue
		}
		for _, n := range names {
			if tinyMatch()[n].MatchString(s) {
				t.Fatalf("%q rejected but matches %s", s, n)
			}
		}
	}
}

// IsHash must accept exactly what the hash fast path parses.
func TestIsHashMatchesParseTinyHash(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	const alphabet = "0123456789abcdefABCDEFxg# \t\u00a0\x01"
	for i := 0; i < 50000; i++ {
		b := []byte{}
		for n := rng.Intn(12); n > 0; n-- {
			b = append(b, alphabet[rng.Intn(len(alphabet))])
		}
		in := string(b)
		if rng.Intn(2) == 0 {
			in = "#" + in
		}
		_, want := parseTinyHash(in)
		if got := IsHash(in); got != want {
			t.Fatalf("IsHash(%q) = %v, parseTinyHash ok = %v", in, got, want)
		}
		if want && !ParseTiny(in).IsValid() {
			t.Fatalf("%q: hash accepted but tinycolor finds it invalid", in)
		}
	}
}

// The appending hex writers must equal pad2 concatenation, for every
// channel value and for out-of-range ones.
func TestAppendHexMatchesPad2(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	vals := []float64{0, 0.5, 0.49, 1, 15, 15.5, 16, 254.5, 255, 255.4, 255.6, -1, 300, math.NaN()}
	for i := 0; i < 2000; i++ {
		vals = append(vals, rng.Float64()*256)
	}
	for i := 0; i < 256; i++ {
		vals = append(vals, float64(i))
	}
	for _, v := range vals {
		tiny := Tiny{R: v, G: 255 - v, B: v / 2, A: v / 255}
		if got, want := tiny.ToHex8String(), "#"+pad2(tiny.R)+pad2(tiny.G)+pad2(tiny.B)+pad2(tiny.A*255); got != want {
			t.Fatalf("%v: ToHex8String %q, want %q", v, got, want)
		}
		if got, want := tiny.ToHex(), pad2(tiny.R)+pad2(tiny.G)+pad2(tiny.B); got != want {
			t.Fatalf("%v: ToHex %q, want %q", v, got, want)
		}
	}
}
