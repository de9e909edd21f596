// Package tokensstudio is @tokens-studio/sd-transforms 2.0.3 in Go: the
// transforms, the tokens-studio transform group and preprocessor, and the
// helpers the package exports, writing what the package writes on node.
//
// A Go config adds them with Register:
//
//	cfg := tokenbuild.Config{Source: []string{"tokens/*.json"}, Preprocessors: []string{"tokens-studio"}, ...}
//	if err := tokensstudio.Register(&cfg, tokensstudio.Options{}); err != nil { ... }
//
// and a platform uses "transformGroup": "tokens-studio". A JavaScript
// config or build script that imports @tokens-studio/sd-transforms gets
// these same hooks.
package tokensstudio

import (
	"fmt"
	"math"
	"slices"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Options are the package's TransformOptions.
type Options struct {
	// ExcludeParentKeys drops the top level of the tree (token set names)
	// in the preprocessor.
	ExcludeParentKeys bool
	// Platform chooses the platform transforms and the built-in group
	// appended: "css" (the default) or "compose".
	Platform string
	// Name is the transform group's name; "tokens-studio" by default.
	Name string
	// WithoutBuiltinGroup leaves style-dictionary's group of the platform
	// out of the transform group (withSDBuiltins: false).
	WithoutBuiltinGroup bool
	// AlwaysAddFontStyle gives every typography a fontStyle, "normal"
	// when its weight names none.
	AlwaysAddFontStyle bool
	// ColorModifierFormat, when set, overrides each colour modifier's
	// format ('ts/color/modifiers': { format }).
	ColorModifierFormat string
}

func (o Options) platform() string {
	if o.Platform == "" {
		return "css"
	}
	return o.Platform
}

func (o Options) groupName() string {
	if o.Name == "" {
		return "tokens-studio"
	}
	return o.Name
}

// GetTransforms is getTransforms: the names of the package's transforms a
// platform uses, in order.
func GetTransforms(opts Options) []string {
	names := []string{
		"ts/descriptionToComment", "ts/resolveMath", "ts/size/px", "ts/opacity",
		"ts/size/lineheight", "ts/typography/fontWeight", "ts/color/modifiers",
	}
	switch opts.platform() {
	case "css":
		names = append(names, "ts/color/css/hexrgba", "ts/size/css/letterspacing", "ts/shadow/innerShadow")
	case "compose":
		names = append(names, "ts/typography/compose/shorthand")
	}
	return names
}

func value(t *tokenbuild.Token) any { return t.Value }

func typeIn(t *tokenbuild.Token, types ...string) bool { return slices.Contains(types, t.Type) }

func typeFilter(types ...string) tokenbuild.FilterFunc {
	return func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) { return typeIn(t, types...), nil }
}

// studioExtension is $extensions["studio.tokens"][k].
func studioExtension(t *tokenbuild.Token, k string) any {
	ext, _ := t.Prop("$extensions").(*tokenbuild.Object)
	if ext == nil {
		return js.Undefined
	}
	studio, _ := ext.Value("studio.tokens").(*tokenbuild.Object)
	if studio == nil {
		return js.Undefined
	}
	if v, ok := studio.Get(k); ok {
		return v
	}
	return js.Undefined
}

// fractionDigits is the platform's mathFractionDigits, or the default.
func fractionDigits(p *tokenbuild.Platform) int {
	if p == nil {
		return DefaultFractionDigits
	}
	for _, o := range []tokenbuild.Options{p.Options, p.Extra} {
		if v, ok := o["mathFractionDigits"]; ok && v != nil {
			n := js.ToNumber(v)
			if isNaN(n) {
				return 0
			}
			return int(math.Trunc(n))
		}
	}
	return DefaultFractionDigits
}

