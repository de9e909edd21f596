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

// studio is the Go side of `@tokens-studio/sd-transforms`: the helpers
// its module exports, and the native hooks register() registers.
type studio struct {
	e *engine
	// nativeHooks maps the JavaScript functions that stand for Go hook
	// values (a tokenbuild.Transform, Preprocessor, FilterFunc) to them:
	// registered under a name, they become the Go hook (hookAdapters).
	nativeHooks map[*goja.Object]any
}

// options reads the package's TransformOptions.
func (ts *studio) options(v goja.Value) tokensstudio.Options {
	var o tokensstudio.Options
	obj, ok := v.(*goja.Object)
	if !ok {
		return o
	}
	o.ExcludeParentKeys = js.Truthy(ts.e.fromJS(obj.Get("excludeParentKeys")))
	o.AlwaysAddFontStyle = js.Truthy(ts.e.fromJS(obj.Get("alwaysAddFontStyle")))
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
func (ts *studio) native(h any, fn func(goja.FunctionCall) goja.Value) *goja.Object {
	o := ts.e.rt.ToValue(fn).(*goja.Object)
	if ts.nativeHooks == nil {
		ts.nativeHooks = map[*goja.Object]any{}
	}
	ts.nativeHooks[o] = h
	return o
}

// nativeTransform is the Go transform behind a registered { type,
// transform, filter, transitive } whose transform function is native. A
// filter the script replaced is adapted as JavaScript.
func (ts *studio) nativeTransform(name string, v goja.Value) (tokenbuild.Transform, bool) {
	o, ok := v.(*goja.Object)
	if !ok || ts.nativeHooks == nil {
		return tokenbuild.Transform{}, false
	}
	fn, _ := o.Get("transform").(*goja.Object)
	t, ok := ts.nativeHooks[fn].(tokenbuild.Transform)
	if !ok {
		return t, false
	}
	t.Name = name
	if f := get(o, "filter"); f != nil {
		if fo, _ := f.(*goja.Object); ts.nativeHooks[fo] == nil {
			t.Filter = ts.e.adapters.transformFilter(f) // what it writes stays, as for any transform's filter
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
func (ts *studio) nativePreprocessor(name string, v goja.Value) (tokenbuild.Preprocessor, bool) {
	fn, _ := v.(*goja.Object)
	if fn == nil || ts.nativeHooks == nil {
		return tokenbuild.Preprocessor{}, false
	}
	p, ok := ts.nativeHooks[fn].(tokenbuild.Preprocessor)
	p.Name = name
	return p, ok
}

// jsArg is a JavaScript value as Go sees it: undefined stays js.Undefined.
func (ts *studio) jsArg(v goja.Value) any {
	if v == nil || goja.IsUndefined(v) {
		return js.Undefined
	}
	return ts.e.fromJS(v)
}

// toJSValue is toJS that keeps undefined.
func (ts *studio) toJSValue(v any) goja.Value {
	if v == js.Undefined {
		return goja.Undefined()
	}
	return ts.e.toJS(v)
}

// tokenArg reads what the helpers read of a token argument: a token
// the build handed to JavaScript, or any object with value/$value and
// type/$type.
func (ts *studio) tokenArg(v goja.Value) *tokenbuild.Token {
	if o, ok := v.(*goja.Object); ok {
		if t, ok := o.Export().(*tokenObj); ok {
			if len(t.over) == 0 {
				return t.t
			}
		}
		get := func(k string) any { return ts.jsArg(o.Get(k)) }
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
			props.Set(k, ts.e.fromJS(o.Get(k)))
		}
		t.Props = props
		return t
	}
	panic(ts.e.rt.NewTypeError("expected a token object"))
}

// install puts the package's Go side on globalThis.__tokengenStudio:
// what makes its hooks (hookMakers), its helpers over token trees
// (treeHelpers) and over one token's value (valueHelpers).
func (ts *studio) install() {
	s := ts.e.rt.NewObject()
	set := func(name string, f func(call goja.FunctionCall) goja.Value) { _ = s.Set(name, f) }
	ts.hookMakers(set)
	ts.treeHelpers(set)
	ts.valueHelpers(set)
	_ = ts.e.rt.Set("__tokengenStudio", s)
}

// fail throws a Go error to the JavaScript calling a helper.
func (ts *studio) fail(err error) {
	panic(ts.e.rt.NewGoError(err))
}

// hookMakers are getTransforms, builtinGroup and hooks: the names of the
// package's transforms and the native hooks register() registers.
func (ts *studio) hookMakers(set func(string, func(goja.FunctionCall) goja.Value)) {
	e := ts.e
	set("getTransforms", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.GetTransforms(ts.options(call.Argument(0))))
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
		opts := ts.options(call.Argument(0))
		h := e.rt.NewObject()
		_ = h.Set("preprocessor", ts.nativePreprocessorFunc(tokensstudio.Preprocessor(opts)))
		var list []any
		for _, t := range tokensstudio.Transforms(opts) {
			list = append(list, ts.nativeTransformObject(t))
		}
		_ = h.Set("transforms", e.rt.NewArray(list...))
		return h
	})
}

// nativePreprocessorFunc is the JavaScript function standing for the
// package's preprocessor: registered, it is the Go preprocessor; called,
// it preprocesses the tree it is given.
func (ts *studio) nativePreprocessorFunc(pre tokenbuild.Preprocessor) *goja.Object {
	e := ts.e
	return ts.native(pre, func(call goja.FunctionCall) goja.Value {
		tree, _ := e.fromJS(call.Argument(0)).(*tokenbuild.Object)
		if tree == nil {
			tree = tokenbuild.NewObject()
		}
		out, err := pre.Preprocess(tree, nil)
		if err != nil {
			ts.fail(err)
		}
		return e.toJS(out)
	})
}

// nativeTransformObject is { name, type, transitive, filter, transform }
// for one of the package's transforms, its functions native: registered,
// they are the Go transform; called, they run it on the token given.
func (ts *studio) nativeTransformObject(t tokenbuild.Transform) *goja.Object {
	e := ts.e
	to := e.rt.NewObject()
	_ = to.Set("name", t.Name)
	_ = to.Set("type", string(t.Type))
	_ = to.Set("transitive", t.Transitive)
	if t.Filter != nil {
		_ = to.Set("filter", ts.native(t.Filter, func(call goja.FunctionCall) goja.Value {
			ok, err := t.Filter(ts.tokenArg(call.Argument(0)), nil)
			if err != nil {
				ts.fail(err)
			}
			return e.rt.ToValue(ok)
		}))
	}
	_ = to.Set("transform", ts.native(t, func(call goja.FunctionCall) goja.Value {
		tok := ts.tokenArg(call.Argument(0))
		args := &tokenbuild.TransformArgs{}
		switch t.Type {
		case tokenbuild.AttributeTransform:
			a, err := t.TransformAttributes(tok, args)
			if err != nil {
				ts.fail(err)
			}
			return e.toJS(a)
		default:
			v, err := t.TransformValue(tok, args)
			if err == tokenbuild.ErrDefer {
				return goja.Undefined()
			}
			if err != nil {
				ts.fail(err)
			}
			return ts.toJSValue(v)
		}
	}))
	return to
}

// treeHelpers are the package's functions over a whole token tree, and
// permutateThemes over its themes.
func (ts *studio) treeHelpers(set func(string, func(goja.FunctionCall) goja.Value)) {
	e := ts.e
	tree := func(call goja.FunctionCall) *tokenbuild.Object {
		t, _ := e.fromJS(call.Argument(0)).(*tokenbuild.Object)
		if t == nil {
			panic(e.rt.NewTypeError("expected a token object"))
		}
		return t
	}
	set("parseTokens", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.ParseTokens(tree(call), ts.options(call.Argument(1))))
	})
	set("excludeParentKeys", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.ExcludeParentKeys(tree(call), ts.options(call.Argument(1))))
	})
	set("alignTypes", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.AlignTypes(tree(call)))
	})
	set("addFontStyles", func(call goja.FunctionCall) goja.Value {
		return e.toJS(tokensstudio.AddFontStyles(tree(call), ts.options(call.Argument(1))))
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
			ts.fail(err)
		}
		return e.toJS(out)
	})
}

