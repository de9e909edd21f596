package builtin

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// FontFamilyCSS is fontFamily/css: a font family list (an array, or
// names separated by commas) as CSS, names with spaces quoted; also the
// fontFamily of typography tokens.
var FontFamilyCSS = shorthandTransform("fontFamily/css", hasTypeIn("fontFamily", "typography"), fontFamilyCSS)

// CubicBezierCSS is cubicBezier/css: a cubic Bézier array as
// cubic-bezier(x1, y1, x2, y2); also the timingFunction of transition
// tokens.
var CubicBezierCSS = shorthandTransform("cubicBezier/css", hasTypeIn("cubicBezier", "transition"), cubicBezierCSS)

// StrokeStyleCSSShorthand is strokeStyle/css/shorthand: an object stroke
// style (dash array and line cap) as "dashed", CSS having no such style.
var StrokeStyleCSSShorthand = shorthandTransform("strokeStyle/css/shorthand", hasTypeIn("strokeStyle"), strokeStyleCSS)

// BorderCSSShorthand is border/css/shorthand: a border object as the CSS
// border shorthand, "width style color".
var BorderCSSShorthand = shorthandTransform("border/css/shorthand", hasTypeIn("border"), borderCSS)

// TypographyCSSShorthand is typography/css/shorthand: a typography object
// as the CSS font shorthand, "style variant weight width size/lineHeight
// family". It warns (through TransformArgs.Warn) about each token with
// properties the shorthand cannot hold; the warning is part of its result,
// so it is still pure.
var TypographyCSSShorthand = shorthandTransform("typography/css/shorthand", hasTypeIn("typography"), typographyCSS)

// TransitionCSSShorthand is transition/css/shorthand: a transition object
// as the CSS transition shorthand, "duration timingFunction delay". DTCG
// duration objects in it are written with their unit ("200ms"), where the
// reference writes "[object Object]" (docs/deviations.md).
var TransitionCSSShorthand = shorthandTransform("transition/css/shorthand", hasTypeIn("transition"), transitionCSS)

// ShadowCSSShorthand is shadow/css/shorthand: a shadow object, or a list
// of them, as the CSS box-shadow shorthand.
var ShadowCSSShorthand = shorthandTransform("shadow/css/shorthand", hasTypeIn("shadow"), shadowCSS)

// shorthandTransforms: the CSS transforms that turn composite values into
// strings, in the reference's order.
func shorthandTransforms() []tokenbuild.Transform {
	return []tokenbuild.Transform{
		FontFamilyCSS, CubicBezierCSS, StrokeStyleCSSShorthand, BorderCSSShorthand, TypographyCSSShorthand,
		TransitionCSSShorthand, ShadowCSSShorthand,
	}
}

// shorthandTransform is a pure value transform that reads no attributes.
// Shorthand transforms are all transitive: a composite value made of
// references is converted once the references are resolved.
func shorthandTransform(name string, filter tokenbuild.FilterFunc, f func(t *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error)) tokenbuild.Transform {
	return tokenbuild.Transform{
		Name:              name,
		Type:              tokenbuild.ValueTransform,
		Transitive:        true,
		Pure:              true,
		IgnoresAttributes: true,
		Filter:            filter,
		TransformValue:    f,
	}
}

func hasTypeIn(types ...string) tokenbuild.FilterFunc {
	return func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
		for _, ty := range types {
			if t.Type == ty {
				return true, nil
			}
		}
		return false, nil
	}
}

// propOf reads key k of an object value: undefined when the object has no
// such key, and for arrays and null, which have none here.
func propOf(v any, k string) (any, bool) {
	if o, ok := v.(*tokenbuild.Object); ok {
		if x, has := o.Get(k); has {
			return x, true
		}
	}
	return js.Undefined, false
}

// quoteFontName quotes a font name containing white space (and escapes
// single quotes) unless it is quoted already.
func quoteFontName(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", errors.New("fontString.trim is not a function")
	}
	name := js.Trim(s)
	quoted := strings.HasPrefix(name, "'") && strings.HasSuffix(name, "'") ||
		strings.HasPrefix(name, `"`) && strings.HasSuffix(name, `"`)
	if !quoted {
		name = strings.ReplaceAll(name, "'", `\'`)
	}
	if strings.ContainsFunc(name, js.IsSpace) && !quoted {
		return "'" + name + "'", nil
	}
	return name, nil
}

