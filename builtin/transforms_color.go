package builtin

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/internal/color"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// AttributeColor is attribute/color: the hex, rgb, hsl and hsv attributes
// of a colour token.
var AttributeColor = tokenbuild.Transform{
	Name:                "attribute/color",
	Type:                tokenbuild.AttributeTransform,
	Pure:                true,
	IgnoresAttributes:   true,
	Filter:              isColorToken,
	TransformAttributes: colorAttributes,
}

// ColorRGB is color/rgb: a colour as rgb(r, g, b), or rgba(r, g, b, a)
// when translucent.
var ColorRGB = tinyTransform("color/rgb", func(c color.Tiny) any { return c.ToRgbString() })

// ColorHSL is color/hsl: a colour as hsl(h, s%, l%), or hsla(...) when
// translucent.
var ColorHSL = tinyTransform("color/hsl", func(c color.Tiny) any { return c.ToHslString() })

// ColorHSL4 is color/hsl-4: a colour in the CSS Color 4 syntax
// hsl(h s% l%), or hsl(h s% l% / a) when translucent.
var ColorHSL4 = tinyTransform("color/hsl-4", colorHsl4)

// ColorHex is color/hex: a colour as #rrggbb, or #rrggbbaa when
// translucent.
var ColorHex = tinyValueTransform("color/hex", func(c color.Tiny, v any) any {
	var buf [16]byte
	if c.A == 1 {
		return sameStringOr(v, c.AppendHex(append(buf[:0], '#')))
	}
	return sameStringOr(v, c.AppendHex8(append(buf[:0], '#')))
})

// ColorHex8 is color/hex8: a colour as #rrggbbaa.
var ColorHex8 = tinyTransform("color/hex8", func(c color.Tiny) any { return c.ToHex8String() })

// ColorHex8Android is color/hex8android: a colour as #aarrggbb, for
// Android resources.
var ColorHex8Android = tinyTransform("color/hex8android", func(c color.Tiny) any { return alphaFirstHex8(c, "#", "", false) })

// ColorComposeColor is color/composeColor: a colour as Color(0xaarrggbb),
// for Jetpack Compose.
var ColorComposeColor = tinyTransform("color/composeColor", func(c color.Tiny) any { return alphaFirstHex8(c, "Color(0x", ")", false) })

// ColorUIColor is color/UIColor: a colour as the Objective-C expression
// [UIColor colorWithRed:r green:g blue:b alpha:a], channels from 0 to 1.
var ColorUIColor = tinyTransform("color/UIColor", func(c color.Tiny) any {
	r, g, b, a := c.ToRgb()
	return "[UIColor colorWithRed:" + js.ToFixed(r/255, 3) + "f green:" + js.ToFixed(g/255, 3) +
		"f blue:" + js.ToFixed(b/255, 3) + "f alpha:" + js.ToFixed(a, 3) + "f]"
})

// ColorUIColorSwift is color/UIColorSwift: a colour as the Swift
// expression UIColor(red: r, green: g, blue: b, alpha: a).
var ColorUIColorSwift = tinyTransform("color/UIColorSwift", func(c color.Tiny) any {
	r, g, b, a := c.ToRgb()
	return "UIColor(red: " + channelFixed3(r) + ", green: " + channelFixed3(g) +
		", blue: " + channelFixed3(b) + ", alpha: " + js.Format(a) + ")"
})

// ColorColorSwiftUI is color/ColorSwiftUI: a colour as the SwiftUI
// expression Color(red: r, green: g, blue: b, opacity: a).
var ColorColorSwiftUI = tinyTransform("color/ColorSwiftUI", func(c color.Tiny) any {
	r, g, b, a := c.ToRgb()
	return "Color(red: " + channelFixed3(r) + ", green: " + channelFixed3(g) +
		", blue: " + channelFixed3(b) + ", opacity: " + js.Format(a) + ")"
})

