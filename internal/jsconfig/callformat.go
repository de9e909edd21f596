package jsconfig

import (
	"context"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/tokenbuild"
)

// builtinFormats are the built-in formats by name, for
// StyleDictionary.hooks.formats[name](args).
var builtinFormats = sync.OnceValue(func() map[string]tokenbuild.Format {
	m := map[string]tokenbuild.Format{}
	for _, f := range builtin.Formats() {
		m[f.Name] = f
	}
	return m
})

// callBuiltinFormat runs a built-in format from JavaScript, as custom
// formats do to wrap one (`await StyleDictionary.hooks.formats['css/variables'](args)`),
// often with args changed: a dictionary of other tokens
// (`{ ...dictionary, allTokens: some }`), other options. What args do not
// change comes from the format being run (hookAdapters.current), when
// there is one.
func (m *styleDictionaryModule) callBuiltinFormat(name string, argv goja.Value) goja.Value {
	rt := m.e.rt
	f, ok := builtinFormats()[name]
	if !ok {
		panic(rt.NewTypeError("no built-in format %q", name))
	}
	args, _ := argv.(*goja.Object)
	if args == nil {
		panic(rt.NewTypeError("format %q takes ({ dictionary, platform, file, options })", name))
	}
	fa := &tokenbuild.FormatArgs{Platform: &tokenbuild.Platform{}, File: &tokenbuild.File{Format: name}, Options: tokenbuild.Options{}}
	if m.e.adapters.current != nil {
		c := *m.e.adapters.current
		fa = &c
	}
	if fa.Warn == nil {
		fa.Warn = func(tokenbuild.Warning) {}
	}
	fa.Dictionary = m.e.proxies.dictFromJS(get(args, "dictionary"), fa.Dictionary)
	if o, ok := get(args, "options").(*goja.Object); ok {
		opts := make(tokenbuild.Options, len(fa.Options))
		for k, v := range fa.Options {
			opts[k] = v
		}
		for _, k := range o.Keys() {
			v := o.Get(k)
			if _, isFn := goja.AssertFunction(v); isFn {
				switch k {
				case "outputReferences":
					setFuncOption(opts, k, m.outputReferences(v, false), v)
				case "fileHeader":
					setFuncOption(opts, k, m.e.adapters.fileHeaderFunc(k, v), v)
				}
				continue
			}
			opts[k] = m.e.fromJS(v)
			delete(opts, jsOptionKey(k))
		}
		fa.Options = opts
	}
	if o, ok := get(args, "file").(*goja.Object); ok {
		if d := get(o, "destination"); d != nil && !goja.IsUndefined(d) {
			file := *fa.File
			file.Destination = d.String()
			fa.File = &file
		}
	}
	var text string
	var err error
	fa = withHeldLock(fa)
	if f.Format != nil {
		text, err = f.Format(context.Background(), fa)
	} else {
		var b strings.Builder
		err = f.Write(context.Background(), fa, &b)
		text = b.String()
	}
	if err != nil {
		panic(rt.NewGoError(err))
	}
	return rt.ToValue(text)
}
