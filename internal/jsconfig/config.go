package jsconfig

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/inputfile"
	"github.com/tokengen/tokengen/tokenbuild"
)

// config converts the exported config object: its data through the JSON
// config decoder (the same checks and messages as config.json), its
// functions into hooks.
func (e *engine) config(obj *goja.Object, path string) (*tokenbuild.Config, error) {
	cfg, _, err := e.configScoped(obj, path)
	return cfg, err
}

// configScoped is config, with the scope its hooks read, for hooks that
// come later (a build script's instance whose hooks change after it was
// made).
func (e *engine) configScoped(obj *goja.Object, path string) (cfg *tokenbuild.Config, sc *scope, err error) {
	// A config that contains itself or nests too deep (convert.go).
	defer func() {
		if cerr := recovered(recover()); cerr != nil {
			cfg, sc, err = nil, nil, &tokenbuild.Diagnostic{File: path, Msg: cerr.Error()}
		}
	}()
	funcs := map[string]goja.Value{}
	data := tokenbuild.NewObject()
	for _, k := range obj.Keys() {
		v := obj.Get(k)
		// A key set to undefined is absent, as the reference reads it
		// (extend gives usesDtcg: undefined before tokens say).
		if k == "hooks" || v == nil || goja.IsUndefined(v) {
			continue
		}
		data.Set(k, e.data(k, v, funcs, nil))
	}
	// What this config's hooks read of it: a build script makes several
	// configs, and each one's hooks must see its own.
	sc = &scope{configObj: obj, written: map[string]*tokenbuild.Platform{}}
	cfg, err = decodeConfig(data, path)
	if err != nil {
		return nil, nil, err
	}
	var errs tokenbuild.ErrorList
	if h := get(obj, "hooks"); h != nil {
		hooks, err := e.adapters.hooks(h, sc)
		if err != nil {
			errs = append(errs, &tokenbuild.Diagnostic{File: path, Msg: err.Error()})
		}
		cfg.Hooks = hooks
	}
	// Put the functions back where the decoder saw null.
	for i := range cfg.Platforms {
		p := &cfg.Platforms[i]
		sc.written[p.Name] = p
		at := "platforms." + p.Name
		e.optionFuncs(at+".options", p.Options, funcs)
		for j := range p.Files {
			f := &p.Files[j]
			fat := fmt.Sprintf("%s.files[%d]", at, j)
			if fn, ok := funcs[fat+".filter"]; ok {
				delete(funcs, fat+".filter")
				f.Filter = ""
				f.FilterFunc = e.adapters.filterFunc(fat+".filter", fn)
			}
			e.optionFuncs(fat+".options", f.Options, funcs)
		}
	}
	// A function kept under a key of the project's own (a helper beside
	// the config) is no hook: the reference ignores it, and so does the
	// build; the key is listed with the other unknown keys (--verbose).
	ownKey := func(at string) {
		for fn := range funcs {
			if fn == at || strings.HasPrefix(fn, at+".") || strings.HasPrefix(fn, at+"[") {
				delete(funcs, fn)
			}
		}
	}
	for k := range cfg.Extra {
		ownKey(k)
	}
	for _, p := range cfg.Platforms {
		at := "platforms." + p.Name
		for k := range p.Extra {
			ownKey(at + "." + k)
		}
		for j, f := range p.Files {
			for k := range f.Extra {
				ownKey(fmt.Sprintf("%s.files[%d].%s", at, j, k))
			}
		}
	}
	left := make([]string, 0, len(funcs))
	for at := range funcs {
		if !readsConfigKey(at) {
			continue // a key of the user's own (themes, makeThemeConfig): the reference ignores it
		}
		left = append(left, at)
	}
	sort.Strings(left)
	for _, at := range left {
		errs = append(errs, &tokenbuild.Diagnostic{File: path, Path: at,
			Msg: at + ": a function is not supported here by tokengen yet"})
	}
	if err := errs.Err(); err != nil {
		return nil, nil, err
	}
	return cfg, sc, nil
}

