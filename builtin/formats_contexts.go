package builtin

import (
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/tokenbuild"
)

// css/variables with contexts (a file's "contexts" and "colorScheme"):
// the file's own permutation in its selector's block, as without them,
// then for each context and each of its places a block with only the
// tokens that context changes (tokenbuild.ContextDictionary.Changed),
// written as that context's own build writes them, so that with
// outputReferences a token whose reference resolves differently there is
// declared again as its var(): a custom property's var() is substituted
// where it is declared, and the element under [data-theme="dark"]
// inherits the substituted value from :root otherwise. A token the
// context does not have is declared `initial` (the guaranteed-invalid
// value: var() then takes its fallback, as if it were not declared).
//
// With colorScheme, each color token the light and dark contexts write
// differently is declared once as light-dark(light, dark), the block
// gets `color-scheme: light dark` so that light-dark() follows the
// user's preference, and the blocks of the light and dark contexts'
// places (when "contexts" gives them) set `color-scheme: light` or
// `dark`, which light-dark() follows too. Browsers without light-dark()
// get a fallback in `@supports not (color: light-dark(#000, #fff))`: the
// plain values, the other scheme's under `@media (prefers-color-scheme)`,
// and the contexts' places. A second declaration of the property would
// not do: a custom property accepts any value, so such a browser keeps
// the light-dark() one and var() fails where it is used.

// lightDarkSupports is the condition of the fallback for browsers without
// light-dark().
const lightDarkSupports = "@supports not (color: light-dark(#000, #fff))"

