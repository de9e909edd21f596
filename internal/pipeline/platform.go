package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/casing"
	"github.com/tokengen/tokengen/internal/expand"
	"github.com/tokengen/tokengen/internal/model"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/internal/strset"
)

// transformOutcome is a platform's tokens after transforms and reference
// resolution, with the messages that produced.
type transformOutcome struct {
	// name collisions among all the tokens, found once for the files
	// without a filter of every platform sharing this result
	collisionsOnce sync.Once
	collisions     []*model.Error

	done            chan struct{}
	dict            *model.Dictionary
	refErrors       []*model.Error
	transformErrors []*model.Error
	fontWarnings    []*model.Error
	err             error
}

// transformed transforms and resolves a platform's tokens. Platforms whose
// tokens come out the same (the same built-in transforms, prefix and base
// font size, without their own preprocessors or expansion, like css and
// scss) share one result instead of transforming twice.
func (in *Instance) transformed(ctx context.Context, p *model.Platform, setup *platformSetup, hooks *registry, skipCTI bool) (*transformOutcome, error) {
	sig, shareable := transformSignature(p, setup, hooks)
	if skipCTI {
		sig += "\x00without attribute/cti"
	}
	if shareable {
		in.mu.Lock()
		if in.outcomes == nil {
			in.outcomes = map[string]weak.Pointer[transformOutcome]{}
		}
		// Weakly held: once no platform uses a result, it can be freed.
		if o := in.outcomes[sig].Value(); o != nil {
			in.mu.Unlock()
			select {
			case <-o.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return o, o.err
		}
		o := &transformOutcome{done: make(chan struct{})}
		in.outcomes[sig] = weak.Make(o)
		in.mu.Unlock()
		in.transform(ctx, p, setup, o, skipCTI)
		close(o.done)
		return o, o.err
	}
	o := &transformOutcome{}
	in.transform(ctx, p, setup, o, skipCTI)
	return o, o.err
}

// keyIndex finds the shared tokens by key; platforms reuse it over their
// copies, which keep the same order.
func (in *Instance) keyIndex() model.TokenMap {
	in.keysOnce.Do(func() { in.keys = model.IndexTokens(in.tokens) })
	return in.keys
}

// prepareShared starts making what every platform shares (the key index,
// the reference positions, the written attributes) in the background:
// platforms copy their tokens meanwhile instead of waiting for one of them
// to make it.
func (in *Instance) prepareShared() {
	go in.refIndex()
	go in.sourceAttributes()
}

// builtinCasings are the built-in name transforms, which case the
// platform's prefix and the token's path (casing.Path): the pipeline calls
// casing.Path itself for them rather than box each name in an any.
var builtinCasings = map[string]casing.Style{
	"name/camel": casing.CamelStyle, "name/kebab": casing.KebabStyle, "name/snake": casing.SnakeStyle,
	"name/constant": casing.ConstantStyle, "name/pascal": casing.PascalStyle,
}

// refIndex makes the shared reference index on first use.
func (in *Instance) refIndex() *model.ReferenceIndex {
	keys := in.keyIndex()
	in.refsOnce.Do(func() {
		makeRefIndex(&in.refs, in.tokens, in.refCands, keys)
		in.refCands = nil
	})
	return &in.refs
}

// makeRefIndex fills x for tokens. cands, when not nil, are all the
// tokens whose string value has a "{" (flatten lists them): only those can
// hold references, so the others need not be read. A string without one
// is left out of Scanned, which sends a lookup for it to scanning it
// (finding no reference).
func makeRefIndex(x *model.ReferenceIndex, tokens []*model.Token, cands *[]refCandidate, keys model.TokenMap) {
	x.Scanned = make([]string, len(tokens))
	x.Start = make([]int32, len(tokens)+1)
	var buf [4]refs.Match
	var key []byte
	add := func(i int, s string) {
		x.Scanned[i] = s
		for _, m := range refs.AppendFind(buf[:0], s) {
			key = append(append(append(key[:0], '{'), m.Path...), '}')
			x.Targets = append(x.Targets, int32(keys.Position(string(key))))
		}
	}
	if cands != nil {
		next := 0
		for _, c := range *cands {
			for ; next <= int(c.pos); next++ {
				x.Start[next] = int32(len(x.Targets))
			}
			add(int(c.pos), c.value)
		}
		for ; next <= len(tokens); next++ {
			x.Start[next] = int32(len(x.Targets))
		}
		return
	}
	for i, t := range tokens {
		if s, ok := t.Value.(string); ok {
			add(i, s)
		}
		x.Start[i+1] = int32(len(x.Targets))
	}
}

// builtinCTI returns the built-in attribute/cti transform unless a config
// replaced it.
func (in *Instance) builtinCTI() *model.Transform {
	r := in.reg()
	if t := r.transforms["attribute/cti"]; t != nil && r.builtinTransforms[t] {
		return t
	}
	return nil
}

// firstAttributeTransform is the first attribute transform of a list.
func firstAttributeTransform(ts []*model.Transform) *model.Transform {
	for _, t := range ts {
		if t.Type == model.AttributeTransform {
			return t
		}
	}
	return nil
}

// ctiCache holds attribute/cti results for the shared tokens, by position.
func (in *Instance) ctiCache() []atomic.Pointer[model.Object] {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.ctiResults == nil {
		in.ctiResults = make([]atomic.Pointer[model.Object], len(in.tokens))
		clear(in.ctiResults) // written before it is read, see strset.New
	}
	return in.ctiResults
}

// transformSignature identifies what a platform's tokens depend on, when
// only built-in transforms (which read nothing but prefix and
// basePxFontSize) touch them.
func transformSignature(p *model.Platform, setup *platformSetup, hooks *registry) (string, bool) {
	if len(p.Preprocessors) > 0 || p.Expand != nil {
		return "", false
	}
	var b strings.Builder
	for _, t := range setup.transforms {
		if !hooks.builtinTransforms[t] {
			return "", false
		}
		b.WriteString(t.Name)
		b.WriteByte(0)
	}
	fmt.Fprintf(&b, "%s\x00%v", p.Prefix, p.BasePx())
	return b.String(), true
}

// skipCTI leaves out the built-in attribute/cti transform, for a platform
// where nothing reads the attributes it sets (attributesUnread).
func (in *Instance) transform(ctx context.Context, p *model.Platform, setup *platformSetup, o *transformOutcome, skipCTI bool) {
	shared := in.tokens
	var err error
	if len(p.Preprocessors) > 0 {
		tree, err := in.preprocess(in.tree.Clone(), p.Preprocessors, p)
		if err != nil {
			o.err = err
			return
		}
		shared, _, _ = flatten(tree, in.usesDtcg, false) // types were delegated in the shared tree
	}
	if p.Expand != nil {
		if shared, err = expand.Tokens(shared, p.Expand, in.cfg, p, in.usesDtcg); err != nil {
			o.err = err
			return
		}
	}
	if err := ctx.Err(); err != nil {
		o.err = err
		return
	}
	// Each platform works on shallow copies; Props stay shared.
	copies := make([]model.Token, len(shared))
	all := make([]*model.Token, len(shared))
	var attrs []*model.Object // the shared tokens' own attributes, found once
	if len(p.Preprocessors) == 0 && p.Expand == nil {
		attrs = in.sourceAttributes()
	}
	for i, t := range shared {
		copies[i] = *t
		c := &copies[i]
		// a copy of the attributes the token was written with: attribute
		// transforms merge over it, and formats show it when none runs
		if attrs == nil {
			c.Attributes = writtenAttributes(t).Clone()
		} else {
			c.Attributes = attrs[i].Clone() // nil stays nil
		}
		all[i] = c
	}
	var byKey model.TokenMap
	var refIdx *model.ReferenceIndex
	if len(p.Preprocessors) == 0 && p.Expand == nil {
		refIdx = in.refIndex()
		// one key index for every platform, and formats find the
		// references of the tokens' written values by position
		byKey = model.WithReferences(in.keyIndex().Over(all), copies, refIdx)
	} else {
		byKey = model.IndexTokens(all)
	}
	transforms := setup.transforms
	if cti := in.builtinCTI(); skipCTI && cti != nil {
		transforms = slices.DeleteFunc(slices.Clone(transforms), func(t *model.Transform) bool { return t == cti })
	}
	tr := &transformer{platform: p, transforms: transforms, opts: in.transformOptions(), byKey: byKey, copies: copies, refs: refIdx}
	hooks := in.reg()
	tr.builtin = make([]bool, len(transforms))
	for i, tf := range transforms {
		tr.builtin[i] = hooks.builtinTransforms[tf]
		if style, ok := builtinCasings[tf.Name]; ok && tr.builtin[i] && tf.Type == model.NameTransform && tf.Filter == nil {
			if tr.casings == nil {
				tr.casings = map[int]casing.Style{}
			}
			tr.casings[i] = style
		}
	}
	if cti := in.builtinCTI(); cti != nil && len(p.Preprocessors) == 0 && p.Expand == nil && firstAttributeTransform(transforms) == cti {
		tr.ctiTransform, tr.ctiCache = cti, in.ctiCache()
	}
	tr.run(all)
	if tr.fatal != nil {
		o.err = tr.fatal
		return
	}
	o.refErrors, o.transformErrors, o.fontWarnings = tr.refErrors, tr.transformErrors, tr.fontWarnings
	tree := model.TreeOf
	if !in.dottedKeys && in.cfg.Expand == nil && len(p.Preprocessors) == 0 && p.Expand == nil {
		tree = model.TreeOfPlainPaths // paths straight from the token files' keys
	}
	// The tree is made only if a file's format reads it (most read the list).
	d := &model.Dictionary{AllTokens: all, TokenMap: byKey, UnfilteredAllTokens: all, UnfilteredTokenMap: byKey}
	d.DeferTrees(func() *model.Object { return tree(all) }, d.Tree)
	o.dict = d
}

// platformResult is a platform's transformed and resolved tokens.
type platformResult struct {
	outcome  *transformOutcome // keeps a shared result alive while in use
	platform *model.Platform
	setup    *platformSetup
	dict     *model.Dictionary
	log      *logger
	output   bytes.Buffer // messages printed while transforming

	skippedCTI bool // made without attribute/cti, whose attributes nothing reads
}

// transformOptions are the options transforms receive: the config's extra
// keys, usesDtcg, and the folder relative asset paths resolve against.
func (in *Instance) transformOptions() model.Options {
	o := model.Options{}
	for k, v := range in.cfg.Extra {
		o[k] = v
	}
	o["usesDtcg"] = in.usesDtcg
	o["configDir"] = in.cfg.Dir
	return o
}

// PlatformTokens transforms and resolves the tokens of one platform. The
// result is cached per platform.
func (in *Instance) PlatformTokens(ctx context.Context, name string) (*model.Dictionary, error) {
	r, err := in.platformTokens(ctx, name, true)
	if err != nil {
		return nil, err
	}
	return r.dict.WithTrees(), nil
}

func (in *Instance) platform(name string) (*model.Platform, error) {
	p, ok := in.cfg.Platform(name)
	if !ok {
		names := map[string]bool{}
		for _, q := range in.cfg.Platforms {
			names[q.Name] = true
		}
		return nil, fmt.Errorf("Please supply a valid platform, %q does not exist.%s", name, suggest(name, names))
	}
	return p, nil
}

// Tokens whose attributes nothing reads may be left without the ones
// attribute/cti sets (attributesUnread); withAttributes asks for them all,
// for a caller that hands the tokens on.
func (in *Instance) platformTokens(ctx context.Context, name string, withAttributes bool) (*platformResult, error) {
	in.mu.Lock()
	if r, ok := in.cache[name]; ok && !(withAttributes && r.skippedCTI) {
		in.mu.Unlock()
		return r, nil
	}
	hooks := in.hooks
	in.mu.Unlock()

	p, err := in.platform(name)
	if err != nil {
		return nil, err
	}
	setup, err := hooks.resolvePlatform(p, in.cfg.File)
	if err != nil {
		return nil, in.placeAll(err)
	}
	r := &platformResult{platform: p, setup: setup}
	r.log = in.log.withLog(p.Log).buffered(&r.output)
	r.skippedCTI = !withAttributes && !in.keepAttributes && attributesUnread(in.cfg, p, setup, hooks)

	out, err := in.transformed(ctx, p, setup, hooks, r.skippedCTI)
	if err != nil {
		return nil, in.placeAll(err) // a hook that failed on a token
	}
	// Every broken reference and failed transform is listed with its
	// place, where the reference only counts them unless verbose.
	if len(out.refErrors) > 0 {
		errs := in.place(out.refErrors)
		if in.brokenReferences(p) == "throw" {
			return nil, errs
		}
		if !r.log.silent() {
			fmt.Fprintln(in.log.err, asWarnings(errs))
		}
	}
	if len(out.transformErrors) > 0 {
		errs := in.place(out.transformErrors).Flat()
		if r.log.warnings == "error" {
			return nil, errs
		}
		r.log.warn(fmt.Sprintf("Some token transformations (%d) could not be applied correctly:\n%s", len(errs), asWarnings(errs)))
	}
	if len(out.fontWarnings) > 0 {
		errs := in.place(out.fontWarnings).Flat()
		if r.log.warnings == "error" {
			return nil, errs
		}
		r.log.warn(fmt.Sprintf("Unknown CSS Font Shorthand properties found for %d tokens, CSS output for Font values will be missing some typography token properties as a result:\n%s", len(errs), asWarnings(errs)))
	}
	r.dict, r.outcome = out.dict, out

	in.mu.Lock()
	if prev, ok := in.cache[name]; ok && !(withAttributes && prev.skippedCTI) {
		r = prev
	} else {
		in.cache[name] = r
	}
	in.mu.Unlock()
	return r, nil
}

// attributesUnread reports whether nothing that sees a platform's tokens
// reads their attributes, so that attribute/cti, which only sets them,
// need not run: every file has a built-in format that never reads them
// (builtin.IgnoresAttributes) and no filter, no option is a function (a
// Go config's outputReferences or sort may read anything) or changes
// which value key formats read, every transform is built in and none of
// them reads attributes (builtin.TransformReadsAttributes; attribute
// transforms only merge theirs over them), and the platform runs no
// action.
func attributesUnread(cfg *model.Config, p *model.Platform, setup *platformSetup, hooks *registry) bool {
	if len(p.Actions) > 0 || !optionsAreData(cfg.Extra) || !optionsAreData(p.Options) {
		return false
	}
	for _, t := range setup.transforms {
		if !hooks.builtinTransforms[t] || builtin.TransformReadsAttributes(t.Name) {
			return false
		}
	}
	for i := range p.Files {
		f := &p.Files[i]
		if f.Filter != "" || f.FilterFunc != nil || f.FilterMatch != nil || !optionsAreData(f.Options) {
			return false
		}
		if fm := setup.formats[i]; fm == nil || !hooks.builtinFormats[fm] || !builtin.IgnoresAttributes(f.Format) {
			return false
		}
	}
	return true
}

// optionsAreData reports whether options hold no function (at the top or
// in a list, where Go configs put outputReferences and sort functions)
// and leave the value key formats read alone.
func optionsAreData(o model.Options) bool {
	if _, ok := o["usesDtcg"]; ok {
		return false
	}
	for _, v := range o {
		if isFunc(v) {
			return false
		}
		if list, ok := v.([]any); ok {
			for _, e := range list {
				if isFunc(e) {
					return false
				}
			}
		}
	}
	return true
}

func isFunc(v any) bool { return v != nil && reflect.TypeOf(v).Kind() == reflect.Func }

func (in *Instance) brokenReferences(p *model.Platform) string {
	mode := "throw"
	if in.cfg.Log != nil && in.cfg.Log.BrokenReferences != "" {
		mode = in.cfg.Log.BrokenReferences
	}
	if p.Log != nil && p.Log.BrokenReferences != "" {
		mode = p.Log.BrokenReferences
	}
	return mode
}

// Output is one formatted file.
type Output struct {
	Platform    string
	Destination string // buildPath joined with the file's destination, as printed
	Path        string // where it is written on disk
	Content     string
	Written     bool // false when a filter left it empty

	staged string // a staged file the format wrote the content into instead (Build)
}

// FormatPlatform formats every file of a platform in memory. Besides the
// files it returns the platform's messages (those of transforming, then
// those of each file): the platform's tokens are cached and shared, so each
// call has a log of its own.
func (in *Instance) FormatPlatform(ctx context.Context, name string) ([]Output, *platformResult, []byte, error) {
	return in.formatPlatform(ctx, name, nil)
}

// formatPlatform is FormatPlatform; st, when set, is the build's stage
// (formatFile).
func (in *Instance) formatPlatform(ctx context.Context, name string, st *stage) ([]Output, *platformResult, []byte, error) {
	r, err := in.platformTokens(ctx, name, false)
	if err != nil {
		return nil, nil, nil, err
	}
	p := r.platform
	if p.Files == nil {
		// as the reference's formatPlatform (an actions-only platform too)
		return nil, nil, nil, fmt.Errorf("Cannot format platform %s due to missing \"files\" property", name)
	}
	// Files are independent: format them concurrently, keeping their order
	// (and the order of their messages).
	outs := make([]Output, len(p.Files))
	fileErrs := make([]error, len(p.Files))
	logs := make([]bytes.Buffer, len(p.Files))
	var wg sync.WaitGroup
	for i := range p.Files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], fileErrs[i] = in.formatFile(ctx, r, r.log.buffered(&logs[i]), &p.Files[i], r.setup.formats[i], st)
		}()
	}
	wg.Wait()
	var errs model.ErrorList
	kept := outs[:0]
	log := append([]byte(nil), r.output.Bytes()...) // written once, before r was shared
	for i := range p.Files {
		log = append(log, logs[i].Bytes()...)
		if fileErrs[i] != nil {
			errs = append(errs, fileErrs[i])
			if outs[i].staged != "" {
				os.Remove(outs[i].staged) // written before a check failed the file
			}
			continue
		}
		kept = append(kept, outs[i])
	}
	return kept, r, log, in.placeAll(errs.Err()) // filters and formats that failed on a token
}

