package jsconfig

import (
	"errors"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/tokenbuild"
)

// styleDictionaryModule is the Go side of the `style-dictionary` module
// (its StyleDictionary.hooks built-ins, builtins.go and callformat.go) and
// of `style-dictionary/utils` (utils.go): the built-in hooks and helpers
// stay Go, and JavaScript reaches them through functions that convert
// their arguments and results.
type styleDictionaryModule struct {
	e *engine
	// builtinFns are the functions StyleDictionary.hooks.transforms gives
	// for the built-in transforms and their filters, by the transform
	// they stand for: a config's transform made of them is the Go one
	// (hookAdapters.fromBuiltin).
	builtinFns map[*goja.Object]*tokenbuild.Transform
	// builtinRefs maps the utils' outputReferences helpers to Go.
	builtinRefs map[*goja.Object]any
}

// installBuiltins gives the style-dictionary module the names of the
// built-in hooks (globalThis.__tokengenBuiltins), for
// StyleDictionary.hooks: scripts and configs read it to build on the
// built-ins (`[...StyleDictionary.hooks.transformGroups.css, 'mine']`,
// `Object.keys(StyleDictionary.hooks.formats)`). The hooks themselves stay
// Go; the module stands a marker in for each one and leaves the markers
// out of the hooks it hands back to Go. A format's marker runs the Go
// format (callBuiltinFormat), as custom formats call built-in ones.
func (m *styleDictionaryModule) installBuiltins() {
	rt := m.e.rt
	h := builtin.Hooks()
	// Each built-in transform is { type, transitive, filter, transform }
	// as the reference's are, its functions running the Go transform and
	// filter: scripts call them (name/kebab on a token of their own) and
	// spread them into transforms of their own with another filter.
	transforms := rt.NewObject()
	for i := range h.Transforms {
		t := &h.Transforms[i]
		o := rt.NewObject()
		_ = o.Set("type", string(t.Type))
		if t.Transitive { // the reference's built-ins have the key only then
			_ = o.Set("transitive", true)
		}
		if t.Filter != nil {
			f := rt.ToValue(func(call goja.FunctionCall) goja.Value {
				ok, err := t.Filter(m.e.proxies.tokenFromJS(call.Argument(0)), m.optionsFromJS(call.Argument(1)))
				if err != nil {
					panic(rt.NewGoError(err))
				}
				return rt.ToValue(ok)
			}).(*goja.Object)
			m.builtinFns[f] = t
			_ = o.Set("filter", f)
		}
		fn := rt.ToValue(func(call goja.FunctionCall) goja.Value {
			return m.callBuiltinTransform(t, call.Argument(0), call.Argument(1), call.Argument(2))
		}).(*goja.Object)
		m.builtinFns[fn] = t
		_ = o.Set("transform", fn)
		_ = transforms.Set(t.Name, o)
	}
	groups := rt.NewObject()
	for _, g := range h.TransformGroups {
		_ = groups.Set(g.Name, toAny(g.Transforms))
	}
	names := func(n int, name func(int) string) goja.Value {
		out := make([]any, n)
		for i := range n {
			out[i] = name(i)
		}
		return rt.NewArray(out...)
	}
	o := rt.NewObject()
	_ = o.Set("transforms", transforms)
	_ = o.Set("transformGroups", groups)
	_ = o.Set("formats", names(len(h.Formats), func(i int) string { return h.Formats[i].Name }))
	_ = o.Set("filters", names(len(h.Filters), func(i int) string { return h.Filters[i].Name }))
	_ = o.Set("actions", names(len(h.Actions), func(i int) string { return h.Actions[i].Name }))
	_ = o.Set("fileHeaders", names(len(h.FileHeaders), func(i int) string { return h.FileHeaders[i].Name }))
	_ = o.Set("preprocessors", names(len(h.Preprocessors), func(i int) string { return h.Preprocessors[i].Name }))
	_ = o.Set("parsers", names(len(h.Parsers), func(i int) string { return h.Parsers[i].Name }))
	_ = o.Set("callFormat", m.callBuiltinFormat)
	filters := map[string]tokenbuild.FilterFunc{}
	for _, f := range h.Filters {
		filters[f.Name] = f.Filter
	}
	_ = o.Set("callFilter", func(name string, token, options goja.Value) bool {
		f, ok := filters[name]
		if !ok {
			panic(rt.NewTypeError("no built-in filter %q", name))
		}
		keep, err := f(m.e.proxies.tokenFromJS(token), m.optionsFromJS(options))
		if err != nil {
			panic(rt.NewGoError(err))
		}
		return keep
	})
	_ = rt.Set("__tokengenBuiltins", o)
}

// callBuiltinTransform runs a built-in transform on a token JavaScript
// gives (one of the engine's, changed or not, or an object such as
// { path: [...] }), with the platform and options it gives.
func (m *styleDictionaryModule) callBuiltinTransform(t *tokenbuild.Transform, token, platform, options goja.Value) goja.Value {
	rt := m.e.rt
	tok := m.e.proxies.tokenFromJS(token)
	if tok == nil {
		panic(rt.NewTypeError("transform %q takes a token", t.Name))
	}
	p := &tokenbuild.Platform{}
	if o, ok := platform.(*goja.Object); ok {
		if v := get(o, "prefix"); v != nil {
			p.Prefix = v.String()
		}
		if v := get(o, "basePxFontSize"); v != nil {
			p.BasePxFontSize = v.ToFloat()
		}
		p.Options = m.optionsFromJS(get(o, "options"))
	}
	args := &tokenbuild.TransformArgs{Platform: p, Options: m.optionsFromJS(options), Warn: func(tokenbuild.Warning) {}}
	var v any
	var err error
	switch t.Type {
	case tokenbuild.NameTransform:
		v, err = t.TransformName(tok, args)
	case tokenbuild.ValueTransform:
		v, err = t.TransformValue(tok, args)
		if errors.Is(err, tokenbuild.ErrDefer) {
			return goja.Undefined()
		}
	case tokenbuild.AttributeTransform:
		v, err = t.TransformAttributes(tok, args)
	}
	if err != nil {
		panic(rt.NewGoError(err))
	}
	return m.e.toJS(v)
}

// optionsFromJS is a JavaScript options object as Go options.
func (m *styleDictionaryModule) optionsFromJS(v goja.Value) tokenbuild.Options {
	opts := tokenbuild.Options{}
	if o, ok := m.e.fromJS(v).(*tokenbuild.Object); ok {
		o.Range(func(k string, x any) bool {
			opts[k] = x
			return true
		})
	}
	return opts
}