func processFontFamily(family any) (string, error) {
	if s, ok := family.(string); ok && strings.Contains(s, ",") {
		parts := strings.Split(s, ",")
		arr := make([]any, len(parts))
		for i, p := range parts {
			arr[i] = js.Trim(p)
		}
		family = arr
	}
	if arr, ok := family.([]any); ok {
		names := make([]string, len(arr))
		for i, p := range arr {
			n, err := quoteFontName(p)
			if err != nil {
				return "", err
			}
			names[i] = n
		}
		return strings.Join(names, ", "), nil
	}
	return quoteFontName(family)
}

// withProp returns a copy of o ({...o}) with k set to v.
func withProp(o *tokenbuild.Object, k string, v any) *tokenbuild.Object {
	c := o.Clone()
	c.Set(k, v)
	return c
}

func fontFamilyCSS(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	if t.Type == "typography" {
		o, ok := t.Value.(*tokenbuild.Object)
		if !ok || !js.Truthy(o.Value("fontFamily")) {
			return t.Value, nil
		}
		f, err := processFontFamily(o.Value("fontFamily"))
		if err != nil {
			return nil, err
		}
		return withProp(o, "fontFamily", f), nil
	}
	return processFontFamily(t.Value)
}

func cubicBezierCSS(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	easing := func(v any) any {
		arr, ok := v.([]any)
		if !ok {
			return v
		}
		return "cubic-bezier(" + js.Join(arr, ", ") + ")"
	}
	if t.Type == "transition" {
		o, ok := t.Value.(*tokenbuild.Object)
		if !ok || !js.Truthy(o.Value("timingFunction")) {
			return t.Value, nil
		}
		return withProp(o, "timingFunction", easing(o.Value("timingFunction"))), nil
	}
	return easing(t.Value), nil
}

func strokeStyleCSS(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	if js.Typeof(t.Value) != "object" {
		return t.Value, nil
	}
	return "dashed", nil
}

// normalizeDimensionProp turns a dimension ({value, unit}, "16px", 16) into
// the string `${value}${unit ?? ”}`; absent stays absent.
func normalizeDimensionProp(v any, present bool) (string, bool) {
	if !present {
		return "", false
	}
	if o, ok := v.(*tokenbuild.Object); ok {
		val, _ := propOf(o, "value")
		unit := ""
		if u := o.Value("unit"); u != nil {
			unit = js.String(u)
		}
		return js.String(val) + unit, true
	}
	d := splitDimension(v)
	s := d.numberString()
	if d.hasUnit {
		s += d.unit
	}
	return s, true
}

// colorStringOf is the reference's getColorStringFromTokenObjectValue: a
// string colour as is, a DTCG colour object through colorjs's toString().
func colorStringOf(v any) (string, bool, error) {
	c, has := propOf(v, "color")
	if !has {
		return "", false, nil
	}
	if s, ok := c.(string); ok {
		return s, true, nil
	}
	cj, err := tokenColorJS(c)
	if err != nil {
		return "", false, err
	}
	return cj.String(), true, nil
}

func borderCSS(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	val := t.Value
	if js.Typeof(val) != "object" {
		return val, nil
	}
	if val == nil {
		return nil, errors.New("Cannot use 'in' operator to search for 'color' in null")
	}
	colorStr, hasColor, err := colorStringOf(val)
	if err != nil {
		return nil, err
	}
	w, hasW := propOf(val, "width")
	width, hasWidth := normalizeDimensionProp(w, hasW)
	style, hasStyle := propOf(val, "style")
	var b strings.Builder
	if hasWidth && width != "" {
		b.WriteString(width + " ")
	}
	switch {
	case hasStyle && js.Typeof(style) == "object":
		b.WriteString("dashed")
	case hasStyle && js.Truthy(style):
		b.WriteString(js.String(style))
	default:
		b.WriteString("none")
	}
	if hasColor && colorStr != "" {
		b.WriteString(" " + colorStr)
	}
	return b.String(), nil
}

// cssFontProps are the typography properties the CSS font shorthand can hold.
var cssFontProps = []string{"fontStyle", "fontVariant", "fontWeight", "fontWidth", "fontSize", "lineHeight", "fontFamily"}