// fileOptions merges the platform's options under the file's, as the
// reference's createFormatArgs does, and looks up a named file header.
func (in *Instance) fileOptions(p *model.Platform, f *model.File) model.Options {
	o := model.Options{}
	for k, v := range in.cfg.Extra {
		o[k] = v
	}
	for k, v := range p.Options {
		o[k] = v
	}
	for k, v := range f.Options {
		if a, ok := o[k].(*model.Object); ok {
			if b, ok := v.(*model.Object); ok {
				o[k] = deepExtend(a.Clone(), b, "", nil, nil)
				continue
			}
		}
		o[k] = v
	}
	if name, ok := o["fileHeader"].(string); ok {
		if fh, ok := in.reg().fileHeaders[name]; ok {
			o["fileHeader"] = fh.FileHeader
		}
	}
	if fn, ok := o["fileHeader"].(func([]string, model.Options) ([]string, error)); ok {
		o["fileHeader"] = model.FileHeaderFunc(fn)
	}
	o["usesDtcg"] = in.usesDtcg
	return o
}

func (in *Instance) filterTokens(f *model.File, opts model.Options, all []*model.Token) ([]*model.Token, error) {
	var keep func(t *model.Token) (bool, error)
	switch {
	case f.Filter != "":
		flt := in.reg().filters[f.Filter]
		keep = func(t *model.Token) (bool, error) { return flt.Filter(t, opts) }
	case f.FilterFunc != nil:
		keep = func(t *model.Token) (bool, error) { return f.FilterFunc(t, opts) }
	case f.FilterMatch != nil:
		keep = func(t *model.Token) (bool, error) { return matchToken(f.FilterMatch, t), nil }
	default:
		return all, nil
	}
	out := make([]*model.Token, 0, len(all))
	for _, t := range all {
		var ok bool
		var err error
		if perr := guard(func() { ok, err = keep(t) }); perr != nil {
			return nil, hookError("filter", f.Filter, t, perr)
		}
		if err != nil {
			return nil, hookError("filter", f.Filter, t, err)
		}
		if ok {
			out = append(out, t)
		}
	}
	return out, nil
}

