package builtin

import (
	"fmt"
	"math"
	"strings"

	"github.com/tokengen/tokengen/internal/dtcgspec"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The transforms here write DTCG 2025.10 values that style-dictionary 5.5.5
// has no CSS transform for, and so writes as `[object Object]` or as a word
// CSS does not know (docs/deviations.md). They are in the css, scss and
// less transform groups; values the reference already writes as valid CSS
// never match their filters, so those outputs stay the reference's.

// FontWeightCSS is fontWeight/css: a DTCG font weight name that CSS does
// not know ("semi-bold", "light", "extra-black", ...) as its number from the
// Format module's table (§8.4), on fontWeight tokens and on the fontWeight
// of typography tokens. "normal" and "bold" are CSS keywords of the same
// weight and stay as written, as do numbers and names outside the table
// (names are case-sensitive in the spec: "Bold" is no DTCG name).
var FontWeightCSS = shorthandTransform("fontWeight/css", hasTypeIn("fontWeight", "typography"), fontWeightCSS)

// GradientCSSShorthand is gradient/css/shorthand: a DTCG gradient, an array
// of {color, position} stops, as a CSS linear-gradient. The spec gives a
// gradient no kind or direction (its open issue 101); tokengen writes
// `linear-gradient(90deg, <color> <position>%, ...)`, left to right as the
// spec's examples draw a gradient. Positions are clamped to [0, 1] as the
// spec asks and written as percentages; CSS itself extends the first and
// last colour to the ends when the end stops are missing, as the spec
// describes. A stop's colour is written as border and shadow colours are
// (a string as it is, a DTCG colour object in CSS colour syntax). An
// element that is a reference to another gradient has its stops inserted
// at its place. A gradient written as a string (Tokens Studio's CSS
// syntax) stays as it is.
var GradientCSSShorthand = shorthandTransform("gradient/css/shorthand", hasTypeIn("gradient"), gradientCSS)

// compositeCSSTransforms: the transforms above, in group order.
func compositeCSSTransforms() []tokenbuild.Transform {
	return []tokenbuild.Transform{FontWeightCSS, GradientCSSShorthand}
}

// cssFontWeightKeywords are the DTCG weight names that are also CSS
// font-weight keywords with the same weight.
var cssFontWeightKeywords = map[string]bool{"normal": true, "bold": true}

// cssFontWeight returns the number of a DTCG weight name CSS does not know.
func cssFontWeight(v any) (float64, bool) {
	s, ok := v.(string)
	if !ok || cssFontWeightKeywords[s] {
		return 0, false
	}
	w, ok := dtcgspec.FontWeights[s]
	return w, ok
}

func fontWeightCSS(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	if t.Type == "typography" {
		o, ok := t.Value.(*tokenbuild.Object)
		if !ok {
			return t.Value, nil
		}
		if w, ok := cssFontWeight(o.Value("fontWeight")); ok {
			return withProp(o, "fontWeight", w), nil
		}
		return t.Value, nil
	}
	if w, ok := cssFontWeight(t.Value); ok {
		return w, nil
	}
	return t.Value, nil
}

// gradientPrefix starts every gradient this transform writes; a referenced
// gradient, transformed before the gradient that references it, is
// recognised by it and its stops are taken over.
const gradientPrefix = "linear-gradient(90deg, "

func gradientCSS(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	stops, ok := t.Value.([]any)
	if !ok {
		return t.Value, nil
	}
	var parts []string
	for i, stop := range stops {
		s, err := gradientStops(stop)
		if err != nil {
			return nil, fmt.Errorf("gradient stop %d: %w", i, err)
		}
		parts = append(parts, s...)
	}
	if len(parts) == 0 {
		return t.Value, nil // no stops: nothing CSS can draw; left as it is
	}
	return gradientPrefix + strings.Join(parts, ", ") + ")", nil
}

// gradientStops writes one element of a gradient array: a stop, or the
// stops of a referenced gradient (an array, or the CSS this transform
// made of it).
func gradientStops(stop any) ([]string, error) {
	switch x := stop.(type) {
	case []any:
		var parts []string
		for _, s := range x {
			p, err := gradientStops(s)
			if err != nil {
				return nil, err
			}
			parts = append(parts, p...)
		}
		return parts, nil
	case string:
		if inner, ok := strings.CutPrefix(x, gradientPrefix); ok && strings.HasSuffix(inner, ")") {
			return []string{strings.TrimSuffix(inner, ")")}, nil
		}
		return []string{x}, nil
	case *tokenbuild.Object:
		colorStr, hasColor, err := colorStringOf(x)
		if err != nil {
			return nil, err
		}
		if !hasColor {
			return nil, fmt.Errorf("has no color")
		}
		pos, hasPos := x.Get("position")
		if !hasPos {
			return []string{colorStr}, nil
		}
		return []string{colorStr + " " + gradientPosition(pos)}, nil
	}
	return nil, fmt.Errorf("%s is not a {color, position} object", js.String(stop))
}

// gradientPosition writes a stop position, a number in [0, 1] (clamped),
// as a percentage; anything else as it is.
func gradientPosition(pos any) string {
	p, ok := pos.(float64)
	if !ok {
		return js.String(pos)
	}
	p = math.Min(math.Max(p, 0), 1)
	// rounded to 1e-6 %, so that 0.07 is 7% and not 7.000000000000001%
	return js.Format(math.Round(p*100*1e6)/1e6) + "%"
}