// ColorCSS is color/css: a colour as #rrggbb, or rgba(r, g, b, a) when
// translucent.
var ColorCSS = tinyValueTransform("color/css", func(c color.Tiny, v any) any {
	r, g, b, a := c.ToRgb()
	if a == 1 {
		var buf [16]byte
		return sameStringOr(v, c.AppendHex(append(buf[:0], '#')))
	}
	return "rgba(" + js.Format(r) + ", " + js.Format(g) + ", " + js.Format(b) + ", " + js.Format(a) + ")"
})

// ColorSketch is color/sketch: a colour as a {red, green, blue, alpha}
// object, channels from 0 to 1, for Sketch palettes.
var ColorSketch = tinyTransform("color/sketch", func(c color.Tiny) any {
	r, g, b, a := c.ToRgb()
	return tokenbuild.ObjectOf("red", js.ToFixed(r/255, 5), "green", js.ToFixed(g/255, 5),
		"blue", js.ToFixed(b/255, 5), "alpha", a)
})

// ColorOKLCH is color/oklch: a colour as oklch(l c h), with " / a" when
// translucent.
var ColorOKLCH = colorJSTransform("color/oklch", "oklch", func(v [3]float64, alpha string) string {
	return "oklch(" + js.ToFixed(v[0], 4) + " " + js.ToFixed(v[1], 4) + " " + js.ToFixed(v[2], 2) + alpha + ")"
})

// ColorOKLab is color/oklab: a colour as oklab(l a b), with " / a" when
// translucent.
var ColorOKLab = colorJSTransform("color/oklab", "oklab", func(v [3]float64, alpha string) string {
	return "oklab(" + js.ToFixed(v[0], 4) + " " + js.ToFixed(v[1], 4) + " " + js.ToFixed(v[2], 4) + alpha + ")"
})

// ColorP3 is color/p3: a colour as color(display-p3 r g b), with " / a"
// when translucent.
var ColorP3 = colorJSTransform("color/p3", "p3", func(v [3]float64, alpha string) string {
	return "color(display-p3 " + js.ToFixed(v[0], 5) + " " + js.ToFixed(v[1], 5) + " " + js.ToFixed(v[2], 5) + alpha + ")"
})

// ColorLCH is color/lch: a colour as lch(l% c h), with " / a" when
// translucent.
var ColorLCH = colorJSTransform("color/lch", "lch", func(v [3]float64, alpha string) string {
	return "lch(" + js.ToFixed(v[0], 2) + "% " + js.ToFixed(v[1], 2) + " " + js.ToFixed(v[2], 2) + alpha + ")"
})

// ColorHex8Flutter is color/hex8flutter: a colour as Color(0xAARRGGBB),
// for Flutter.
var ColorHex8Flutter = tinyTransform("color/hex8flutter", func(c color.Tiny) any { return alphaFirstHex8(c, "Color(0x", ")", true) })

// colorTransforms: attribute/color and every color/* transform, in the
// reference's order.
func colorTransforms() []tokenbuild.Transform {
	return []tokenbuild.Transform{
		AttributeColor, ColorRGB, ColorHSL, ColorHSL4, ColorHex, ColorHex8, ColorHex8Android, ColorComposeColor,
		ColorUIColor, ColorUIColorSwift, ColorColorSwiftUI, ColorCSS, ColorSketch, ColorOKLCH, ColorOKLab, ColorP3,
		ColorLCH, ColorHex8Flutter,
	}
}

// dtcgColorSpaces are the colorSpace names of DTCG v2025.10.
var dtcgColorSpaces = map[string]bool{
	"srgb": true, "srgb-linear": true, "display-p3": true, "a98-rgb": true, "prophoto-rgb": true,
	"rec2020": true, "xyz-d50": true, "xyz-d65": true, "lab": true, "lch": true, "oklab": true,
	"oklch": true, "hsl": true, "hwb": true,
}

// dtcgColorObject returns v as a DTCG colour object ({colorSpace, components}).
func dtcgColorObject(v any) (*tokenbuild.Object, bool) {
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		return nil, false
	}
	cs, ok := o.Value("colorSpace").(string)
	if !ok || !dtcgColorSpaces[cs] {
		return nil, false
	}
	_, ok = o.Value("components").([]any)
	return o, ok
}

// isColorToken is the reference's isColor matcher.
func isColorToken(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
	return isColor(t), nil
}