// unknownFontProps returns the keys of a typography value that the CSS
// font shorthand cannot express, in key order.
func unknownFontProps(value any) []string {
	o, ok := value.(*tokenbuild.Object)
	if !ok {
		return nil
	}
	var unknown []string
	for _, k := range o.Keys() {
		if !slices.Contains(cssFontProps, k) {
			unknown = append(unknown, k)
		}
	}
	return unknown
}

// unknownFontPropsSummary heads the reference's grouped warning about
// typography tokens the font shorthand drops properties of; the driver
// prints it once, with the number of tokens, above their messages.
const unknownFontPropsSummary = "Unknown CSS Font Shorthand properties found for %d tokens, CSS output for Font values will be missing some typography token properties as a result:"

func typographyCSS(t *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error) {
	val := t.Value
	if args != nil && args.Warn != nil {
		// the reference notes the keys the shorthand drops
		if unknown := unknownFontProps(val); len(unknown) > 0 {
			args.Warn(tokenbuild.Warning{
				Summary: unknownFontPropsSummary,
				Message: "the CSS font shorthand leaves out " + strings.Join(unknown, ", "),
				Near:    `"` + unknown[0] + `"`,
			})
		}
	}
	if js.Typeof(val) != "object" {
		return val, nil
	}
	get := func(k string) (any, bool) { return propOf(val, k) }
	fs, hasFS := get("fontSize")
	fontSize, hasFontSize := normalizeDimensionProp(fs, hasFS)
	lh, hasLH := get("lineHeight")
	lineHeight, hasLineHeight := normalizeDimensionProp(lh, hasLH)
	var b strings.Builder
	for _, k := range []string{"fontStyle", "fontVariant", "fontWeight", "fontWidth"} {
		if v, _ := get(k); js.Truthy(v) {
			b.WriteString(js.String(v) + " ")
		}
	}
	if hasFontSize && fontSize != "" {
		b.WriteString(fontSize)
	} else {
		b.WriteString(js.Format(platformOf(args).BasePx()) + "px")
	}
	if hasLineHeight && lineHeight != "" {
		b.WriteString("/" + lineHeight + " ")
	} else {
		b.WriteString(" ")
	}
	if f, has := get("fontFamily"); has && f != nil {
		b.WriteString(js.String(f))
	} else {
		b.WriteString("sans-serif")
	}
	return b.String(), nil
}

func transitionCSS(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	val := t.Value
	if js.Typeof(val) != "object" {
		return val, nil
	}
	if val == nil {
		return nil, errors.New("Cannot destructure property 'duration' of 'val' as it is null.")
	}
	part := func(k string) string {
		v, _ := propOf(val, k)
		// a DTCG duration object {value, unit} (the reference writes
		// "[object Object]"), as time/seconds writes it
		if d, ok := v.(*tokenbuild.Object); ok && k != "timingFunction" {
			if s, ok := durationObject(d); ok {
				return s
			}
		}
		return js.String(v)
	}
	return part("duration") + " " + part("timingFunction") + " " + part("delay"), nil
}

func shadowCSS(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	val := t.Value
	if js.Typeof(val) != "object" {
		return val, nil
	}
	if arr, ok := val.([]any); ok {
		parts := make([]any, len(arr))
		for i, s := range arr {
			v, err := stringifyShadow(s)
			if err != nil {
				return nil, err
			}
			parts[i] = v
		}
		return js.Join(parts, ", "), nil
	}
	return stringifyShadow(val)
}

func stringifyShadow(val any) (any, error) {
	if js.Typeof(val) != "object" {
		return val, nil
	}
	if val == nil {
		return nil, fmt.Errorf("Cannot destructure property 'inset' of 'val' as it is null.")
	}
	dim := func(k string) string {
		v, has := propOf(val, k)
		s, ok := normalizeDimensionProp(v, has)
		if !ok {
			return "0"
		}
		return s
	}
	colorStr, hasColor, err := colorStringOf(val)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	inset, _ := propOf(val, "inset")
	typ, _ := propOf(val, "type")
	if js.Truthy(inset) || typ == "inset" {
		b.WriteString("inset ")
	}
	b.WriteString(dim("offsetX") + " " + dim("offsetY") + " " + dim("blur") + " ")
	sp, hasSp := propOf(val, "spread")
	if spread, ok := normalizeDimensionProp(sp, hasSp); ok && spread != "" {
		b.WriteString(spread + " ")
	}
	if hasColor {
		b.WriteString(colorStr)
	} else {
		b.WriteString("#000000")
	}
	return b.String(), nil
}
