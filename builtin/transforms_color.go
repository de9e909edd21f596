package builtin

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/tokengen/tokengen/internal/color"
	"github.com/tokengen/tokengen/internal/jsnum"
	"github.com/tokengen/tokengen/internal/model"
)

// colorTransforms: attribute/color and every color/* transform, in the
// reference's order.
func colorTransforms() []model.Transform {
	return []model.Transform{
		{Name: "attribute/color", Type: model.AttributeTransform, Filter: isColorToken, Transform: colorAttributes},
		tinyTransform("color/rgb", func(c color.Tiny) any { return c.ToRgbString() }),
		tinyTransform("color/hsl", func(c color.Tiny) any { return c.ToHslString() }),
		tinyTransform("color/hsl-4", colorHsl4),
		tinyValueTransform("color/hex", func(c color.Tiny, v any) any {
			var buf [16]byte
			if c.A == 1 {
				return sameStringOr(v, c.AppendHex(append(buf[:0], '#')))
			}
			return sameStringOr(v, c.AppendHex8(append(buf[:0], '#')))
		}),
		tinyTransform("color/hex8", func(c color.Tiny) any { return c.ToHex8String() }),
		tinyTransform("color/hex8android", func(c color.Tiny) any { return alphaFirstHex8(c, "#", "", false) }),
		tinyTransform("color/composeColor", func(c color.Tiny) any { return alphaFirstHex8(c, "Color(0x", ")", false) }),
		tinyTransform("color/UIColor", func(c color.Tiny) any {
			r, g, b, a := c.ToRgb()
			return "[UIColor colorWithRed:" + jsnum.ToFixed(r/255, 3) + "f green:" + jsnum.ToFixed(g/255, 3) +
				"f blue:" + jsnum.ToFixed(b/255, 3) + "f alpha:" + jsnum.ToFixed(a, 3) + "f]"
		}),
		tinyTransform("color/UIColorSwift", func(c color.Tiny) any {
			r, g, b, a := c.ToRgb()
			return "UIColor(red: " + channelFixed3(r) + ", green: " + channelFixed3(g) +
				", blue: " + channelFixed3(b) + ", alpha: " + jsnum.Format(a) + ")"
		}),
		tinyTransform("color/ColorSwiftUI", func(c color.Tiny) any {
			r, g, b, a := c.ToRgb()
			return "Color(red: " + channelFixed3(r) + ", green: " + channelFixed3(g) +
				", blue: " + channelFixed3(b) + ", opacity: " + jsnum.Format(a) + ")"
		}),
		tinyValueTransform("color/css", func(c color.Tiny, v any) any {
			r, g, b, a := c.ToRgb()
			if a == 1 {
				var buf [16]byte
				return sameStringOr(v, c.AppendHex(append(buf[:0], '#')))
			}
			return "rgba(" + jsnum.Format(r) + ", " + jsnum.Format(g) + ", " + jsnum.Format(b) + ", " + jsnum.Format(a) + ")"
		}),
		tinyTransform("color/sketch", func(c color.Tiny) any {
			r, g, b, a := c.ToRgb()
			return model.ObjectOf("red", jsnum.ToFixed(r/255, 5), "green", jsnum.ToFixed(g/255, 5),
				"blue", jsnum.ToFixed(b/255, 5), "alpha", a)
		}),
		colorJSTransform("color/oklch", "oklch", func(v [3]float64, alpha string) string {
			return "oklch(" + jsnum.ToFixed(v[0], 4) + " " + jsnum.ToFixed(v[1], 4) + " " + jsnum.ToFixed(v[2], 2) + alpha + ")"
		}),
		colorJSTransform("color/oklab", "oklab", func(v [3]float64, alpha string) string {
			return "oklab(" + jsnum.ToFixed(v[0], 4) + " " + jsnum.ToFixed(v[1], 4) + " " + jsnum.ToFixed(v[2], 4) + alpha + ")"
		}),
		colorJSTransform("color/p3", "p3", func(v [3]float64, alpha string) string {
			return "color(display-p3 " + jsnum.ToFixed(v[0], 5) + " " + jsnum.ToFixed(v[1], 5) + " " + jsnum.ToFixed(v[2], 5) + alpha + ")"
		}),
		colorJSTransform("color/lch", "lch", func(v [3]float64, alpha string) string {
			return "lch(" + jsnum.ToFixed(v[0], 2) + "% " + jsnum.ToFixed(v[1], 2) + " " + jsnum.ToFixed(v[2], 2) + alpha + ")"
		}),
		tinyTransform("color/hex8flutter", func(c color.Tiny) any { return alphaFirstHex8(c, "Color(0x", ")", true) }),
	}
}

