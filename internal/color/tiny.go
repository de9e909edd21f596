// Package color reproduces the two colour libraries the reference uses:
// tinycolor2 1.6.0 for legacy colour strings (Tiny) and colorjs.io 0.5.2 for
// colour spaces, gamut mapping and CSS serialisation (Color). Every
// computation follows the JavaScript source operation by operation so that
// rounded outputs match the reference digit for digit.
package color

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/internal/js"
)

// Fields is an object-valued colour input ({r,g,b}, {h,s,l}, ...), such as
// *tokenbuild.Object.
type Fields interface {
	Get(k string) (any, bool)
}

// Tiny is a tinycolor2 colour: channels in 0..255 (unrounded), alpha 0..1.
type Tiny struct {
	R, G, B, A float64
	roundA     float64
	ok         bool
}

// tinyMatch are tinycolor2's patterns, compiled when a colour is first
// parsed the tinycolor way rather than at every start.
var tinyMatch = sync.OnceValue(func() map[string]*regexp.Regexp {
	const sp = js.SpaceClass // JavaScript's \s
	const unit = `(?:[-\+]?\d*\.\d+%?)|(?:[-\+]?\d+%?)`
	m3 := `[` + sp + `|\(]+(` + unit + `)[,|` + sp + `]+(` + unit + `)[,|` + sp + `]+(` + unit + `)[` + sp + `]*\)?`
	m4 := `[` + sp + `|\(]+(` + unit + `)[,|` + sp + `]+(` + unit + `)[,|` + sp + `]+(` + unit + `)[,|` + sp + `]+(` + unit + `)[` + sp + `]*\)?`
	return map[string]*regexp.Regexp{
		"rgb":  regexp.MustCompile("rgb" + m3),
		"rgba": regexp.MustCompile("rgba" + m4),
		"hsl":  regexp.MustCompile("hsl" + m3),
		"hsla": regexp.MustCompile("hsla" + m4),
		"hsv":  regexp.MustCompile("hsv" + m3),
		"hsva": regexp.MustCompile("hsva" + m4),
		"hex3": regexp.MustCompile(`^#?([0-9a-fA-F]{1})([0-9a-fA-F]{1})([0-9a-fA-F]{1})$`),
		"hex6": regexp.MustCompile(`^#?([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$`),
		"hex4": regexp.MustCompile(`^#?([0-9a-fA-F]{1})([0-9a-fA-F]{1})([0-9a-fA-F]{1})([0-9a-fA-F]{1})$`),
		"hex8": regexp.MustCompile(`^#?([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$`),
	}
})

// tinyInput is the object tinycolor's string parser produces; values are
// strings (regex matches) or float64.
type tinyInput map[string]any

func (t tinyInput) Get(k string) (any, bool) { v, ok := t[k]; return v, ok }

// ParseTiny is tinycolor(input). Input is a string, a number, a bool, nil or
// a Fields object; anything else is invalid.
func ParseTiny(input any) Tiny {
	if !js.Truthy(input) {
		input = ""
	}
	var obj Fields
	switch v := input.(type) {
	case string:
		if t, ok := parseTinyHash(v); ok {
			return t
		}
		if o := stringInputToObject(v); o != nil {
			obj = o
		}
	case Fields:
		obj = v
	}
	r, g, b := 0.0, 0.0, 0.0
	var alpha any = 1.0
	ok := false
	if obj != nil {
		get := func(k string) any {
			if v, ok := obj.Get(k); ok {
				return v
			}
			return js.Undefined
		}
		switch {
		case validUnit(get("r")) && validUnit(get("g")) && validUnit(get("b")):
			r, g, b = bound01(get("r"), 255)*255, bound01(get("g"), 255)*255, bound01(get("b"), 255)*255
			ok = true
		case validUnit(get("h")) && validUnit(get("s")) && validUnit(get("v")):
			r, g, b = hsvToRgb(get("h"), toPercentage(get("s")), toPercentage(get("v")))
			ok = true
		case validUnit(get("h")) && validUnit(get("s")) && validUnit(get("l")):
			r, g, b = hslToRgb(get("h"), toPercentage(get("s")), toPercentage(get("l")))
			ok = true
		}
		if v, has := obj.Get("a"); has {
			alpha = v
		}
	}
	return newTiny(r, g, b, boundAlpha(alpha), ok)
}

