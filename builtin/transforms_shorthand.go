package builtin

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/tokengen/tokengen/internal/jsnum"
	"github.com/tokengen/tokengen/internal/model"
)

// shorthandTransforms: the CSS transforms that turn composite values into
// strings, in the reference's order. All of them are transitive.
func shorthandTransforms() []model.Transform {
	return []model.Transform{
		{Name: "fontFamily/css", Type: model.ValueTransform, Transitive: true,
			Filter: hasTypeIn("fontFamily", "typography"), Transform: fontFamilyCSS},
		{Name: "cubicBezier/css", Type: model.ValueTransform, Transitive: true,
			Filter: hasTypeIn("cubicBezier", "transition"), Transform: cubicBezierCSS},
		{Name: "strokeStyle/css/shorthand", Type: model.ValueTransform, Transitive: true,
			Filter: hasTypeIn("strokeStyle"), Transform: strokeStyleCSS},
		{Name: "border/css/shorthand", Type: model.ValueTransform, Transitive: true,
			Filter: hasTypeIn("border"), Transform: borderCSS},
		{Name: "typography/css/shorthand", Type: model.ValueTransform, Transitive: true,
			Filter: hasTypeIn("typography"), Transform: typographyCSS},
		{Name: "transition/css/shorthand", Type: model.ValueTransform, Transitive: true,
			Filter: hasTypeIn("transition"), Transform: transitionCSS},
		{Name: "shadow/css/shorthand", Type: model.ValueTransform, Transitive: true,
			Filter: hasTypeIn("shadow"), Transform: shadowCSS},
	}
}

func hasTypeIn(types ...string) func(t *model.Token, _ model.Options) bool {
	return func(t *model.Token, _ model.Options) bool {
		for _, ty := range types {
			if t.Type == ty {
				return true
			}
		}
		return false
	}
}

// isJSObject is typeof v === "object" (null included).
func isJSObject(v any) bool {
	switch v.(type) {
	case nil, *model.Object, []any:
		return true
	}
	return false
}

// propOf reads key k of an object value; arrays and null have none.
func propOf(v any, k string) (any, bool) {
	if o, ok := v.(*model.Object); ok {
		return o.Get(k)
	}
	return nil, false
}

// templateString is `${v}` where v may be undefined (present == false).
func templateString(v any, present bool) string {
	if !present {
		return "undefined"
	}
	return model.JSString(v)
}

var jsWhitespace = regexp.MustCompile(`[` + jsSpaceClass + `]`)

const jsSpaceClass = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

func jsTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return jsWhitespace.MatchString(string(r)) })
}

// quoteFontName quotes a font name containing white space (and escapes
// single quotes) unless it is quoted already.
func quoteFontName(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", errors.New("fontString.trim is not a function")
	}
	name := jsTrim(s)
	quoted := strings.HasPrefix(name, "'") && strings.HasSuffix(name, "'") ||
		strings.HasPrefix(name, `"`) && strings.HasSuffix(name, `"`)
	if !quoted {
		name = strings.ReplaceAll(name, "'", `\'`)
	}
	if jsWhitespace.MatchString(name) && !quoted {
		return "'" + name + "'", nil
	}
	return name, nil
}

