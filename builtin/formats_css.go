package builtin

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// CSSVariables is css/variables: the tokens as CSS custom properties
// (--name: value;) inside the selector option's rules (:root by default).
var CSSVariables = tokenbuild.Format{
	Name: "css/variables", LazyTrees: true, IgnoresAttributes: true, Contexts: true, ColorScheme: true,
	Format: formatOf(cssVariables), Write: writeOf(cssVariables), Shape: cssVariablesShape,
}

// CSSFontsCSS is css/fonts.css: @font-face rules from the tokens under
// asset.font.
var CSSFontsCSS = tokenbuild.Format{Name: "css/fonts.css", LazyTrees: true, Format: cssFonts}

// SCSSMapFlat is scss/map-flat: the tokens as one flat Sass map of names
// to values.
var SCSSMapFlat = tokenbuild.Format{Name: "scss/map-flat", LazyTrees: true, Format: scssMapFlat}

// SCSSMapDeep is scss/map-deep: the tokens as Sass variables followed by a
// nested Sass map of the token tree that refers to them.
var SCSSMapDeep = tokenbuild.Format{Name: "scss/map-deep", LazyTrees: true, Format: scssMapDeep}

// SCSSVariables is scss/variables: the tokens as Sass variables
// ($name: value;), with !default for themeable tokens.
var SCSSVariables = tokenbuild.Format{
	Name: "scss/variables", LazyTrees: true, IgnoresAttributes: true, Contexts: true,
	Format: formatOf(scssVariables), Write: writeOf(scssVariables), Shape: scssVariablesShape,
}

// SCSSIcons is scss/icons: a Sass variable and a :before rule with it for
// each icon token, named by its item attribute.
var SCSSIcons = tokenbuild.Format{Name: "scss/icons", LazyTrees: true, Format: iconsFormat("$")}

// LessVariables is less/variables: the tokens as Less variables
// (@name: value;).
var LessVariables = tokenbuild.Format{
	Name: "less/variables", LazyTrees: true, IgnoresAttributes: true, Contexts: true,
	Format: formatOf(lessVariables), Write: writeOf(lessVariables), Shape: lessVariablesShape,
}

// LessIcons is less/icons: a Less variable and a :before rule with it for
// each icon token, named by its item attribute.
var LessIcons = tokenbuild.Format{Name: "less/icons", LazyTrees: true, Format: iconsFormat("@")}

// StylusVariables is stylus/variables: the tokens as Stylus variables
// ($name= value;).
var StylusVariables = tokenbuild.Format{
	Name: "stylus/variables", LazyTrees: true,
	Format: formatOf(stylusVariables), Write: writeOf(stylusVariables),
}

// cssFormats: css/variables, css/fonts.css, scss/*, less/*, stylus/variables.
func cssFormats() []tokenbuild.Format {
	return []tokenbuild.Format{
		CSSVariables, CSSFontsCSS, SCSSMapFlat, SCSSMapDeep, SCSSVariables, SCSSIcons, LessVariables, LessIcons, StylusVariables,
	}
}

// formattingWithoutPrefix is the formatting the CSS-like formats give the
// file header: the user's formatting minus `prefix`, which only applies to
// the declarations.
func formattingWithoutPrefix(o tokenbuild.Options) *tokenbuild.Object {
	f := o.Formatting().Clone()
	f.Delete("prefix")
	return f
}

// formattingOption is options.formatting as given (nil when unset).
func formattingOption(o tokenbuild.Options) *tokenbuild.Object {
	f, _ := o["formatting"].(*tokenbuild.Object)
	return f
}

// variablesOptions are the FormattedVariables options every variables
// format reads from its options.
func variablesOptions(args *tokenbuild.FormatArgs, format string) FormattedVariablesOptions {
	o := args.Options
	return FormattedVariablesOptions{
		PropertyFormatOptions: PropertyFormatOptions{
			OutputReferences: o["outputReferences"],
			Dictionary:       args.Dictionary,
			Format:           format,
			Formatting:       formattingOption(o),
			UsesDtcg:         o.UsesDtcg(),
			Warn:             args.Warn,
		},
		Sort: o["sort"],
	}
}

// cssFile is what a css/variables file is made of besides its tokens.
type cssFile struct {
	header, indentation string
	selectors           []string // innermost first
	vo                  FormattedVariablesOptions
}

