package tokensstudio

import (
	"fmt"
	"strings"

	"github.com/tokengen/tokengen/internal/color"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The functions here are the value helpers sd-transforms exports, on
// JSON-like values (string, float64, bool, nil, []any, *tokenbuild.Object;
// js.Undefined for a value that is not there). None changes its argument:
// where the package changes an object in place, they return a changed
// copy.

// prop is val[k] for an object, undefined otherwise.
func prop(v any, k string) any {
	if o, ok := v.(*tokenbuild.Object); ok {
		if x, ok := o.Get(k); ok {
			return x
		}
	}
	return js.Undefined
}

// withProp returns a copy of the object with k set (or removed, for
// undefined).
func withProp(o *tokenbuild.Object, k string, v any) *tokenbuild.Object {
	c := tokenbuild.NewObjectCap(o.Len() + 1)
	o.Range(func(key string, x any) bool {
		c.Set(key, x)
		return true
	})
	if v == js.Undefined {
		c.Delete(k)
	} else {
		c.Set(k, v)
	}
	return c
}

// setInPlace is val[k] = v as node does it: in place on an aliased object
// (tokenbuild.AliasedCopy: the token's value, which its attributes hold
// too, after ts/descriptionToComment), else on a copy.
func setInPlace(o *tokenbuild.Object, k string, v any) *tokenbuild.Object {
	if !o.Aliased() {
		return withProp(o, k, v)
	}
	if v == js.Undefined {
		o.Delete(k)
	} else {
		o.Set(k, v)
	}
	return o
}

// updateProp is { ...val, [k]: f(val[k]) } when the object has k;
// anything else as it is.
func updateProp(v any, k string, f func(any) any) any {
	return updatePropWith(v, k, f, withProp)
}

// updatePropInPlace is the package's transformXProp, val[k] = f(val[k])
// when the object has k: in place on an aliased object (setInPlace).
func updatePropInPlace(v any, k string, f func(any) any) any {
	return updatePropWith(v, k, f, setInPlace)
}

// updatePropWith is set(val, k, f(val[k])) when val is an object that has
// k; anything else as it is.
func updatePropWith(v any, k string, f func(any) any, set func(*tokenbuild.Object, string, any) *tokenbuild.Object) any {
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		return v
	}
	x, ok := o.Get(k)
	if !ok {
		return v
	}
	return set(o, k, f(x))
}

func isNaN(x float64) bool { return x != x }

// ensurePxSuffix adds px to a number other than 0.
func ensurePxSuffix(dim string) string {
	if !isNaNNumber(dim) && dim != "" {
		if n, _ := js.ParseFloat(dim); n != 0 {
			return dim + "px"
		}
	}
	return dim
}

func transformDimensionValue(v any) string {
	s, isString := v.(string)
	if isString && strings.Contains(s, " ") {
		parts := strings.Split(s, " ")
		for i, p := range parts {
			parts[i] = ensurePxSuffix(p)
		}
		return strings.Join(parts, " ")
	}
	return ensurePxSuffix(js.String(v))
}

// TransformDimension is transformDimension: px added to unitless numbers
// (each of a space-separated multi-value); of a typography its fontSize,
// of a shadow (or each shadow) offsetX, offsetY, blur and spread, of a
// border its width.
func TransformDimension(value any, typ string) any {
	if value == js.Undefined {
		return value
	}
	dim := func(x any) any { return transformDimensionValue(x) }
	switch typ {
	case "typography":
		return updatePropInPlace(value, "fontSize", dim)
	case "shadow":
		one := func(s any) any {
			for _, k := range []string{"offsetX", "offsetY", "blur", "spread"} {
				s = updatePropInPlace(s, k, dim)
			}
			return s
		}
		if arr, ok := value.([]any); ok {
			out := make([]any, len(arr))
			for i, s := range arr {
				out[i] = one(s)
			}
			return out
		}
		return one(value)
	case "border":
		return updatePropInPlace(value, "width", dim)
	}
	return transformDimensionValue(value)
}

