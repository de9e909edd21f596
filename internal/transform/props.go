package transform

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/load"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/tokenbuild"
)

// References in a token's other properties. The reference resolves
// references in every string of a token object (its resolveMap): comment,
// $description, $extensions, darkValue, filePath, any property, nested
// objects and arrays included, except under the keys load.IgnoredPropKey names.
// A reference takes the referenced token's value as it is then, that is
// transformed: the reference resolves properties between its rounds of
// transforms, skipping references to tokens not transformed yet. So a
// token's transforms see its properties' references resolved only when
// its own value is a reference and the referenced token was transformed
// in an earlier round (resolvePropsBefore); every other reference is
// resolved once all tokens are final (resolvePropsAfter). A reference
// that names no token fails the build as a value's does.
//
// Only tokens flatten found a "{" in (load.FindPropRefs) are looked at, so
// tokens without one cost nothing here.

// unknownDepth marks a depth not computed yet, infiniteDepth a token that
// never becomes final (a reference is broken or circular), and
// computingDepth one being computed (reaching it again is a cycle).
const (
	unknownDepth   = 0
	infiniteDepth  = math.MaxUint16
	computingDepth = math.MaxUint16 - 1
)

// depthOf is the round of the reference's transform-and-resolve loop in
// which t is transformed: 1 for a value without references, else one more
// than the deepest token its written value refers to. It depends on the
// written values only, so it is found without visiting a token.
func (tr *transformer) depthOf(t *tokenbuild.Token) uint16 {
	if tr.depths == nil {
		tr.depths = make([]uint16, len(tr.tokens))
	}
	i := tr.pos(t)
	switch d := tr.depths[i]; d {
	case unknownDepth:
	case computingDepth:
		return infiniteDepth
	default:
		return d
	}
	raw := t.OriginalValue()
	if !refs.Uses(raw) {
		tr.depths[i] = 1
		return 1
	}
	tr.depths[i] = computingDepth
	deepest := uint16(0)
	var buf [8]string
	for _, p := range refs.Collect(raw, buf[:0]) {
		target, ok := tr.byKey.Get("{" + p + "}")
		if !ok {
			deepest = infiniteDepth
			break
		}
		deepest = max(deepest, tr.depthOf(target))
		if deepest == infiniteDepth {
			break
		}
	}
	d := uint16(infiniteDepth)
	if deepest < computingDepth-1 {
		d = deepest + 1
	}
	tr.depths[i] = d
	return d
}

// resolvePropsBefore resolves, before t's transforms, the references in
// its properties that the reference has resolved by then: t's value came
// from references, and the referenced token is transformed in an earlier
// round. Such a token cannot depend on t, so it is made final first.
func (tr *transformer) resolvePropsBefore(t *tokenbuild.Token) {
	depth := tr.depthOf(t)
	tr.resolveProps(t, func(target *tokenbuild.Token) bool {
		if tr.depthOf(target) >= depth {
			return false
		}
		tr.visit(target) // no-op when it is final already
		return *tr.st(target) == Done
	}, false)
}

// resolvePropsAfter resolves the references left in the properties of the
// tokens at positions, once every token is final, reporting those that
// name no token.
func (tr *transformer) resolvePropsAfter(positions []int32) {
	for _, p := range positions {
		tr.resolveProps(tr.tokens[p], nil, true)
	}
}

// resolveProps replaces t.Props with a copy whose references are resolved
// (the objects are shared between platforms: parts that do not change stay
// shared). use says which referenced tokens to take now (nil: all);
// report reports the references that name no token.
func (tr *transformer) resolveProps(t *tokenbuild.Token, use func(*tokenbuild.Token) bool, report bool) {
	r := propResolver{tr: tr, t: t, use: use, report: report}
	props, changed := r.object(t.Props, t.ValueKey())
	if !changed {
		return
	}
	if t.WrittenProps == nil {
		t.WrittenProps = t.Props
	}
	t.Props = props
	if typ, ok := props.Value(t.TypeKey()).(string); ok {
		t.Type = typ
	}
}

// propResolver resolves the references in one token's properties.
type propResolver struct {
	tr     *transformer
	t      *tokenbuild.Token
	use    func(*tokenbuild.Token) bool
	report bool
	at     []any // the keys (string) and indexes (int) down to the value being resolved
}

// object resolves o's values, leaving skip (the token's value key) and the
// ignored keys alone. It returns o itself when nothing changed.
func (r *propResolver) object(o *tokenbuild.Object, skip string) (*tokenbuild.Object, bool) {
	var out *tokenbuild.Object
	for _, k := range o.Keys() {
		if k == skip || load.IgnoredPropKey(k) {
			continue
		}
		r.at = append(r.at, k)
		v, changed := r.value(o.Value(k))
		r.at = r.at[:len(r.at)-1]
		if !changed {
			continue
		}
		if out == nil {
			out = tokenbuild.NewObjectCap(o.Len())
			for _, kk := range o.Keys() {
				out.Set(kk, o.Value(kk))
			}
		}
		out.Set(k, v)
	}
	if out == nil {
		return o, false
	}
	return out, true
}

func (r *propResolver) value(v any) (any, bool) {
	switch x := v.(type) {
	case string:
		if !refs.Has(x) {
			return x, false
		}
		// the limits on what references make apply here too (resolveString)
		nv, _ := r.tr.resolveString(r.t, x, func(_ int, m refs.Match) *tokenbuild.Token {
			target, ok := r.tr.byKey.Get(m.Key())
			if !ok {
				if r.report {
					r.broken(x, m)
				}
				return nil
			}
			if r.use != nil && !r.use(target) {
				return nil
			}
			return target
		})
		s, isStr := nv.(string)
		return nv, !isStr || s != x
	case []any:
		var out []any
		for i, e := range x {
			r.at = append(r.at, i)
			nv, changed := r.value(e)
			r.at = r.at[:len(r.at)-1]
			if changed {
				if out == nil {
					out = append([]any(nil), x...)
				}
				out[i] = nv
			}
		}
		if out == nil {
			return x, false
		}
		return out, true
	case *tokenbuild.Object:
		return r.object(x, "")
	}
	return v, false
}

// broken reports the reference m in s, which names no token, at the
// property it is in: the message names the property's path, the position
// is the reference inside the top-level property.
func (r *propResolver) broken(s string, m refs.Match) {
	what := "is not defined"
	if r.tr.isGroup(m.Key()) {
		what = "names a group, not a token"
	} else if near := r.tr.nearestToken(m.Key(), r.t); near != "" {
		what += "; did you mean " + near + "?"
	}
	near := s[m.Start:m.End]
	msg := fmt.Sprintf("reference %s in %s %s", near, propPathString(r.at), what)
	if r.tr.seenRefErr == nil {
		r.tr.seenRefErr = map[string]bool{}
	}
	if id := r.t.Key + "\x00" + msg; !r.tr.seenRefErr[id] {
		r.tr.seenRefErr[id] = true
		e := diag.TokenError(r.t, near, msg)
		e.Path = r.at[0].(string)
		r.tr.refErrors = append(r.tr.refErrors, e)
	}
}

// propPathString writes a property path as JavaScript would reach it:
// comment, $extensions.a, extra.deep[1].x.
func propPathString(at []any) string {
	var b strings.Builder
	for i, p := range at {
		switch x := p.(type) {
		case int:
			b.WriteString("[" + strconv.Itoa(x) + "]")
		case string:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(x)
		}
	}
	return b.String()
}