// matchToken matches an object filter against a token without building the
// token's whole object.
func matchToken(want *model.Object, t *model.Token) bool {
	ok := true
	want.Range(func(k string, w any) bool {
		var h any
		var present bool
		switch k {
		case "key":
			h, present = t.Key, true
		case "name":
			h, present = t.Name, true
		case "attributes":
			h, present = t.Attributes, true
			if t.Attributes == nil {
				h = model.NewObject()
			}
		case "path":
			p := make([]any, len(t.Path))
			for i, s := range t.Path {
				p[i] = s
			}
			h, present = p, true
		case "original":
			h, present = t.Original(), true
		case t.ValueKey():
			h, present = t.Value, true
		default:
			h, present = t.Props.Get(k)
		}
		if !present {
			ok = false
			return false
		}
		ok = matchValue(w, h)
		return ok
	})
	return ok
}

func matchValue(w, h any) bool {
	switch wv := w.(type) {
	case *model.Object:
		ho, isObj := h.(*model.Object)
		return isObj && matchPartial(wv, ho)
	case []any:
		ha, isArr := h.([]any)
		if !isArr || len(ha) < len(wv) {
			return false
		}
		for i := range wv {
			if model.JSString(wv[i]) != model.JSString(ha[i]) {
				return false
			}
		}
		return true
	}
	return looseEqual(w, h)
}

