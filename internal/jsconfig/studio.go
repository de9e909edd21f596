package jsconfig

import (
	_ "embed"

	"github.com/tokengen/tokengen/builtin/tokensstudio"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// studioModule is what `@tokens-studio/sd-transforms` resolves to: the
// package's exports over tokengen's Go implementation
// (globalThis.__tokengenStudio). register() registers the package's
// hooks on the StyleDictionary class it is given, as the package does,
// but each transform and the preprocessor is a native Go hook: the
// functions it registers are known to the engine (nativeHooks), which
// hands the build the Go hook value instead of calling JavaScript per
// token.
//
//go:embed js/sd-transforms.js
var studioModule string

// studioOptions reads TransformOptions.
func (e *engine) studioOptions(v goja.Value) tokensstudio.Options {
	var o tokensstudio.Options
	obj, ok := v.(*goja.Object)
	if !ok {
		return o
	}
	o.ExcludeParentKeys = js.Truthy(e.fromJS(obj.Get("excludeParentKeys")))
	o.AlwaysAddFontStyle = js.Truthy(e.fromJS(obj.Get("alwaysAddFontStyle")))
	if p := get(obj, "platform"); p != nil {
		o.Platform = p.String()
	}
	if n := get(obj, "name"); n != nil {
		o.Name = n.String()
	}
	if b := get(obj, "withSDBuiltins"); b != nil {
		o.WithoutBuiltinGroup = !b.ToBoolean()
	}
	if m, ok := get(obj, "ts/color/modifiers").(*goja.Object); ok {
		if f := get(m, "format"); f != nil {
			o.ColorModifierFormat = f.String()
		}
	}
	return o
}

// native makes a Go function callable from JavaScript and remembers it as
// standing for the Go hook value h.
func (e *engine) native(h any, fn func(goja.FunctionCall) goja.Value) *goja.Object {
	o := e.rt.ToValue(fn).(*goja.Object)
	if e.nativeHooks == nil {
		e.nativeHooks = map[*goja.Object]any{}
	}
	e.nativeHooks[o] = h
	return o
}

// nativeTransform is the Go transform behind a registered { type,
// transform, filter, transitive } whose transform function is native. A
// filter the script replaced is adapted as JavaScript.
func (e *engine) nativeTransform(name string, v goja.Value) (tokenbuild.Transform, bool) {
	o, ok := v.(*goja.Object)
	if !ok || e.nativeHooks == nil {
		return tokenbuild.Transform{}, false
	}
	fn, _ := o.Get("transform").(*goja.Object)
	t, ok := e.nativeHooks[fn].(tokenbuild.Transform)
	if !ok {
		return t, false
	}
	t.Name = name
	if f := get(o, "filter"); f != nil {
		if fo, _ := f.(*goja.Object); e.nativeHooks[fo] == nil {
			t.Filter = e.transformFilter(f) // what it writes stays, as for any transform's filter
			t.Pure = false
		}
	} else {
		t.Filter = nil
	}
	if tv := get(o, "transitive"); tv != nil {
		t.Transitive = tv.ToBoolean()
	}
	return t, true
}

// nativePreprocessor is the Go preprocessor behind a native function.
func (e *engine) nativePreprocessor(name string, v goja.Value) (tokenbuild.Preprocessor, bool) {
	fn, _ := v.(*goja.Object)
	if fn == nil || e.nativeHooks == nil {
		return tokenbuild.Preprocessor{}, false
	}
	p, ok := e.nativeHooks[fn].(tokenbuild.Preprocessor)
	p.Name = name
	return p, ok
}

// jsArg is a JavaScript value as Go sees it: undefined stays js.Undefined.
func (e *engine) jsArg(v goja.Value) any {
	if v == nil || goja.IsUndefined(v) {
		return js.Undefined
	}
	return e.fromJS(v)
}

// toJSValue is toJS that keeps undefined.
func (e *engine) toJSValue(v any) goja.Value {
	if v == js.Undefined {
		return goja.Undefined()
	}
	return e.toJS(v)
}

// studioToken reads what the helpers read of a token argument: a token
// the build handed to JavaScript, or any object with value/$value and
// type/$type.
func (e *engine) studioToken(v goja.Value) *tokenbuild.Token {
	if o, ok := v.(*goja.Object); ok {
		if t, ok := o.Export().(*tokenObj); ok {
			if len(t.over) == 0 {
				return t.t
			}
		}
		get := func(k string) any { return e.jsArg(o.Get(k)) }
		t := &tokenbuild.Token{Value: get("$value"), DTCG: true}
		if t.Value == js.Undefined || t.Value == nil {
			t.Value, t.DTCG = get("value"), false
		}
		typ := get("$type")
		if typ == js.Undefined || typ == nil {
			typ = get("type")
		}
		t.Type, _ = typ.(string)
		props := tokenbuild.NewObject()
		for _, k := range o.Keys() {
			props.Set(k, e.fromJS(o.Get(k)))
		}
		t.Props = props
		return t
	}
	panic(e.rt.NewTypeError("expected a token object"))
}

func (e *engine) installStudio() {
	s := e.rt.NewObject()
	set := func(name string, f func(call goja.FunctionCall) goja.Value) { _ = s.Set(name, f) }
	fail := func(err error) {
		panic(e.rt.NewGoError(err))
	}
	set("getTransforms", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.GetTransforms(e.studioOptions(call.Argument(0))))
	})
	set("builtinGroup", func(call goja.FunctionCall) goja.Value {
		opts := tokensstudio.Options{Platform: call.Argument(0).String(), WithoutBuiltinGroup: false}
		g, err := tokensstudio.TransformGroup(opts)
		if err != nil {
			return goja.Undefined()
		}
		// the group less the package's transforms and name/camel
		return e.toJS(g.Transforms[len(tokensstudio.GetTransforms(opts)) : len(g.Transforms)-1])
	})
	set("hooks", func(call goja.FunctionCall) goja.Value {
		opts := e.studioOptions(call.Argument(0))
		h := e.rt.NewObject()
		pre := tokensstudio.Preprocessor(opts)
		_ = h.Set("preprocessor", e.native(pre, func(call goja.FunctionCall) goja.Value {
			tree, _ := e.fromJS(call.Argument(0)).(*tokenbuild.Object)
			if tree == nil {
				tree = tokenbuild.NewObject()
			}
			out, err := pre.Preprocess(tree, nil)
			if err != nil {
				fail(err)
			}
			return e.toJS(out)
		}))
		var list []any
		for _, t := range tokensstudio.Transforms(opts) {
			to := e.rt.NewObject()
			_ = to.Set("name", t.Name)
			_ = to.Set("type", string(t.Type))
			_ = to.Set("transitive", t.Transitive)
			if t.Filter != nil {
				_ = to.Set("filter", e.native(t.Filter, func(call goja.FunctionCall) goja.Value {
					ok, err := t.Filter(e.studioToken(call.Argument(0)), nil)
					if err != nil {
						fail(err)
					}
					return e.rt.ToValue(ok)
				}))
			}
			_ = to.Set("transform", e.native(t, func(call goja.FunctionCall) goja.Value {
				tok := e.studioToken(call.Argument(0))
				args := &tokenbuild.TransformArgs{}
				switch t.Type {
				case tokenbuild.AttributeTransform:
					a, err := t.TransformAttributes(tok, args)
					if err != nil {
						fail(err)
					}
					return e.toJS(a)
				default:
					v, err := t.TransformValue(tok, args)
					if err == tokenbuild.ErrDefer {
						return goja.Undefined()
					}
					if err != nil {
						fail(err)
					}
					return e.toJSValue(v)
				}
			}))
			list = append(list, to)
		}
		_ = h.Set("transforms", e.rt.NewArray(list...))
		return h
	})
	tree := func(call goja.FunctionCall) *tokenbuild.Object {
		t, _ := e.fromJS(call.Argument(0)).(*tokenbuild.Object)
		if t == nil {
			panic(e.rt.NewTypeError("expected a token object"))
		}
		return t
	}
	set("parseTokens", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.ParseTokens(tree(call), e.studioOptions(call.Argument(1))))
	})
	set("excludeParentKeys", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.ExcludeParentKeys(tree(call), e.studioOptions(call.Argument(1))))
	})
	set("alignTypes", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.AlignTypes(tree(call)))
	})
	set("addFontStyles", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.AddFontStyles(tree(call), e.studioOptions(call.Argument(1))))
	})
	set("mapDescriptionToComment", func(call goja.FunctionCall) goja.Value {
		// the package sets comment on the token it is given and returns it
		o, ok := call.Argument(0).(*goja.Object)
		if !ok {
			panic(e.rt.NewTypeError("expected a token object"))
		}
		d, ok := o.Get("description").Export().(string)
		if !ok {
			panic(e.rt.NewTypeError("_t.description.replace is not a function"))
		}
		_ = o.Set("comment", tokensstudio.DescriptionToComment(d))
		return o
	})
	set("checkAndEvaluateMath", func(call goja.FunctionCall) goja.Value {
		t := e.studioToken(call.Argument(0))
		fd := tokensstudio.DefaultFractionDigits
		if a := call.Argument(1); !goja.IsUndefined(a) {
			fd = int(a.ToInteger())
		}
		v := t.Value
		switch v.(type) {
		case string, *tokenbuild.Object, []any, nil:
			return e.toJSValue(tokensstudio.CheckAndEvaluateMath(v, t.Type, fd))
		}
		return e.toJSValue(v)
	})
	typed := func(name string, f func(v any, typ string) any) {
		set(name, func(call goja.FunctionCall) goja.Value {
			t := e.studioToken(call.Argument(0))
			return e.toJSValue(f(t.Value, t.Type))
		})
	}
	typed("transformDimension", tokensstudio.TransformDimension)
	typed("transformFontWeight", tokensstudio.TransformFontWeight)
	typed("transformLineHeight", tokensstudio.TransformLineHeight)
	typed("transformLetterSpacingForCSS", tokensstudio.TransformLetterSpacingForCSS)
	set("transformHEXRGBaForCSS", func(call goja.FunctionCall) goja.Value {
		t := e.studioToken(call.Argument(0))
		v, err := tokensstudio.TransformHEXRGBaForCSS(t.Value, t.Type, nil)
		if err != nil {
			fail(err)
		}
		return e.toJSValue(v)
	})
	set("transformOpacity", func(call goja.FunctionCall) goja.Value {
		return e.toJSValue(tokensstudio.TransformOpacity(e.jsArg(call.Argument(0))))
	})
	set("transformShadow", func(call goja.FunctionCall) goja.Value {
		return e.toJSValue(tokensstudio.TransformShadow(e.jsArg(call.Argument(0))))
	})
	set("transformTypographyForCompose", func(call goja.FunctionCall) goja.Value {
		return e.toJSValue(tokensstudio.TransformTypographyForCompose(e.studioToken(call.Argument(0)).Value))
	})
	set("transformColorModifiers", func(call goja.FunctionCall) goja.Value {
		t := e.studioToken(call.Argument(0))
		ext, _ := t.Prop("$extensions").(*tokenbuild.Object)
		var mod *tokenbuild.Object
		if ext != nil {
			if st, ok := ext.Value("studio.tokens").(*tokenbuild.Object); ok {
				mod, _ = st.Value("modify").(*tokenbuild.Object)
			}
		}
		format := ""
		if o, ok := call.Argument(1).(*goja.Object); ok {
			if f := get(o, "format"); f != nil {
				format = f.String()
			}
		}
		v, err := tokensstudio.TransformColorModifiers(t.Value, mod, format)
		if err == tokenbuild.ErrDefer {
			return goja.Undefined()
		}
		if err != nil {
			fail(err)
		}
		return e.toJSValue(v)
	})
	set("permutateThemes", func(call goja.FunctionCall) goja.Value {
		themes, _ := e.fromJS(call.Argument(0)).([]any)
		sep := "-"
		if o, ok := call.Argument(1).(*goja.Object); ok {
			if s := get(o, "separator"); s != nil {
				sep = s.String()
			}
		}
		out, err := tokensstudio.PermutateThemes(themes, sep)
		if err != nil {
			fail(err)
		}
		return e.toJS(out)
	})
	_ = e.rt.Set("__tokengenStudio", s)
}
