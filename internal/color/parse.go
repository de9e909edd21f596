package color

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// Parse is colorjs.io's parse(str) (new Color(str)) for the syntaxes a
// tinycolor-valid string can take: hex, keywords and the rgb(), rgba(),
// hsl() and hsla() functions. Anything else fails with colorjs's message.
func Parse(str string) (Color, error) {
	s := js.Trim(str)
	if m := cssFunction.FindStringSubmatch(s); m != nil {
		return parseFunction(str, strings.ToLower(m[1]), m[2])
	}
	if hexColor.MatchString(s) {
		h := s[1:]
		if len(h) <= 4 {
			var b strings.Builder
			for _, c := range h {
				b.WriteRune(c)
				b.WriteRune(c)
			}
			h = b.String()
		}
		var v []float64
		for i := 0; i+2 <= len(h); i += 2 {
			n, _ := strconv.ParseUint(h[i:i+2], 16, 8)
			v = append(v, float64(n)/255)
		}
		alpha := 1.0
		if len(v) > 3 {
			alpha = v[3]
		}
		return New(spaces()["srgb"], v[:3], alpha), nil
	}
	if keyword.MatchString(s) {
		k := strings.ToLower(s)
		if k == "transparent" {
			return New(spaces()["srgb"], []float64{0, 0, 0}, 0), nil
		}
		if rgb, ok := cssKeywords[k]; ok {
			return New(spaces()["srgb"], rgb[:], 1), nil
		}
	}
	return Color{}, fmt.Errorf("Could not parse %s as a color. Missing a plugin?", str)
}

var (
	// JavaScript's "." matches no line terminator, so neither may the arguments.
	cssFunction = lazyregexp.New(`^([a-zA-Z]+)\(([^\n\r\x{2028}\x{2029}]+?)\)$`)
	hexColor    = lazyregexp.New(`^#(?:[a-fA-F0-9]{3,4}){1,2}$`)
	keyword     = lazyregexp.New(`^[a-zA-Z]+$`)
	singleArg   = lazyregexp.New(`\/?[` + js.SpaceClass + `]*(none|[-\w.]+(?:%|deg|g?rad|turn)?)`)
	unitValue   = lazyregexp.New(`%|deg|g?rad|turn$`)
	numberArg   = lazyregexp.New(`^-?[\d.]+$`)
)

// cssArg is one parsed function argument (colorjs boxes them in Number objects).
type cssArg struct {
	v      float64
	typ    string // <number>, <percentage>, <angle>, or "" (unknown text)
	none   bool
	alpha  bool // preceded by "/"
	raw    string
	isText bool // a bare string colorjs could not read as a number
}

var angleFactor = map[string]float64{"deg": 1, "grad": 0.9, "rad": 180 / math.Pi, "turn": 360}

func parseArgs(raw string) []cssArg {
	var args []cssArg
	for _, m := range singleArg.FindAllStringSubmatch(raw, -1) {
		rawArg := m[1]
		a := cssArg{raw: rawArg}
		if u := unitValue.FindString(rawArg); u != "" {
			unitless := rawArg[:len(rawArg)-len(u)]
			if u == "%" {
				a.v, a.typ = js.ToNumber(unitless)/100, "<percentage>"
			} else {
				a.v, a.typ = js.ToNumber(unitless)*angleFactor[u], "<angle>"
			}
		} else if numberArg.MatchString(rawArg) {
			a.v, a.typ = js.ToNumber(rawArg), "<number>"
		} else if rawArg == "none" {
			a.v, a.none = math.NaN(), true
		} else {
			a.isText = true
			a.v = js.ToNumber(rawArg)
		}
		if strings.HasPrefix(m[0], "/") {
			a.alpha = true
			a.isText = false
		}
		args = append(args, a)
	}
	return args
}

// grammar is one coordinate's accepted types with their ranges.
type grammar []struct {
	typ string
	rng *[2]float64
}

var (
	rgbGrammar = grammar{{"<percentage>", nil}, {"<number>", rng(0, 255)}}
	hueGrammar = grammar{{"<number>", nil}, {"<angle>", nil}}
	pctGrammar = grammar{{"<percentage>", nil}}
)

// spaceGrammars are the coordinate grammars of colorjs's lab(), lch(),
// oklab(), oklch() and hwb().
var spaceGrammars = map[string][]grammar{
	"lab":   {{{"<number>", nil}, {"<percentage>", nil}}, {{"<number>", nil}, {"<percentage>", rng(-1, 1)}}, {{"<number>", nil}, {"<percentage>", rng(-1, 1)}}},
	"lch":   {{{"<number>", nil}, {"<percentage>", nil}}, {{"<number>", nil}, {"<percentage>", nil}}, hueGrammar},
	"oklab": {{{"<percentage>", nil}, {"<number>", nil}}, {{"<number>", nil}, {"<percentage>", rng(-1, 1)}}, {{"<number>", nil}, {"<percentage>", rng(-1, 1)}}},
	"oklch": {{{"<percentage>", nil}, {"<number>", nil}}, {{"<number>", nil}, {"<percentage>", rng(0, 1)}}, hueGrammar},
	"hwb":   {hueGrammar, {{"<percentage>", nil}, {"<number>", nil}}, {{"<percentage>", nil}, {"<number>", nil}}},
}

