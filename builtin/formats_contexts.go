package builtin

import (
	"strings"

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
		var err error
		if ld, err = lightDarkOf(args, vo); err != nil {
			return "", err
		}
		if len(ld.keys) > 0 {
			base.Dictionary = ld.base
			lead = []string{"color-scheme: light dark;"}
		}
	}
	if err := cssBlock(&b, own, indentation, base, lead, nil); err != nil {
		return "", err
	}
	for _, c := range args.Contexts {
		if len(c.Rules) == 0 {
			continue
		}
		changed := c.Changed
		var lead []string
		if cs != nil && c.Modifier == cs.Modifier && (c.Context == cs.Light || c.Context == cs.Dark) {
			scheme := "light"
			if c.Context == cs.Dark {
				scheme = "dark"
			}
			if len(ld.keys) > 0 {
				lead = []string{"color-scheme: " + scheme + ";"}
			}
			// the colors light-dark() gives are not repeated
			changed = nil
			for _, t := range c.Changed {
				if !ld.keys[t.Key] {
					changed = append(changed, t)
				}
			}
		}
		if len(changed) == 0 && len(c.Removed) == 0 && len(lead) == 0 {
			continue
		}
		cvo := vo
		cvo.Dictionary = c.Dictionary
		cvo.only = tokenSet(changed)
		cvo.Warn = nil // the file's own block reports filtered references
		for _, r := range c.Rules {
			b.WriteString("\n")
			if err := cssBlock(&b, ruleWrappers(r, own), indentation, cvo, lead, c.Removed); err != nil {
				return "", err
			}
		}
	}
	if ld != nil && len(ld.keys) > 0 {
		if err := ld.fallback(&b, args, cs, own, indentation, vo); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// ruleWrappers are the blocks a context's place opens, outermost first:
// its at-rule, then its selector or else the file's selectors.
func ruleWrappers(r tokenbuild.ContextRule, own []string) []string {
	var w []string
	if r.AtRule != "" {
		w = append(w, r.AtRule)
	}
	if r.Selector != "" {
		return append(w, r.Selector)
	}
	return append(w, own...)
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
	if vars != "" || len(lines) == 0 {
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

func tokenSet(tokens []*tokenbuild.Token) map[*tokenbuild.Token]bool {
	m := make(map[*tokenbuild.Token]bool, len(tokens))
	for _, t := range tokens {
		m[t] = true
	}
	return m
}

// lightDark is what a colorScheme file writes as light-dark(): the keys
// of the color tokens the light and dark contexts write differently, and
// the file's dictionary with those tokens' values replaced.
type lightDark struct {
	keys        map[string]bool
	base        *tokenbuild.Dictionary
	light, dark *tokenbuild.ContextDictionary
}

func lightDarkOf(args *tokenbuild.FormatArgs, vo FormattedVariablesOptions) (*lightDark, error) {
	cs := args.File.ColorScheme
	ld := &lightDark{keys: map[string]bool{}}
	for i := range args.Contexts {
		c := &args.Contexts[i]
		if c.Modifier == cs.Modifier && c.Context == cs.Light && ld.light == nil {
			ld.light = c
		}
		if c.Modifier == cs.Modifier && c.Context == cs.Dark && ld.dark == nil {
			ld.dark = c
		}
	}
	if ld.light == nil || ld.dark == nil {
		return ld, nil // the engine gives both; a hand-made call may not
	}
	valueIn := valueWriter(vo)
	d := args.Dictionary
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
	ld.base = &tokenbuild.Dictionary{AllTokens: tokens, TokenMap: tokenindex.New(tokens),
		UnfilteredAllTokens: d.UnfilteredAllTokens, UnfilteredTokenMap: d.UnfilteredTokenMap}
	return ld, nil
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

// fallback writes the plain values of the light-dark() colors for
// browsers without light-dark(): the file's own, the other scheme's under
// its prefers-color-scheme query, and the light and dark contexts' places.
func (ld *lightDark) fallback(b *strings.Builder, args *tokenbuild.FormatArgs, cs *tokenbuild.ColorScheme, own []string, indentation string, vo FormattedVariablesOptions) error {
	pick := func(d *tokenbuild.Dictionary) FormattedVariablesOptions {
		o := vo
		o.Dictionary, o.Warn = d, nil
		o.only = map[*tokenbuild.Token]bool{}
		for _, t := range d.AllTokens {
			if ld.keys[t.Key] {
				o.only[t] = true
			}
		}
		return o
	}
	var inner strings.Builder
	blocks := 0
	block := func(wrappers []string, o FormattedVariablesOptions) error {
		if blocks > 0 {
			inner.WriteString("\n")
		}
		blocks++
		return cssBlock(&inner, wrappers, indentation, o, nil, nil)
	}
	if err := block(own, pick(args.Dictionary)); err != nil {
		return err
	}
	for _, c := range []*tokenbuild.ContextDictionary{ld.light, ld.dark} {
		if len(c.Changed) == 0 {
			continue // the file's own scheme
		}
		scheme := "light"
		if c == ld.dark {
			scheme = "dark"
		}
		if err := block(append([]string{"@media (prefers-color-scheme: " + scheme + ")"}, own...), pick(c.Dictionary)); err != nil {
			return err
		}
	}
	for _, c := range []*tokenbuild.ContextDictionary{ld.light, ld.dark} {
		for _, r := range c.Rules {
			if err := block(ruleWrappers(r, own), pick(c.Dictionary)); err != nil {
				return err
			}
		}
	}
	// indent the blocks one level inside the @supports rule
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