func cssWithContexts(args *tokenbuild.FormatArgs, header string, selectors []string, indentation string, vo FormattedVariablesOptions) (string, error) {
	vo.stream = nil // the blocks are assembled as text
	own := make([]string, len(selectors))
	for i, s := range selectors {
		own[len(selectors)-1-i] = s // outermost first
	}
	var b strings.Builder
	b.WriteString(header)

	cs := args.File.ColorScheme
	var ld *lightDark
	base := vo
	var lead []string
	if cs != nil {
		ld = lightDarkOf(args, vo)
		if len(ld.keys) > 0 {
			base.Dictionary = ld.base
			lead = []string{"color-scheme: light dark;"}
		}
	}
	if err := cssBlock(&b, own, indentation, base, lead, nil); err != nil {
		return "", err
	}
	cvo := vo
	cvo.Warn = nil // the file's own block reports filtered references
	block := func(wrappers []string, d *tokenbuild.Dictionary, keep func(*tokenbuild.Token) bool, lead []string, removed []*tokenbuild.Token) error {
		o := cvo
		o.Dictionary = d
		o.only = map[*tokenbuild.Token]bool{}
		for _, t := range d.AllTokens {
			if keep(t) {
				o.only[t] = true
			}
		}
		if len(o.only) == 0 && len(lead) == 0 && len(removed) == 0 {
			return nil
		}
		b.WriteString("\n")
		return cssBlock(&b, wrappers, indentation, o, lead, removed)
	}
	if ld != nil {
		// the other tokens the user's preferred scheme changes
		for _, c := range ld.schemes() {
			if c.Dictionary == args.Dictionary {
				continue
			}
			media := append([]string{"@media (prefers-color-scheme: " + ld.scheme(c) + ")"}, own...)
			if err := block(media, c.Dictionary, func(t *tokenbuild.Token) bool { return ld.otherChanges[t.Key] }, nil, c.Removed); err != nil {
				return "", err
			}
		}
	}
	for i := range args.Contexts {
		c := &args.Contexts[i]
		changed := tokenKeys(c.Changed)
		keep := func(t *tokenbuild.Token) bool { return changed[t.Key] }
		var lead []string
		if ld != nil && c.Modifier == cs.Modifier {
			if scheme := ld.scheme(c); scheme != "" {
				// light-dark() follows color-scheme; the other changes of
				// either scheme are declared again, over the preferred
				// scheme's
				if len(ld.keys) > 0 {
					lead = []string{"color-scheme: " + scheme + ";"}
				}
				keep = func(t *tokenbuild.Token) bool { return ld.otherChanges[t.Key] }
			} else {
				// a context that is neither light nor dark (high
				// contrast): every token light-dark() or the preferred
				// scheme decides is declared with this context's value
				keep = func(t *tokenbuild.Token) bool {
					return changed[t.Key] || ld.dependent[t.Key] || ld.otherChanges[t.Key]
				}
			}
		}
		removed := c.Removed
		if ld != nil && c.Modifier == cs.Modifier {
			removed = ld.lacking(c)
		}
		for _, r := range c.Rules {
			if err := block(ruleWrappers(r, own), c.Dictionary, keep, lead, removed); err != nil {
				return "", err
			}
		}
	}
	if ld != nil && len(ld.keys) > 0 {
		if err := ld.fallback(&b, args, own, indentation, cvo); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

func tokenKeys(tokens []*tokenbuild.Token) map[string]bool {
	m := make(map[string]bool, len(tokens))
	for _, t := range tokens {
		m[t.Key] = true
	}
	return m
}

// ruleWrappers are the blocks a context's place opens, outermost first:
// its at-rule, then the file's selectors with the place's selector in
// place of the innermost one. The outer ones stay: with "selector":
// ["@layer tokens", ":root"] a context's block belongs in the same layer,
// or it would not cascade as the file's own block does.
func ruleWrappers(r tokenbuild.ContextRule, own []string) []string {
	var w []string
	if r.AtRule != "" {
		w = append(w, r.AtRule)
	}
	w = append(w, own...)
	if r.Selector != "" {
		w[len(w)-1] = r.Selector
	}
	return w
}

// cssBlock writes the nested blocks wrappers (outermost first) holding
// the lead declarations, vo's variables and the removed tokens as
// `initial`, as css/variables writes its one block.
func cssBlock(b *strings.Builder, wrappers []string, indentation string, vo FormattedVariablesOptions, lead []string, removed []*tokenbuild.Token) error {
	n := len(wrappers)
	inner := strings.Repeat(indentation, n)
	for i, w := range wrappers {
		b.WriteString(strings.Repeat(indentation, i))
		b.WriteString(w)
		b.WriteString(" {\n")
	}
	f := vo.Formatting.Clone()
	if f == nil {
		f = tokenbuild.NewObject()
	}
	f.Set("indentation", inner)
	vo.Formatting = f
	var lines []string
	for _, l := range lead {
		lines = append(lines, inner+l)
	}
	vars, err := formattedVariablesBetween("", vo, "")
	if err != nil {
		return err
	}
	if vars != "" {
		lines = append(lines, vars)
	}
	if len(removed) > 0 {
		unset := make([]*tokenbuild.Token, len(removed))
		for i, t := range removed {
			unset[i] = withPlainValue(t, "initial", false)
		}
		rvo := vo
		rvo.Dictionary = &tokenbuild.Dictionary{AllTokens: unset, TokenMap: tokenindex.New(unset)}
		rvo.only, rvo.Sort, rvo.OutputReferences = nil, nil, false
		text, err := formattedVariablesBetween("", rvo, "")
		if err != nil {
			return err
		}
		lines = append(lines, text)
	}
	// an empty block is written as the file's own would be, with an
	// empty line
	b.WriteString(strings.Join(lines, "\n"))
	for i := n - 1; i >= 0; i-- {
		b.WriteString("\n")
		b.WriteString(strings.Repeat(indentation, i))
		b.WriteString("}")
	}
	b.WriteString("\n")
	return nil
}

// withPlainValue is a copy of t whose value is v, written without
// references (and without its comment unless keepComment).
func withPlainValue(t *tokenbuild.Token, v string, keepComment bool) *tokenbuild.Token {
	c := *t
	c.Value = v
	props := tokenbuild.NewObject()
	if keepComment && t.Props != nil {
		props = t.Props.Clone()
	}
	props.Set(t.ValueKey(), v)
	c.Props, c.WrittenProps = props, nil
	return &c
}

// lightDark is what a colorScheme file writes as light-dark(): the keys
// of the color tokens the light and dark contexts write differently, and
// the file's dictionary with those tokens' values replaced.
type lightDark struct {
	keys map[string]bool
	// dependent are the tokens whose value holds one of keys, through
	// var() references (keys too): an element under a context's selector
	// inherits them substituted at :root, so they are declared again
	dependent map[string]bool
	// otherChanges are the tokens other than keys that the light or the
	// dark context changes: they follow the preferred scheme through a
	// media query, and the contexts' places
	otherChanges map[string]bool
	base         *tokenbuild.Dictionary
	light, dark  *tokenbuild.ContextDictionary
}

// lacking are the tokens a context of the color scheme's modifier does
// not have among the file's own and the other changes of the light and
// dark contexts: the preferred scheme's media query may declare those on
// the root element, so the context's places declare them `initial`.
func (ld *lightDark) lacking(c *tokenbuild.ContextDictionary) []*tokenbuild.Token {
	out := slices.Clone(c.Removed)
	seen := tokenKeys(c.Removed)
	for _, s := range ld.schemes() {
		for _, t := range s.Dictionary.AllTokens {
			if !ld.otherChanges[t.Key] || seen[t.Key] {
				continue
			}
			if _, ok := c.Dictionary.TokenMap.Get(t.Key); !ok {
				seen[t.Key] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// schemes are the light and the dark contexts.
func (ld *lightDark) schemes() []*tokenbuild.ContextDictionary {
	return []*tokenbuild.ContextDictionary{ld.light, ld.dark}
}

// scheme is "light" or "dark" for those contexts, "" for another.
func (ld *lightDark) scheme(c *tokenbuild.ContextDictionary) string {
	switch {
	case c.Modifier == ld.light.Modifier && c.Context == ld.light.Context:
		return "light"
	case c.Modifier == ld.dark.Modifier && c.Context == ld.dark.Context:
		return "dark"
	}
	return ""
}

func lightDarkOf(args *tokenbuild.FormatArgs, vo FormattedVariablesOptions) *lightDark {
	ld := &lightDark{keys: map[string]bool{}, dependent: map[string]bool{}, otherChanges: map[string]bool{}}
	ld.light, ld.dark = schemeContexts(args)
	d := args.Dictionary
	ld.base = d
	if ld.light == nil || ld.dark == nil {
		// the engine gives both; a hand-made call may not
		ld.light, ld.dark = &tokenbuild.ContextDictionary{Dictionary: d}, &tokenbuild.ContextDictionary{Dictionary: d}
		return ld
	}
	valueIn := valueWriter(vo)
	tokens := make([]*tokenbuild.Token, len(d.AllTokens))
	for i, t := range d.AllTokens {
		tokens[i] = t
		if t.Type != "color" {
			continue
		}
		lt, lok := ld.light.Dictionary.TokenMap.Get(t.Key)
		dt, dok := ld.dark.Dictionary.TokenMap.Get(t.Key)
		if !lok || !dok {
			continue
		}
		l, dv := valueIn(ld.light.Dictionary, lt), valueIn(ld.dark.Dictionary, dt)
		if l == dv {
			continue
		}
		ld.keys[t.Key] = true
		tokens[i] = withPlainValue(t, "light-dark("+l+", "+dv+")", true)
	}
	if len(ld.keys) > 0 {
		ld.base = &tokenbuild.Dictionary{AllTokens: tokens, TokenMap: tokenindex.New(tokens),
			UnfilteredAllTokens: d.UnfilteredAllTokens, UnfilteredTokenMap: d.UnfilteredTokenMap}
	}
	state := map[string]int8{} // 1 visiting, 2 done
	var visit func(t *tokenbuild.Token) bool
	visit = func(t *tokenbuild.Token) bool {
		switch state[t.Key] {
		case 1:
			return false // a cycle cannot be: resolving refused it
		case 2:
			return ld.dependent[t.Key]
		}
		state[t.Key] = 1
		dep := ld.keys[t.Key]
		if !dep && shouldOutputRefs(t, d, vo.OutputReferences, vo.UsesDtcg, nil) {
			for _, r := range referencedTokens(collectReferences(originalValueOf(t, vo.UsesDtcg), d, vo.UsesDtcg)) {
				if visit(r) {
					dep = true
				}
			}
		}
		state[t.Key] = 2
		ld.dependent[t.Key] = dep
		return dep
	}
	for _, t := range d.AllTokens {
		visit(t)
	}
	// a token that only holds a light-dark() color changes with it, and
	// is not another change
	for _, c := range ld.schemes() {
		for _, t := range c.Changed {
			if ld.keys[t.Key] {
				continue
			}
			if ot, ok := d.TokenMap.Get(t.Key); ok && ld.dependent[t.Key] && valueIn(d, ot) == valueIn(c.Dictionary, t) {
				continue
			}
			ld.otherChanges[t.Key] = true
		}
		for _, t := range c.Removed {
			// declared `initial` for that scheme, and again for the other
			ld.otherChanges[t.Key] = true
		}
	}
	return ld
}

// valueWriter returns what a declaration of a token holds after the
// name, in a dictionary: its value, or its var() references when vo
// keeps references.
func valueWriter(vo FormattedVariablesOptions) func(d *tokenbuild.Dictionary, t *tokenbuild.Token) string {
	f := vo.Formatting.Clone()
	if f == nil {
		f = tokenbuild.NewObject()
	}
	// the line without indentation, suffix and comment is the prefix,
	// the name, the separator, a space and the value (the prefix stays:
	// var() references carry it too)
	for k, v := range map[string]string{"indentation": "", "suffix": "", "commentStyle": CommentNone} {
		f.Set(k, v)
	}
	pf := propertyFormatting(vo.Format, f)
	return func(d *tokenbuild.Dictionary, t *tokenbuild.Token) string {
		o := vo.PropertyFormatOptions
		o.Dictionary, o.Formatting, o.Warn = d, f, nil
		return strings.TrimPrefix(PropertyFormatter(o)(t), pf.prefix+t.Name+pf.separator+" ")
	}
}

// fallback writes, for browsers without light-dark(), the plain values of
// its colors: the file's own, the other scheme's under its
// prefers-color-scheme query, and at the places of the modifier's
// contexts every token that holds one of them.
func (ld *lightDark) fallback(b *strings.Builder, args *tokenbuild.FormatArgs, own []string, indentation string, vo FormattedVariablesOptions) error {
	pick := func(d *tokenbuild.Dictionary, set map[string]bool) FormattedVariablesOptions {
		o := vo
		o.Dictionary = d
		o.only = map[*tokenbuild.Token]bool{}
		for _, t := range d.AllTokens {
			if set[t.Key] {
				o.only[t] = true
			}
		}
		return o
	}
	var inner strings.Builder
	blocks := 0
	block := func(wrappers []string, o FormattedVariablesOptions) error {
		if len(o.only) == 0 {
			return nil
		}
		if blocks > 0 {
			inner.WriteString("\n")
		}
		blocks++
		return cssBlock(&inner, wrappers, indentation, o, nil, nil)
	}
	if err := block(own, pick(args.Dictionary, ld.keys)); err != nil {
		return err
	}
	for _, c := range ld.schemes() {
		if c.Dictionary == args.Dictionary {
			continue // the file's own scheme
		}
		if err := block(append([]string{"@media (prefers-color-scheme: " + ld.scheme(c) + ")"}, own...), pick(c.Dictionary, ld.keys)); err != nil {
			return err
		}
	}
	// the contexts' places again, as the blocks above would override them
	// on the root element (equal specificity, later): every token holding
	// a light-dark() color for the modifier's contexts, those among them
	// that it changes for another modifier's
	for i := range args.Contexts {
		c := &args.Contexts[i]
		set := ld.dependent
		if c.Modifier != ld.light.Modifier {
			set = map[string]bool{}
			for _, t := range c.Changed {
				if ld.dependent[t.Key] {
					set[t.Key] = true
				}
			}
		}
		for _, r := range c.Rules {
			if err := block(ruleWrappers(r, own), pick(c.Dictionary, set)); err != nil {
				return err
			}
		}
	}
	// the blocks go one level inside the @supports rule
	b.WriteString("\n" + lightDarkSupports + " {\n")
	text := strings.TrimSuffix(inner.String(), "\n")
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteString("\n")
		}
		if line != "" {
			b.WriteString(indentation + line)
		}
	}
	b.WriteString("\n}\n")
	return nil
}

// scss/variables and less/variables with contexts: Sass and Less
// variables are compile-time values, so a context cannot switch them at a
// selector as a custom property is. The variables keep the file's own
// permutation, as without contexts, and each context listed follows as a
// map of the tokens it changes, by name, with their values in that
// context (references resolved: a map entry cannot follow a variable the
// context changes too). A Sass user reads `map.get($context-theme-dark,
// "color-bg")` (null for a token the context does not have, which drops
// the declaration that uses it), a Less user `@context-theme-dark[color-bg]`
// (Less 3.5 maps; a token the context does not have is left out). The
// places of the contexts are not used.

// contextMapName is the variable name of a context's map.
func contextMapName(c *tokenbuild.ContextDictionary) string {
	return "context-" + c.Modifier + "-" + c.Context
}

func variablesWithContextMaps(args *tokenbuild.FormatArgs, header string, vo FormattedVariablesOptions, writeMap func(b *strings.Builder, c *tokenbuild.ContextDictionary, value func(*tokenbuild.Token) string)) (string, error) {
	vo.stream = nil
	text, err := formattedVariablesBetween(header, vo, "\n")
	if err != nil {
		return "", err
	}
	plain := vo
	plain.OutputReferences = false
	valueIn := valueWriter(plain)
	var b strings.Builder
	b.WriteString(text)
	for i := range args.Contexts {
		c := &args.Contexts[i]
		b.WriteString("\n")
		writeMap(&b, c, func(t *tokenbuild.Token) string { return valueIn(c.Dictionary, t) })
	}
	return b.String(), nil
}

func sassContextMap(b *strings.Builder, c *tokenbuild.ContextDictionary, value func(*tokenbuild.Token) string) {
	b.WriteString("// " + c.Modifier + "=" + c.Context + ": the tokens it changes\n")
	b.WriteString("$" + contextMapName(c) + ": (")
	n := 0
	entry := func(name, v string) {
		if n > 0 {
			b.WriteString(",")
		}
		n++
		b.WriteString("\n  " + sassString(name) + ": " + v)
	}
	for _, t := range c.Changed {
		v := value(t)
		if strings.Contains(v, ",") {
			// a list: bare, its commas would end the entry
			v = "(" + v + ")"
		}
		entry(t.Name, v)
	}
	for _, t := range c.Removed {
		entry(t.Name, "null")
	}
	if n > 0 {
		b.WriteString("\n")
	}
	b.WriteString(");\n")
}

// sassString quotes a map key.
func sassString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

func lessContextMap(b *strings.Builder, c *tokenbuild.ContextDictionary, value func(*tokenbuild.Token) string) {
	b.WriteString("// " + c.Modifier + "=" + c.Context + ": the tokens it changes\n")
	b.WriteString("@" + contextMapName(c) + ": {\n")
	for _, t := range c.Changed {
		b.WriteString("  " + t.Name + ": " + value(t) + ";\n")
	}
	b.WriteString("}\n")
}

// json/flat with contexts keys the tokens by context:
//
//	{"tokens": {own permutation}, "contexts": {"theme": {"dark": {changes}}}}
//
// A context holds the tokens it changes with its values, and null for a
// token it does not have, so that {...tokens, ...contexts.theme.dark}
// (dropping the nulls) is the dark permutation's json/flat. Names are
// JSON strings here (json/flat itself writes them raw, as the reference
// does).
func jsonFlatContexts(args *tokenbuild.FormatArgs) string {
	var b strings.Builder
	object := func(indent string, tokens []*tokenbuild.Token, removed []*tokenbuild.Token) {
		if len(tokens)+len(removed) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{")
		n := 0
		entry := func(name, value string) {
			if n > 0 {
				b.WriteString(",")
			}
			n++
			b.WriteString("\n" + indent + "  " + jsprint.Stringify(name, "") + ": " + value)
		}
		for _, t := range tokens {
			entry(t.Name, jsprint.Stringify(t.Value, ""))
		}
		for _, t := range removed {
			entry(t.Name, "null")
		}
		b.WriteString("\n" + indent + "}")
	}
	b.WriteString("{\n  \"tokens\": ")
	object("  ", args.Dictionary.AllTokens, nil)
	b.WriteString(",\n  \"contexts\": {")
	var mods []string
	for _, c := range args.Contexts {
		if !slices.Contains(mods, c.Modifier) {
			mods = append(mods, c.Modifier)
		}
	}
	for i, m := range mods {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    " + jsprint.Stringify(m, "") + ": {")
		n := 0
		for j := range args.Contexts {
			c := &args.Contexts[j]
			if c.Modifier != m {
				continue
			}
			if n > 0 {
				b.WriteString(",")
			}
			n++
			b.WriteString("\n      " + jsprint.Stringify(c.Context, "") + ": ")
			object("      ", c.Changed, c.Removed)
		}
		b.WriteString("\n    }")
	}
	b.WriteString("\n  }\n}\n")
	return b.String()
}

// javascript/es6 and typescript/es6-declarations with contexts: the
// constants keep the file's own permutation, as without contexts, and one
// more constant, contexts, holds each context listed by modifier with the
// tokens it changes and their values in it (null for a token it does not
// have): `contexts.theme.dark.ColorBg ?? ColorBg`.

// contextsExport is the constant's name.
const contextsExport = "contexts"

// contextsObject is {modifier: {context: {name: value or null}}}; a token
// named like the constant is an error.
func contextsObject(args *tokenbuild.FormatArgs) (*tokenbuild.Object, error) {
	for _, t := range args.Dictionary.AllTokens {
		if t.Name == contextsExport {
			return nil, &tokenbuild.Diagnostic{Token: t.PathString(), Msg: "token name " + contextsExport + " is the constant that holds the file's contexts; rename the token or leave out contexts"}
		}
	}
	out := tokenbuild.NewObject()
	for i := range args.Contexts {
		c := &args.Contexts[i]
		mod, ok := out.Value(c.Modifier).(*tokenbuild.Object)
		if !ok {
			mod = tokenbuild.NewObject()
			out.Set(c.Modifier, mod)
		}
		values := tokenbuild.NewObject()
		for _, t := range c.Changed {
			values.Set(t.Name, t.Value)
		}
		for _, t := range c.Removed {
			values.Set(t.Name, nil)
		}
		mod.Set(c.Context, values)
	}
	return out, nil
}

// schemeContexts are the file's colorScheme's light and dark contexts
// among args.Contexts (the first of each), nil when the file has no
// colorScheme or a hand-made call does not give them.
func schemeContexts(args *tokenbuild.FormatArgs) (light, dark *tokenbuild.ContextDictionary) {
	if args.File == nil || args.File.ColorScheme == nil {
		return nil, nil
	}
	cs := args.File.ColorScheme
	for i := range args.Contexts {
		c := &args.Contexts[i]
		if c.Modifier == cs.Modifier && c.Context == cs.Light && light == nil {
			light = c
		}
		if c.Modifier == cs.Modifier && c.Context == cs.Dark && dark == nil {
			dark = c
		}
	}
	return light, dark
}
