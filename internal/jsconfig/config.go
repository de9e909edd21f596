package jsconfig

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
		hooks, err := e.hooks(h, sc)
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
				f.FilterFunc = e.filterFunc(fat+".filter", fn)
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
			setFuncOption(opts, k, e.outputReferences(fn, true), fn)
		case "fileHeader":
			setFuncOption(opts, k, e.fileHeaderFunc(key, fn), fn)
		case "sort":
			call, _ := goja.AssertFunction(fn)
			setFuncOption(opts, k, e.sortFunc(key, call), fn)
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

// hooks converts the config's inline hooks into Go hooks.
// scope is what a config's hooks read of the config they came with.
type scope struct {
	configObj goja.Value // a global preprocessor's options
	// written are the platforms as the config gives them: actions get
	// one whose buildPath the engine made absolute, and JavaScript sees
	// the buildPath the user wrote, as in the reference.
	written map[string]*tokenbuild.Platform
}

func (e *engine) hooks(v goja.Value, sc *scope) (tokenbuild.Hooks, error) {
	var h tokenbuild.Hooks
	var errs []error
	o, ok := v.(*goja.Object)
	if !ok {
		return h, errors.New("hooks: must be an object")
	}
	for _, kind := range o.Keys() {
		group, ok := o.Get(kind).(*goja.Object)
		if !ok {
			errs = append(errs, fmt.Errorf("hooks.%s: must be an object", kind))
			continue
		}
		for _, name := range group.Keys() {
			at := "hooks." + kind + "." + name
			val := group.Get(name)
			fn, isFn := goja.AssertFunction(val)
			var err error
			switch kind {
			case "transforms":
				var t tokenbuild.Transform
				if t, err = e.transform(at, name, val); err == nil {
					h.Transforms = append(h.Transforms, t)
				}
			case "transformGroups":
				list, _ := e.fromJS(val).([]any)
				g := tokenbuild.TransformGroup{Name: name}
				for _, x := range list {
					s, ok := x.(string)
					if !ok {
						err = fmt.Errorf("%s: must be an array of transform names", at)
					}
					g.Transforms = append(g.Transforms, s)
				}
				h.TransformGroups = append(h.TransformGroups, g)
			case "formats":
				// hooks.formats.NAME may also be { format: fn }
				if fn, isFn = functionOrField(val, "format"); !isFn {
					err = fmt.Errorf("%s: must be a function", at)
					break
				}
				h.Formats = append(h.Formats, e.format(name, fn))
			case "filters":
				if !isFn {
					err = fmt.Errorf("%s: must be a function", at)
					break
				}
				h.Filters = append(h.Filters, tokenbuild.Filter{Name: name, Filter: e.filterFunc("", val)})
			case "fileHeaders":
				if !isFn {
					err = fmt.Errorf("%s: must be a function", at)
					break
				}
				h.FileHeaders = append(h.FileHeaders, tokenbuild.FileHeader{Name: name, FileHeader: e.fileHeaderFunc(name, val)})
			case "preprocessors":
				if p, ok := e.nativePreprocessor(name, val); ok {
					h.Preprocessors = append(h.Preprocessors, p)
					break
				}
				if !isFn {
					err = fmt.Errorf("%s: must be a function", at)
					break
				}
				h.Preprocessors = append(h.Preprocessors, e.preprocessor(name, fn, sc))
			case "parsers":
				var p tokenbuild.Parser
				if p, err = e.parser(at, name, val); err == nil {
					h.Parsers = append(h.Parsers, p)
				}
			case "sorts":
				// hooks.sorts.NAME: a comparator (a, b) => number, used by
				// name in a file's sort option, as the reference's next
				// release registers them; { sort: fn } is accepted too
				if fn, isFn = functionOrField(val, "sort"); !isFn {
					err = fmt.Errorf("%s: must be a function (a, b) => number", at)
					break
				}
				h.Sorts = append(h.Sorts, tokenbuild.Sort{Name: name, Sort: e.sortFunc(at, fn)})
			case "actions":
				var a tokenbuild.Action
				if a, err = e.action(at, name, val, sc); err == nil {
					h.Actions = append(h.Actions, a)
				}
			default:
				err = fmt.Errorf("%s: hooks.%s written in JavaScript are not supported by tokengen yet", at, kind)
			}
			if err != nil {
				errs = append(errs, err)
			}
		}
	}
	return h, errors.Join(errs...)
}

