package pipeline

import (
	"context"
	"fmt"
	"reflect"
	"slices"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/registry"
	"github.com/tokengen/tokengen/internal/transform"

	"github.com/tokengen/tokengen/internal/expand"
	"github.com/tokengen/tokengen/internal/load"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/tokenbuild"
)

// A platform's run, first half: its tokens copied, transformed and
// resolved (the walk itself is in resolve.go), with what that reported.

// skipAttributes leaves out the attribute transforms, for a platform where
// nothing reads the attributes they set (attributesUnread).
func (in *Instance) transform(ctx context.Context, p *tokenbuild.Platform, setup *registry.Setup, o *transformOutcome, skipAttributes bool) {
	shared, propRefs := in.tokens, in.propRefs
	var err error
	if len(p.Preprocessors) > 0 {
		tree, err := in.preprocess(in.tree.Clone(), p.Preprocessors, p)
		if err != nil {
			o.err = err
			return
		}
		var dotted bool
		shared, dotted, _, propRefs = load.Flatten(tree, in.usesDtcg, false) // types were delegated in the shared tree
		if in.usesDtcg {
			load.CarryGroupDeprecations(shared, load.GroupDeprecations(tree))
		}
		if dotted {
			if o.err = load.TooDeepPaths(shared, in.cfg.File, in.placer().ReadFile); o.err != nil {
				return
			}
		}
	}
	if p.Expand != nil {
		if shared, err = expand.Tokens(shared, p.Expand, in.cfg, p, in.usesDtcg); err != nil {
			o.err = err
			return
		}
		propRefs = load.FindPropRefs(shared)
	}
	if err := ctx.Err(); err != nil {
		o.err = err
		return
	}
	// a permutation's tokens that transform as the base's do are the
	// base's, and the walk leaves them alone (shareperms.go)
	var fromBase []*tokenbuild.Token
	var same []bool
	if len(p.Preprocessors) == 0 && p.Expand == nil {
		fromBase, same, o.namesOf = in.baseTransformed(ctx, p, setup, skipAttributes)
	}
	var states []transform.State
	own := len(shared) // how many tokens are the platform's own copies
	if fromBase != nil {
		states = make([]transform.State, len(shared))
		own = 0
		for _, s := range same {
			if !s {
				own++
			}
		}
	}
	// Each platform works on shallow copies; Props stay shared.
	copies := make([]tokenbuild.Token, own)
	all := make([]*tokenbuild.Token, len(shared))
	var attrs []*tokenbuild.Object // the shared tokens' own attributes, found once
	if len(p.Preprocessors) == 0 && p.Expand == nil {
		attrs = in.sourceAttributes()
	}
	for i, t := range shared {
		if fromBase != nil && same[i] {
			all[i] = fromBase[i] // read only, as every format reads tokens
			states[i] = transform.Done
			continue
		}
		c := &copies[0]
		copies = copies[1:]
		*c = *t
		// a copy of the attributes the token was written with: attribute
		// transforms merge over it, and formats show it when none runs
		if attrs == nil {
			c.Attributes = writtenAttributes(t).Clone()
		} else {
			c.Attributes = attrs[i].Clone() // nil stays nil
		}
		all[i] = c
	}
	var byKey *tokenindex.Map
	var refIdx *tokenindex.References
	if len(p.Preprocessors) == 0 && p.Expand == nil {
		refIdx = in.refIndex()
		// one key index for every platform, and formats find the
		// references of the tokens' written values by position
		byKey = in.keyIndex().Over(all).WithReferences(refIdx)
	} else {
		byKey = tokenindex.New(all)
	}
	transforms := setup.Transforms
	if skipAttributes {
		transforms = slices.DeleteFunc(slices.Clone(transforms), func(t *tokenbuild.Transform) bool {
			return t.Type == tokenbuild.AttributeTransform
		})
	}
	run := transform.Input{Platform: p, Transforms: transforms, Options: in.transformOptions(), ByKey: byKey, Tokens: all, Refs: refIdx, PropRefs: propRefs, States: states}
	if fromBase != nil {
		run.LastName, run.Base, run.SamePath = nameFromPath(transforms), fromBase, in.permBase.samePath
	}
	run.SharedAttributes, run.AttributeCache = in.sharedAttributes(p, transforms)
	res := transform.Run(run)
	if res.Fatal != nil {
		o.err = res.Fatal
		return
	}
	o.refErrors, o.transformErrors, o.hookWarnings = res.RefErrors, res.TransformErrors, res.HookWarnings
	for i := range fromBase {
		// a token named by lastName at its base token's path has its name
		if !same[i] && (run.LastName == nil || !run.SamePath[i]) && all[i].Name != fromBase[i].Name {
			o.namesOf = nil
			break
		}
	}
	tree := tokenbuild.TreeOf
	if !in.dottedKeys && in.cfg.Expand == nil && len(p.Preprocessors) == 0 && p.Expand == nil {
		tree = tokenbuild.TreeOfPlainPaths // paths straight from the token files' keys
	}
	// The tree is made only if a file's format reads it (most read the list).
	d := &tokenbuild.Dictionary{AllTokens: all, TokenMap: byKey, UnfilteredAllTokens: all, UnfilteredTokenMap: byKey}
	d.DeferTrees(func() *tokenbuild.Object { return tree(all) }, d.Tree)
	d.SetGroupDeprecations(in.groupDeprecated)
	o.dict = d
}

