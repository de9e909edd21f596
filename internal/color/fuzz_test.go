package color

import (
	"math"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/js"
)

// colorSeeds are colour strings of every syntax both parsers know, and
// strings that are almost colours.
var colorSeeds = []string{
	"", " ", "#", "#abc", "#ABCD", "#a1b2c3", "#A1B2C3D4", " \t#fff\n", "\uFEFF#000\u3000", "#ggg", "#12345",
	"red", "RebeccaPurple", "transparent", "TRANSPARENT", "currentColor", "notacolor",
	"rgb(255, 0, 0)", "RGB(10%, 20%, 30%)", "rgba(1, 2, 3, 0.5)", "rgba(0,0,0,5e-1)", "rgba(1,2,3,1e400)",
	"rgb(255 0 0 / 50%)", "rgb(none none none)", "rgb(1e400% 0% 0%)", "rgb(-10, 300, 2.5)",
	"hsl(120, 50%, 50%)", "hsla(120deg 50% 50% / .3)", "hsl(1turn, 1e400%, 50%)", "hsl(30 50% 1e400%)", "hsl(0.5rad 10% 10%)",
	"hsv(0, 100%, 100%)", "hsva(360, 1, 1, 0)", "rgb(", "rgb()", "rgb(1,2)", "rgb(1 2 3 4 5)",
	"rgba(0, 0, 0, -1e0)", "rgba(0,0,0,x1)", "hsla(0,0%,0%,0x1)", "rgb(0 0 0 / x)", "lab(50% 20 30)",
	"rgb(\u00a01,\u20282,\u20293)", "#\u00e9\u00e9\u00e9", "\xff\xfe#fff", "rgb(99999999999999999999, 0, 0)",
	"linear-gradient(#fff, #000)",
}

// FuzzColorParse checks tinycolor's and colorjs's string parsers on any
// input: no panic; a valid tinycolor colour has channels in 0..255 and
// alpha in 0..1, and its hex8, hex and rgb() forms read back to the same
// colour; tinycolor ignores ASCII case and surrounding JavaScript space;
// hash colours read the same in both libraries; a colorjs colour has an
// alpha in 0..1 (or NaN, colorjs's unparsed alpha) and prints.
func FuzzColorParse(f *testing.F) {
	for _, s := range colorSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tiny := ParseTiny(s)
		if tiny.IsValid() {
			checkTiny(t, s, tiny)
		}
		if other := ParseTiny(asciiUpper(s)); other.IsValid() != tiny.IsValid() || other.ToHex8String() != tiny.ToHex8String() {
			t.Fatalf("ParseTiny(%q) = %v %s but its upper case %v %s", s, tiny.IsValid(), tiny.ToHex8String(), other.IsValid(), other.ToHex8String())
		}
		if s != "" {
			if other := ParseTiny(" \t\u00a0" + s + "\n\u2028"); other.IsValid() != tiny.IsValid() || other.ToHex8String() != tiny.ToHex8String() {
				t.Fatalf("ParseTiny(%q) = %v %s but with spaces around %v %s", s, tiny.IsValid(), tiny.ToHex8String(), other.IsValid(), other.ToHex8String())
			}
		}

		c, err := Parse(s)
		if IsHash(s) {
			if err != nil {
				t.Fatalf("Parse(%q): %v, but it is a hash colour", s, err)
			}
			r, g, b, a := c.SRGB255()
			tr, tg, tb, ta := tiny.ToRgb()
			if js.Round(r) != tr || js.Round(g) != tg || js.Round(b) != tb || a != ta {
				t.Fatalf("%q: colorjs reads %v %v %v %v, tinycolor %v %v %v %v", s, r, g, b, a, tr, tg, tb, ta)
			}
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("Parse(%q): empty error", s)
			}
			return
		}
		if c.Space == nil || len(c.Coords) != 3 {
			t.Fatalf("Parse(%q) = %#v: want a space and 3 coordinates", s, c)
		}
		if !(c.Alpha >= 0 && c.Alpha <= 1) && !math.IsNaN(c.Alpha) {
			t.Fatalf("Parse(%q): alpha %v outside 0..1", s, c.Alpha)
		}
		if c.AlphaText != "" && !math.IsNaN(c.Alpha) {
			t.Fatalf("Parse(%q): alpha text %q with alpha %v", s, c.AlphaText, c.Alpha)
		}
		printed := c.String()
		if !strings.HasPrefix(printed, c.Space.format.name+"(") || !strings.HasSuffix(printed, ")") {
			t.Fatalf("Parse(%q).String() = %q", s, printed)
		}
		srgb, _ := SpaceByID("srgb")
		c.To(srgb).ToGamut(srgb)
	})
}