// transform adapts { type, transform, filter, transitive }. It is not
// declared Pure: a JavaScript function may read and keep anything.
func (e *engine) transform(at, name string, v goja.Value) (tokenbuild.Transform, error) {
	if t, ok := e.nativeTransform(name, v); ok {
		return t, nil
	}
	t := tokenbuild.Transform{Name: name}
	o, ok := v.(*goja.Object)
	if !ok {
		return t, fmt.Errorf("%s: must be an object with type and transform", at)
	}
	if bt, ok := e.builtinFns[asObject(o.Get("transform"))]; ok {
		return e.fromBuiltin(at, name, o, bt)
	}
	fn, ok := goja.AssertFunction(o.Get("transform"))
	if !ok {
		return t, fmt.Errorf("%s.transform: must be a function", at)
	}
	if f := get(o, "filter"); f != nil {
		if _, ok := goja.AssertFunction(f); !ok {
			return t, fmt.Errorf("%s.filter: must be a function", at)
		}
		t.Filter = e.transformFilter(f)
	}
	if tv := get(o, "transitive"); tv != nil {
		t.Transitive = tv.ToBoolean()
	}
	typ := ""
	if tv := get(o, "type"); tv != nil {
		typ = tv.String()
	}
	// callLocked runs the transform; the caller holds the lock, so that
	// converting the result takes no second turn of it (one call per
	// token and platform: the lock's checks cost as much as a short
	// transform).
	callLocked := func(tok *tokenbuild.Token, args *tokenbuild.TransformArgs) (goja.Value, error) {
		opts := e.hookOptions(args.Options)
		// The platform's own token: what the transform writes on it stays
		// for the later transforms and the platform's formats (proxy.go).
		defer e.syncLive()
		r, err := fn(goja.Undefined(), e.liveToken(tok), e.platform(args.Platform), opts)
		if err == nil {
			r, err = e.await(r)
		}
		if err != nil {
			// The engine names the transform and the token.
			return nil, e.hookError(err)
		}
		return r, nil
	}
	switch typ {
	case "name":
		t.Type = tokenbuild.NameTransform
		t.TransformName = func(tok *tokenbuild.Token, args *tokenbuild.TransformArgs) (string, error) {
			e.lock()
			defer e.unlock()
			r, err := callLocked(tok, args)
			if err != nil {
				return "", err
			}
			return r.String(), nil
		}
	case "value":
		t.Type = tokenbuild.ValueTransform
		t.TransformValue = func(tok *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error) {
			e.lock()
			defer e.unlock()
			r, err := callLocked(tok, args)
			if err != nil {
				return nil, err
			}
			if goja.IsUndefined(r) {
				return nil, tokenbuild.ErrDefer
			}
			v, err := e.convert(r)
			if err != nil {
				return nil, buildStop{err}
			}
			return v, nil
		}
	case "attribute":
		t.Type = tokenbuild.AttributeTransform
		t.TransformAttributes = func(tok *tokenbuild.Token, args *tokenbuild.TransformArgs) (*tokenbuild.Object, error) {
			e.lock()
			defer e.unlock()
			r, err := callLocked(tok, args)
			if err != nil {
				return nil, err
			}
			v, err := e.convert(r)
			if err != nil {
				return nil, buildStop{err}
			}
			a, _ := v.(*tokenbuild.Object)
			if a == nil {
				a = tokenbuild.NewObject()
			}
			return a, nil
		}
	default:
		return t, fmt.Errorf("%s.type: must be \"name\", \"value\" or \"attribute\"", at)
	}
	return t, nil
}

func asObject(v goja.Value) *goja.Object {
	o, _ := v.(*goja.Object)
	return o
}