// nameFromPath is the last name transform of transforms when it declares
// NameFromPath (nil otherwise): a permutation's token at its base token's
// path takes the name the base's token got from it.
func nameFromPath(transforms []*tokenbuild.Transform) *tokenbuild.Transform {
	var last *tokenbuild.Transform
	for _, tf := range transforms {
		if tf.Type == tokenbuild.NameTransform {
			last = tf
		}
	}
	if last == nil || !last.NameFromPath || !last.Pure || last.Filter != nil {
		return nil
	}
	return last
}

// platformResult is a platform's transformed and resolved tokens.
type platformResult struct {
	outcome  *transformOutcome // keeps a shared result alive while in use
	platform *tokenbuild.Platform
	setup    *registry.Setup
	dict     *tokenbuild.Dictionary
	log      *diag.Logger
	output   []tokenbuild.Diagnostic // reported while transforming

	skippedAttributes bool // made without attribute transforms, whose attributes nothing reads
}

// transformOptions are the options transforms receive: the config's extra
// keys, usesDtcg, and the folder relative asset paths resolve against.
func (in *loaded) transformOptions() tokenbuild.Options {
	o := tokenbuild.Options{}
	for k, v := range in.cfg.Extra {
		o[k] = v
	}
	o["usesDtcg"] = in.usesDtcg
	o["configDir"] = in.cfg.Dir
	return o
}

// PlatformTokens transforms and resolves the tokens of one platform. The
// result is cached per platform.
func (in *Instance) PlatformTokens(ctx context.Context, name string) (*tokenbuild.Dictionary, error) {
	r, err := in.platformTokens(ctx, name, true)
	if err != nil {
		return nil, err
	}
	return r.dict.WithTrees(), nil
}

func (in *loaded) platform(name string) (*tokenbuild.Platform, error) {
	p, ok := in.cfg.Platform(name)
	if !ok {
		names := map[string]bool{}
		for _, q := range in.cfg.Platforms {
			names[q.Name] = true
		}
		return nil, fmt.Errorf("Please supply a valid platform, %q does not exist.%s", name, diag.Suggest(name, names))
	}
	return p, nil
}

