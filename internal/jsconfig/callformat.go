package jsconfig

import (
	"context"
	"strconv"
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
// change comes from the format being run (e.adapters.current), when there is one.
func (e *engine) callBuiltinFormat(name string, argv goja.Value) goja.Value {
	rt := e.rt
	f, ok := builtinFormats()[name]
	if !ok {
		panic(rt.NewTypeError("no built-in format %q", name))
	}
	args, _ := argv.(*goja.Object)
	if args == nil {
		panic(rt.NewTypeError("format %q takes ({ dictionary, platform, file, options })", name))
	}
	fa := &tokenbuild.FormatArgs{Platform: &tokenbuild.Platform{}, File: &tokenbuild.File{Format: name}, Options: tokenbuild.Options{}}
	if e.adapters.current != nil {
		c := *e.adapters.current
		fa = &c
	}
	if fa.Warn == nil {
		fa.Warn = func(tokenbuild.Warning) {}
	}
	fa.Dictionary = e.dictFromJS(get(args, "dictionary"), fa.Dictionary)
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
					setFuncOption(opts, k, e.outputReferences(v, false), v)
				case "fileHeader":
					setFuncOption(opts, k, e.adapters.fileHeaderFunc(k, v), v)
				}
				continue
			}
			opts[k] = e.fromJS(v)
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

// dictFromJS is the dictionary a built-in format is given from
// JavaScript: a dictionary tokengen made, as it is, or an object made of
// one with other tokens, read from its allTokens (base gives what it
// leaves out).
func (e *engine) dictFromJS(v goja.Value, base *tokenbuild.Dictionary) *tokenbuild.Dictionary {
	o, ok := v.(*goja.Object)
	if !ok {
		if base != nil {
			return base
		}
		panic(e.rt.NewTypeError("a format needs a dictionary"))
	}
	if d, ok := o.Export().(*dictObj); ok {
		if _, set := d.cache["allTokens"]; !set {
			return d.d
		}
	}
	all := e.tokensFromJS(o.Get("allTokens"))
	var unf []*tokenbuild.Token
	if u := get(o, "unfilteredAllTokens"); u != nil {
		unf = e.tokensFromJS(u)
	} else if base != nil {
		unf = base.UnfilteredAllTokens
	}
	if unf == nil {
		unf = all
	}
	d := &tokenbuild.Dictionary{AllTokens: all, TokenMap: tokenbuild.IndexTokens(all),
		UnfilteredAllTokens: unf, UnfilteredTokenMap: tokenbuild.IndexTokens(unf)}
	d.DeferTrees(func() *tokenbuild.Object { return tokenbuild.TreeOf(all) }, func() *tokenbuild.Object { return tokenbuild.TreeOf(unf) })
	return d
}

func (e *engine) tokensFromJS(v goja.Value) []*tokenbuild.Token {
	o, ok := v.(*goja.Object)
	if !ok || o.ClassName() != "Array" {
		panic(e.rt.NewTypeError("dictionary.allTokens must be an array of tokens"))
	}
	n := int(o.Get("length").ToInteger())
	out := make([]*tokenbuild.Token, 0, n)
	for i := range n {
		if t := e.tokenFromJS(o.Get(strconv.Itoa(i))); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// tokenFromJS is a token of the engine's, with what JavaScript changed in
// it, or one made from a plain object ({ ...token, $value: x }).
func (e *engine) tokenFromJS(v goja.Value) *tokenbuild.Token {
	o, ok := v.(*goja.Object)
	if !ok {
		return nil
	}
	if p, ok := o.Export().(*tokenObj); ok {
		return p.current()
	}
	t := &tokenbuild.Token{Props: tokenbuild.NewObject(), DTCG: get(o, "$value") != nil}
	for _, k := range o.Keys() {
		e.setTokenKey(t, k, o.Get(k))
	}
	return t
}

// setTokenKey sets a token's key k as JavaScript sees the token.
func (e *engine) setTokenKey(t *tokenbuild.Token, k string, v goja.Value) {
	val := e.fromJS(v)
	switch k {
	case "key":
		t.Key, _ = val.(string)
	case "name":
		t.Name, _ = val.(string)
	case "path":
		t.Path = nil
		list, _ := val.([]any)
		for _, s := range list {
			str, _ := s.(string)
			t.Path = append(t.Path, str)
		}
	case "attributes":
		t.Attributes, _ = val.(*tokenbuild.Object)
	case "original":
		if w, ok := val.(*tokenbuild.Object); ok {
			t.WrittenProps = w
		}
	case "filePath":
		t.FilePath, _ = val.(string)
		t.SetProp(k, val)
	case "isSource":
		t.IsSource, _ = val.(bool)
		t.SetProp(k, val)
	default:
		if k == t.ValueKey() {
			t.Value = val
		}
		if k == t.TypeKey() {
			t.Type, _ = val.(string)
		}
		t.SetProp(k, val)
	}
}
