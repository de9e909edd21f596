package pipeline

import (
	"context"
	"reflect"
	"slices"
	"sync"

	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/internal/registry"
	"github.com/tokengen/tokengen/tokenbuild"
)

// What the permutations of a resolver build share with the instance that
// planned them (their base, permutations.go): a token that loads the same
// in both, and whose references (transitively) do too, comes out of a
// platform's pure transforms the same, so the permutation takes the base's
// transformed token instead of transforming it again. Only the tokens a
// context changes, and those that refer to them, are transformed per
// permutation. The same facts, by position (sameAsBase), let built-in
// formats reuse a token's line across permutations (linecache.go).

// permBase is, on the instance of one of a resolver's other permutations,
// what it may share with its base.
type permBase struct {
	base *Instance
	once sync.Once
	// same[i] reports whether the token at position i loads as the base's
	// does, and so do all the tokens its references reach; nil when the
	// two token lists cannot be compared position by position. samePath[i]
	// reports whether it has the base's token's path.
	same, samePath []bool
}

// sameAsBase is permBase.same, found on first use.
func (in *loaded) sameAsBase() []bool {
	pb := in.permBase
	if pb == nil {
		return nil
	}
	pb.once.Do(func() { pb.same, pb.samePath = sameTokens(pb.base.loaded, in) })
	return pb.same
}

// sameTokens compares the loaded tokens of a permutation c with those of
// its base b, position by position (see permBase.same and samePath).
func sameTokens(b, c *loaded) (same, samePath []bool) {
	if len(b.tokens) != len(c.tokens) || b.usesDtcg != c.usesDtcg || b.dottedKeys != c.dottedKeys ||
		len(b.cfg.Preprocessors) > 0 || b.cfg.Expand != nil {
		// global preprocessors and expansion may make a token from
		// anything in the tree: nothing is known to be the same
		return nil, nil
	}
	n := len(c.tokens)
	changed := make([]bool, n)
	samePath = make([]bool, n)
	for i, t := range c.tokens {
		changed[i] = !sameLoadedToken(b.tokens[i], t)
		// read here, while both tokens are at hand: name transforms
		// that read only the path ask for it (transformer.lastName)
		samePath[i] = !changed[i] || slices.Equal(b.tokens[i].Path, t.Path)
		if !changed[i] && (b.groupDeprecated != nil || c.groupDeprecated != nil) {
			changed[i] = b.groupDeprecated[t.Key] != c.groupDeprecated[t.Key]
		}
	}
	for _, p := range c.propRefs {
		changed[p] = true // references in other properties resolve per permutation
	}
	// Who refers to whom: a token referring to a changed one changes too.
	// The base's graph serves when every changed token has the base's
	// key at its place: a token both share names the same keys, found at
	// the same places, and a changed token's own references do not
	// matter (it has changed already).
	g := b.referrerGraph()
	for i, ch := range changed {
		if ch && c.tokens[i].Key != b.tokens[i].Key {
			g = referrersOf(c)
			break
		}
	}
	for _, p := range g.broken {
		changed[p] = true // a broken reference: left to the platform's walk
	}
	start, referrers := g.start, g.referrers
	var queue []int32
	for i, ch := range changed {
		if ch {
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		p := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, r := range referrers[start[p]:start[p+1]] {
			if !changed[r] {
				changed[r] = true
				queue = append(queue, r)
			}
		}
	}
	same = changed // reused: same is the negation
	for i := range same {
		same[i] = !same[i]
	}
	return same, samePath
}

// referrerGraph is who refers to whom among the tokens, from target to
// referrer: the referrers of the token at position p are
// referrers[start[p]:start[p+1]]; broken are the tokens with a reference
// that names no token.
type referrerGraph struct {
	start, referrers, broken []int32
}

// referrerGraph is referrersOf(in), found once: the base's serves every
// permutation whose keys are its own (sameTokens).
func (in *loaded) referrerGraph() *referrerGraph {
	in.referrersOnce.Do(func() { in.referrers = referrersOf(in) })
	return in.referrers
}

// referrersOf finds who refers to whom among in's tokens (the edges are
// counted first, then filled).
func referrersOf(in *loaded) *referrerGraph {
	idx := in.refIndex()
	keys := in.keyIndex()
	var buf [8]string
	targetsOf := func(i int, t *tokenbuild.Token, each func(target int)) {
		if _, ok := t.Value.(string); ok {
			for _, p := range idx.Of(i) {
				each(int(p))
			}
			return
		}
		if !refs.Uses(t.Value) {
			return
		}
		for _, p := range refs.Collect(t.Value, buf[:0]) {
			each(keys.Position("{" + p + "}"))
		}
	}
	n := len(in.tokens)
	g := &referrerGraph{start: make([]int32, n+1)}
	for i, t := range in.tokens {
		targetsOf(i, t, func(p int) {
			if p < 0 {
				if len(g.broken) == 0 || g.broken[len(g.broken)-1] != int32(i) {
					g.broken = append(g.broken, int32(i))
				}
				return
			}
			g.start[p+1]++
		})
	}
	for i := 1; i <= n; i++ {
		g.start[i] += g.start[i-1]
	}
	g.referrers = make([]int32, g.start[n])
	fill := slices.Clone(g.start[:n])
	for i, t := range in.tokens {
		targetsOf(i, t, func(p int) {
			if p >= 0 {
				g.referrers[fill[p]] = int32(i)
				fill[p]++
			}
		})
	}
	return g
}

// sameLoadedToken reports whether two loaded tokens are the same token:
// written by the same object of the same file, with the same key, type
// and value. A token copied while loading (one inheriting a group $type)
// counts as changed: telling otherwise would take a deep comparison.
func sameLoadedToken(a, b *tokenbuild.Token) bool {
	if a == b {
		return true // flattened from the same object at the same path (flattenFlags)
	}
	return a.Key == b.Key && a.Props == b.Props && a.WrittenProps == b.WrittenProps && a.Type == b.Type &&
		a.Name == b.Name && a.FilePath == b.FilePath && a.IsSource == b.IsSource && a.DTCG == b.DTCG &&
		a.Attributes == b.Attributes && slices.Equal(a.Path, b.Path) && sameLoadedValue(a.Value, b.Value)
}

// sameLoadedValue compares loaded values: strings, numbers and booleans by
// value, objects by identity, anything else deeply.
func sameLoadedValue(a, b any) bool {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case *tokenbuild.Object:
		y, ok := b.(*tokenbuild.Object)
		return ok && x == y
	case nil:
		return b == nil
	}
	return reflect.DeepEqual(a, b)
}