func cssFileOf(args *tokenbuild.FormatArgs) (cssFile, error) {
	o := args.Options
	var selectors []string
	switch s := o["selector"].(type) {
	case []any:
		// innermost first, as the reference's selector.reverse() gives
		for i := len(s) - 1; i >= 0; i-- {
			selectors = append(selectors, js.String(s[i]))
		}
	default:
		if js.Truthy(s) {
			selectors = []string{js.String(s)}
		} else {
			selectors = []string{":root"}
		}
	}
	header, err := FileHeader(args, "", formattingWithoutPrefix(o))
	if err != nil {
		return cssFile{}, err
	}
	indentation := "  "
	if v, ok := formattingOption(o).Get("indentation"); ok && js.Truthy(v) {
		indentation = js.String(v)
	}
	vo := variablesOptions(args, PropertyCSS)
	vo.OutputReferenceFallbacks = js.Truthy(o["outputReferenceFallbacks"])
	f := formattingOption(o).Clone()
	if f == nil {
		f = tokenbuild.NewObject()
	}
	f.Set("indentation", strings.Repeat(indentation, len(selectors)))
	vo.Formatting = f
	return cssFile{header: header, indentation: indentation, selectors: selectors, vo: vo}, nil
}

// rules are the text before the variables (the header and the opening
// selectors) and after them (the closing braces).
func (c cssFile) rules() (open, closing string) {
	// selectors[0] is the innermost: open from the last, close from the first
	var ob, cb strings.Builder
	ob.WriteString(c.header)
	n := len(c.selectors)
	for i := n - 1; i >= 0; i-- {
		ob.WriteString(strings.Repeat(c.indentation, n-1-i))
		ob.WriteString(c.selectors[i])
		ob.WriteString(" {\n")
	}
	for i := range c.selectors {
		cb.WriteString("\n")
		cb.WriteString(strings.Repeat(c.indentation, n-1-i))
		cb.WriteString("}")
	}
	cb.WriteString("\n")
	return ob.String(), cb.String()
}

func cssVariables(_ context.Context, args *tokenbuild.FormatArgs, stream io.Writer) (string, error) {
	c, err := cssFileOf(args)
	if err != nil {
		return "", err
	}
	c.vo.stream = stream
	if len(args.Contexts) > 0 {
		return cssWithContexts(args, c.header, c.selectors, c.indentation, c.vo)
	}
	open, closing := c.rules()
	return formattedVariablesBetween(open, c.vo, closing)
}

func cssVariablesShape(_ context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
	if len(args.Contexts) > 0 {
		return nil, nil
	}
	c, err := cssFileOf(args)
	if err != nil {
		return nil, err
	}
	open, closing := c.rules()
	return variablesShape(open, c.vo, closing)
}

func scssVariablesOf(args *tokenbuild.FormatArgs) (header string, vo FormattedVariablesOptions, err error) {
	header, err = FileHeader(args, CommentShort, formattingWithoutPrefix(args.Options))
	if err != nil {
		return "", vo, err
	}
	vo = variablesOptions(args, PropertySass)
	vo.Themeable = false
	if v, ok := args.Options["themeable"]; ok {
		vo.Themeable = v
	}
	return header, vo, nil
}

func scssVariables(_ context.Context, args *tokenbuild.FormatArgs, stream io.Writer) (string, error) {
	header, vo, err := scssVariablesOf(args)
	if err != nil {
		return "", err
	}
	vo.stream = stream
	if len(args.Contexts) > 0 {
		return variablesWithContextMaps(args, header, vo, sassContextMap)
	}
	return formattedVariablesBetween(header, vo, "\n")
}

func scssVariablesShape(_ context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
	if len(args.Contexts) > 0 {
		return nil, nil
	}
	header, vo, err := scssVariablesOf(args)
	if err != nil {
		return nil, err
	}
	return variablesShape(header, vo, "\n")
}

func lessVariables(_ context.Context, args *tokenbuild.FormatArgs, stream io.Writer) (string, error) {
	header, err := FileHeader(args, CommentShort, formattingWithoutPrefix(args.Options))
	if err != nil {
		return "", err
	}
	vo := variablesOptions(args, PropertyLess)
	vo.stream = stream
	if len(args.Contexts) > 0 {
		return variablesWithContextMaps(args, header, vo, lessContextMap)
	}
	return formattedVariablesBetween(header, vo, "\n")
}

func lessVariablesShape(_ context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
	if len(args.Contexts) > 0 {
		return nil, nil
	}
	header, err := FileHeader(args, CommentShort, formattingWithoutPrefix(args.Options))
	if err != nil {
		return nil, err
	}
	return variablesShape(header, variablesOptions(args, PropertyLess), "\n")
}

