package jsconfig

import (
	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/tokenbuild"
)

// installUtils puts the Go side of `style-dictionary/utils` on
// globalThis.__tokengenUtils (utilsModule exports it, with the small pure
// helpers written in JavaScript), node's global structuredClone and an
// Array.prototype.sort that orders as node's (fixArraySort).
// fileHeader, formattedVariables and createPropertyFormatter are the Go
// code the built-in formats use (so the output is the same); the
// utilities over token trees run in Go over the JavaScript values they
// are given (jsUtils).
func (m *styleDictionaryModule) installUtils() {
	rt := m.e.rt
	ju := newJSUtils(m.e)
	u := rt.NewObject()
	_ = u.Set("fileHeader", m.utilFileHeader)
	_ = u.Set("formattedVariables", m.utilFormattedVariables)
	_ = u.Set("propertyFormatter", m.utilPropertyFormatter)
	_ = u.Set("isFormatDictionary", func(v goja.Value) bool {
		_, ok := v.Export().(*dictObj)
		return ok
	})
	_ = u.Set("hasFormatArgs", func() bool { return m.e.adapters.current != nil })
	_ = u.Set("defaultHeaderLines", func(formatting goja.Value) goja.Value {
		f, _ := m.e.fromJS(formatting).(*tokenbuild.Object)
		return ju.stringArray(builtin.DefaultHeaderLines(f))
	})
	// Each helper is called by a script as itself (fn), and passed as the
	// outputReferences option as the Go value a format calls (option): the
	// filter's takes part in the file's filtered-reference warning.
	filter := func(t *tokenbuild.Token, d *tokenbuild.Dictionary, usesDtcg bool) bool {
		return builtin.OutputReferencesFilter(t, &tokenbuild.OutputReferencesArgs{Dictionary: d, UsesDtcg: usesDtcg})
	}
	for name, helper := range map[string]struct {
		fn     tokenbuild.OutputReferencesFunc
		option any
	}{
		"outputReferencesFilter":      {filter, tokenbuild.OutputReferencesWithArgs(builtin.OutputReferencesFilter)},
		"outputReferencesTransformed": {builtin.OutputReferencesTransformed, tokenbuild.OutputReferencesFunc(builtin.OutputReferencesTransformed)},
	} {
		fn := helper.fn
		f := rt.ToValue(func(call goja.FunctionCall) goja.Value {
			t, _ := call.Argument(0).Export().(*tokenObj)
			opts, _ := call.Argument(1).(*goja.Object)
			if opts == nil {
				panic(rt.NewTypeError("Cannot destructure property 'dictionary' of 'undefined' as it is undefined."))
			}
			d, isDict := ju.prop(opts, "dictionary").Export().(*dictObj)
			if t == nil || t.modified() || !isDict {
				// A token or dictionary the script made (or changed):
				// the reference's JavaScript semantics, over its values.
				return rt.ToValue(ju.outputReferencesGeneric(name, call.Argument(0), opts))
			}
			return rt.ToValue(fn(t.t, d.d, opts.Get("usesDtcg") != nil && opts.Get("usesDtcg").ToBoolean()))
		}).(*goja.Object)
		m.builtinRefs[f] = helper.option
		_ = u.Set(name, f)
	}
	_ = u.Set("usesReferences", func(v goja.Value) bool { return ju.usesReferences(v) })
	_ = u.Set("getReferences", func(call goja.FunctionCall) goja.Value {
		refs := call.Argument(3)
		if undef(refs) {
			refs = rt.NewArray()
		}
		push, ok := goja.AssertFunction(ju.prop(refs, "push"))
		if !ok {
			ju.typeError("references.push is not a function")
		}
		ju.getReferences(call.Argument(0), call.Argument(1), ju.getRefsOptions(call.Argument(2)), func(r goja.Value) {
			if _, err := push(refs, r); err != nil {
				panic(err)
			}
		})
		return refs
	})
	_ = u.Set("resolveReferences", func(call goja.FunctionCall) goja.Value {
		return ju.resolveReferences(call.Argument(0), call.Argument(1), ju.resolveOptions(call.Argument(2)))
	})
	_ = u.Set("flattenTokens", func(call goja.FunctionCall) goja.Value {
		return ju.flattenTokens(call.Argument(0), call.Argument(1).ToBoolean())
	})
	_ = u.Set("convertTokenData", func(call goja.FunctionCall) goja.Value {
		return ju.convertTokenData(call.Argument(0), call.Argument(1))
	})
	_ = u.Set("typeDtcgDelegate", func(call goja.FunctionCall) goja.Value {
		return ju.typeDtcgDelegate(call.Argument(0))
	})
	_ = u.Set("stripMeta", func(call goja.FunctionCall) goja.Value {
		return ju.stripMeta(call.Argument(0), call.Argument(1))
	})
	_ = u.Set("minifyDictionary", func(call goja.FunctionCall) goja.Value {
		return ju.minifyDictionary(call.Argument(0), valueKeyOf(call.Argument(1).ToBoolean()))
	})
	_ = u.Set("convertToDTCG", func(call goja.FunctionCall) goja.Value {
		return ju.convertToDTCG(call.Argument(0), call.Argument(1))
	})
	_ = u.Set("sortByReference", func(call goja.FunctionCall) goja.Value {
		return ju.sortByReference(call.Argument(0), call.Argument(1))
	})
	_ = rt.Set("__tokengenUtils", u)
	_ = rt.Set("structuredClone", func(call goja.FunctionCall) goja.Value {
		return ju.structuredClone(call.Argument(0))
	})
	ju.fixArraySort()
}

