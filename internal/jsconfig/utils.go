package jsconfig

import (
	"github.com/dop251/goja"
	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/tokenbuild"
)

// installUtils puts the functions of `style-dictionary/utils` that this
// slice provides on globalThis.__tokengenUtils, each calling the Go
// built-in code the JSON formats use (so the output is the same).
func (e *engine) installUtils() {
	u := e.rt.NewObject()
	_ = u.Set("fileHeader", e.utilFileHeader)
	_ = u.Set("formattedVariables", e.utilFormattedVariables)
	for name, fn := range map[string]tokenbuild.OutputReferencesFunc{
		"outputReferencesFilter":      builtin.OutputReferencesFilter,
		"outputReferencesTransformed": builtin.OutputReferencesTransformed,
	} {
		f := e.rt.ToValue(func(call goja.FunctionCall) goja.Value {
			t, _ := call.Argument(0).Export().(*tokenObj)
			opts, _ := call.Argument(1).(*goja.Object)
			if t == nil || opts == nil {
				panic(e.rt.NewTypeError(name + " takes (token, { dictionary, usesDtcg })"))
			}
			d := e.dictOf(opts.Get("dictionary"))
			return e.rt.ToValue(fn(t.t, d, opts.Get("usesDtcg") != nil && opts.Get("usesDtcg").ToBoolean()))
		}).(*goja.Object)
		e.builtinRefs[f] = fn
		_ = u.Set(name, f)
	}
	_ = e.rt.Set("__tokengenUtils", u)
}

func (e *engine) dictOf(v goja.Value) *tokenbuild.Dictionary {
	if v != nil {
		if d, ok := v.Export().(*dictObj); ok {
			return d.d
		}
	}
	panic(e.rt.NewTypeError("dictionary must be the dictionary a format receives"))
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
func (e *engine) utilFileHeader(call goja.FunctionCall) goja.Value {
	o := argObject(call)
	args := e.current
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
		if f, ok := e.fromJS(v).(*tokenbuild.Object); ok {
			formatting = f
		}
	}
	s, err := builtin.FileHeader(args, style, formatting)
	if err != nil {
		panic(e.rt.NewGoError(err))
	}
	p, resolve, _ := e.rt.NewPromise()
	_ = resolve(s)
	return e.rt.ToValue(p)
}

// utilFormattedVariables is formattedVariables({ format, dictionary,
// outputReferences, outputReferenceFallbacks, formatting, themeable,
// usesDtcg, sort }).
func (e *engine) utilFormattedVariables(call goja.FunctionCall) goja.Value {
	o := argObject(call)
	opts := builtin.FormattedVariablesOptions{}
	opts.Dictionary = e.dictOf(get(o, "dictionary"))
	if v := get(o, "format"); v != nil {
		opts.Format = v.String()
	}
	if v := get(o, "outputReferences"); v != nil {
		opts.OutputReferences = e.outputReferences(v, false)
	}
	if v := get(o, "outputReferenceFallbacks"); v != nil {
		opts.OutputReferenceFallbacks = v.ToBoolean()
	}
	if v := get(o, "formatting"); v != nil {
		opts.Formatting, _ = e.fromJS(v).(*tokenbuild.Object)
	}
	if v := get(o, "themeable"); v != nil {
		opts.Themeable = e.fromJS(v)
	}
	if v := get(o, "usesDtcg"); v != nil {
		opts.UsesDtcg = v.ToBoolean()
	}
	if v := get(o, "sort"); v != nil {
		opts.Sort = e.fromJS(v)
	}
	if e.current != nil {
		opts.Warn = e.current.Warn
	}
	s, err := builtin.FormattedVariables(opts)
	if err != nil {
		panic(e.rt.NewGoError(err))
	}
	return e.rt.ToValue(s)
}

// outputReferences is an outputReferences option value for Go: a bool, the
// Go helper behind a utils function, a Go function handed through, or an
// adapter of a JavaScript function. locked says whether the adapter must
// take the runtime's lock (it is called by the engine) or already holds
// it (it is called from JavaScript, through formattedVariables).
func (e *engine) outputReferences(v goja.Value, locked bool) any {
	o, ok := v.(*goja.Object)
	if !ok {
		return v.ToBoolean()
	}
	if fn, ok := e.builtinRefs[o]; ok {
		return fn
	}
	if fn, ok := o.Export().(tokenbuild.OutputReferencesFunc); ok {
		return fn
	}
	fn, ok := goja.AssertFunction(o)
	if !ok {
		return true
	}
	return tokenbuild.OutputReferencesFunc(func(t *tokenbuild.Token, d *tokenbuild.Dictionary, usesDtcg bool) bool {
		if locked {
			e.mu.Lock()
			defer e.mu.Unlock()
		}
		arg := e.rt.NewObject()
		_ = arg.Set("dictionary", e.dictionary(d))
		_ = arg.Set("usesDtcg", usesDtcg)
		r, err := fn(goja.Undefined(), e.token(t), arg)
		if err != nil {
			panic(err)
		}
		return r.ToBoolean()
	})
}