// matchPartial is the reference's object filter: every key of want must be
// present in have with a loosely equal value, recursively.
func matchPartial(want *model.Object, have *model.Object) bool {
	ok := true
	want.Range(func(k string, w any) bool {
		h, present := have.Get(k)
		if !present {
			ok = false
			return false
		}
		switch wv := w.(type) {
		case *model.Object:
			ho, isObj := h.(*model.Object)
			ok = isObj && matchPartial(wv, ho)
		case []any:
			ha, isArr := h.([]any)
			ok = isArr && len(ha) >= len(wv)
			for i := 0; ok && i < len(wv); i++ {
				ok = model.JSString(wv[i]) == model.JSString(ha[i])
			}
		default:
			ok = looseEqual(w, h)
		}
		return ok
	})
	return ok
}

func looseEqual(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case float64:
		switch y := b.(type) {
		case float64:
			return x == y
		case string, bool:
			return model.JSString(x) == model.JSString(y) || (y == true && x == 1) || (y == false && x == 0)
		}
	case string:
		switch b.(type) {
		case string, float64:
			return x == model.JSString(b)
		}
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	return false
}

// st, when set, is the build's stage: a built-in format then writes a file
// that does not exist yet into a staged file as it goes (a streamedFile),
// rather than holding all its text, and Output.staged names that file.
func (in *Instance) formatFile(ctx context.Context, r *platformResult, log *logger, f *model.File, format *model.Format, st *stage) (Output, error) {
	p := r.platform
	dest := f.Destination
	if p.BuildPath != "" && dest != "" {
		dest = path.Join(filepath.ToSlash(p.BuildPath), filepath.ToSlash(dest))
	}
	out := Output{Platform: p.Name, Destination: dest}
	if dest != "" {
		if filepath.IsAbs(dest) {
			out.Path = filepath.FromSlash(dest)
		} else {
			out.Path = filepath.Join(in.cfg.Dir, filepath.FromSlash(dest))
		}
		if err := in.checkDestination(p, f, out.Path); err != nil {
			return out, err
		}
	}
	opts := in.fileOptions(p, f)
	filtered, err := in.filterTokens(f, opts, r.dict.AllTokens)
	if err != nil {
		return out, err
	}
	hasFilter := f.Filter != "" || f.FilterFunc != nil || f.FilterMatch != nil
	emitEmpty := p.EmitEmptyFiles
	if f.EmitEmptyFiles != nil {
		emitEmpty = *f.EmitEmptyFiles
	}
	if hasFilter && len(filtered) == 0 && !emitEmpty {
		if err := log.warn(fmt.Sprintf("No tokens for %s. File not created.", f.Destination)); err != nil {
			return out, err
		}
		return out, nil
	}
	dict := r.dict
	if hasFilter {
		byTree := in.cfg.Expand != nil || p.Expand != nil || len(p.Preprocessors) > 0
		dict = &model.Dictionary{
			AllTokens: filtered, TokenMap: model.IndexTokens(filtered),
			UnfilteredAllTokens: r.dict.AllTokens, UnfilteredTokenMap: r.dict.TokenMap,
		}
		dict.DeferTrees(func() *model.Object {
			if byTree {
				// the reference filters the platform's tree, keeping its
				// order; expansion appends tokens, so a group's tokens need
				// not be neighbours and the tree's order is not the
				// filtered list's
				return filterTree(r.dict.Tree(), filtered)
			}
			return model.TreeOf(filtered)
		}, r.dict.Tree)
	}
	if !in.reg().builtinFormats[format] {
		dict = dict.WithTrees() // a format from a config may read the fields
	}
	var warnings []string
	opts["warn"] = func(kind, msg string) { warnings = append(warnings, msg) }
	fileCopy := *f
	fileCopy.Options = opts
	var text string
	args := &model.FormatArgs{Dictionary: dict, Platform: p, File: &fileCopy, Options: opts}
	var streamed *streamedFile
	if st != nil && dest != "" && in.reg().builtinFormats[format] {
		if streamed = st.stream(out.Path); streamed != nil {
			model.SetStream(args, streamed)
		}
	}
	perr := guard(func() {
		text, err = format.Format(ctx, args)
	})
	if perr != nil {
		err = perr
	}
	if streamed != nil {
		out.staged, err = streamed.finish(text, err)
		text = ""
	}
	if err != nil {
		return out, &model.Error{Msg: fmt.Sprintf("platform %q, file %s: format %q failed: %v", p.Name, f.Destination, f.Format, err)}
	}
	out.Content = text
	out.Written = dest != "" && (text != "" || out.staged != "") // the reference skips empty output
	// Collisions are looked for once the file is formatted, so that a
	// platform's other files format meanwhile instead of waiting for them.
	var collisions []*model.Error
	if hasFilter {
		collisions = nameCollisions(filtered, in.usesDtcg)
	} else {
		o := r.outcome
		o.collisionsOnce.Do(func() { o.collisions = nameCollisions(filtered, in.usesDtcg) })
		collisions = o.collisions
	}
	if (format.Nested || len(collisions) == 0) && len(warnings) == 0 {
		if dest != "" {
			log.print("✔︎ " + dest)
		}
		return out, nil
	}
	header := "⚠️ " + dest
	if len(collisions) > 0 && !format.Nested {
		title := fmt.Sprintf("While building %s, token collisions were found; output may be unexpected. Ignore this warning if intentional.", f.Destination)
		placed := in.place(collisions)
		if log.warnings == "error" {
			list := make(model.ErrorList, len(placed))
			for i, e := range placed {
				c := *e.(*model.Error)
				c.Msg += ", building " + f.Destination
				list[i] = &c
			}
			return out, list
		}
		msg := header + "\n" + title + "\n" + asWarnings(placed)
		if log.verbose() {
			msg += "\n" + strings.Join([]string{
				"This many-to-one issue is usually caused by some combination of:",
				"* conflicting or similar paths/names in token definitions",
				"* platform transforms/transformGroups affecting names, especially when removing specificity",
				"* overly inclusive file filters",
			}, "\n    ")
		}
		log.warn(msg)
	}
	if len(warnings) > 0 {
		title := fmt.Sprintf("While building %s, filtered out token references were found; output may be unexpected. Ignore this warning if intentional.", f.Destination)
		var msg string
		if log.verbose() {
			msg = header + "\n" + title + "\nHere are the references that are used but not defined in the file:\n    " +
				strings.Join(warnings, "\n    ") + "\nThis is caused when combining a filter and `outputReferences`."
		} else {
			msg = header + "\n" + title + "\n\n" + verbosityInfo
		}
		if err := log.warn(msg); err != nil {
			return out, err
		}
	}
	return out, nil
}

