package tokensstudio

import (
	"fmt"
	"math"

	"github.com/tokengen/tokengen/internal/color"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/tokenbuild"
)

var uiColor = lazyregexp.New(`UIColor\(red: ([\d\.]+?), green: ([\d\.]+?), blue: ([\d\.]+?), alpha: ([\d\.]+?)\)`)

// parseUIColor turns a Swift UIColor(...) value back into rgba(), as
// sd-transforms does for values a UIColor transform already changed.
func parseUIColor(v string) string {
	m := uiColor.FindStringSubmatch(v)
	if m == nil {
		return v
	}
	f := func(s string) string { n, _ := js.ParseFloat(s); return js.Format(n * 255) }
	return "rgba(" + f(m[1]) + ", " + f(m[2]) + ", " + f(m[3]) + ", " + m[4] + ")"
}

// jsMax and jsMin are Math.max and Math.min of two numbers: NaN wins.
func jsMax(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return math.Max(a, b)
}

func jsMin(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return math.Min(a, b)
}

// modifierAmount is Number(parseAndReduce(modifier.value)).
func modifierAmount(v any) (float64, error) {
	switch x := v.(type) {
	case string:
		return js.ToNumber(ParseAndReduce(x, DefaultFractionDigits)), nil
	case float64, int, bool, nil:
		return js.ToNumber(x), nil
	}
	if n := js.ToNumber(v); n == n {
		return n, nil
	}
	return 0, fmt.Errorf("TypeError: expr.match is not a function (modify value %s)", js.String(v))
}

// ModifyColor is sd-transforms' modifyColor: the colour modified as the
// modifier says (type lighten, darken, mix or alpha; value, an amount that
// may be a math expression; space, srgb, hsl, lch, p3 or any colorjs
// space; color, the colour mixed in; format, hex, srgb, hsl, lch or p3),
// printed as colorjs prints it (5 significant digits, the precision
// sd-transforms passes). A modifier it cannot apply (an unknown
// space, an unreadable mix colour) leaves the colour as written; a base
// colour colorjs cannot read is an error.
func ModifyColor(base string, modifier *tokenbuild.Object) (string, error) {
	base = parseUIColor(base)
	c, err := color.Parse(base)
	if err != nil {
		return "", err
	}
	amount, err := modifierAmount(modifierField(modifier, "value"))
	if err != nil {
		return "", err
	}
	spaceName, isString := modifierField(modifier, "space").(string)
	space, spaceOK := color.SpaceByID(spaceName)
	if !isString || !spaceOK {
		// colorjs throws on the space (returnedColor.to(modifier.space) at
		// the latest) and sd-transforms keeps the colour as written
		return base, nil
	}
	typ, _ := modifierField(modifier, "type").(string)
	switch typ {
	case "lighten":
		c = lighten(c, spaceName, amount)
	case "darken":
		c = darken(c, spaceName, amount)
	case "mix":
		mixWith, err := color.Parse(js.String(modifierField(modifier, "color")))
		if err != nil {
			return base, nil
		}
		// sd-transforms reads the mix back from its string of 5
		// significant digits
		c = color.Mix(c, mixWith, jsMax(0, jsMin(1, amount)), space).Reparsed()
	case "alpha":
		c.Alpha = jsMax(0, jsMin(1, amount))
		c.AlphaBoxed, c.AlphaText = false, ""
	}
	c = c.To(space)
	format, _ := modifierField(modifier, "format").(string)
	switch format {
	case "hex":
		c = c.To(mustSpace("srgb"))
	case "lch", "srgb", "p3", "hsl":
		c = c.To(mustSpace(format))
	}
	return c.Serialize(format), nil
}

func mustSpace(id string) *color.Space {
	s, _ := color.SpaceByID(id)
	return s
}

func modifierField(m *tokenbuild.Object, k string) any {
	if v, ok := m.Get(k); ok {
		return v
	}
	return js.Undefined
}

func lighten(c color.Color, space string, amount float64) color.Color {
	switch space {
	case "lch":
		lch := mustSpace("lch")
		l := c.Coord(lch, 0)
		newC := jsMax(0, c.Coord(lch, 1)-amount*c.Coord(lch, 1))
		newL := jsMin(100, l+(100-l)*amount)
		c.SetCoord(lch, 0, newL)
		c.SetCoord(lch, 1, newC)
	case "hsl":
		hsl := mustSpace("hsl")
		l := c.Coord(hsl, 2)
		c.SetCoord(hsl, 2, jsMin(100, l+(100-l)*amount))
	case "p3", "srgb":
		s := mustSpace(space)
		if space == "p3" {
			c = c.To(s)
		}
		r, g, b := c.Coord(s, 0), c.Coord(s, 1), c.Coord(s, 2)
		c.SetCoord(s, 0, jsMin(1, r+amount*(1-r)))
		c.SetCoord(s, 1, jsMin(1, g+amount*(1-g)))
		c.SetCoord(s, 2, jsMin(1, b+amount*(1-b)))
	default:
		c.Lighten(amount)
	}
	return c
}

func darken(c color.Color, space string, amount float64) color.Color {
	switch space {
	case "lch":
		lch := mustSpace("lch")
		l := c.Coord(lch, 0)
		newC := jsMax(0, c.Coord(lch, 1)-amount*c.Coord(lch, 1))
		newL := jsMax(0, l-l*amount)
		c.SetCoord(lch, 0, newL)
		c.SetCoord(lch, 1, newC)
	case "hsl":
		hsl := mustSpace("hsl")
		l := c.Coord(hsl, 2)
		c.SetCoord(hsl, 2, jsMax(0, l-l*amount))
	case "p3", "srgb":
		s := mustSpace(space)
		if space == "p3" {
			c = c.To(s)
		}
		r, g, b := c.Coord(s, 0), c.Coord(s, 1), c.Coord(s, 2)
		c.SetCoord(s, 0, jsMax(0, r-amount*r))
		c.SetCoord(s, 1, jsMax(0, g-amount*g))
		c.SetCoord(s, 2, jsMax(0, b-amount*b))
	default:
		c.Darken(amount)
	}
	return c
}

// UsesReferences is style-dictionary's usesReferences: a string holding
// {a.b}, or an object or array with such a string anywhere inside.
func UsesReferences(v any) bool {
	switch x := v.(type) {
	case string:
		return referenceRe.MatchString(x)
	case *tokenbuild.Object:
		found := false
		x.Range(func(_ string, e any) bool {
			found = UsesReferences(e)
			return !found
		})
		return found
	case []any:
		for _, e := range x {
			if UsesReferences(e) {
				return true
			}
		}
	}
	return false
}

var referenceRe = lazyregexp.New(`\{([^}]+)\}`)