// stylusVariables reads outputReferences from the platform's options only
// (as a boolean), as the reference does.
func stylusVariables(_ context.Context, args *tokenbuild.FormatArgs, stream io.Writer) (string, error) {
	header, err := FileHeader(args, CommentShort, formattingWithoutPrefix(args.Options))
	if err != nil {
		return "", err
	}
	vo := variablesOptions(args, PropertyStylus)
	vo.stream = stream
	vo.OutputReferences = false
	if args.Platform != nil {
		vo.OutputReferences = outputReferencesOn(args.Platform.Options["outputReferences"])
	}
	return formattedVariablesBetween(header, vo, "\n")
}

func scssMapDeep(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	o := args.Options
	header, err := FileHeader(args, CommentLong, formattingWithoutPrefix(o))
	if err != nil {
		return "", err
	}
	vo := variablesOptions(args, PropertySass)
	// themeable defaults to true here, for backward compatibility
	vo.Themeable = true
	if v, ok := o["themeable"]; ok {
		vo.Themeable = v
	}
	body, err := FormattedVariables(vo)
	if err != nil {
		return "", err
	}
	indent := "  "
	if v, ok := formattingOption(o).Get("indentation"); ok && v != nil {
		indent = js.String(v)
	}
	m := sassMapNode(args.Dictionary.Tree(), indent, 0, o.UsesDtcg())
	return "\n" + header + body + "\n" + "\n$" + mapName(o) + ": " + m + ";\n", nil
}

// mapName is options.mapName, default "tokens".
func mapName(o tokenbuild.Options) string {
	if v, ok := o["mapName"]; ok && v != nil {
		return js.String(v)
	}
	return "tokens"
}

// sassMapNode ports the map-deep template's processJsonNode: groups become
// nested Sass maps, tokens their `$name` variable.
func sassMapNode(node any, indent string, depth int, usesDtcg bool) string {
	var keys []string
	var child func(k string) any
	switch n := node.(type) {
	case nil:
		return "''"
	case string:
		return "'" + n + "'"
	case *tokenbuild.Token:
		if n.DTCG == usesDtcg {
			return "$" + n.Name
		}
		obj := n.ToObject()
		keys, child = obj.Keys(), obj.Value
	case *tokenbuild.Object:
		keys, child = n.Keys(), n.Value
	case []any:
		for i := range n {
			keys = append(keys, js.String(float64(i)))
		}
		child = func(k string) any {
			for i := range n {
				if js.String(float64(i)) == k {
					return n[i]
				}
			}
			return nil
		}
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = strings.Repeat(indent, depth+1) + "'" + k + "': " + sassMapNode(child(k), indent, depth+1, usesDtcg)
	}
	return "(\n" + strings.Join(parts, ",\n") + "\n" + strings.Repeat(indent, depth) + ")"
}

func scssMapFlat(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	o := args.Options
	header, err := FileHeader(args, CommentLong, formattingWithoutPrefix(o))
	if err != nil {
		return "", err
	}
	f := formattingOption(o)
	get := func(k, def string) string {
		if v, ok := f.Get(k); ok && v != nil {
			return js.String(v)
		}
		return def
	}
	indentation := get("indentation", "  ")
	style := get("commentStyle", CommentShort)
	position := get("commentPosition", CommentAbove)
	tokens := args.Dictionary.AllTokens
	lines := make([]string, len(tokens))
	for i, t := range tokens {
		value, ok := currentValueOf(t, o.UsesDtcg())
		if !ok {
			value = js.Undefined
		}
		line := indentation + "'" + t.Name + "': " + sassMapValue(js.String(value))
		if i != len(tokens)-1 {
			line += ","
		}
		if c := t.PlainComment(); c != "" && style != CommentNone {
			line = addComment(line, c, style, position, indentation)
		}
		lines[i] = line
	}
	return "\n" + header + "$" + mapName(o) + ": (\n" + strings.Join(lines, "\n") + "\n);", nil
}

// sassMapValue wraps a value holding a top-level comma (a layered shadow, a
// font stack) in parentheses: unwrapped, Sass reads the comma as the end of
// the map entry and rejects the map. The reference writes it unwrapped
// (docs/deviations.md).
func sassMapValue(value string) string {
	if hasTopLevelComma(value) {
		return "(" + value + ")"
	}
	return value
}