// dtcgColorSpaces are the colorSpace names of DTCG v2025.10.
var dtcgColorSpaces = map[string]bool{
	"srgb": true, "srgb-linear": true, "display-p3": true, "a98-rgb": true, "prophoto-rgb": true,
	"rec2020": true, "xyz-d50": true, "xyz-d65": true, "lab": true, "lch": true, "oklab": true,
	"oklch": true, "hsl": true, "hwb": true,
}

// dtcgColorObject returns v as a DTCG colour object ({colorSpace, components}).
func dtcgColorObject(v any) (*model.Object, bool) {
	o, ok := v.(*model.Object)
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
func isColorToken(t *model.Token, _ model.Options) bool {
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
	s := model.JSString(t.Value)
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
	if o, ok := v.(*model.Object); ok {
		return color.ParseTiny(color.Fields(o))
	}
	if _, ok := v.([]any); ok {
		return color.ParseTiny(emptyFields{}) // an array has no r/g/b keys
	}
	return color.ParseTiny(v)
}

type emptyFields struct{}

func (emptyFields) Get(string) (any, bool) { return nil, false }

func dtcgColor(o *model.Object) color.Color {
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
		if hex, has := o.Get("hex"); has && jsTruthy(hex) {
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
	if !jsTruthy(v) {
		return color.Color{}, errors.New("Empty color reference")
	}
	switch x := v.(type) {
	case string:
		return color.Parse(x)
	case float64:
		return color.Color{}, fmt.Errorf("Cannot create property 'space' on number '%s'", jsnum.Format(x))
	case bool:
		return color.Color{}, errors.New("Cannot create property 'space' on boolean 'true'")
	}
	// colorjs reads an object without a colour space as having none
	return color.Color{}, errors.New("Cannot read properties of undefined (reading 'coords')")
}

// tinyValueTransform is tinyTransform for formatters that also see the
// value they convert.
func tinyValueTransform(name string, f func(c color.Tiny, v any) any) model.Transform {
	return model.Transform{
		Name:   name,
		Type:   model.ValueTransform,
		Filter: isColorToken,
		Transform: func(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
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
		return channelFixed3Table[int(channel)]
	}
	return jsnum.ToFixed(channel/255, 3)
}

// channelFixed3Table is read-only after package initialisation.
var channelFixed3Table = func() (t [256]string) {
	for i := range t {
		t[i] = jsnum.ToFixed(float64(i)/255, 3)
	}
	return t
}()

func tinyTransform(name string, f func(color.Tiny) any) model.Transform {
	return model.Transform{
		Name:   name,
		Type:   model.ValueTransform,
		Filter: isColorToken,
		Transform: func(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
			return f(tokenTinyColor(t.Value)), nil
		},
	}
}

// colorJSTransform converts with colorjs into space (no gamut mapping) and
// prints with format; NaN coordinates print as 0 and an alpha other than 1
// is appended as " / alpha".
func colorJSTransform(name, space string, format func(v [3]float64, alpha string) string) model.Transform {
	return model.Transform{
		Name:   name,
		Type:   model.ValueTransform,
		Filter: isColorToken,
		Transform: func(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
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
				suffix = " / " + jsnum.Format(alpha)
			}
			return format(v, suffix), nil
		},
	}
}

func colorHsl4(c color.Tiny) any {
	h, s, l, a := c.ToHsl()
	vals := jsnum.Format(jsnum.Round(h)) + " " + jsnum.Format(jsnum.Round(s*100)) + "% " + jsnum.Format(jsnum.Round(l*100)) + "%"
	if c.A == 1 {
		return "hsl(" + vals + ")"
	}
	return "hsl(" + vals + " / " + jsnum.Format(a) + ")"
}

func colorAttributes(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	c := tokenTinyColor(t.Value)
	r, g, b, a := c.ToRgb()
	h, s, l, _ := c.ToHsl()
	hv, sv, v, _ := c.ToHsv()
	return model.ObjectOf(
		"hex", c.ToHex(),
		"rgb", model.ObjectOf("r", r, "g", g, "b", b, "a", a),
		"hsl", model.ObjectOf("h", h, "s", s, "l", l, "a", a),
		"hsv", model.ObjectOf("h", hv, "s", sv, "v", v, "a", a),
	), nil
}