// baseTransformed is the base's transformed tokens of platform p when a
// permutation may take its unchanged tokens from them (nil otherwise),
// which those are by position, and the base's result they belong to: p's transforms are pure (what they make of
// a token depends on it and its references only), and the base's walk
// reported nothing, so that no message of the permutation's own is lost.
// It waits for the base's result, or makes it, which the base then uses
// too.
func (in *Instance) baseTransformed(ctx context.Context, p *tokenbuild.Platform, setup *registry.Setup, skipAttributes bool) (fromBase []*tokenbuild.Token, same []bool, o *transformOutcome) {
	if in.permBase == nil {
		return nil, nil, nil
	}
	if _, shareable := transformSignature(p, setup); !shareable {
		return nil, nil, nil
	}
	same = in.sameAsBase()
	if same == nil {
		return nil, nil, nil
	}
	base := in.permBase.base
	bp, ok := base.cfg.Platform(p.Name)
	if !ok {
		return nil, nil, nil
	}
	o, err := base.transformed(ctx, bp, setup, skipAttributes)
	if err != nil || o.dict == nil || len(o.refErrors) > 0 || len(o.transformErrors) > 0 || len(o.hookWarnings) > 0 ||
		len(o.dict.AllTokens) != len(same) {
		return nil, nil, nil
	}
	return o.dict.AllTokens, same, o
}

// unpin lets the shared transform results go once the permutations are
// built.
func (in *Instance) unpin() {
	in.mu.Lock()
	in.pinned = nil
	in.mu.Unlock()
}

// pin keeps a shared transform result alive while the permutations that
// take tokens from it are built (the base lets its platforms' results go
// once their files are staged).
func (in *Instance) pin(o *transformOutcome) {
	if len(in.perms) == 0 {
		return
	}
	in.mu.Lock()
	in.pinned = append(in.pinned, o)
	in.mu.Unlock()
}