// valueHelpers are the package's functions over one token or value: the
// transforms' own functions, exported for scripts to call.
func (ts *studio) valueHelpers(set func(string, func(goja.FunctionCall) goja.Value)) {
	e := ts.e
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
		t := ts.tokenArg(call.Argument(0))
		fd := tokensstudio.DefaultFractionDigits
		if a := call.Argument(1); !goja.IsUndefined(a) {
			fd = int(a.ToInteger())
		}
		v := t.Value
		switch v.(type) {
		case string, *tokenbuild.Object, []any, nil:
			return ts.toJSValue(tokensstudio.CheckAndEvaluateMath(v, t.Type, fd))
		}
		return ts.toJSValue(v)
	})
	typed := func(name string, f func(v any, typ string) any) {
		set(name, func(call goja.FunctionCall) goja.Value {
			t := ts.tokenArg(call.Argument(0))
			return ts.toJSValue(f(t.Value, t.Type))
		})
	}
	typed("transformDimension", tokensstudio.TransformDimension)
	typed("transformFontWeight", tokensstudio.TransformFontWeight)
	typed("transformLineHeight", tokensstudio.TransformLineHeight)
	typed("transformLetterSpacingForCSS", tokensstudio.TransformLetterSpacingForCSS)
	set("transformHEXRGBaForCSS", func(call goja.FunctionCall) goja.Value {
		t := ts.tokenArg(call.Argument(0))
		v, err := tokensstudio.TransformHEXRGBaForCSS(t.Value, t.Type, nil)
		if err != nil {
			ts.fail(err)
		}
		return ts.toJSValue(v)
	})
	set("transformOpacity", func(call goja.FunctionCall) goja.Value {
		return ts.toJSValue(tokensstudio.TransformOpacity(ts.jsArg(call.Argument(0))))
	})
	set("transformShadow", func(call goja.FunctionCall) goja.Value {
		return ts.toJSValue(tokensstudio.TransformShadow(ts.jsArg(call.Argument(0))))
	})
	set("transformTypographyForCompose", func(call goja.FunctionCall) goja.Value {
		return ts.toJSValue(tokensstudio.TransformTypographyForCompose(ts.tokenArg(call.Argument(0)).Value))
	})
	set("transformColorModifiers", func(call goja.FunctionCall) goja.Value {
		t := ts.tokenArg(call.Argument(0))
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
			ts.fail(err)
		}
		return ts.toJSValue(v)
	})
}