// newTiny clamps and rounds the channels the way tinycolor's constructor does.
func newTiny(r, g, b, a float64, ok bool) Tiny {
	t := Tiny{
		R: math.Min(255, math.Max(r, 0)), G: math.Min(255, math.Max(g, 0)), B: math.Min(255, math.Max(b, 0)),
		A: a, ok: ok,
	}
	t.roundA = js.Round(100*t.A) / 100
	if t.R < 1 {
		t.R = js.Round(t.R)
	}
	if t.G < 1 {
		t.G = js.Round(t.G)
	}
	if t.B < 1 {
		t.B = js.Round(t.B)
	}
	return t
}

// TinyFromRGB is tinycolor({r, g, b, a}) with numeric channels.
func TinyFromRGB(r, g, b, a float64) Tiny {
	return ParseTiny(tinyInput{"r": r, "g": g, "b": b, "a": a})
}

// parseTinyHash is the common "#rgb", "#rgba", "#rrggbb" and "#rrggbbaa"
// case of ParseTiny without the regular expressions and the intermediate
// object; it gives exactly what the general path gives (a leading "#" can't
// be a colour name, nor match the rgb/hsl/hsv matchers). ok is false for
// any other string, which the general path then handles.
func parseTinyHash(s string) (Tiny, bool) {
	nibbles, n, ok := hashNibbles(s)
	if !ok {
		return Tiny{}, false
	}
	digits := nibbles[:n]
	var r, g, b float64
	a := 1.0
	pair := func(hi, lo byte) float64 { return float64(hi<<4 | lo) }
	switch len(digits) {
	case 3:
		r, g, b = pair(nibbles[0], nibbles[0]), pair(nibbles[1], nibbles[1]), pair(nibbles[2], nibbles[2])
	case 4:
		r, g, b = pair(nibbles[0], nibbles[0]), pair(nibbles[1], nibbles[1]), pair(nibbles[2], nibbles[2])
		a = pair(nibbles[3], nibbles[3]) / 255
	case 6:
		r, g, b = pair(nibbles[0], nibbles[1]), pair(nibbles[2], nibbles[3]), pair(nibbles[4], nibbles[5])
	case 8:
		r, g, b = pair(nibbles[0], nibbles[1]), pair(nibbles[2], nibbles[3]), pair(nibbles[4], nibbles[5])
		a = pair(nibbles[6], nibbles[7]) / 255
	default:
		return Tiny{}, false
	}
	return newTiny(bound01Number(r, 255)*255, bound01Number(g, 255)*255, bound01Number(b, 255)*255, boundAlphaNumber(a), true), true
}

// IsHash reports whether s is a hash colour ("#rgb", "#rgba", "#rrggbb",
// "#rrggbbaa", JavaScript spaces around it allowed): exactly the strings
// the hash fast path accepts, all of which tinycolor finds valid. It
// checks the syntax only.
func IsHash(s string) bool {
	_, _, ok := hashNibbles(s)
	return ok
}

// hashNibbles returns the digit values of a hash colour and how many there are.
func hashNibbles(s string) (nibbles [8]byte, n int, ok bool) {
	s = js.Trim(s)
	if len(s) < 4 || s[0] != '#' {
		return nibbles, 0, false
	}
	digits := s[1:]
	switch len(digits) {
	case 3, 4, 6, 8:
	default:
		return nibbles, 0, false
	}
	for i := 0; i < len(digits); i++ {
		v, ok := hexNibble(digits[i])
		if !ok {
			return nibbles, 0, false
		}
		nibbles[i] = v
	}
	return nibbles, len(digits), true
}