// fontWeightMap maps weight names (lowercase, without spaces) to numbers.
var fontWeightMap = map[string]float64{
	"hairline": 100, "thin": 100,
	"extralight": 200, "ultralight": 200, "extraleicht": 200,
	"light": 300, "leicht": 300,
	"normal": 400, "regular": 400, "buch": 400, "book": 400,
	"medium": 500, "kraeftig": 500, "kräftig": 500,
	"semibold": 600, "demibold": 600, "halbfett": 600,
	"bold": 700, "dreiviertelfett": 700,
	"extrabold": 800, "ultrabold": 800, "fett": 800,
	"black": 900, "heavy": 900, "super": 900, "extrafett": 900,
	"ultra": 950, "ultrablack": 950, "extrablack": 950,
}

var fontStyles = map[string]bool{"italic": true, "oblique": true, "normal": true}

// fontWeightRe splits "Bold Italic" into weight and style.
var fontWeightRe = lazyregexp.New(`(?i)(.+?)` + jsSpace + `?(italic|oblique|normal)?$`)

// jsSpace is JavaScript's \s.
const jsSpace = `[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`

var jsSpaces = lazyregexp.New(jsSpace)

func transformWeight(fw any) any {
	m := fontWeightRe.FindStringSubmatch(js.String(fw))
	if m == nil {
		return fw
	}
	weight := strings.ToLower(m[1])
	style := strings.ToLower(m[2])
	_, known := fontWeightMap[weight]
	if style == "" && !known && fontStyles[weight] {
		return weight
	}
	var mapped any = weight
	if n, ok := fontWeightMap[jsSpaces.ReplaceAllString(weight, "")]; ok {
		mapped = n
	}
	if weight != "" && style != "" {
		return js.String(mapped) + " " + style
	}
	return mapped
}

// TransformFontWeight is transformFontWeight: weight names to numbers
// ("Semi Bold" 600, "Bold Italic" "700 italic"), of a typography its
// fontWeight.
func TransformFontWeight(value any, typ string) any {
	if value == js.Undefined {
		return value
	}
	if typ == "typography" {
		return updateProp(value, "fontWeight", transformWeight)
	}
	return transformWeight(value)
}

// percentageToDecimal turns "150%" into 1.5; anything else is returned as
// it is.
func percentageToDecimal(v any) any {
	s := js.String(v)
	if !strings.HasSuffix(s, "%") {
		return v
	}
	n, _ := js.ParseFloat(s[:len(s)-1])
	return n / 100
}

// decimalOrNaN is what percentageToDecimal made, or ok false when that
// is a string or isNaN of it is true.
func decimalOrNaN(v any) (any, bool) {
	d := percentageToDecimal(v)
	if _, isString := d.(string); isString {
		return nil, false
	}
	return d, !isNaN(js.ToNumber(d))
}

// TransformLineHeight is transformLineHeight: "150%" to 1.5, of a
// typography its lineHeight.
func TransformLineHeight(value any, typ string) any {
	if value == js.Undefined {
		return value
	}
	lh := func(v any) any {
		if n, ok := decimalOrNaN(v); ok {
			return n
		}
		return js.String(v)
	}
	if typ == "typography" {
		return updateProp(value, "lineHeight", lh)
	}
	return lh(value)
}

// TransformLetterSpacingForCSS is transformLetterSpacingForCSS: "-2%" to
// "-0.02em", of a typography its letterSpacing.
func TransformLetterSpacingForCSS(value any, typ string) any {
	if value == js.Undefined {
		return value
	}
	ls := func(v any) any {
		if n, ok := decimalOrNaN(v); ok {
			return js.String(n) + "em"
		}
		return js.String(v)
	}
	if typ == "typography" {
		return updateProp(value, "letterSpacing", ls)
	}
	return ls(value)
}

// TransformOpacity is transformOpacity: "40%" to 0.4.
func TransformOpacity(value any) any {
	if value == js.Undefined {
		return value
	}
	if n, ok := decimalOrNaN(value); ok {
		return n
	}
	return value
}