// fromBuiltin is a transform made of a built-in's function
// ({ ...StyleDictionary.hooks.transforms['size/rem'], filter }): the Go
// transform under this name, with the filter and transitivity given (a
// built-in's filter stays Go). A JavaScript filter may read anything, so
// the transform no longer declares Pure or IgnoresAttributes.
func (e *engine) fromBuiltin(at, name string, o *goja.Object, bt *tokenbuild.Transform) (tokenbuild.Transform, error) {
	t := *bt
	t.Name = name
	t.Filter = nil
	if f := get(o, "filter"); f != nil {
		if fb, ok := e.builtinFns[asObject(f)]; ok {
			t.Filter = fb.Filter
		} else if _, ok := goja.AssertFunction(f); ok {
			t.Filter = e.transformFilter(f)
			t.Pure, t.IgnoresAttributes = false, false
		} else {
			return t, fmt.Errorf("%s.filter: must be a function", at)
		}
	}
	t.Transitive = false
	if tv := get(o, "transitive"); tv != nil {
		t.Transitive = tv.ToBoolean()
	}
	return t, nil
}

// platform is the platform config as JavaScript sees it, made once per
// platform.
func (e *engine) platform(p *tokenbuild.Platform) goja.Value {
	if p == nil {
		return goja.Undefined()
	}
	if v, ok := e.platforms[p]; ok {
		return v
	}
	o := tokenbuild.NewObject()
	for k, v := range p.Extra {
		o.Set(k, v)
	}
	if p.TransformGroup != "" {
		o.Set("transformGroup", p.TransformGroup)
	}
	if p.Transforms != nil {
		o.Set("transforms", toAny(p.Transforms))
	}
	if p.Prefix != "" {
		o.Set("prefix", p.Prefix)
	}
	if p.BuildPath != "" {
		o.Set("buildPath", p.BuildPath)
	}
	if p.BasePxFontSize != 0 {
		o.Set("basePxFontSize", p.BasePxFontSize)
	}
	v := e.toJS(o)
	if p.Options != nil {
		_ = v.(*goja.Object).Set("options", e.toJS(p.Options))
	}
	if p.Files != nil {
		// actions read platform.files (to list what they wrote)
		files := make([]any, len(p.Files))
		for i := range p.Files {
			files[i] = e.file(&p.Files[i])
		}
		_ = v.(*goja.Object).Set("files", e.rt.NewArray(files...))
	}
	if p.Actions != nil {
		_ = v.(*goja.Object).Set("actions", e.toJS(p.Actions))
	}
	e.platforms[p] = v
	return v
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// filterFunc adapts a JavaScript filter (token, options) => boolean. The
// engine names a named filter and the token in its errors; at, when set,
// names a file's function filter by its place in the config. A file's
// filter keeps what it writes on its token to itself (see tokenObj).
func (e *engine) filterFunc(at string, v goja.Value) tokenbuild.FilterFunc {
	return e.filterAdapter(at, v, false)
}

// transformFilter adapts a transform's filter: it gets the platform's own
// token, and what it writes there stays, as in the reference, where the
// filter and the transform get the same token object.
func (e *engine) transformFilter(v goja.Value) tokenbuild.FilterFunc {
	return e.filterAdapter("", v, true)
}

// filterAdapter is filterFunc (live false) or transformFilter (live
// true).
func (e *engine) filterAdapter(at string, v goja.Value, live bool) tokenbuild.FilterFunc {
	fn, _ := goja.AssertFunction(v)
	return func(t *tokenbuild.Token, opts tokenbuild.Options) (bool, error) {
		e.lock()
		defer e.unlock()
		tok := e.token
		if live {
			tok = e.liveToken
			defer e.syncLive()
		}
		r, err := fn(goja.Undefined(), tok(t), e.hookOptions(opts))
		if err == nil {
			r, err = e.await(r)
		}
		if err != nil {
			if at != "" {
				return false, e.hookError(err, fmt.Sprintf("%s: %s", at, e.describe(err)))
			}
			return false, e.hookError(err)
		}
		return r.ToBoolean(), nil
	}
}

// hookOptions is opts as a transform or filter sees them, converted once
// per options map: the engine gives the same map for every token of a
// platform (transforms and their filters) or of a file (file filters),
// and converting it per token cost a tenth of a 50,000-token build. As
// in the reference, a platform's transforms and filters share one
// object. The maps are kept (so that no other map takes their address)
// until there are many.
func (e *engine) hookOptions(opts tokenbuild.Options) goja.Value {
	if opts == nil {
		return e.toJS(opts)
	}
	key := reflect.ValueOf(opts).Pointer()
	cache := e.proxies.options
	if c, ok := cache[key]; ok {
		return c.js
	}
	if cache == nil || len(cache) >= 256 {
		cache = map[uintptr]convertedOptions{}
		e.proxies.options = cache
	}
	v := e.toJS(opts)
	cache[key] = convertedOptions{opts: opts, js: v}
	return v
}

// fileHeaderFunc adapts (defaultMessages, options) => string[] (or a promise of it).
func (e *engine) fileHeaderFunc(name string, v goja.Value) tokenbuild.FileHeaderFunc {
	fn, _ := goja.AssertFunction(v)
	return func(lines []string, o tokenbuild.Options) ([]string, error) {
		// A file header is called by a format: a Go format the engine
		// runs, or one that JavaScript calls (the runtime's lock held
		// then, which the options say: see heldLockOption).
		if _, held := o[heldLockOption].(heldLock); !held {
			e.lock()
			defer e.unlock()
		}
		r, err := fn(goja.Undefined(), e.toJS(lines), e.toJS(o))
		if err == nil {
			r, err = e.await(r)
		}
		if err != nil {
			return nil, e.hookError(err, fmt.Sprintf("file header %q threw: %s", name, e.describe(err)))
		}
		v, err := e.convert(r)
		if err != nil {
			return nil, fmt.Errorf("file header %q: %v", name, err)
		}
		list, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("file header %q must return an array of strings", name)
		}
		out := make([]string, len(list))
		for i, x := range list {
			out[i] = fmt.Sprint(x)
		}
		return out, nil
	}
}