// Tokens whose attributes nothing reads may be left without the ones
// attribute/cti sets (attributesUnread); withAttributes asks for them all,
// for a caller that hands the tokens on.
func (in *Instance) platformTokens(ctx context.Context, name string, withAttributes bool) (*platformResult, error) {
	in.mu.Lock()
	if r, ok := in.cache[name]; ok && !(withAttributes && r.skippedAttributes) {
		in.mu.Unlock()
		return r, nil
	}
	hooks := in.hooks
	in.mu.Unlock()

	p, err := in.platform(name)
	if err != nil {
		return nil, err
	}
	setup, err := hooks.Platform(p, in.cfg.File)
	if err != nil {
		return nil, in.placeAll(err)
	}
	r := &platformResult{platform: p, setup: setup}
	r.log = in.log.WithLog(p.Log).Buffered()
	r.skippedAttributes = !withAttributes && !in.keepAttributes && attributesUnread(in.cfg, p, setup)

	out, err := in.transformed(ctx, p, setup, r.skippedAttributes)
	if err != nil {
		return nil, in.placeAll(err) // a hook that failed on a token
	}
	// Every broken reference and failed transform is reported with its
	// place, under the reference's summary line.
	if len(out.refErrors) > 0 {
		errs := in.place(out.refErrors)
		if in.brokenReferences(p) == tokenbuild.BrokenReferencesThrow {
			return nil, errs
		}
		r.log.GroupAlways(tokenbuild.KindBrokenReference, "Reference Errors:\nSome token references (%d) could not be found.", errs.Flat())
	}
	if len(out.transformErrors) > 0 {
		errs := in.place(out.transformErrors).Flat()
		if r.log.Warnings == tokenbuild.WarningsError {
			return nil, errs
		}
		r.log.Group(tokenbuild.KindTransform, "Some token transformations (%d) could not be applied correctly.", errs)
	}
	if err := in.reportHookWarnings(r.log, out.hookWarnings); err != nil {
		return nil, err
	}
	r.dict, r.outcome = out.dict, out
	r.output = r.log.Sink.Drain()

	in.mu.Lock()
	if prev, ok := in.cache[name]; ok && !(withAttributes && prev.skippedAttributes) {
		r = prev
	} else {
		in.cache[name] = r
	}
	in.mu.Unlock()
	return r, nil
}

// attributesUnread reports whether nothing that sees a platform's tokens
// reads their attributes, so that its attribute transforms, which only
// set them, need not run: every attribute transform is pure (it does
// nothing else), every other transform and every file's format declares
// IgnoresAttributes, no file has a filter, no option is a function (a Go
// config's outputReferences or sort may read anything) or changes which
// value key formats read, and the platform runs no action.
func attributesUnread(cfg *tokenbuild.Config, p *tokenbuild.Platform, setup *registry.Setup) bool {
	if len(p.Actions) > 0 || !optionsAreData(cfg.Extra) || !optionsAreData(p.Options) {
		return false
	}
	for _, t := range setup.Transforms {
		if t.Type == tokenbuild.AttributeTransform && !t.Pure || t.Type != tokenbuild.AttributeTransform && !t.IgnoresAttributes {
			return false
		}
	}
	for i := range p.Files {
		f := &p.Files[i]
		if f.Filter != "" || f.FilterFunc != nil || f.FilterMatch != nil || !optionsAreData(f.Options) {
			return false
		}
		if fm := setup.Formats[i]; fm == nil || !fm.IgnoresAttributes {
			return false
		}
	}
	return true
}

// optionsAreData reports whether options hold no function (at the top or
// in a list, where Go configs put outputReferences and sort functions)
// and leave the value key formats read alone.
func optionsAreData(o tokenbuild.Options) bool {
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

func (in *loaded) brokenReferences(p *tokenbuild.Platform) tokenbuild.BrokenReferences {
	mode := tokenbuild.BrokenReferencesThrow
	if in.cfg.Log != nil && in.cfg.Log.BrokenReferences != "" {
		mode = in.cfg.Log.BrokenReferences
	}
	if p.Log != nil && p.Log.BrokenReferences != "" {
		mode = p.Log.BrokenReferences
	}
	return mode
}