// optionFuncs sets the function-valued format options (outputReferences,
// fileHeader, sort) of opts from funcs.
func (e *engine) optionFuncs(at string, opts tokenbuild.Options, funcs map[string]goja.Value) {
	for k := range opts {
		key := at + "." + k
		fn, ok := funcs[key]
		if !ok {
			continue
		}
		switch k {
		case "outputReferences":
			setFuncOption(opts, k, e.sd.outputReferences(fn, true), fn)
		case "fileHeader":
			setFuncOption(opts, k, e.adapters.fileHeaderFunc(key, fn), fn)
		case "sort":
			call, _ := goja.AssertFunction(fn)
			setFuncOption(opts, k, e.adapters.sortFunc(key, call), fn)
		default:
			continue
		}
		delete(funcs, key)
	}
}

// data converts a config value, recording its functions by key path in
// funcs and leaving null in their place. A file's function filter is
// left as an empty filter name (null is not a valid filter).
func (e *engine) data(at string, v goja.Value, funcs map[string]goja.Value, within *ancestors) any {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil
	}
	o, ok := v.(*goja.Object)
	if !ok {
		return e.fromJS(v)
	}
	if _, ok := goja.AssertFunction(o); ok {
		funcs[at] = o
		if strings.HasSuffix(at, "].filter") {
			return ""
		}
		return nil
	}
	within = e.enter(within, o)
	defer within.leave(o)
	if o.ClassName() == "Array" {
		n := e.arrayLength(o)
		out := make([]any, n)
		for i := range n {
			out[i] = e.data(fmt.Sprintf("%s[%d]", at, i), o.Get(fmt.Sprint(i)), funcs, within)
		}
		return out
	}
	obj := tokenbuild.NewObject()
	for _, k := range o.Keys() {
		obj.Set(k, e.data(at+"."+k, o.Get(k), funcs, within))
	}
	return obj
}

// readsConfigKey reports whether the reference reads the config key
// path at starts with: a config may carry keys of its own (a theme list,
// a function making configs), which the reference copies onto the
// instance and otherwise ignores, functions included.
func readsConfigKey(at string) bool {
	top, _, _ := strings.Cut(at, ".")
	top, _, _ = strings.Cut(top, "[")
	switch top {
	case "log", "source", "include", "tokens", "expand", "platforms", "parsers", "preprocessors", "usesDtcg", "resolver", "hooks":
		return true
	}
	return false
}

// parser adapts { pattern: RegExp, parser: ({ contents, filePath }) => tokens }.
// The pattern is compiled by Go's regexp package: its source and the i, m
// and s flags carry over; a pattern Go cannot compile is an error here.
func (e *engine) parser(at, name string, v goja.Value) (tokenbuild.Parser, error) {
	p := tokenbuild.Parser{Name: name}
	o, ok := v.(*goja.Object)
	if !ok {
		return p, fmt.Errorf("%s: must be an object with pattern and parser", at)
	}
	fn, ok := goja.AssertFunction(o.Get("parser"))
	if !ok {
		return p, fmt.Errorf("%s.parser: must be a function", at)
	}
	pat, ok := get(o, "pattern").(*goja.Object)
	if !ok || pat.ClassName() != "RegExp" {
		return p, fmt.Errorf("%s.pattern: must be a regular expression", at)
	}
	src := pat.Get("source").String()
	flags := ""
	for _, f := range pat.Get("flags").String() {
		if strings.ContainsRune("ims", f) {
			flags += string(f)
		}
	}
	if flags != "" {
		src = "(?" + flags + ")" + src
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return p, fmt.Errorf("%s.pattern: tokengen cannot use this regular expression: %v", at, err)
	}
	p.Pattern = re
	p.Parse = func(contents []byte, filePath string) (*tokenbuild.Object, error) {
		e.lock()
		defer e.unlock()
		arg := e.rt.NewObject()
		_ = arg.Set("contents", string(contents))
		_ = arg.Set("filePath", filePath)
		r, err := fn(goja.Undefined(), arg)
		if err == nil {
			r, err = e.await(r)
		}
		if err != nil {
			return nil, e.hookError(err)
		}
		v, err := e.convert(r)
		if err != nil {
			return nil, err
		}
		switch out := v.(type) {
		case *tokenbuild.Object:
			return out, nil
		case []any:
			// merged as the reference merges an array: keys "0", "1", ...
			return inputfile.ArrayAsGroup(out), nil
		}
		return nil, errors.New("must return an object of tokens")
	}
	return p, nil
}