func isColor(t *tokenbuild.Token) bool {
	if t.Type != "color" {
		return false
	}
	if s, ok := t.Value.(string); ok && color.IsHash(s) {
		// tinycolor accepts every hash colour, and after optional spaces
		// a "#" is no gradient prefix
		return true
	}
	if _, ok := dtcgColorObject(t.Value); ok {
		return true
	}
	if !parseTinyValue(t.Value).IsValid() {
		return false
	}
	s := js.String(t.Value)
	for _, pre := range []string{"linear", "radial", "conic"} {
		g := pre + "-gradient"
		if strings.HasPrefix(s, g) || strings.HasPrefix(s, "repeating-"+g) {
			return false
		}
	}
	return true
}

// parseTinyValue is tinycolor(value) for a token value.
func parseTinyValue(v any) color.Tiny {
	if o, ok := v.(*tokenbuild.Object); ok {
		return color.ParseTiny(color.Fields(o))
	}
	if _, ok := v.([]any); ok {
		return color.ParseTiny(emptyFields{}) // an array has no r/g/b keys
	}
	return color.ParseTiny(v)
}

type emptyFields struct{}

func (emptyFields) Get(string) (any, bool) { return nil, false }

func dtcgColor(o *tokenbuild.Object) color.Color {
	comps, _ := o.Value("components").([]any)
	a, hasAlpha := o.Get("alpha")
	c, _ := color.FromDTCG(o.Value("colorSpace").(string), comps, a, hasAlpha)
	return c
}

// tokenTinyColor is the reference's getColor: DTCG objects go through sRGB
// (the hex fallback, or gamut mapping, when out of gamut), strings through
// tinycolor.
func tokenTinyColor(v any) color.Tiny {
	o, ok := dtcgColorObject(v)
	if !ok {
		return parseTinyValue(v)
	}
	c := dtcgColor(o)
	if !c.InGamut(mustSpace("srgb")) {
		if hex, has := o.Get("hex"); has && js.Truthy(hex) {
			r, g, b, a := parseTinyValue(hex).ToRgb()
			return color.TinyFromRGB(r, g, b, a)
		}
	}
	r, g, b, a := c.SRGB255()
	return color.TinyFromRGB(r, g, b, a)
}

func mustSpace(id string) *color.Space {
	s, _ := color.SpaceByID(id)
	return s
}

// tokenColorJS is the reference's getColorJS.
func tokenColorJS(v any) (color.Color, error) {
	if o, ok := dtcgColorObject(v); ok {
		return dtcgColor(o), nil
	}
	if !js.Truthy(v) {
		return color.Color{}, errors.New("Empty color reference")
	}
	switch x := v.(type) {
	case string:
		return color.Parse(x)
	case float64:
		return color.Color{}, fmt.Errorf("Cannot create property 'space' on number '%s'", js.Format(x))
	case bool:
		return color.Color{}, errors.New("Cannot create property 'space' on boolean 'true'")
	}
	// colorjs reads an object without a colour space as having none
	return color.Color{}, errors.New("Cannot read properties of undefined (reading 'coords')")
}

// tinyValueTransform is tinyTransform for formatters that also see the
// value they convert.
func tinyValueTransform(name string, f func(c color.Tiny, v any) any) tokenbuild.Transform {
	return tokenbuild.Transform{
		Name:              name,
		Type:              tokenbuild.ValueTransform,
		Pure:              true,
		IgnoresAttributes: true,
		Filter:            isColorToken,
		TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
			return f(tokenTinyColor(t.Value), t.Value), nil
		},
	}
}

// sameStringOr returns v itself when it is a string equal to out, else out
// as a string: a value already in the target form ("#rrggbb" for
// color/css) costs no allocation, not even to box it again.
func sameStringOr(v any, out []byte) any {
	if s, ok := v.(string); ok && s == string(out) {
		return v
	}
	return string(out)
}

