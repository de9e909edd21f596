package jsconfig

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"

	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/tokenbuild"
)

// hookAdapters make Go hooks (tokenbuild's transforms, filters, formats,
// file headers, preprocessors, actions, sorts) of a config's JavaScript
// functions: each adapter takes the runtime's lock, converts the engine's
// values for JavaScript, awaits what the function returns and converts
// it back.
type hookAdapters struct {
	e *engine
	// platforms are the platform objects JavaScript sees, made once per
	// platform (platform).
	platforms map[*tokenbuild.Platform]goja.Value
	// current is the FormatArgs of the format being run (fileHeader
	// reads its options); set while the runtime's lock is held.
	current *tokenbuild.FormatArgs
	// options are the options maps hooks were given, converted, by the
	// map's address (hookOptions).
	options map[uintptr]convertedOptions
}

type convertedOptions struct {
	opts tokenbuild.Options // keeps the map, and so its address, alive
	js   goja.Value
}

// scope is what a config's hooks read of the config they came with.
type scope struct {
	configObj goja.Value // a global preprocessor's options
	// written are the platforms as the config gives them: actions get
	// one whose buildPath the engine made absolute, and JavaScript sees
	// the buildPath the user wrote, as in the reference.
	written map[string]*tokenbuild.Platform
}

