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
		sizeTransform("size/sp", isFontSizeToken, "sp", fixedSize("", false, 2, "sp")),
		sizeTransform("size/dp", isDimensionToken, "dp", fixedSize("", false, 2, "dp")),
		sizeTransform("size/object", isSizeToken, "object", sizeObject),
		sizeTransform("size/remToSp", isFontSizeToken, "sp", fixedSize("", true, 2, "sp")),
		sizeTransform("size/remToDp", isDimensionToken, "dp", fixedSize("", true, 2, "dp")),
		sizeTransform("size/px", isSizeToken, "px", fixedSize("", false, -1, "px")),
		sizeTransform("size/rem", isSizeToken, "rem", sizeRem),
		sizeTransform("size/remToFloat", isSizeToken, "f", fixedSize("", true, 2, "f")),
		sizeTransform("size/remToPt", isSizeToken, "pt", fixedSize("", true, 2, "pt")),
		sizeTransform("size/compose/remToSp", isFontSizeToken, "sp", fixedSize("", true, 2, ".sp")),
		sizeTransform("size/compose/remToDp", isDimensionToken, "dp", fixedSize("", true, 2, ".dp")),
		sizeTransform("size/compose/em", isFontSizeToken, "em", fixedSize("", false, -1, ".em")),
		sizeTransform("size/compose/sp", isFontSizeToken, "sp", fixedSize("", false, 2, ".sp")),
		sizeTransform("size/compose/dp", isDimensionToken, "dp", fixedSize("", false, 2, ".dp")),
		sizeTransform("size/swift/remToCGFloat", isSizeToken, "CGFloat", fixedSize("CGFloat(", true, 2, ")")),
		sizeTransform("size/remToPx", isSizeToken, "px", fixedSize("", true, 0, "px")),
		sizeTransform("size/pxToRem", isSizeToken, "rem", func(n float64, d dimension, base float64) any {
			if n == 0 {
				return d.numberValue() // the raw value: a number stays a number
			}
			return numberString("", n/base, -1, "rem")
		}),
		sizeTransform("size/flutter/remToDouble", isSizeToken, "Number", fixedSize("", true, 2, "")),
	}
}

// fixedSize builds a size conversion that writes prefix, the number (times
// basePxFontSize when timesBase; then toFixed(digits), or String(n) when
// digits is negative) and suffix.
func fixedSize(prefix string, timesBase bool, digits int, suffix string) func(n float64, d dimension, base float64) any {
	return func(n float64, _ dimension, base float64) any {
		if timesBase {
			n *= base
		}
		return numberString(prefix, n, digits, suffix)
	}
}

// numberString is prefix + n.toFixed(digits) + suffix (String(n) when
// digits is negative), built in one stack buffer: a single allocation.
func numberString(prefix string, n float64, digits int, suffix string) string {
	var buf [64]byte
	b := append(buf[:0], prefix...)
	if digits < 0 {
		b = jsnum.AppendFormat(b, n)
	} else {
		b = jsnum.AppendToFixed(b, n, digits)
	}
	return string(append(b, suffix...))
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
	value   any    // the number part when not split off a string: the raw value or a DTCG object's value
	number  string // the number part split off a string (split is true)
	unit    string // "" when hasUnit is false
	hasUnit bool
	split   bool
	parsed  float64 // parseFloat(number), when split
}

// numberString is the number part as a string.
func (d dimension) numberString() string {
	if d.split {
		return d.number
	}
	return model.JSString(d.value)
}

// numberValue is the number part as the reference holds it.
func (d dimension) numberValue() any {
	if d.split {
		return d.number
	}
	return d.value
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
	// The reference removes the first occurrence of the unit, not the suffix;
	// usually that is the suffix, and what remains a prefix of s.
	rest := s[:i]
	if j := strings.Index(s, unit); j < i {
		rest = s[:j] + s[j+len(unit):]
	}
	n, ok := jsnum.ParseFloat(rest)
	if !ok {
		return dimension{raw: v, value: v}
	}
	return dimension{raw: v, number: rest, unit: unit, hasUnit: true, split: true, parsed: n}
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
			n, ok := d.parsed, true // the number part was parsed to split it off
			if !d.split {
				n, ok = jsnum.ParseFloat(d.numberString())
			}
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
		if s, ok := d.raw.(string); ok && d.split && len(d.number)+len(d.unit) == len(s) && s[:len(d.number)] == d.number {
			return d.raw // number and unit put back together are the value as it was
		}
		return d.numberString() + d.unit
	}
	if n == 0 {
		return d.numberValue()
	}
	return numberString("", n, -1, "rem")
}