// colorFunctionSpaces maps the ids color() takes to colorjs spaces.
var colorFunctionSpaces = map[string]string{
	"srgb": "srgb", "srgb-linear": "srgb-linear", "display-p3": "p3", "a98-rgb": "a98rgb",
	"prophoto-rgb": "prophoto", "rec2020": "rec2020", "xyz-d65": "xyz-d65", "xyz-d50": "xyz-d50", "xyz": "xyz-d65",
}

// parseColorFunction reads color(<space> c1 c2 c3 [/ alpha]): numbers as
// they are, percentages of the space's range, missing coordinates 0 and
// extra ones ignored, as colorjs does.
func parseColorFunction(str, rawArgs string) (Color, error) {
	args := parseArgs(rawArgs)
	if len(args) == 0 {
		return Color{}, fmt.Errorf("Could not parse %s as a color. Missing a plugin?", str)
	}
	id := strings.TrimPrefix(args[0].raw, "--")
	sp, ok := spaces()[colorFunctionSpaces[id]]
	if !ok {
		return Color{}, fmt.Errorf("Cannot parse color(%s). Missing a plugin?", args[0].raw)
	}
	args = args[1:]
	alpha := 1.0
	alphaGiven := false
	if strings.Contains(rawArgs, "/") && len(args) > 0 {
		alpha, alphaGiven = args[len(args)-1].v, true
		args = args[:len(args)-1]
	}
	coords := make([]float64, len(sp.coords))
	for i, meta := range sp.coords {
		if i >= len(args) {
			continue
		}
		a := args[i]
		v := a.v
		if a.typ == "<percentage>" {
			if to := meta.rng; to != nil {
				v = mapRange([2]float64{0, 1}, *to, v)
			} else if to := meta.refRange; to != nil {
				v = mapRange([2]float64{0, 1}, *to, v)
			}
		}
		coords[i] = v
	}
	c := New(sp, coords, alpha)
	c.AlphaBoxed = alphaGiven && alpha >= 0 && alpha <= 1
	return c, nil
}

func parseFunction(str, name, rawArgs string) (Color, error) {
	var sp *Space
	var coordsGrammar []grammar
	lastAlpha := false
	switch name {
	case "rgb", "rgba":
		sp = spaces()["srgb"]
		coordsGrammar = []grammar{rgbGrammar, rgbGrammar, rgbGrammar}
		lastAlpha = name == "rgba"
	case "hsl", "hsla":
		sp = spaces()["hsl"]
		coordsGrammar = []grammar{hueGrammar, pctGrammar, pctGrammar}
		lastAlpha = name == "hsla"
	case "lab", "lch", "oklab", "oklch", "hwb":
		// the other spaces' own functions, which colour modifiers print
		sp = spaces()[name]
		coordsGrammar = spaceGrammars[name]
	case "color":
		return parseColorFunction(str, rawArgs)
	default:
		return Color{}, fmt.Errorf("Could not parse %s as a color. Missing a plugin?", str)
	}
	args := parseArgs(rawArgs)
	if len(args) == 0 && !lastAlpha {
		// colorjs looks at util.last(args).alpha
		return Color{}, fmt.Errorf("Cannot read properties of undefined (reading 'alpha')")
	}
	alpha := cssArg{v: 1}
	alphaGiven := false
	if len(args) > 0 && (lastAlpha || args[len(args)-1].alpha) {
		alpha, args = args[len(args)-1], args[:len(args)-1]
		alphaGiven = true
	}
	coords := make([]float64, len(sp.coords))
	for i, meta := range sp.coords {
		if i >= len(args) {
			return Color{}, fmt.Errorf("Cannot read properties of undefined (reading 'none')")
		}
		arg := args[i]
		var found bool
		var fromRange *[2]float64
		for _, g := range coordsGrammar[i] {
			if arg.none && (g.typ == "<number>" || g.typ == "<percentage>" || g.typ == "<angle>") ||
				!arg.none && g.typ == arg.typ {
				found, fromRange = true, g.rng
				break
			}
		}
		if !found {
			provided := arg.typ
			if provided == "" {
				provided = "undefined"
				if arg.isText {
					provided = "undefined"
				}
			}
			return Color{}, fmt.Errorf("%s not allowed for %s in %s()", provided, meta.name, name)
		}
		if arg.typ == "<percentage>" && fromRange == nil {
			fromRange = rng(0, 1)
		}
		toRange := meta.rng
		if toRange == nil {
			toRange = meta.refRange
		}
		v := arg.v
		if fromRange != nil && toRange != nil {
			v = mapRange(*fromRange, *toRange, v)
		}
		coords[i] = v
	}
	c := New(sp, coords, 1)
	if alphaGiven {
		a := alpha.v
		if alpha.isText {
			// colorjs keeps a comma-form alpha it could not read as a number
			// as the string itself; its constructor's "alpha > 1" and
			// "alpha < 0" compare Number(string), so "1e400" becomes 1 and
			// "-1e0" 0, and only an in-range or unreadable text stays text.
			if !(a > 1 || a < 0) {
				a = math.NaN()
			}
		}
		c = New(sp, coords, a)
		if alpha.isText && math.IsNaN(c.Alpha) {
			c.AlphaText = alpha.raw
		}
		// colorjs keeps an in-range parsed alpha as a Number object.
		c.AlphaBoxed = !alpha.isText && a >= 0 && a <= 1
	}
	return c, nil
}