// Transforms returns the package's transforms (opts sets the colour
// modifiers' format), each with the filter and transitive flag the
// package registers it with.
func Transforms(opts Options) []tokenbuild.Transform {
	return []tokenbuild.Transform{
		{
			Name: "ts/descriptionToComment", Type: tokenbuild.AttributeTransform,
			Filter: func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
				return js.Truthy(t.Prop("description")), nil
			},
			// it sets the token's comment, which formats print, and
			// returns the whole token as attributes, as the package does
			TransformAttributes: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (*tokenbuild.Object, error) {
				d, ok := t.Prop("description").(string)
				if !ok {
					return nil, fmt.Errorf("TypeError: _t.description.replace is not a function")
				}
				return commentAttributes(t, DescriptionToComment(d)), nil
			},
		},
		{
			Name: "ts/resolveMath", Type: tokenbuild.ValueTransform, Transitive: true, IgnoresAttributes: true,
			// not Pure: it reads the platform's mathFractionDigits
			Filter: func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
				switch t.Value.(type) {
				case string, *tokenbuild.Object, []any, nil:
					return true, nil
				}
				return false, nil
			},
			TransformValue: func(t *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error) {
				return CheckAndEvaluateMath(t.Value, t.Type, fractionDigits(args.Platform)), nil
			},
		},
		{
			Name: "ts/size/px", Type: tokenbuild.ValueTransform, Transitive: true, Pure: true, IgnoresAttributes: true,
			Filter: typeFilter("fontSize", "dimension", "typography", "border", "shadow"),
			TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
				return TransformDimension(value(t), t.Type), nil
			},
		},
		{
			Name: "ts/opacity", Type: tokenbuild.ValueTransform, Transitive: true, Pure: true, IgnoresAttributes: true,
			Filter: typeFilter("opacity"),
			TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
				return TransformOpacity(value(t)), nil
			},
		},
		{
			Name: "ts/size/css/letterspacing", Type: tokenbuild.ValueTransform, Transitive: true, Pure: true, IgnoresAttributes: true,
			Filter: func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
				return t.Type != "" && (typeIn(t, "letterSpacing", "typography") || studioExtension(t, "originalType") == "letterSpacing"), nil
			},
			TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
				return TransformLetterSpacingForCSS(value(t), t.Type), nil
			},
		},
		{
			Name: "ts/size/lineheight", Type: tokenbuild.ValueTransform, Transitive: true, Pure: true, IgnoresAttributes: true,
			Filter: typeFilter("lineHeight", "typography"),
			TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
				return TransformLineHeight(value(t), t.Type), nil
			},
		},
		{
			Name: "ts/typography/fontWeight", Type: tokenbuild.ValueTransform, Transitive: true, Pure: true, IgnoresAttributes: true,
			Filter: typeFilter("fontWeight", "typography"),
			TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
				return TransformFontWeight(value(t), t.Type), nil
			},
		},
		{
			Name: "ts/shadow/innerShadow", Type: tokenbuild.ValueTransform, Transitive: true, Pure: true, IgnoresAttributes: true,
			Filter: typeFilter("shadow"),
			TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
				return TransformShadow(value(t)), nil
			},
		},
		{
			Name: "ts/typography/compose/shorthand", Type: tokenbuild.ValueTransform, Transitive: true, Pure: true, IgnoresAttributes: true,
			Filter: typeFilter("typography"),
			TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
				return TransformTypographyForCompose(value(t)), nil
			},
		},
		{
			Name: "ts/color/css/hexrgba", Type: tokenbuild.ValueTransform, Transitive: true, Pure: true, IgnoresAttributes: true,
			Filter: typeFilter("color", "shadow", "border"),
			TransformValue: func(t *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error) {
				return TransformHEXRGBaForCSS(value(t), t.Type, func(msg string) {
					if args != nil && args.Warn != nil {
						args.Warn(tokenbuild.Warning{Message: msg})
					}
				})
			},
		},
		colorModifiersTransform(opts),
	}
}

// commentAttributes sets the token's comment as the package does (a new
// property of the token object, so it comes after path in the output) and
// returns the token object as attributes, in the order its keys have in
// node at that point: the properties as written, key, original, name,
// attributes, path, comment.
func commentAttributes(t *tokenbuild.Token, comment string) *tokenbuild.Object {
	for _, k := range []string{"original", "name", "attributes", "path"} {
		if t.Props == nil || !t.Props.Has(k) {
			// a place for the key, whose value the token's own replaces
			// wherever the token is serialised (Token.ToObject)
			t.SetProp(k, nil)
		}
	}
	t.SetProp("comment", comment)
	// The attributes hold the token's value object itself, as in node,
	// where the package's later transforms change it in place (a border's,
	// shadow's or typography's: resolveMath, size/px, hexrgba, a single
	// shadow's type) until one returns a new object; the formats printing
	// attributes show those changes. The token gets a copy of its own
	// (the value may be shared with other platforms) that those transforms
	// may change in place (tokenbuild.AliasedCopy).
	t.Value = tokenbuild.AliasedCopy(t.Value)
	whole := t.ToObject()
	attrs := tokenbuild.NewObjectCap(whole.Len())
	whole.Range(func(k string, v any) bool {
		switch k {
		case "key":
		case "original":
			attrs.Set("key", t.Key)
			attrs.Set(k, v)
		default:
			attrs.Set(k, v)
		}
		return true
	})
	return attrs
}

