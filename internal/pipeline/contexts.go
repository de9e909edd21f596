package pipeline

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/registry"
	"github.com/tokengen/tokengen/internal/resolver"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Multi-context files: a file with "contexts" (or "colorScheme") holds its
// own permutation of the resolver document and, for each context listed,
// the tokens that context changes. The file is formatted by the instance
// of its own permutation (the defaults, the inputs', or a placeholder
// permutation's); each context is that permutation with one modifier set
// otherwise, an instance of its own over the same document, loaded and
// transformed once per instance however many files need it. The format
// gets each context's dictionary and what it changes
// (tokenbuild.ContextDictionary); comparing tokens is the engine's work,
// writing them the format's.

// contextPerm is one context's permutation, loaded once.
type contextPerm struct {
	once sync.Once
	in   *Instance
	err  error
}

// checkContexts checks the files' contexts and colorScheme against the
// resolver document r and the formats, each problem at its key, and
// reports whether any file has them.
func (in *Instance) checkContexts(r *resolver.Document) (found bool, problems []*tokenbuild.Diagnostic) {
	order := r.Modifiers()
	cfg := in.cfg
	reg := in.reg()
	bad := func(at, format string, args ...any) {
		d := &tokenbuild.Diagnostic{File: cfg.File, Path: at, Kind: tokenbuild.KindConfig, Msg: at + ": " + fmt.Sprintf(format, args...)}
		if e, ok := in.placeAll(d).(*tokenbuild.Diagnostic); ok {
			d = e
		}
		problems = append(problems, d)
	}
	isModifier := func(mod string) bool {
		_, ok := r.Contexts(mod)
		return ok
	}
	checkContext := func(at, mod, name string) {
		names, ok := r.Contexts(mod)
		if !ok {
			bad(at, "%q is no modifier of the resolver (its modifiers are %s)", mod, diag.ListAnd(quoteAll(order)))
			return
		}
		if !slices.Contains(names, name) {
			bad(at, "modifier %q has no context %q (its contexts are %s)", mod, name, diag.ListAnd(quoteAll(names)))
		}
	}
	for _, p := range cfg.Platforms {
		for fi, f := range p.Files {
			if len(f.Contexts) == 0 && f.ColorScheme == nil {
				continue
			}
			found = true
			at := fmt.Sprintf("platforms.%s.files[%d]", p.Name, fi)
			fm := reg.Formats[f.Format]
			if len(f.Contexts) > 0 {
				if fm != nil && !fm.Contexts {
					bad(at+".contexts", "format %q does not write contexts; formats that do: %s", f.Format, diag.ListAnd(quoteAll(formatsWith(reg, func(f *tokenbuild.Format) bool { return f.Contexts }))))
				}
				seen := map[string]bool{}
				for _, c := range f.Contexts {
					if !seen[c.Modifier] {
						seen[c.Modifier] = true
						if !isModifier(c.Modifier) {
							bad(at+".contexts."+c.Modifier, "%q is no modifier of the resolver (its modifiers are %s)", c.Modifier, diag.ListAnd(quoteAll(order)))
						}
					}
					if isModifier(c.Modifier) {
						checkContext(c.At, c.Modifier, c.Context)
					}
				}
			}
			if cs := f.ColorScheme; cs != nil {
				if fm != nil && !fm.ColorScheme {
					bad(cs.At, "format %q does not write a color scheme; formats that do: %s", f.Format, diag.ListAnd(quoteAll(formatsWith(reg, func(f *tokenbuild.Format) bool { return f.ColorScheme }))))
				}
				if !isModifier(cs.Modifier) {
					bad(cs.At+".modifier", "%q is no modifier of the resolver (its modifiers are %s)", cs.Modifier, diag.ListAnd(quoteAll(order)))
				} else {
					checkContext(cs.At+".light", cs.Modifier, cs.Light)
					checkContext(cs.At+".dark", cs.Modifier, cs.Dark)
				}
			}
		}
	}
	return found, problems
}

// contextsWithoutResolver reports files with contexts in a config that
// has no resolver document, whose modifiers they would name.
func (in *loaded) contextsWithoutResolver() error {
	var errs tokenbuild.ErrorList
	for _, p := range in.cfg.Platforms {
		for fi, f := range p.Files {
			at := fmt.Sprintf("platforms.%s.files[%d]", p.Name, fi)
			key := ""
			switch {
			case len(f.Contexts) > 0:
				key = at + ".contexts"
			case f.ColorScheme != nil:
				key = f.ColorScheme.At
			default:
				continue
			}
			errs = append(errs, &tokenbuild.Diagnostic{File: in.cfg.File, Path: key, Kind: tokenbuild.KindConfig,
				Msg: key + ": contexts are a resolver document's modifiers; this config names none (\"resolver\")"})
		}
	}
	return in.placeAll(errs.Err())
}

