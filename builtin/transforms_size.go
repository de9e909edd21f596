package builtin

import (
	"fmt"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// SizeSp is size/sp: a font size as a number of sp ("16.00sp").
var SizeSp = sizeTransform("size/sp", isFontSizeToken, "sp", fixedSize("", false, 2, "sp"))

// SizeDp is size/dp: a dimension as a number of dp ("16.00dp").
var SizeDp = sizeTransform("size/dp", isDimensionToken, "dp", fixedSize("", false, 2, "dp"))

// SizeObject is size/object: a size as {original, number, decimal, scale},
// scale being the number times basePxFontSize.
var SizeObject = sizeTransform("size/object", isSizeToken, "object", sizeObject)

// SizeRemToSp is size/remToSp: a font size in rem as sp, times
// basePxFontSize.
var SizeRemToSp = sizeTransform("size/remToSp", isFontSizeToken, "sp", fixedSize("", true, 2, "sp"))

// SizeRemToDp is size/remToDp: a dimension in rem as dp, times
// basePxFontSize.
var SizeRemToDp = sizeTransform("size/remToDp", isDimensionToken, "dp", fixedSize("", true, 2, "dp"))

// SizePx is size/px: a size as a number of px.
var SizePx = sizeTransform("size/px", isSizeToken, "px", fixedSize("", false, -1, "px"))

// SizeRem is size/rem: a unitless size as rem; a size with a unit, and
// zero, are kept.
var SizeRem = sizeTransform("size/rem", isSizeToken, "rem", sizeRem)

// SizeRemToFloat is size/remToFloat: a size in rem as an Objective-C float
// ("16.00f"), times basePxFontSize.
var SizeRemToFloat = sizeTransform("size/remToFloat", isSizeToken, "f", fixedSize("", true, 2, "f"))

// SizeRemToPt is size/remToPt: a size in rem as pt, times basePxFontSize.
var SizeRemToPt = sizeTransform("size/remToPt", isSizeToken, "pt", fixedSize("", true, 2, "pt"))

// SizeComposeRemToSp is size/compose/remToSp: a font size in rem as a
// Compose sp value ("16.00.sp"), times basePxFontSize.
var SizeComposeRemToSp = sizeTransform("size/compose/remToSp", isFontSizeToken, "sp", fixedSize("", true, 2, ".sp"))

// SizeComposeRemToDp is size/compose/remToDp: a dimension in rem as a
// Compose dp value ("16.00.dp"), times basePxFontSize.
var SizeComposeRemToDp = sizeTransform("size/compose/remToDp", isDimensionToken, "dp", fixedSize("", true, 2, ".dp"))

// SizeComposeEm is size/compose/em: a font size as a Compose em value
// ("1.5.em").
var SizeComposeEm = sizeTransform("size/compose/em", isFontSizeToken, "em", fixedSize("", false, -1, ".em"))

// SizeComposeSp is size/compose/sp: a font size as a Compose sp value
// ("16.00.sp").
var SizeComposeSp = sizeTransform("size/compose/sp", isFontSizeToken, "sp", fixedSize("", false, 2, ".sp"))

// SizeComposeDp is size/compose/dp: a dimension as a Compose dp value
// ("16.00.dp").
var SizeComposeDp = sizeTransform("size/compose/dp", isDimensionToken, "dp", fixedSize("", false, 2, ".dp"))

// SizeSwiftRemToCGFloat is size/swift/remToCGFloat: a size in rem as
// CGFloat(n), times basePxFontSize.
var SizeSwiftRemToCGFloat = sizeTransform("size/swift/remToCGFloat", isSizeToken, "CGFloat", fixedSize("CGFloat(", true, 2, ")"))

// SizeRemToPx is size/remToPx: a size in rem as a whole number of px,
// times basePxFontSize.
var SizeRemToPx = sizeTransform("size/remToPx", isSizeToken, "px", fixedSize("", true, 0, "px"))

// SizePxToRem is size/pxToRem: a size in px as rem, divided by
// basePxFontSize; zero is kept as written.
var SizePxToRem = sizeTransform("size/pxToRem", isSizeToken, "rem", func(n float64, d dimension, base float64) any {
	if n == 0 {
		return d.numberValue() // the raw value: a number stays a number
	}
	return numberString("", n/base, -1, "rem")
})

// SizeFlutterRemToDouble is size/flutter/remToDouble: a size in rem as a
// Dart double ("16.00"), times basePxFontSize.
var SizeFlutterRemToDouble = sizeTransform("size/flutter/remToDouble", isSizeToken, "Number", fixedSize("", true, 2, ""))

// sizeTransforms: every size/* transform, in the reference's order.
func sizeTransforms() []tokenbuild.Transform {
	return []tokenbuild.Transform{
		SizeSp, SizeDp, SizeObject, SizeRemToSp, SizeRemToDp, SizePx, SizeRem, SizeRemToFloat, SizeRemToPt,
		SizeComposeRemToSp, SizeComposeRemToDp, SizeComposeEm, SizeComposeSp, SizeComposeDp,
		SizeSwiftRemToCGFloat, SizeRemToPx, SizePxToRem, SizeFlutterRemToDouble,
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
		b = js.AppendFormat(b, n)
	} else {
		b = js.AppendToFixed(b, n, digits)
	}
	return string(append(b, suffix...))
}

func isDimensionToken(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
	return t.Type == "dimension", nil
}

func isFontSizeToken(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
	return t.Type == "fontSize", nil
}

func isSizeToken(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
	return t.Type == "dimension" || t.Type == "fontSize", nil
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
	return js.String(d.value)
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
	if o, ok := v.(*tokenbuild.Object); ok {
		// A present unit counts even when null (it prints "null"), as in the reference.
		u, has := o.Get("unit")
		return dimension{raw: v, value: o.Value("value"), unit: js.String(u), hasUnit: has}
	}
	s := js.String(v)
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
	n, ok := js.ParseFloat(rest)
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
func sizeTransform(name string, filter tokenbuild.FilterFunc, unit string,
	convert func(n float64, d dimension, base float64) any) tokenbuild.Transform {
	return tokenbuild.Transform{
		Name:              name,
		Type:              tokenbuild.ValueTransform,
		Pure:              true,
		IgnoresAttributes: true,
		Filter:            filter,
		TransformValue: func(t *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error) {
			d := splitDimension(t.Value)
			n, ok := d.parsed, true // the number part was parsed to split it off
			if !d.split {
				n, ok = js.ParseFloat(d.numberString())
			}
			if !ok {
				return nil, fmt.Errorf("Invalid Number: '%s: %s' is not a valid number, cannot transform to '%s' \n",
					t.Name, js.String(t.Value), unit)
			}
			return convert(n, d, platformOf(args).BasePx()), nil
		},
	}
}

// sizeObject returns {original, number, decimal, scale}.
func sizeObject(n float64, d dimension, base float64) any {
	return tokenbuild.ObjectOf("original", tokenbuild.CloneValue(d.raw), "number", n, "decimal", n/100, "scale", n*base)
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