// checkTiny checks a valid tinycolor colour parsed from s.
func checkTiny(t *testing.T, s string, c Tiny) {
	t.Helper()
	for _, ch := range []float64{c.R, c.G, c.B} {
		if !(ch >= 0 && ch <= 255) {
			t.Fatalf("ParseTiny(%q) = %+v: channel outside 0..255", s, c)
		}
	}
	if !(c.A >= 0 && c.A <= 1) {
		t.Fatalf("ParseTiny(%q) = %+v: alpha outside 0..1", s, c)
	}
	// hex8 holds the rounded channels and alpha, so it reads back exactly.
	hex8 := c.ToHex8String()
	if len(hex8) != 9 {
		t.Fatalf("ParseTiny(%q).ToHex8String() = %q", s, hex8)
	}
	if again := ParseTiny(hex8); !again.IsValid() || again.ToHex8String() != hex8 {
		t.Fatalf("ParseTiny(%q) gives %s, which reads back as %s", s, hex8, again.ToHex8String())
	}
	hex := c.ToHexString()
	if again := ParseTiny(hex); !again.IsValid() || again.ToHexString() != hex || again.A != 1 {
		t.Fatalf("ParseTiny(%q) gives %s, which reads back as %s", s, hex, again.ToHex8String())
	}
	// rgb()/rgba() print rounded channels: the same hex, alpha to 2 decimals.
	rgb := c.ToRgbString()
	again := ParseTiny(rgb)
	if !again.IsValid() || again.ToHexString() != hex || math.Abs(again.A-c.A) > 0.005+1e-9 {
		t.Fatalf("ParseTiny(%q) prints %s, which reads back as %s alpha %v", s, rgb, again.ToHex8String(), again.A)
	}
	if hsl := c.ToHslString(); !ParseTiny(hsl).IsValid() {
		t.Fatalf("ParseTiny(%q) prints %s, which is invalid", s, hsl)
	}
	// colorjs reads tinycolor's hex8 as the same colour.
	cj, err := Parse(hex8)
	if err != nil {
		t.Fatalf("Parse(%q): %v", hex8, err)
	}
	r, g, b, a := cj.SRGB255()
	tr, tg, tb, ta := ParseTiny(hex8).ToRgb()
	if js.Round(r) != tr || js.Round(g) != tg || js.Round(b) != tb || a != ta {
		t.Fatalf("%s: colorjs reads %v %v %v %v, tinycolor %v %v %v %v", hex8, r, g, b, a, tr, tg, tb, ta)
	}
}

// asciiUpper upper-cases ASCII letters only (tinycolor lower-cases its
// input; other scripts have case mappings that do not round-trip).
func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	return string(b)
}

// TestTextAlpha pins what colorjs 0.5.2 makes of a comma-form alpha that
// is no plain number literal (node: new Color(s).to("oklch").alpha).
func TestTextAlpha(t *testing.T) {
	for _, c := range []struct {
		in    string
		alpha float64 // NaN: colorjs keeps the text
		text  string
		boxed bool
	}{
		{"rgba(0,0,0,5e-1)", math.NaN(), "5e-1", false},
		{"rgba(0,0,0,-1e0)", 0, "", false},
		{"rgba(0,0,0,1e400)", 1, "", false},
		{"rgba(0,0,0,.5e1)", 1, "", false},
		{"rgba(0,0,0,x1)", math.NaN(), "x1", false},
		{"hsla(0,0%,0%,0x1)", math.NaN(), "0x1", false},
		{"rgb(0 0 0 / 5e-1)", 0.5, "", true},
		{"rgba(0,0,0,0.5)", 0.5, "", true},
	} {
		got, err := Parse(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		got = got.To(spaces()["oklch"])
		sameAlpha := got.Alpha == c.alpha || math.IsNaN(got.Alpha) && math.IsNaN(c.alpha)
		if !sameAlpha || got.AlphaText != c.text || got.AlphaBoxed != c.boxed {
			t.Errorf("%s: alpha %v text %q boxed %v, want %v %q %v", c.in, got.Alpha, got.AlphaText, got.AlphaBoxed, c.alpha, c.text, c.boxed)
		}
	}
}

// TestColorJSParseEdges pins colorjs 0.5.2's answers (node: new Color(s))
// for strings tinycolor accepts or nearly does.
func TestColorJSParseEdges(t *testing.T) {
	for _, c := range []struct{ in, err string }{
		// JavaScript's "." in colorjs's function pattern stops at line terminators
		{"rgb(1,\u20282,3)", "Could not parse rgb(1,\u20282,3) as a color. Missing a plugin?"},
		{"rgb(1,\r2,3)", "Could not parse rgb(1,\r2,3) as a color. Missing a plugin?"},
		{"rgb(1,\n2,3)", "Could not parse rgb(1,\n2,3) as a color. Missing a plugin?"},
		{"hsl(1\u2029 2% 3%)", "Could not parse hsl(1\u2029 2% 3%) as a color. Missing a plugin?"},
		{"\u2028rgb(1,2,3)\u2028", ""},
		{"rgb(1,\u00852,3)", ""},
		// no arguments: rgb and hsl read the last one's alpha, rgba and hsla the first coordinate
		{"rgb( )", "Cannot read properties of undefined (reading 'alpha')"},
		{"hsl( )", "Cannot read properties of undefined (reading 'alpha')"},
		{"rgb(/)", "Cannot read properties of undefined (reading 'alpha')"},
		{"rgba( )", "Cannot read properties of undefined (reading 'none')"},
		{"hsla( )", "Cannot read properties of undefined (reading 'none')"},
	} {
		_, err := Parse(c.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.err {
			t.Errorf("Parse(%q): error %q, want %q", c.in, got, c.err)
		}
	}
}