// formatsWith lists the registered formats that have a capability, sorted.
func formatsWith(reg *registry.Registry, has func(*tokenbuild.Format) bool) []string {
	var out []string
	for name, f := range reg.Formats {
		if has(f) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}

// contextDictionaries gives a multi-context file its contexts: those of
// "contexts" in order, then colorScheme's light and dark unless listed.
// own are the file's tokens in its own permutation (filtered), dict their
// dictionary.
func (in *Instance) contextDictionaries(ctx context.Context, r *platformResult, f *tokenbuild.File, opts tokenbuild.Options, dict *tokenbuild.Dictionary) ([]tokenbuild.ContextDictionary, error) {
	wanted := slices.Clone(f.Contexts)
	if cs := f.ColorScheme; cs != nil {
		for _, name := range []string{cs.Light, cs.Dark} {
			if !slices.ContainsFunc(wanted, func(c tokenbuild.FileContext) bool { return c.Modifier == cs.Modifier && c.Context == name }) {
				wanted = append(wanted, tokenbuild.FileContext{Modifier: cs.Modifier, Context: name, At: cs.At})
			}
		}
	}
	var ownByKey map[string]*tokenbuild.Token
	out := make([]tokenbuild.ContextDictionary, 0, len(wanted))
	for _, w := range wanted {
		if in.chosen[w.Modifier] == w.Context {
			out = append(out, tokenbuild.ContextDictionary{FileContext: w, Dictionary: dict})
			continue
		}
		chosen := make(map[string]string, len(in.chosen))
		for k, v := range in.chosen {
			chosen[k] = v
		}
		chosen[w.Modifier] = w.Context
		c, err := in.contextInstance(ctx, chosen)
		if err != nil {
			return nil, err
		}
		pr, err := c.platformTokens(ctx, r.platform.Name, false)
		if err != nil {
			return nil, err
		}
		tokens, err := c.filterTokens(f, opts, pr.dict.AllTokens)
		if err != nil {
			return nil, err
		}
		cd := &tokenbuild.Dictionary{AllTokens: tokens, TokenMap: tokenindex.New(tokens),
			UnfilteredAllTokens: pr.dict.AllTokens, UnfilteredTokenMap: pr.dict.TokenMap}
		cd.SetGroupDeprecations(c.groupDeprecated)
		cd.DeferTrees(func() *tokenbuild.Object { return tokenbuild.TreeOf(tokens) }, pr.dict.Tree)
		if ownByKey == nil {
			ownByKey = make(map[string]*tokenbuild.Token, len(dict.AllTokens))
			for _, t := range dict.AllTokens {
				ownByKey[t.Key] = t
			}
		}
		d := tokenbuild.ContextDictionary{FileContext: w, Dictionary: cd}
		present := make(map[string]bool, len(tokens))
		for _, t := range tokens {
			present[t.Key] = true
			o := ownByKey[t.Key]
			if o == nil || o.Name != t.Name || !equalValues(o.Value, t.Value) || !equalValues(o.OriginalValue(), t.OriginalValue()) {
				d.Changed = append(d.Changed, t)
			}
		}
		for _, t := range dict.AllTokens {
			if !present[t.Key] {
				d.Removed = append(d.Removed, t)
			}
		}
		out = append(out, d)
	}
	return out, nil
}

// contextInstance is the instance of the permutation chosen, loaded once
// for all the files of in that need it.
func (in *Instance) contextInstance(ctx context.Context, chosen map[string]string) (*Instance, error) {
	key := in.resolver.Label(chosen)
	in.mu.Lock()
	if in.contextPerms == nil {
		in.contextPerms = map[string]*contextPerm{}
	}
	cp, ok := in.contextPerms[key]
	if !ok {
		cp = &contextPerm{}
		in.contextPerms[key] = cp
	}
	in.mu.Unlock()
	cp.once.Do(func() {
		tree, treesAt := in.mergePermutation(chosen, true)
		in.structMu.Lock()
		structFiles := slices.Clone(in.structFiles)
		in.structMu.Unlock()
		// its own config: the same platforms, their files formatted by in
		cfg := *in.cfg
		c := &Instance{loaded: &loaded{cfg: &cfg, permTree: tree, treesAt: treesAt, inputs: in.inputs, fileIndex: in.fileIndex,
			structFiles: structFiles, resolver: in.resolver, chosen: chosen},
			settings: in.settings, hooks: in.reg(), log: in.log, cache: map[string]*platformResult{}}
		if err := c.load(ctx); err != nil {
			cp.err = err
			return
		}
		cp.in = c
	})
	return cp.in, cp.err
}

// equalValues reports whether two token values are the same JSON-like
// value (objects compared key by key, in order).
func equalValues(a, b any) bool {
	switch x := a.(type) {
	case *tokenbuild.Object:
		y, ok := b.(*tokenbuild.Object)
		if !ok || x.Len() != y.Len() {
			return false
		}
		if x == y {
			return true
		}
		xk, yk := x.Keys(), y.Keys()
		for i, k := range xk {
			if yk[i] != k || !equalValues(x.Value(k), y.Value(k)) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalValues(x[i], y[i]) {
				return false
			}
		}
		return true
	case string, float64, bool, nil, int, int64:
		return a == b
	}
	return reflect.DeepEqual(a, b)
}

// overlappingContexts warns about contexts of different modifiers that
// change the same tokens. Each context is written against the file's own
// permutation, so an element under both contexts' places gets the value of
// the one written last for such a token, not the value of the permutation
// that combines them.
func overlappingContexts(dest string, contexts []tokenbuild.ContextDictionary) []string {
	var out []string
	for i := range contexts {
		a := &contexts[i]
		if len(a.Changed) == 0 {
			continue
		}
		changed := make(map[string]bool, len(a.Changed))
		for _, t := range a.Changed {
			changed[t.Key] = true
		}
		for j := i + 1; j < len(contexts); j++ {
			b := &contexts[j]
			if b.Modifier == a.Modifier {
				continue
			}
			var both []string
			for _, t := range b.Changed {
				if changed[t.Key] {
					both = append(both, t.PathString())
				}
			}
			if len(both) == 0 {
				continue
			}
			names := strings.Join(both[:min(len(both), 3)], ", ")
			if len(both) > 3 {
				names += fmt.Sprintf(" and %d more", len(both)-3)
			}
			out = append(out, fmt.Sprintf("%s: contexts %s=%s and %s=%s both change %s; where both apply, the one written last wins, which is not their combined permutation",
				dest, a.Modifier, a.Context, b.Modifier, b.Context, names))
		}
	}
	return out
}