func hexNibble(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// mayMatchTiny is false for strings none of tinycolor's matchers can
// match: the functional ones need "rgb", "hsl" or "hsv" somewhere, the hex
// ones 3, 4, 6 or 8 hex digits after an optional "#".
func mayMatchTiny(color string) bool {
	if strings.Contains(color, "rgb") || strings.Contains(color, "hsl") || strings.Contains(color, "hsv") {
		return true
	}
	digits := strings.TrimPrefix(color, "#")
	switch len(digits) {
	case 3, 4, 6, 8:
	default:
		return false
	}
	for i := 0; i < len(digits); i++ {
		if _, ok := hexNibble(digits[i]); !ok {
			return false
		}
	}
	return true
}

func stringInputToObject(color string) tinyInput {
	color = strings.ToLower(js.Trim(color))
	named := false
	if n, ok := tinyNames[color]; ok {
		color, named = n, true
	} else if color == "transparent" {
		return tinyInput{"r": 0.0, "g": 0.0, "b": 0.0, "a": 0.0}
	}
	_ = named // tinycolor only uses it for its format name
	if !mayMatchTiny(color) {
		return nil
	}
	if m := tinyMatch()["rgb"].FindStringSubmatch(color); m != nil {
		return tinyInput{"r": m[1], "g": m[2], "b": m[3]}
	}
	if m := tinyMatch()["rgba"].FindStringSubmatch(color); m != nil {
		return tinyInput{"r": m[1], "g": m[2], "b": m[3], "a": m[4]}
	}
	if m := tinyMatch()["hsl"].FindStringSubmatch(color); m != nil {
		return tinyInput{"h": m[1], "s": m[2], "l": m[3]}
	}
	if m := tinyMatch()["hsla"].FindStringSubmatch(color); m != nil {
		return tinyInput{"h": m[1], "s": m[2], "l": m[3], "a": m[4]}
	}
	if m := tinyMatch()["hsv"].FindStringSubmatch(color); m != nil {
		return tinyInput{"h": m[1], "s": m[2], "v": m[3]}
	}
	if m := tinyMatch()["hsva"].FindStringSubmatch(color); m != nil {
		return tinyInput{"h": m[1], "s": m[2], "v": m[3], "a": m[4]}
	}
	hex := func(s string) float64 { n, _ := strconv.ParseUint(s, 16, 32); return float64(n) }
	if m := tinyMatch()["hex8"].FindStringSubmatch(color); m != nil {
		return tinyInput{"r": hex(m[1]), "g": hex(m[2]), "b": hex(m[3]), "a": hex(m[4]) / 255}
	}
	if m := tinyMatch()["hex6"].FindStringSubmatch(color); m != nil {
		return tinyInput{"r": hex(m[1]), "g": hex(m[2]), "b": hex(m[3])}
	}
	if m := tinyMatch()["hex4"].FindStringSubmatch(color); m != nil {
		return tinyInput{"r": hex(m[1] + m[1]), "g": hex(m[2] + m[2]), "b": hex(m[3] + m[3]), "a": hex(m[4]+m[4]) / 255}
	}
	if m := tinyMatch()["hex3"].FindStringSubmatch(color); m != nil {
		return tinyInput{"r": hex(m[1] + m[1]), "g": hex(m[2] + m[2]), "b": hex(m[3] + m[3])}
	}
	return nil
}

// validUnit is tinycolor's isValidCSSUnit. Its matcher is unanchored and
// every alternative needs a digit, so it matches exactly the strings that
// contain an ASCII digit.
func validUnit(v any) bool {
	switch x := v.(type) {
	case float64:
		return !math.IsNaN(x) && !math.IsInf(x, 0)
	case int:
		return true
	case string:
		return strings.ContainsAny(x, "0123456789")
	}
	return false // undefined, booleans, objects: no digit in their String()
}

func parseFloatAny(v any) float64 {
	if f, ok := v.(float64); ok {
		return f
	}
	f, _ := js.ParseFloat(js.String(v))
	return f
}

func boundAlpha(a any) float64 { return boundAlphaNumber(parseFloatAny(a)) }

func boundAlphaNumber(f float64) float64 {
	if math.IsNaN(f) || f < 0 || f > 1 {
		return 1
	}
	return f
}

// bound01 maps n from [0, max] to [0, 1], honouring "1.0" and percentages.
func bound01(n any, max float64) float64 {
	if s, ok := n.(string); ok && strings.Contains(s, ".") {
		if f, _ := js.ParseFloat(s); f == 1 {
			n = "100%"
		}
	}
	s, isStr := n.(string)
	percent := isStr && strings.Contains(s, "%")
	v := math.Min(max, math.Max(0, parseFloatAny(n)))
	if percent {
		p, _ := parseIntPrefix(js.Format(v * max))
		v = p / 100
	}
	return bound01Clamped(v, max)
}

// bound01Number is bound01 for a number (no "1.0" or percentage forms).
func bound01Number(n, max float64) float64 {
	return bound01Clamped(math.Min(max, math.Max(0, n)), max)
}

func bound01Clamped(v, max float64) float64 {
	if math.Abs(v-max) < 0.000001 {
		return 1
	}
	return math.Mod(v, max) / max
}

// parseIntPrefix is parseInt(s, 10).
func parseIntPrefix(s string) (float64, bool) {
	s = strings.TrimLeftFunc(s, js.IsSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return math.NaN(), false
	}
	f, _ := strconv.ParseFloat(s[:i], 64)
	if neg {
		f = -f
	}
	return f, true
}

// toPercentage is tinycolor's convertToPercentage.
func toPercentage(n any) any {
	if js.ToNumber(n) <= 1 {
		return js.Format(js.ToNumber(n)*100) + "%"
	}
	return n
}

func hslToRgb(hIn, sIn, lIn any) (float64, float64, float64) {
	h, s, l := bound01(hIn, 360), bound01(sIn, 100), bound01(lIn, 100)
	hue2rgb := func(p, q, t float64) float64 {
		if t < 0 {
			t += 1
		}
		if t > 1 {
			t -= 1
		}
		if t < 1.0/6 {
			return p + (q-p)*6*t
		}
		if t < 1.0/2 {
			return q
		}
		if t < 2.0/3 {
			return p + (q-p)*(2.0/3-t)*6
		}
		return p
	}
	var r, g, b float64
	if s == 0 {
		r, g, b = l, l, l
	} else {
		var q float64
		if l < 0.5 {
			q = l * (1 + s)
		} else {
			q = l + s - l*s
		}
		p := 2*l - q
		r = hue2rgb(p, q, h+1.0/3)
		g = hue2rgb(p, q, h)
		b = hue2rgb(p, q, h-1.0/3)
	}
	return r * 255, g * 255, b * 255
}

func hsvToRgb(hIn, sIn, vIn any) (float64, float64, float64) {
	h := bound01(hIn, 360) * 6
	s, v := bound01(sIn, 100), bound01(vIn, 100)
	i := math.Floor(h)
	f := h - i
	p := v * (1 - s)
	q := v * (1 - f*s)
	t := v * (1 - (1-f)*s)
	mod := int(math.Mod(i, 6))
	r := [6]float64{v, q, p, p, t, v}[mod]
	g := [6]float64{t, v, v, q, p, p}[mod]
	b := [6]float64{p, p, t, v, v, q}[mod]
	return r * 255, g * 255, b * 255
}

// rgbToHsl and rgbToHsv take channels in 0..255 and return h, s, l|v in 0..1.
func rgbToHsl(r, g, b float64) (h, s, l float64) {
	r, g, b = bound01(r, 255), bound01(g, 255), bound01(b, 255)
	mx, mn := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	l = (mx + mn) / 2
	if mx == mn {
		return 0, 0, l
	}
	d := mx - mn
	if l > 0.5 {
		s = d / (2 - mx - mn)
	} else {
		s = d / (mx + mn)
	}
	h = hueOf(r, g, b, mx, d)
	return h / 6, s, l
}

func rgbToHsv(r, g, b float64) (h, s, v float64) {
	r, g, b = bound01(r, 255), bound01(g, 255), bound01(b, 255)
	mx, mn := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	v = mx
	d := mx - mn
	if mx != 0 {
		s = d / mx
	}
	if mx == mn {
		return 0, s, v
	}
	return hueOf(r, g, b, mx, d) / 6, s, v
}

func hueOf(r, g, b, mx, d float64) float64 {
	switch mx {
	case r:
		h := (g - b) / d
		if g < b {
			h += 6
		}
		return h
	case g:
		return (b-r)/d + 2
	}
	return (r-g)/d + 4
}

// IsValid is tinycolor's isValid().
func (t Tiny) IsValid() bool { return t.ok }

// ToRgb is toRgb(): rounded channels and the unrounded alpha.
func (t Tiny) ToRgb() (r, g, b, a float64) {
	return js.Round(t.R), js.Round(t.G), js.Round(t.B), t.A
}

func pad2(n float64) string {
	s := strconv.FormatInt(int64(js.Round(n)), 16)
	if len(s) == 1 {
		return "0" + s
	}
	return s
}

const hexDigits = "0123456789abcdef"

// appendPad2 appends pad2(n) (two hex digits for the channel values
// tinycolor produces, 0..255; anything else the long way).
func appendPad2(dst []byte, n float64) []byte {
	if r := js.Round(n); r >= 0 && r <= 255 {
		b := byte(r)
		return append(dst, hexDigits[b>>4], hexDigits[b&15])
	}
	return append(dst, pad2(n)...)
}

// AppendHex appends toHex(): rrggbb.
func (t Tiny) AppendHex(dst []byte) []byte {
	return appendPad2(appendPad2(appendPad2(dst, t.R), t.G), t.B)
}

// AppendHex8 appends toHex8(): rrggbbaa.
func (t Tiny) AppendHex8(dst []byte) []byte { return appendPad2(t.AppendHex(dst), t.A*255) }

// ToHex is toHex(): 6 lowercase hex digits without "#".
func (t Tiny) ToHex() string {
	var buf [16]byte
	return string(t.AppendHex(buf[:0]))
}

// ToHexString is toHexString().
func (t Tiny) ToHexString() string {
	var buf [16]byte
	return string(t.AppendHex(append(buf[:0], '#')))
}

// ToHex8 is toHex8(): rrggbbaa.
func (t Tiny) ToHex8() string {
	var buf [16]byte
	return string(t.AppendHex8(buf[:0]))
}

// ToHex8String is toHex8String().
func (t Tiny) ToHex8String() string {
	var buf [16]byte
	return string(t.AppendHex8(append(buf[:0], '#')))
}

// ToRgbString is toRgbString().
func (t Tiny) ToRgbString() string {
	r, g, b, _ := t.ToRgb()
	if t.A == 1 {
		return "rgb(" + js.Format(r) + ", " + js.Format(g) + ", " + js.Format(b) + ")"
	}
	return "rgba(" + js.Format(r) + ", " + js.Format(g) + ", " + js.Format(b) + ", " + js.Format(t.roundA) + ")"
}

// ToHsl is toHsl(): h in degrees, s and l in 0..1.
func (t Tiny) ToHsl() (h, s, l, a float64) {
	h, s, l = rgbToHsl(t.R, t.G, t.B)
	return h * 360, s, l, t.A
}

// ToHsv is toHsv(): h in degrees, s and v in 0..1.
func (t Tiny) ToHsv() (h, s, v, a float64) {
	h, s, v = rgbToHsv(t.R, t.G, t.B)
	return h * 360, s, v, t.A
}

// ToHslString is toHslString().
func (t Tiny) ToHslString() string {
	h, s, l := rgbToHsl(t.R, t.G, t.B)
	vals := js.Format(js.Round(h*360)) + ", " + js.Format(js.Round(s*100)) + "%, " + js.Format(js.Round(l*100)) + "%"
	if t.A == 1 {
		return "hsl(" + vals + ")"
	}
	return "hsla(" + vals + ", " + js.Format(t.roundA) + ")"
}