// nameCollisions lists "Output name X was generated by" entries.
func nameCollisions(tokens []*model.Token, dtcg bool) []*model.Error {
	// Names are nearly always unique: look for a repeat among their hashes
	// (a small, fast set) and only go through the names themselves when a
	// hash repeats.
	if !repeatsHash(tokens) {
		return nil
	}
	byName := map[string][]*model.Token{}
	var order []string
	for _, t := range tokens {
		if _, ok := byName[t.Name]; !ok {
			order = append(order, t.Name)
		}
		byName[t.Name] = append(byName[t.Name], t)
	}
	var out []*model.Error
	for _, n := range order {
		ts := byName[n]
		for _, t := range ts[1:] {
			first := ts[0].PathString()
			if ts[0].FilePath != "" {
				first += " (" + ts[0].FilePath + ")"
			}
			out = append(out, tokenError(t, "", fmt.Sprintf("output name %q is also generated by token %s", n, first)))
		}
	}
	return out
}

// repeatsHash reports whether two tokens' names may be the same (a
// fingerprint set: a false alarm merely sends the caller to compare names).
func repeatsHash(tokens []*model.Token) bool {
	seen := strset.New(len(tokens))
	for _, t := range tokens {
		if seen.Add(t.Name) {
			return true
		}
	}
	return false
}

