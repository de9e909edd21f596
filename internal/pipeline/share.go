package pipeline

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/load"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/internal/registry"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/tokenbuild"
)

// What platforms share: transform results of platforms with the same pure
// transforms, the key index and reference positions of the loaded tokens,
// their written attributes, and the results of shared attribute transforms.

// transformOutcome is a platform's tokens after transforms and reference
// resolution, with the messages that produced.
type transformOutcome struct {
	// name collisions among all the tokens, found once for the files
	// without a filter of every platform sharing this result
	collisionsOnce sync.Once
	collisions     []*tokenbuild.Diagnostic
	// namesOf, for a permutation's result, is the base's result when
	// every token has the name it has there (their collisions are then
	// the same, and none is looked for when the base has none)
	namesOf *transformOutcome

	done            chan struct{}
	dict            *tokenbuild.Dictionary
	refErrors       []*tokenbuild.Diagnostic
	transformErrors []*tokenbuild.Diagnostic
	hookWarnings    []diag.HookWarning
	err             error
}

// transformed transforms and resolves a platform's tokens. Platforms whose
// tokens come out the same (the same pure transforms, prefix and base
// font size, without their own preprocessors or expansion, like css and
// scss) share one result instead of transforming twice.
func (in *Instance) transformed(ctx context.Context, p *tokenbuild.Platform, setup *registry.Setup, skipAttributes bool) (*transformOutcome, error) {
	if sig, shareable := transformKey(p, setup, skipAttributes); shareable {
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
		in.pin(o)
		in.transform(ctx, p, setup, o, skipAttributes)
		close(o.done)
		return o, o.err
	}
	o := &transformOutcome{}
	in.transform(ctx, p, setup, o, skipAttributes)
	return o, o.err
}

// nameCollisions is the collisions among the names of all the tokens,
// found once.
func (o *transformOutcome) nameCollisions(usesDtcg bool) []*tokenbuild.Diagnostic {
	o.collisionsOnce.Do(func() {
		if b := o.namesOf; b != nil && len(b.nameCollisions(usesDtcg)) == 0 {
			return
		}
		o.collisions = nameCollisions(o.dict.AllTokens, usesDtcg)
	})
	return o.collisions
}

// keyIndex finds the shared tokens by key; platforms reuse it over their
// copies, which keep the same order.
func (in *loaded) keyIndex() *tokenindex.Map {
	in.keysOnce.Do(func() {
		if b := in.permBase; b != nil && sameKeys(b.base.tokens, in.tokens) {
			// a permutation whose tokens have the base's keys in the
			// base's order: the base's index finds them
			in.keys = b.base.keyIndex().Over(in.tokens)
			return
		}
		in.keys = tokenindex.New(in.tokens)
	})
	return in.keys
}

// sameKeys reports whether two token lists have the same keys in the same
// order.
func sameKeys(a, b []*tokenbuild.Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i, t := range a {
		// the same token (a permutation's flattening takes its base's)
		// has its key without reading it
		if t != b[i] && t.Key != b[i].Key {
			return false
		}
	}
	return true
}

// prepareShared starts making what every platform shares (the key index
// with the reference positions, the written attributes) in the
// background, so that platforms copy their tokens meanwhile instead of
// one of them making it while the others wait. The returned function
// waits for that work: each call that starts it waits before returning,
// so no work goes on behind the caller's back. Once made, they stay.
func (in *Instance) prepareShared() (wait func()) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); in.refIndex() }()
	go func() { defer wg.Done(); in.sourceAttributes() }()
	return wg.Wait
}

// refIndex makes the shared reference index on first use.
func (in *loaded) refIndex() *tokenindex.References {
	keys := in.keyIndex()
	in.refsOnce.Do(func() {
		var like *tokenindex.References
		if b := in.permBase; b != nil && sameKeys(b.base.tokens, in.tokens) {
			// the base's tokens, position by position: a value it has
			// too names the same tokens
			like = b.base.refIndex()
		}
		makeRefIndex(&in.refs, in.tokens, in.refCands, keys, like)
		in.refCands = nil
	})
	return &in.refs
}