// hooks converts the config's inline hooks into Go hooks.
func (ha *hookAdapters) hooks(v goja.Value, sc *scope) (tokenbuild.Hooks, error) {
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
				if t, err = ha.transform(at, name, val); err == nil {
					h.Transforms = append(h.Transforms, t)
				}
			case "transformGroups":
				list, _ := ha.e.fromJS(val).([]any)
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
				h.Formats = append(h.Formats, ha.format(name, fn))
			case "filters":
				if !isFn {
					err = fmt.Errorf("%s: must be a function", at)
					break
				}
				h.Filters = append(h.Filters, tokenbuild.Filter{Name: name, Filter: ha.filterFunc("", val)})
			case "fileHeaders":
				if !isFn {
					err = fmt.Errorf("%s: must be a function", at)
					break
				}
				h.FileHeaders = append(h.FileHeaders, tokenbuild.FileHeader{Name: name, FileHeader: ha.fileHeaderFunc(name, val)})
			case "preprocessors":
				if p, ok := ha.e.studio.nativePreprocessor(name, val); ok {
					h.Preprocessors = append(h.Preprocessors, p)
					break
				}
				if !isFn {
					err = fmt.Errorf("%s: must be a function", at)
					break
				}
				h.Preprocessors = append(h.Preprocessors, ha.preprocessor(name, fn, sc))
			case "parsers":
				var p tokenbuild.Parser
				if p, err = ha.e.parser(at, name, val); err == nil {
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
				h.Sorts = append(h.Sorts, tokenbuild.Sort{Name: name, Sort: ha.sortFunc(at, fn)})
			case "actions":
				var a tokenbuild.Action
				if a, err = ha.action(at, name, val, sc); err == nil {
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
func (ha *hookAdapters) transform(at, name string, v goja.Value) (tokenbuild.Transform, error) {
	if t, ok := ha.e.studio.nativeTransform(name, v); ok {
		return t, nil
	}
	t := tokenbuild.Transform{Name: name}
	o, ok := v.(*goja.Object)
	if !ok {
		return t, fmt.Errorf("%s: must be an object with type and transform", at)
	}
	if bt, ok := ha.e.sd.builtinFns[asObject(o.Get("transform"))]; ok {
		return ha.fromBuiltin(at, name, o, bt)
	}
	fn, ok := goja.AssertFunction(o.Get("transform"))
	if !ok {
		return t, fmt.Errorf("%s.transform: must be a function", at)
	}
	if f := get(o, "filter"); f != nil {
		if _, ok := goja.AssertFunction(f); !ok {
			return t, fmt.Errorf("%s.filter: must be a function", at)
		}
		t.Filter = ha.transformFilter(f)
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
		opts := ha.hookOptions(args.Options)
		// The platform's own token: what the transform writes on it stays
		// for the later transforms and the platform's formats (proxy.go).
		defer ha.e.proxies.syncLive()
		r, err := fn(goja.Undefined(), ha.e.proxies.liveToken(tok), ha.platform(args.Platform), opts)
		if err == nil {
			r, err = ha.e.await(r)
		}
		if err != nil {
			// The engine names the transform and the token.
			return nil, ha.e.hookError(err)
		}
		return r, nil
	}
	switch typ {
	case "name":
		t.Type = tokenbuild.NameTransform
		t.TransformName = func(tok *tokenbuild.Token, args *tokenbuild.TransformArgs) (string, error) {
			ha.e.lock()
			defer ha.e.unlock()
			r, err := callLocked(tok, args)
			if err != nil {
				return "", err
			}
			return r.String(), nil
		}
	case "value":
		t.Type = tokenbuild.ValueTransform
		t.TransformValue = func(tok *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error) {
			ha.e.lock()
			defer ha.e.unlock()
			r, err := callLocked(tok, args)
			if err != nil {
				return nil, err
			}
			if goja.IsUndefined(r) {
				return nil, tokenbuild.ErrDefer
			}
			v, err := ha.e.convert(r)
			if err != nil {
				return nil, buildStop{err}
			}
			return v, nil
		}
	case "attribute":
		t.Type = tokenbuild.AttributeTransform
		t.TransformAttributes = func(tok *tokenbuild.Token, args *tokenbuild.TransformArgs) (*tokenbuild.Object, error) {
			ha.e.lock()
			defer ha.e.unlock()
			r, err := callLocked(tok, args)
			if err != nil {
				return nil, err
			}
			v, err := ha.e.convert(r)
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
func (ha *hookAdapters) fromBuiltin(at, name string, o *goja.Object, bt *tokenbuild.Transform) (tokenbuild.Transform, error) {
	t := *bt
	t.Name = name
	t.Filter = nil
	if f := get(o, "filter"); f != nil {
		if fb, ok := ha.e.sd.builtinFns[asObject(f)]; ok {
			t.Filter = fb.Filter
		} else if _, ok := goja.AssertFunction(f); ok {
			t.Filter = ha.transformFilter(f)
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
func (ha *hookAdapters) platform(p *tokenbuild.Platform) goja.Value {
	if p == nil {
		return goja.Undefined()
	}
	if v, ok := ha.platforms[p]; ok {
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
	v := ha.e.toJS(o)
	if p.Options != nil {
		_ = v.(*goja.Object).Set("options", ha.e.toJS(p.Options))
	}
	if p.Files != nil {
		// actions read platform.files (to list what they wrote)
		files := make([]any, len(p.Files))
		for i := range p.Files {
			files[i] = ha.file(&p.Files[i])
		}
		_ = v.(*goja.Object).Set("files", ha.e.rt.NewArray(files...))
	}
	if p.Actions != nil {
		_ = v.(*goja.Object).Set("actions", ha.e.toJS(p.Actions))
	}
	ha.platforms[p] = v
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
func (ha *hookAdapters) filterFunc(at string, v goja.Value) tokenbuild.FilterFunc {
	return ha.filterAdapter(at, v, false)
}

// transformFilter adapts a transform's filter: it gets the platform's own
// token, and what it writes there stays, as in the reference, where the
// filter and the transform get the same token object.
func (ha *hookAdapters) transformFilter(v goja.Value) tokenbuild.FilterFunc {
	return ha.filterAdapter("", v, true)
}

// filterAdapter is filterFunc (live false) or transformFilter (live
// true).
func (ha *hookAdapters) filterAdapter(at string, v goja.Value, live bool) tokenbuild.FilterFunc {
	fn, _ := goja.AssertFunction(v)
	return func(t *tokenbuild.Token, opts tokenbuild.Options) (bool, error) {
		ha.e.lock()
		defer ha.e.unlock()
		tok := ha.e.proxies.token
		if live {
			tok = ha.e.proxies.liveToken
			defer ha.e.proxies.syncLive()
		}
		r, err := fn(goja.Undefined(), tok(t), ha.hookOptions(opts))
		if err == nil {
			r, err = ha.e.await(r)
		}
		if err != nil {
			if at != "" {
				return false, ha.e.hookError(err, fmt.Sprintf("%s: %s", at, ha.e.describe(err)))
			}
			return false, ha.e.hookError(err)
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
func (ha *hookAdapters) hookOptions(opts tokenbuild.Options) goja.Value {
	if opts == nil {
		return ha.e.toJS(opts)
	}
	key := reflect.ValueOf(opts).Pointer()
	cache := ha.options
	if c, ok := cache[key]; ok {
		return c.js
	}
	if cache == nil || len(cache) >= 256 {
		cache = map[uintptr]convertedOptions{}
		ha.options = cache
	}
	v := ha.e.toJS(opts)
	cache[key] = convertedOptions{opts: opts, js: v}
	return v
}

// fileHeaderFunc adapts (defaultMessages, options) => string[] (or a promise of it).
func (ha *hookAdapters) fileHeaderFunc(name string, v goja.Value) tokenbuild.FileHeaderFunc {
	fn, _ := goja.AssertFunction(v)
	return func(lines []string, o tokenbuild.Options) ([]string, error) {
		// A file header is called by a format: a Go format the engine
		// runs, or one that JavaScript calls (the runtime's lock held
		// then, which the options say: see heldLockOption).
		if _, held := o[heldLockOption].(heldLock); !held {
			ha.e.lock()
			defer ha.e.unlock()
		}
		r, err := fn(goja.Undefined(), ha.e.toJS(lines), ha.e.toJS(o))
		if err == nil {
			r, err = ha.e.await(r)
		}
		if err != nil {
			return nil, ha.e.hookError(err, fmt.Sprintf("file header %q threw: %s", name, ha.e.describe(err)))
		}
		v, err := ha.e.convert(r)
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
func (ha *hookAdapters) format(name string, fn goja.Callable) tokenbuild.Format {
	return tokenbuild.Format{
		Name: name,
		Format: func(ctx context.Context, args *tokenbuild.FormatArgs) (string, error) {
			ha.e.lock()
			defer ha.e.unlock()
			// The format being run, restored when it ends: an awaited
			// build inside it runs formats of its own meanwhile.
			prev := ha.current
			ha.current = args
			defer func() { ha.current = prev }()
			arg := ha.e.rt.NewObject()
			_ = arg.Set("dictionary", ha.e.proxies.dictionary(args.Dictionary))
			_ = arg.Set("platform", ha.formatPlatform(args.Platform))
			_ = arg.Set("file", ha.file(args.File))
			_ = arg.Set("options", ha.e.toJS(args.Options))
			r, err := fn(goja.Undefined(), arg)
			if err == nil {
				// A format may build other instances and await them,
				// as an action may (see awaitReleasing).
				r, err = ha.e.awaitReleasing(ctx, r)
			}
			if err != nil {
				return "", ha.e.hookError(err) // the engine names the format and the file
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
func (ha *hookAdapters) formatPlatform(p *tokenbuild.Platform) goja.Value {
	o, ok := ha.platform(p).(*goja.Object)
	if !ok {
		return goja.Undefined()
	}
	c := ha.e.rt.NewObject()
	for _, k := range o.Keys() {
		_ = c.Set(k, o.Get(k))
	}
	return c
}

func (ha *hookAdapters) file(f *tokenbuild.File) goja.Value {
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
	v := ha.e.toJS(o).(*goja.Object)
	if f.Options != nil {
		_ = v.Set("options", ha.e.toJS(f.Options))
	}
	return v
}

// preprocessor adapts (tokens, options) => tokens (or a promise of them).
// options is the config for a global preprocessor, else the platform.
func (ha *hookAdapters) preprocessor(name string, fn goja.Callable, sc *scope) tokenbuild.Preprocessor {
	return tokenbuild.Preprocessor{
		Name: name,
		Preprocess: func(tokens *tokenbuild.Object, p *tokenbuild.Platform) (*tokenbuild.Object, error) {
			ha.e.lock()
			defer ha.e.unlock()
			opts := sc.configObj
			if p != nil {
				opts = ha.platform(p)
			}
			r, err := fn(goja.Undefined(), ha.e.toJS(tokens), opts)
			if err == nil {
				r, err = ha.e.await(r)
			}
			if err != nil {
				return nil, ha.e.hookError(err)
			}
			v, err := ha.e.convert(r)
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

// action adapts { do(dictionary, platform, options), undo(...) }. It is
// not Staged: JavaScript may do anything, so it runs once the files are
// in place, as in the reference.
func (ha *hookAdapters) action(at, name string, v goja.Value, sc *scope) (tokenbuild.Action, error) {
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
			ha.e.lock()
			defer ha.e.unlock()
			p := args.Platform
			if p != nil {
				if w, ok := sc.written[p.Name]; ok {
					p = w
				}
			}
			r, err := fn(goja.Undefined(), ha.e.proxies.dictionary(args.Dictionary), ha.platform(p), ha.e.toJS(args.Options))
			if err == nil {
				_, err = ha.e.awaitReleasing(ctx, r)
			}
			if err != nil {
				return ha.e.hookError(err)
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
func (ha *hookAdapters) sortFunc(at string, call goja.Callable) tokenbuild.SortFunc {
	return func(a, b *tokenbuild.Token) int {
		ha.e.lock()
		defer ha.e.unlock()
		r, err := call(goja.Undefined(), ha.e.proxies.token(a), ha.e.proxies.token(b))
		if err != nil {
			panic(ha.e.hookError(err, fmt.Sprintf("sort %s: %s", at, ha.e.describe(err))))
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