// insideBuildPath reports whether target stays inside the build path, so a
// build never writes over files the user did not hand to tokengen.
func insideBuildPath(dir, buildPath, target string) bool {
	base := buildPath
	if !filepath.IsAbs(base) {
		base = filepath.Join(dir, base)
	}
	rel, err := filepath.Rel(filepath.Clean(base), target)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// writtenAttributes is the attributes object a token was written with, or nil.
func writtenAttributes(t *model.Token) *model.Object {
	if t.Props == nil {
		return nil
	}
	obj, _ := t.Props.Value("attributes").(*model.Object)
	return obj
}

// sourceAttributes lists the shared tokens' written attributes by position
// (the list is empty but not nil when no token has any), looked up once
// for all platforms.
func (in *Instance) sourceAttributes() []*model.Object {
	in.attrsOnce.Do(func() {
		in.attrs = make([]*model.Object, len(in.tokens))
		for i, t := range in.tokens {
			in.attrs[i] = writtenAttributes(t)
		}
	})
	return in.attrs
}

// filterTree is the part of tree that holds the kept tokens, in tree order,
// without groups left empty (the reference's filterTokenObject).
func filterTree(tree *model.Object, kept []*model.Token) *model.Object {
	keep := make(map[*model.Token]struct{}, len(kept))
	for _, t := range kept {
		keep[t] = struct{}{}
	}
	var walk func(o *model.Object) *model.Object
	walk = func(o *model.Object) *model.Object {
		out := model.NewObject()
		o.Range(func(k string, v any) bool {
			switch x := v.(type) {
			case *model.Token:
				if _, ok := keep[x]; ok {
					out.Set(k, x)
				}
			case *model.Object:
				if sub := walk(x); sub.Len() > 0 {
					out.Set(k, sub)
				}
			}
			return true
		})
		return out
	}
	return walk(tree)
}