// makeRefIndex fills x for tokens. cands, when not nil, are all the
// tokens whose string value has a "{" (flatten lists them): only those can
// hold references, so the others need not be read. A string without one
// is left out of Scanned, which sends a lookup for it to scanning it
// (finding no reference). like, when not nil, is the index of tokens with
// the same keys in the same order: a string it scanned at the same
// position has its targets.
func makeRefIndex(x *tokenindex.References, tokens []*tokenbuild.Token, cands *[]load.RefCandidate, keys *tokenindex.Map, like *tokenindex.References) {
	x.Scanned = make([]string, len(tokens))
	x.Start = make([]int32, len(tokens)+1)
	var buf [4]refs.Match
	var key []byte
	add := func(i int, s string) {
		x.Scanned[i] = s
		if like != nil && i < len(like.Scanned) && like.Scanned[i] == s {
			x.Targets = append(x.Targets, like.Of(i)...)
			return
		}
		for _, m := range refs.AppendFind(buf[:0], s) {
			key = append(append(append(key[:0], '{'), m.Path...), '}')
			x.Targets = append(x.Targets, int32(keys.Position(string(key))))
		}
	}
	if cands != nil {
		next := 0
		for _, c := range *cands {
			for ; next <= int(c.Pos); next++ {
				x.Start[next] = int32(len(x.Targets))
			}
			add(int(c.Pos), c.Value)
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

// sharedAttributes returns the first attribute transform of a platform's
// transforms when its results can be shared by every platform that runs
// it first, by token position: it is pure, and the tokens are the shared
// ones (no preprocessor or expansion of the platform's own), so its
// result depends on the token and the platform's prefix and base size
// only. The cache is found by those.
func (in *Instance) sharedAttributes(p *tokenbuild.Platform, transforms []*tokenbuild.Transform) (*tokenbuild.Transform, []atomic.Pointer[tokenbuild.Object]) {
	if len(p.Preprocessors) > 0 || p.Expand != nil {
		return nil, nil
	}
	var first *tokenbuild.Transform
	for _, t := range transforms {
		if t.Type == tokenbuild.AttributeTransform {
			first = t
			break
		}
	}
	if first == nil || !first.Pure {
		return nil, nil
	}
	key := attributeCacheKey{first, p.Prefix, p.BasePx()}
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.attributeCaches == nil {
		in.attributeCaches = map[attributeCacheKey][]atomic.Pointer[tokenbuild.Object]{}
	}
	c, ok := in.attributeCaches[key]
	if !ok {
		c = make([]atomic.Pointer[tokenbuild.Object], len(in.tokens))
		clear(c) // written before it is read, see strset.New
		in.attributeCaches[key] = c
	}
	return first, c
}

// attributeCacheKey is what a pure attribute transform's result depends on
// besides the token.
type attributeCacheKey struct {
	transform *tokenbuild.Transform
	prefix    string
	basePx    float64
}

// transformKey is the key of a platform's transformed tokens in a build's
// plan and of its result in the engine (transformed): platforms of equal
// keys share one result. It is the transform signature when the platform
// can share (shareable), and otherwise the platform's own.
func transformKey(p *tokenbuild.Platform, setup *registry.Setup, skipAttributes bool) (key string, shareable bool) {
	sig, ok := transformSignature(p, setup)
	if !ok {
		return "platform " + p.Name, false
	}
	if skipAttributes {
		sig += "\x00without attribute transforms"
	}
	return "signature " + sig, true
}

// transformSignature identifies what a platform's tokens depend on, when
// only pure transforms (which read nothing but the token, the prefix and
// basePxFontSize) touch them.
func transformSignature(p *tokenbuild.Platform, setup *registry.Setup) (string, bool) {
	if len(p.Preprocessors) > 0 || p.Expand != nil {
		return "", false
	}
	var b strings.Builder
	for _, t := range setup.Transforms {
		if !t.Pure {
			return "", false
		}
		fmt.Fprintf(&b, "%s\x00%p\x00", t.Name, t) // a hook registered later under the same name is another transform
	}
	fmt.Fprintf(&b, "%s\x00%v", p.Prefix, p.BasePx())
	return b.String(), true
}

// writtenAttributes is the attributes object a token was written with, or nil.
func writtenAttributes(t *tokenbuild.Token) *tokenbuild.Object {
	if t.Props == nil {
		return nil
	}
	obj, _ := t.Props.Value("attributes").(*tokenbuild.Object)
	return obj
}

// sourceAttributes lists the shared tokens' written attributes by position
// (the list is empty but not nil when no token has any), looked up once
// for all platforms.
func (in *loaded) sourceAttributes() []*tokenbuild.Object {
	in.attrsOnce.Do(func() {
		in.attrs = make([]*tokenbuild.Object, len(in.tokens))
		// a permutation's token that loads as its base's has the base's
		// (the same written object): only the others are looked up
		var same []bool
		var baseAttrs []*tokenbuild.Object
		if in.permBase != nil {
			if same = in.sameAsBase(); same != nil {
				baseAttrs = in.permBase.base.sourceAttributes()
			}
		}
		for i, t := range in.tokens {
			if same != nil && same[i] {
				in.attrs[i] = baseAttrs[i]
				continue
			}
			in.attrs[i] = writtenAttributes(t)
		}
	})
	return in.attrs
}
