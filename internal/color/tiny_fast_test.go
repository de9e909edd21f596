package color

import (
	"fmt"
	"math"
	"math/rand"
	"regexp"
	"strings"
	"testing"
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
	values := []any{nil, true, false, 0.0, 1.5, -3.0, math.NaN(), math.Inf(1), math.Inf(-1), 1e21, 5e-324, 7,
		"", "abc", "1", ".5", "x1y", "%", "-", "+.", "1.0", "50%", "none", "٣", Fields(tinyInput{})}
	for _, v := range values {
		if got, want := validUnit(v), matcher.MatchString(jsString(v)); got != want {
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
			if tinyMatch[n].MatchString(s) {
				t.Fatalf("%q rejected but matches %s", s, n)
			}
		}
	}
}