func processFontFamily(family any) (string, error) {
	if s, ok := family.(string); ok && strings.Contains(s, ",") {
		parts := strings.Split(s, ",")
		arr := make([]any, len(parts))
		for i, p := range parts {
			arr[i] = jsTrim(p)
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
func withProp(o *model.Object, k string, v any) *model.Object {
	c := o.Clone()
	c.Set(k, v)
	return c
}

func fontFamilyCSS(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	if t.Type == "typography" {
		o, ok := t.Value.(*model.Object)
		if !ok || !jsTruthy(o.Value("fontFamily")) {
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

func cubicBezierCSS(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	easing := func(v any) any {
		arr, ok := v.([]any)
		if !ok {
			return v
		}
		parts := make([]string, len(arr))
		for i, e := range arr {
			parts[i] = joinElementString(e)
		}
		return "cubic-bezier(" + strings.Join(parts, ", ") + ")"
	}
	if t.Type == "transition" {
		o, ok := t.Value.(*model.Object)
		if !ok || !jsTruthy(o.Value("timingFunction")) {
			return t.Value, nil
		}
		return withProp(o, "timingFunction", easing(o.Value("timingFunction"))), nil
	}
	return easing(t.Value), nil
}

func strokeStyleCSS(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	if !isJSObject(t.Value) {
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
	if o, ok := v.(*model.Object); ok {
		val, has := o.Get("value")
		unit := ""
		if u := o.Value("unit"); u != nil {
			unit = model.JSString(u)
		}
		return templateString(val, has) + unit, true
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

func borderCSS(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	val := t.Value
	if !isJSObject(val) {
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
	case hasStyle && isJSObject(style):
		b.WriteString("dashed")
	case hasStyle && jsTruthy(style):
		b.WriteString(model.JSString(style))
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

// UnknownFontProps returns the keys of a typography value that the CSS font
// shorthand (typography/css/shorthand) cannot express, in key order. The
// reference groups them into the "Unknown CSS Font Shorthand properties"
// warning as "<keys joined by ', '> for token at <path>[ in <filePath>]";
// the pipeline calls this for every token the transform ran on.
func UnknownFontProps(value any) []string {
	o, ok := value.(*model.Object)
	if !ok {
		return nil
	}
	var unknown []string
	for _, k := range o.Keys() {
		if !inStringList(cssFontProps, k) {
			unknown = append(unknown, k)
		}
	}
	return unknown
}

func typographyCSS(t *model.Token, p *model.Platform, _ model.Options) (any, error) {
	val := t.Value
	if !isJSObject(val) {
		return val, nil
	}
	get := func(k string) (any, bool) { return propOf(val, k) }
	fs, hasFS := get("fontSize")
	fontSize, hasFontSize := normalizeDimensionProp(fs, hasFS)
	lh, hasLH := get("lineHeight")
	lineHeight, hasLineHeight := normalizeDimensionProp(lh, hasLH)
	var b strings.Builder
	for _, k := range []string{"fontStyle", "fontVariant", "fontWeight", "fontWidth"} {
		if v, _ := get(k); jsTruthy(v) {
			b.WriteString(model.JSString(v) + " ")
		}
	}
	if hasFontSize && fontSize != "" {
		b.WriteString(fontSize)
	} else {
		b.WriteString(jsnum.Format(p.BasePx()) + "px")
	}
	if hasLineHeight && lineHeight != "" {
		b.WriteString("/" + lineHeight + " ")
	} else {
		b.WriteString(" ")
	}
	if f, has := get("fontFamily"); has && f != nil {
		b.WriteString(model.JSString(f))
	} else {
		b.WriteString("sans-serif")
	}
	return b.String(), nil
}

func transitionCSS(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	val := t.Value
	if !isJSObject(val) {
		return val, nil
	}
	if val == nil {
		return nil, errors.New("Cannot destructure property 'duration' of 'val' as it is null.")
	}
	part := func(k string) string { v, has := propOf(val, k); return templateString(v, has) }
	return part("duration") + " " + part("timingFunction") + " " + part("delay"), nil
}

func shadowCSS(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	val := t.Value
	if !isJSObject(val) {
		return val, nil
	}
	if arr, ok := val.([]any); ok {
		parts := make([]string, len(arr))
		for i, s := range arr {
			v, err := stringifyShadow(s)
			if err != nil {
				return nil, err
			}
			parts[i] = joinElementString(v)
		}
		return strings.Join(parts, ", "), nil
	}
	return stringifyShadow(val)
}

func stringifyShadow(val any) (any, error) {
	if !isJSObject(val) {
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
	if jsTruthy(inset) || typ == "inset" {
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