// hasTopLevelComma reports a comma outside quotes and outside (), [] and {}.
func hasTopLevelComma(value string) bool {
	depth := 0
	var quote byte
	for i := 0; i < len(value); i++ {
		c := value[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '\\':
			i++
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
		case c == ',' && depth == 0:
			return true
		}
	}
	return false
}

// iconsFormat is scss/icons and less/icons (the reference's
// iconsWithPrefix): a variable and a :before rule per token of type icon.
func iconsFormat(prefix string) func(context.Context, *tokenbuild.FormatArgs) (string, error) {
	return func(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
		o := args.Options
		header, err := FileHeader(args, CommentShort, formattingWithoutPrefix(o))
		if err != nil {
			return "", err
		}
		platformPrefix := "undefined" // the reference prints an unset prefix as such
		if args.Platform != nil && args.Platform.Prefix != "" {
			platformPrefix = args.Platform.Prefix
		}
		var parts []string
		for _, t := range args.Dictionary.AllTokens {
			if typ, _ := t.Prop("type").(string); typ != "icon" {
				continue
			}
			value, ok := currentValueOf(t, o.UsesDtcg())
			if !ok {
				value = js.Undefined
			}
			var item any = js.Undefined
			if v, ok := t.Attributes.Get("item"); ok {
				item = v
			}
			parts = append(parts, prefix+t.Name+": "+js.String(value)+";\n"+
				"."+platformPrefix+"-icon."+js.String(item)+":before "+
				"{ content: "+prefix+t.Name+"; }")
		}
		return header + strings.Join(parts, "\n"), nil
	}
}

// cssFonts renders @font-face rules from tokens.asset.font.<font>.{name,
// eot, otf, ttf, svg, woff, woff2, style, weight}. The reference joins the
// rules with "," (a JavaScript array printed as a string), which is not
// valid CSS; tokengen separates them with a newline.
func cssFonts(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	fonts := jsProp(jsProp(args.Dictionary.Tree(), "asset"), "font")
	if !js.Truthy(fonts) {
		return "", nil
	}
	var rules []string
	var values []any
	switch f := fonts.(type) {
	case *tokenbuild.Object:
		f.Range(func(_ string, v any) bool { values = append(values, v); return true })
	case *tokenbuild.Token:
		obj := f.ToObject()
		obj.Range(func(_ string, v any) bool { values = append(values, v); return true })
	}
	for _, font := range values {
		val := func(k string) string { return js.String(jsProp(jsProp(font, k), "value")) }
		has := func(k string) bool { return js.Truthy(jsProp(font, k)) }
		var src []string
		if has("eot") {
			src = append(src, "url('../"+val("eot")+"');\n\tsrc: url('../"+val("eot")+"?#iefix') format('embedded-opentype')")
		}
		if has("otf") {
			src = append(src, "url('../"+val("otf")+"') format('otf')")
		}
		if has("ttf") {
			src = append(src, "url('../"+val("ttf")+"') format('truetype')")
		}
		if has("svg") {
			name, ok := jsProp(jsProp(font, "name"), "value").(string)
			if !ok {
				return "", errors.New("css/fonts.css: a font with an svg file needs a string name.value")
			}
			src = append(src, "url('../"+val("svg")+"#"+strings.ReplaceAll(name, " ", "%20")+"') format('svg')")
		}
		if has("woff") {
			src = append(src, "url('../"+val("woff")+"') format('woff')")
		}
		if has("woff2") {
			src = append(src, "url('../"+val("woff2")+"') format('woff2')")
		}
		if jsProp(font, "name") == js.Undefined {
			return "", errors.New("css/fonts.css: cannot read name.value of a font without a name")
		}
		rule := "@font-face {\n  font-family: \"" + val("name") + "\";\n  src: " + strings.Join(src, ",\n\t\t") + ";\n"
		if has("style") {
			rule += "  font-style: " + val("style") + ";\n"
		}
		if has("weight") {
			rule += "  font-weight: " + val("weight") + ";\n"
		}
		rules = append(rules, rule+"}")
	}
	return strings.Join(rules, "\n"), nil
}

// jsProp is JavaScript's `v[k]` on a token tree: group keys, token
// properties (as the token object the reference formats see), and
// undefined for anything else.
func jsProp(v any, k string) any {
	switch x := v.(type) {
	case *tokenbuild.Object:
		if e, ok := x.Get(k); ok {
			return e
		}
	case *tokenbuild.Token:
		if e, ok := x.ToObject().Get(k); ok {
			return e
		}
	}
	return js.Undefined
}