// format adapts ({ dictionary, platform, file, options }) => string (or a
// promise of it).
func (e *engine) format(name string, fn goja.Callable) tokenbuild.Format {
	return tokenbuild.Format{
		Name: name,
		Format: func(ctx context.Context, args *tokenbuild.FormatArgs) (string, error) {
			e.lock()
			defer e.unlock()
			// The format being run, restored when it ends: an awaited
			// build inside it runs formats of its own meanwhile.
			prev := e.current
			e.current = args
			defer func() { e.current = prev }()
			arg := e.rt.NewObject()
			_ = arg.Set("dictionary", e.dictionary(args.Dictionary))
			_ = arg.Set("platform", e.formatPlatform(args.Platform))
			_ = arg.Set("file", e.file(args.File))
			_ = arg.Set("options", e.toJS(args.Options))
			r, err := fn(goja.Undefined(), arg)
			if err == nil {
				// A format may build other instances and await them,
				// as an action may (see awaitReleasing).
				r, err = e.awaitReleasing(ctx, r)
			}
			if err != nil {
				return "", e.hookError(err) // the engine names the format and the file
			}
			return formatOutput(r, args), nil
		},
	}
}

// formatPlatform is the platform as a format sees it: a shallow copy of
// the platform object its transforms saw (and wrote to). The platform's
// files are formatted side by side, in no fixed order, so what one
// file's format writes on its platform stays with that format rather
// than reaching another file's only some of the time.
func (e *engine) formatPlatform(p *tokenbuild.Platform) goja.Value {
	o, ok := e.platform(p).(*goja.Object)
	if !ok {
		return goja.Undefined()
	}
	c := e.rt.NewObject()
	for _, k := range o.Keys() {
		_ = c.Set(k, o.Get(k))
	}
	return c
}

func (e *engine) file(f *tokenbuild.File) goja.Value {
	if f == nil {
		return goja.Undefined()
	}
	o := tokenbuild.NewObject()
	o.Set("destination", f.Destination)
	o.Set("format", f.Format)
	switch {
	case f.Filter != "":
		o.Set("filter", f.Filter)
	case f.FilterMatch != nil:
		o.Set("filter", f.FilterMatch)
	}
	v := e.toJS(o).(*goja.Object)
	if f.Options != nil {
		_ = v.Set("options", e.toJS(f.Options))
	}
	return v
}