func colorModifiersTransform(opts Options) tokenbuild.Transform {
	modifier := func(t *tokenbuild.Token) *tokenbuild.Object {
		m, _ := studioExtension(t, "modify").(*tokenbuild.Object)
		return m
	}
	return tokenbuild.Transform{
		Name: "ts/color/modifiers", Type: tokenbuild.ValueTransform, Transitive: true, Pure: true, IgnoresAttributes: true,
		Filter: func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
			_, isString := t.Value.(string)
			return isString && t.Type == "color" && js.Truthy(studioExtension(t, "modify")), nil
		},
		TransformValue: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
			return TransformColorModifiers(t.Value, modifier(t), opts.ColorModifierFormat)
		},
	}
}

// TransformColorModifiers is transformColorModifiers: the colour modified
// by its studio.tokens modifier (format, when not empty, overrides the
// modifier's). A modifier still holding references is deferred
// (tokenbuild.ErrDefer), as the package returns undefined for it.
func TransformColorModifiers(value any, modifier *tokenbuild.Object, format string) (any, error) {
	if modifier == nil {
		return nil, fmt.Errorf("TypeError: the token has no studio.tokens modify extension")
	}
	if UsesReferences(modifier) {
		return nil, tokenbuild.ErrDefer
	}
	if format != "" {
		modifier = withProp(modifier, "format", format)
	}
	s, ok := value.(string)
	if !ok {
		return value, nil
	}
	return ModifyColor(s, modifier)
}

// builtinGroup is style-dictionary's transform group of the platform.
func builtinGroup(name string) ([]string, bool) {
	for _, g := range builtin.TransformGroups() {
		if g.Name == name {
			return g.Transforms, true
		}
	}
	return nil, false
}

// TransformGroup is the tokens-studio transform group (or opts.Name): the
// package's transforms for the platform, style-dictionary's built-in
// group of that platform (unless WithoutBuiltinGroup), then name/camel. A
// platform with no built-in group is an error, as the package throws.
func TransformGroup(opts Options) (tokenbuild.TransformGroup, error) {
	var builtins []string
	if !opts.WithoutBuiltinGroup {
		var ok bool
		if builtins, ok = builtinGroup(opts.platform()); !ok {
			return tokenbuild.TransformGroup{}, fmt.Errorf("@tokens-studio/sd-transforms: style-dictionary has no transform group %q for the platform option", opts.platform())
		}
	}
	return TransformGroupWith(opts, builtins), nil
}

// TransformGroupWith is TransformGroup with the built-in group's transforms
// given (what StyleDictionary.hooks.transformGroups holds for the
// platform).
func TransformGroupWith(opts Options, builtins []string) tokenbuild.TransformGroup {
	names := GetTransforms(opts)
	if !opts.WithoutBuiltinGroup {
		names = append(names, builtins...)
	}
	names = append(names, "name/camel")
	return tokenbuild.TransformGroup{Name: opts.groupName(), Transforms: names}
}

// Preprocessor is the tokens-studio preprocessor (ParseTokens).
func Preprocessor(opts Options) tokenbuild.Preprocessor {
	return tokenbuild.Preprocessor{
		Name: "tokens-studio",
		Preprocess: func(tokens *tokenbuild.Object, _ *tokenbuild.Platform) (*tokenbuild.Object, error) {
			return ParseTokens(tokens, opts), nil
		},
	}
}

// Hooks are what register(StyleDictionary, opts) registers: the
// preprocessor, the transforms and the transform group.
func Hooks(opts Options) (tokenbuild.Hooks, error) {
	g, err := TransformGroup(opts)
	if err != nil {
		return tokenbuild.Hooks{}, err
	}
	return tokenbuild.Hooks{
		Preprocessors:   []tokenbuild.Preprocessor{Preprocessor(opts)},
		Transforms:      Transforms(opts),
		TransformGroups: []tokenbuild.TransformGroup{g},
	}, nil
}

// Register adds Hooks(opts) to a config's hooks.
func Register(cfg *tokenbuild.Config, opts Options) error {
	h, err := Hooks(opts)
	if err != nil {
		return err
	}
	cfg.Hooks = cfg.Hooks.Merge(h)
	return nil
}