func (m *styleDictionaryModule) dictOf(v goja.Value) *tokenbuild.Dictionary {
	if v != nil {
		if d, ok := v.Export().(*dictObj); ok {
			if d.modified() {
				// tokens the format changed: as JavaScript shows them
				return m.e.proxies.dictFromJS(v, d.d)
			}
			return d.d
		}
	}
	panic(m.e.rt.NewTypeError("dictionary must be the dictionary a format receives"))
}

func argObject(call goja.FunctionCall) *goja.Object {
	o, _ := call.Argument(0).(*goja.Object)
	return o
}

func get(o *goja.Object, k string) goja.Value {
	if o == nil {
		return nil
	}
	v := o.Get(k)
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil
	}
	return v
}

// utilFileHeader is fileHeader({ file, commentStyle, formatting, options }):
// a promise of the header text, for the file being formatted.
func (m *styleDictionaryModule) utilFileHeader(call goja.FunctionCall) goja.Value {
	o := argObject(call)
	args := m.e.adapters.current
	if args == nil {
		args = &tokenbuild.FormatArgs{Options: tokenbuild.Options{}}
	}
	style := ""
	if v := get(o, "commentStyle"); v != nil {
		style = v.String()
	}
	// The helper reads only the formatting it is given, not the
	// options' (the reference's fileHeader does the same).
	formatting := tokenbuild.NewObject()
	if v := get(o, "formatting"); v != nil {
		if f, ok := m.e.fromJS(v).(*tokenbuild.Object); ok {
			formatting = f
		}
	}
	s, err := builtin.FileHeader(withHeldLock(args), style, formatting)
	if err != nil {
		panic(m.e.rt.NewGoError(err))
	}
	p, resolve, _ := m.e.rt.NewPromise()
	_ = resolve(s)
	return m.e.rt.ToValue(p)
}

// propertyOptions reads the options createPropertyFormatter and
// formattedVariables share: { format, dictionary, outputReferences,
// outputReferenceFallbacks, formatting, themeable, usesDtcg }.
func (m *styleDictionaryModule) propertyOptions(o *goja.Object) builtin.PropertyFormatOptions {
	opts := builtin.PropertyFormatOptions{}
	opts.Dictionary = m.dictOf(get(o, "dictionary"))
	if v := get(o, "format"); v != nil {
		opts.Format = v.String()
	}
	if v := get(o, "outputReferences"); v != nil {
		opts.OutputReferences = m.outputReferences(v, false)
	}
	if v := get(o, "outputReferenceFallbacks"); v != nil {
		opts.OutputReferenceFallbacks = v.ToBoolean()
	}
	if v := get(o, "formatting"); v != nil {
		opts.Formatting, _ = m.e.fromJS(v).(*tokenbuild.Object)
	}
	if v := get(o, "themeable"); v != nil {
		opts.Themeable = m.e.fromJS(v)
	}
	if v := get(o, "usesDtcg"); v != nil {
		opts.UsesDtcg = v.ToBoolean()
	}
	if m.e.adapters.current != nil {
		opts.Warn = m.e.adapters.current.Warn
	}
	return opts
}

// utilFormattedVariables is formattedVariables({ format, dictionary,
// outputReferences, outputReferenceFallbacks, formatting, themeable,
// usesDtcg, sort }) over the dictionary a format receives.
func (m *styleDictionaryModule) utilFormattedVariables(call goja.FunctionCall) goja.Value {
	o := argObject(call)
	opts := builtin.FormattedVariablesOptions{PropertyFormatOptions: m.propertyOptions(o)}
	if v := get(o, "sort"); v != nil {
		opts.Sort = m.e.fromJS(v)
	}
	s, err := builtin.FormattedVariables(opts)
	if err != nil {
		panic(m.e.rt.NewGoError(err))
	}
	return m.e.rt.ToValue(s)
}

// utilPropertyFormatter is createPropertyFormatter over the dictionary a
// format receives: the built-in formats' Go formatter. The function it
// returns formats the dictionary's own tokens; for any other token (one
// the script made, or changed) it returns undefined and the module's
// JavaScript port formats it.
func (m *styleDictionaryModule) utilPropertyFormatter(call goja.FunctionCall) goja.Value {
	format := builtin.PropertyFormatter(m.propertyOptions(argObject(call)))
	return m.e.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		t, ok := c.Argument(0).Export().(*tokenObj)
		if !ok || t.modified() {
			return goja.Undefined()
		}
		return m.e.rt.ToValue(format(t.t))
	})
}

// outputReferences is an outputReferences option value for Go: a bool, the
// Go helper behind a utils function, a Go function handed through, or an
// adapter of a JavaScript function. locked says whether the adapter must
// take the runtime's lock (it is called by the engine) or already holds
// it (it is called from JavaScript, through formattedVariables).
func (m *styleDictionaryModule) outputReferences(v goja.Value, locked bool) any {
	o, ok := v.(*goja.Object)
	if !ok {
		return v.ToBoolean()
	}
	if fn, ok := m.builtinRefs[o]; ok {
		return fn
	}
	if fn, ok := o.Export().(tokenbuild.OutputReferencesFunc); ok {
		return fn
	}
	if fn, ok := o.Export().(tokenbuild.OutputReferencesWithArgs); ok {
		return fn
	}
	fn, ok := goja.AssertFunction(o)
	if !ok {
		return true
	}
	return tokenbuild.OutputReferencesFunc(func(t *tokenbuild.Token, d *tokenbuild.Dictionary, usesDtcg bool) bool {
		if locked {
			m.e.lock()
			defer m.e.unlock()
		}
		arg := m.e.rt.NewObject()
		_ = arg.Set("dictionary", m.e.proxies.dictionary(d))
		_ = arg.Set("usesDtcg", usesDtcg)
		r, err := fn(goja.Undefined(), m.e.proxies.token(t), arg)
		if err != nil {
			panic(err)
		}
		return r.ToBoolean()
	})
}