// preprocessor adapts (tokens, options) => tokens (or a promise of them).
// options is the config for a global preprocessor, else the platform.
func (e *engine) preprocessor(name string, fn goja.Callable, sc *scope) tokenbuild.Preprocessor {
	return tokenbuild.Preprocessor{
		Name: name,
		Preprocess: func(tokens *tokenbuild.Object, p *tokenbuild.Platform) (*tokenbuild.Object, error) {
			e.lock()
			defer e.unlock()
			opts := sc.configObj
			if p != nil {
				opts = e.platform(p)
			}
			r, err := fn(goja.Undefined(), e.toJS(tokens), opts)
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
			out, ok := v.(*tokenbuild.Object)
			if !ok {
				return nil, errors.New("must return the token object")
			}
			return out, nil
		},
	}
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

// action adapts { do(dictionary, platform, options), undo(...) }. It is
// not Staged: JavaScript may do anything, so it runs once the files are
// in place, as in the reference.
func (e *engine) action(at, name string, v goja.Value, sc *scope) (tokenbuild.Action, error) {
	a := tokenbuild.Action{Name: name}
	o, ok := v.(*goja.Object)
	if !ok {
		return a, fmt.Errorf("%s: must be an object with do and undo", at)
	}
	wrap := func(key string) (func(context.Context, *tokenbuild.ActionArgs) error, error) {
		f := get(o, key)
		if f == nil {
			return func(context.Context, *tokenbuild.ActionArgs) error { return nil }, nil
		}
		fn, ok := goja.AssertFunction(f)
		if !ok {
			return nil, fmt.Errorf("%s.%s: must be a function", at, key)
		}
		return func(ctx context.Context, args *tokenbuild.ActionArgs) error {
			e.lock()
			defer e.unlock()
			p := args.Platform
			if p != nil {
				if w, ok := sc.written[p.Name]; ok {
					p = w
				}
			}
			r, err := fn(goja.Undefined(), e.dictionary(args.Dictionary), e.platform(p), e.toJS(args.Options))
			if err == nil {
				_, err = e.awaitReleasing(ctx, r)
			}
			if err != nil {
				return e.hookError(err)
			}
			return nil
		}, nil
	}
	var err error
	if a.Do, err = wrap("do"); err != nil {
		return a, err
	}
	if a.Undo, err = wrap("undo"); err != nil {
		return a, err
	}
	return a, nil
}

// sortFunc adapts a JavaScript comparator (a, b) => number, named by at
// in its errors: a sort option's function or a hooks.sorts entry. As
// Array.prototype.sort does, a result that is NaN counts as 0.
func (e *engine) sortFunc(at string, call goja.Callable) tokenbuild.SortFunc {
	return func(a, b *tokenbuild.Token) int {
		e.lock()
		defer e.unlock()
		r, err := call(goja.Undefined(), e.token(a), e.token(b))
		if err != nil {
			panic(e.hookError(err, fmt.Sprintf("sort %s: %s", at, e.describe(err))))
		}
		switch f := r.ToFloat(); {
		case f < 0:
			return -1
		case f > 0:
			return 1
		}
		return 0
	}
}

// functionOrField is val when it is a function, else val's field when
// that is one: hooks may be given as fn or as { field: fn }, as the
// register* calls take them.
func functionOrField(val goja.Value, field string) (goja.Callable, bool) {
	if fn, ok := goja.AssertFunction(val); ok {
		return fn, true
	}
	if vo, ok := val.(*goja.Object); ok {
		return goja.AssertFunction(vo.Get(field))
	}
	return nil, false
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

// formatOutput is the file a format's result makes, as the reference
// takes it: a string is the file; undefined or null writes no file, as
// an empty string does; anything else writes none either, saying so.
func formatOutput(r goja.Value, args *tokenbuild.FormatArgs) string {
	if r == nil || goja.IsUndefined(r) || goja.IsNull(r) {
		return ""
	}
	if s, ok := r.Export().(string); ok {
		return s
	}
	dest := args.File.Destination
	if args.Platform != nil {
		dest = showPath(filepath.Join(args.Platform.BuildPath, dest))
	}
	fmt.Fprintf(os.Stdout, "Content type of %s is not a string, so no file was created.\n", dest)
	return ""
}