var hexRGBa = lazyregexp.New(`rgba\(` + jsSpace + `*(#.+?)` + jsSpace + `*,` + jsSpace + `*(\d*(?:\.\d*|%)*)` + jsSpace + `*\)`)

func hexRGBaString(s string, warn func(string)) string {
	return hexRGBa.ReplaceAllStringFunc(s, func(match string) string {
		m := hexRGBa.FindStringSubmatch(match)
		c, err := color.Parse(m[1])
		if err != nil {
			if warn != nil {
				warn(fmt.Sprintf("Tried parsing %q as a hex value, but failed.", m[1]))
			}
			return match
		}
		s := mustSpace("srgb")
		return "rgba(" + js.Format(c.Coord(s, 0)*255) + ", " + js.Format(c.Coord(s, 1)*255) + ", " + js.Format(c.Coord(s, 2)*255) + ", " + m[2] + ")"
	})
}

// TransformHEXRGBaForCSS is transformHEXRGBaForCSS: rgba(#ffffff, 0.5) to
// rgba(255, 255, 255, 0.5), in a string or in the color of a border or
// shadow (or each shadow). warn, when set, hears about hex values colorjs
// cannot read. A value that is no string where one is expected is an
// error, as in the package.
func TransformHEXRGBaForCSS(value any, typ string, warn func(string)) (any, error) {
	if value == js.Undefined {
		return value, nil
	}
	onProp := func(item any) any {
		if s, ok := prop(item, "color").(string); ok {
			return setInPlace(item.(*tokenbuild.Object), "color", hexRGBaString(s, warn))
		}
		return item
	}
	switch typ {
	case "border", "shadow":
		if arr, ok := value.([]any); ok {
			out := make([]any, len(arr))
			for i, x := range arr {
				out[i] = onProp(x)
			}
			return out, nil
		}
		return onProp(value), nil
	}
	s, ok := value.(string)
	if !ok {
		return nil, fmt.Errorf("TypeError: val.replace is not a function (the value is %s)", js.Typeof(value))
	}
	return hexRGBaString(s, warn), nil
}

// TransformShadow is transformShadow: a shadow's type "innerShadow" (or
// "inset") becomes "inset", any other is removed.
func TransformShadow(value any) any {
	align := func(t any) any {
		if t == "innerShadow" || t == "inset" {
			return "inset"
		}
		return js.Undefined
	}
	if arr, ok := value.([]any); ok {
		out := make([]any, len(arr))
		for i, v := range arr {
			if o, ok := v.(*tokenbuild.Object); ok {
				out[i] = withProp(o, "type", align(prop(o, "type")))
			} else {
				out[i] = v
			}
		}
		return out
	}
	if o, ok := value.(*tokenbuild.Object); ok {
		return setInPlace(o, "type", align(prop(o, "type")))
	}
	return value
}

var composeTextStyle = map[string]bool{
	"fontFamily": true, "fontWeight": true, "lineHeight": true, "fontSize": true, "letterSpacing": true, "paragraphIndent": true,
}

// TransformTypographyForCompose is transformTypographyForCompose: a
// typography object as Jetpack Compose's TextStyle( ... ), one supported
// property value a line.
func TransformTypographyForCompose(value any) any {
	if value == js.Undefined {
		return value
	}
	var b strings.Builder
	b.WriteString("TextStyle(\n")
	if o, ok := value.(*tokenbuild.Object); ok {
		o.Range(func(k string, v any) bool {
			if composeTextStyle[k] {
				if k == "fontWeight" {
					v = transformWeight(v)
				}
				b.WriteString(js.String(v))
				b.WriteString("\n")
			}
			return true
		})
	}
	b.WriteString(")")
	return b.String()
}

var lineBreaks = lazyregexp.New(`\r?\n|\r`)

// DescriptionToComment is mapDescriptionToComment's comment: the
// description with \r\n and \r made \n.
func DescriptionToComment(description string) string {
	return lineBreaks.ReplaceAllString(description, "\n")
}