// alphaFirstHex8 is prefix + aarrggbb + suffix from tinycolor's toHex8()
// (h.slice(6) + h.slice(0, 6)), uppercased when upper.
func alphaFirstHex8(c color.Tiny, prefix, suffix string, upper bool) string {
	var hb [16]byte
	h := c.AppendHex8(hb[:0])
	if len(h) != 8 {
		// channels outside 0..255 print the long way; keep the reference's slicing
		hs := string(h)
		if upper {
			hs = strings.ToUpper(hs)
		}
		return prefix + hs[6:] + hs[:6] + suffix
	}
	var out [32]byte
	o := append(out[:0], prefix...)
	start := len(o)
	o = append(o, h[6:]...)
	o = append(o, h[:6]...)
	if upper {
		for i := start; i < len(o); i++ {
			if c := o[i]; c >= 'a' && c <= 'z' {
				o[i] = c - ('a' - 'A')
			}
		}
	}
	o = append(o, suffix...)
	return string(o)
}

// channelFixed3 is (channel/255).toFixed(3), from a table for the integer
// channels 0..255 that ToRgb gives.
func channelFixed3(channel float64) string {
	if channel >= 0 && channel <= 255 && channel == math.Trunc(channel) {
		return channelFixed3Table()[int(channel)]
	}
	return js.ToFixed(channel/255, 3)
}

// channelFixed3Table is made when a colour transform first asks for it,
// not at every start, and read-only from then on.
var channelFixed3Table = sync.OnceValue(func() *[256]string {
	var t [256]string
	for i := range t {
		t[i] = js.ToFixed(float64(i)/255, 3)
	}
	return &t
})

func tinyTransform(name string, f func(color.Tiny) any) tokenbuild.Transform {
	return tokenbuild.Transform{
		Name:              name,
		Type:              tokenbuild.ValueTransform,
		Pure:              true,
		IgnoresAttributes: true,
		Filter:            isColorToken,
		TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
			return f(tokenTinyColor(t.Value)), nil
		},
	}
}

// colorJSTransform converts with colorjs into space (no gamut mapping) and
// prints with format; NaN coordinates print as 0 and an alpha other than 1
// is appended as " / alpha".
func colorJSTransform(name, space string, format func(v [3]float64, alpha string) string) tokenbuild.Transform {
	return tokenbuild.Transform{
		Name:              name,
		Type:              tokenbuild.ValueTransform,
		Pure:              true,
		IgnoresAttributes: true,
		Filter:            isColorToken,
		TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
			c, err := tokenColorJS(t.Value)
			if err != nil {
				return nil, err
			}
			c = c.To(mustSpace(space))
			var v [3]float64
			for i := range v {
				if i < len(c.Coords) && !math.IsNaN(c.Coords[i]) {
					v[i] = c.Coords[i]
				}
			}
			alpha := c.Alpha
			if math.IsNaN(alpha) {
				alpha = 1
			}
			suffix := ""
			switch {
			case c.AlphaText != "":
				suffix = " / " + c.AlphaText // colorjs keeps such an alpha as written
			case alpha != 1 || c.AlphaBoxed:
				suffix = " / " + js.Format(alpha)
			}
			return format(v, suffix), nil
		},
	}
}

func colorHsl4(c color.Tiny) any {
	h, s, l, a := c.ToHsl()
	vals := js.Format(js.Round(h)) + " " + js.Format(js.Round(s*100)) + "% " + js.Format(js.Round(l*100)) + "%"
	if c.A == 1 {
		return "hsl(" + vals + ")"
	}
	return "hsl(" + vals + " / " + js.Format(a) + ")"
}

func colorAttributes(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (*tokenbuild.Object, error) {
	c := tokenTinyColor(t.Value)
	r, g, b, a := c.ToRgb()
	h, s, l, _ := c.ToHsl()
	hv, sv, v, _ := c.ToHsv()
	return tokenbuild.ObjectOf(
		"hex", c.ToHex(),
		"rgb", tokenbuild.ObjectOf("r", r, "g", g, "b", b, "a", a),
		"hsl", tokenbuild.ObjectOf("h", h, "s", s, "l", l, "a", a),
		"hsv", tokenbuild.ObjectOf("h", hv, "s", sv, "v", v, "a", a),
	), nil
}
