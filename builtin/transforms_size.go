package builtin

import (
	"fmt"
	"strings"

	"github.com/tokengen/tokengen/internal/jsnum"
	"github.com/tokengen/tokengen/internal/model"
)

// sizeTransforms: every size/* transform, in the reference's order.
func sizeTransforms() []model.Transform {
	return []model.Transform{
		sizeTransform("size/sp", isFontSizeToken, "sp", func(n float64, _ dimension, _ float64) any { return jsnum.ToFixed(n, 2) + "sp" }),
		sizeTransform("size/dp", isDimensionToken, "dp", func(n float64, _ dimension, _ float64) any { return jsnum.ToFixed(n, 2) + "dp" }),
		sizeTransform("size/object", isSizeToken, "object", sizeObject),
		sizeTransform("size/remToSp", isFontSizeToken, "sp", func(n float64, _ dimension, base float64) any { return jsnum.ToFixed(n*base, 2) + "sp" }),
		sizeTransform("size/remToDp", isDimensionToken, "dp", func(n float64, _ dimension, base float64) any { return jsnum.ToFixed(n*base, 2) + "dp" }),
		sizeTransform("size/px", isSizeToken, "px", func(n float64, _ dimension, _ float64) any { return jsnum.Format(n) + "px" }),
		sizeTransform("size/rem", isSizeToken, "rem", sizeRem),
		sizeTransform("size/remToFloat", isSizeToken, "f", func(n float64, _ dimension, base float64) any { return jsnum.ToFixed(n*base, 2) + "f" }),
		sizeTransform("size/remToPt", isSizeToken, "pt", func(n float64, _ dimension, base float64) any { return jsnum.ToFixed(n*base, 2) + "pt" }),
		sizeTransform("size/compose/remToSp", isFontSizeToken, "sp", func(n float64, _ dimension, base float64) any { return jsnum.ToFixed(n*base, 2) + ".sp" }),
		sizeTransform("size/compose/remToDp", isDimensionToken, "dp", func(n float64, _ dimension, base float64) any { return jsnum.ToFixed(n*base, 2) + ".dp" }),
		sizeTransform("size/compose/em", isFontSizeToken, "em", func(n float64, _ dimension, _ float64) any { return jsnum.Format(n) + ".em" }),
		sizeTransform("size/compose/sp", isFontSizeToken, "sp", func(n float64, _ dimension, _ float64) any { return jsnum.ToFixed(n, 2) + ".sp" }),
		sizeTransform("size/compose/dp", isDimensionToken, "dp", func(n float64, _ dimension, _ float64) any { return jsnum.ToFixed(n, 2) + ".dp" }),
		sizeTransform("size/swift/remToCGFloat", isSizeToken, "CGFloat", func(n float64, _ dimension, base float64) any {
			return "CGFloat(" + jsnum.ToFixed(n*base, 2) + ")"
		}),
		sizeTransform("size/remToPx", isSizeToken, "px", func(n float64, _ dimension, base float64) any { return jsnum.ToFixed(n*base, 0) + "px" }),
		sizeTransform("size/pxToRem", isSizeToken, "rem", func(n float64, d dimension, base float64) any {
			if n == 0 {
				return d.value // the raw value: a number stays a number
			}
			return jsnum.Format(n/base) + "rem"
		}),
		sizeTransform("size/flutter/remToDouble", isSizeToken, "Number", func(n float64, _ dimension, base float64) any { return jsnum.ToFixed(n*base, 2) }),
	}
}

func isDimensionToken(t *model.Token, _ model.Options) bool { return t.Type == "dimension" }
func isFontSizeToken(t *model.Token, _ model.Options) bool  { return t.Type == "fontSize" }
func isSizeToken(t *model.Token, _ model.Options) bool {
	return t.Type == "dimension" || t.Type == "fontSize"
}

// dimension is a size value split into number part and unit, as the
// reference's getTokenDimensionValue returns it.
type dimension struct {
	raw     any    // the token value as the transform received it
	value   any    // the number part: the raw value, a string, or a DTCG object's value
	unit    string // "" when hasUnit is false
	hasUnit bool
}

// splitDimension is the reference's getTokenDimensionValue. A DTCG
// {value, unit} object is taken as is; a string or number loses a trailing
// run of characters other than digits, "." and "-" when what remains
// starts with a number ("16px" -> 16, "px").
func splitDimension(v any) dimension {
	if o, ok := v.(*model.Object); ok {
		// A present unit counts even when null (it prints "null"), as in the reference.
		u, has := o.Get("unit")
		return dimension{raw: v, value: o.Value("value"), unit: model.JSString(u), hasUnit: has}
	}
	s := model.JSString(v)
	i := len(s)
	for i > 0 && !isNumberChar(s[i-1]) {
		i--
	}
	if i == len(s) {
		return dimension{raw: v, value: v}
	}
	unit := s[i:]
	// The reference removes the first occurrence of the unit, not the suffix.
	rest := strings.Replace(s, unit, "", 1)
	if _, ok := jsnum.ParseFloat(rest); !ok {
		return dimension{raw: v, value: v}
	}
	return dimension{raw: v, value: rest, unit: unit, hasUnit: true}
}

func isNumberChar(c byte) bool { return c >= '0' && c <= '9' || c == '.' || c == '-' }

// sizeTransform builds a size transform: it parses the token value with
// splitDimension and parseFloat (ignoring the unit), fails with the
// reference's "Invalid Number" message when that is NaN, and otherwise
// returns convert(number, parts, basePxFontSize).
func sizeTransform(name string, filter func(*model.Token, model.Options) bool, unit string,
	convert func(n float64, d dimension, base float64) any) model.Transform {
	return model.Transform{
		Name:   name,
		Type:   model.ValueTransform,
		Filter: filter,
		Transform: func(t *model.Token, p *model.Platform, _ model.Options) (any, error) {
			d := splitDimension(t.Value)
			n, ok := jsnum.ParseFloat(model.JSString(d.value))
			if !ok {
				return nil, fmt.Errorf("Invalid Number: '%s: %s' is not a valid number, cannot transform to '%s' \n",
					t.Name, model.JSString(t.Value), unit)
			}
			return convert(n, d, p.BasePx()), nil
		},
	}
}

// sizeObject returns {original, number, decimal, scale}.
func sizeObject(n float64, d dimension, base float64) any {
	return model.ObjectOf("original", model.CloneValue(d.raw), "number", n, "decimal", n/100, "scale", n*base)
}

// sizeRem keeps a value that has a unit, keeps a zero as written and adds
// "rem" to any other number.
func sizeRem(n float64, d dimension, _ float64) any {
	if d.hasUnit {
		return model.JSString(d.value) + d.unit
	}
	if n == 0 {
		return d.value
	}
	return jsnum.Format(n) + "rem"
}
