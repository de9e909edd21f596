// Package expand splits composite tokens (objects such as border, shadow
// and typography values, or arrays of them) into one token per property,
// as the reference's expandObjectTokens does. The pipeline calls Tokens
// once globally (config `expand`) and once per platform (`platform.expand`).
package expand

import (
	"errors"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/tokenbuild"
)

// DTCGTypesMap returns a fresh copy of the built-in map from composite type
// and property to the property's token type; `typesMap` is merged over it.
func DTCGTypesMap() *tokenbuild.Object {
	return tokenbuild.ObjectOf(
		"border", tokenbuild.ObjectOf("style", "strokeStyle", "width", "dimension"),
		"transition", tokenbuild.ObjectOf("delay", "duration", "timingFunction", "cubicBezier"),
		"shadow", tokenbuild.ObjectOf("offsetX", "dimension", "offsetY", "dimension", "blur", "dimension", "spread", "dimension"),
		"gradient", tokenbuild.ObjectOf("position", "number"),
		"typography", tokenbuild.ObjectOf("fontSize", "dimension", "letterSpacing", "dimension", "lineHeight", "number"),
		"strokeStyle", tokenbuild.ObjectOf("dashArray", "dimension"),
	)
}

// errIncludeExclude is the reference's message for a config with both lists.
var errIncludeExclude = errors.New("expand.include should not be combined with expand.exclude, use one or the other.")

// Tokens expands the composite tokens of list according to cfg (the
// platform's expand config, or the global one when p is nil). It returns a
// new list: tokens that are not expanded keep their place, and each
// expanded token is removed while its sub-tokens are appended at the end,
// as the reference's Map delete-and-set does. The input tokens are not
// modified; new tokens get new Props.
//
// Before deciding, whole-value references to object tokens are resolved
// ("{border.focus}" expands like the border it points to), and the
// sub-tokens take their values from that resolved copy, so a sub-value
// that references an object or array (a fontFamily list) holds that
// object, while references to primitives stay as written.
//
// Each sub-token's Props are the parent's properties without the value and
// type, then "key" (where the reference's token object has it), the value
// and the type; so ToObject and Original print them in the reference's order.
func Tokens(list []*tokenbuild.Token, cfg *tokenbuild.Expand, c *tokenbuild.Config, p *tokenbuild.Platform, usesDtcg bool) ([]*tokenbuild.Token, error) {
	if cfg == nil {
		return list, nil
	}
	e := &expander{
		cfg: cfg, config: c, platform: p, dtcg: usesDtcg,
		valueKey: "value", typeKey: "type",
		typesMap: mergeTypesMap(DTCGTypesMap(), cfg.TypesMap),
		out:      newOrderedList(list),
	}
	if usesDtcg {
		e.valueKey, e.typeKey = "$value", "$type"
	}
	e.res = newResolver(list, e.valueKey)
	for _, t := range list {
		rv := e.res.tokenValue(t)
		if !isComposite(rv) {
			continue
		}
		view := e.res.view(t, rv, usesDtcg)
		ok, err := e.shouldExpand(view)
		if err != nil {
			return nil, err
		}
		if ok {
			if err := e.expandToken(view, 0); err != nil {
				return nil, err
			}
		}
	}
	return e.out.tokens(), nil
}

// isComposite reports whether a value gets expanded: an object, or an array
// whose items are all objects (an empty array too, which then just vanishes).
func isComposite(v any) bool {
	switch x := v.(type) {
	case *tokenbuild.Object:
		return true
	case []any:
		for _, item := range x {
			if _, ok := item.(*tokenbuild.Object); !ok {
				return false
			}
		}
		return true
	}
	return false
}

type expander struct {
	cfg               *tokenbuild.Expand
	config            *tokenbuild.Config
	platform          *tokenbuild.Platform
	dtcg              bool
	valueKey, typeKey string
	typesMap          *tokenbuild.Object
	res               *resolver
	out               *orderedList
}

// shouldExpand applies Func, include or exclude to a token.
func (e *expander) shouldExpand(t *tokenbuild.Token) (bool, error) {
	cfg := e.cfg
	if cfg.Func != nil {
		return cfg.Func(t, e.config, e.platform), nil
	}
	hasInclude := cfg.Include != nil || cfg.IncludeFunc != nil
	hasExclude := cfg.Exclude != nil || cfg.ExcludeFunc != nil
	if hasInclude && hasExclude {
		return false, errIncludeExclude
	}
	typ, isString := t.Props.Value(e.typeKey).(string)
	switch {
	case cfg.IncludeFunc != nil:
		return cfg.IncludeFunc(t, e.config, e.platform), nil
	case cfg.Include != nil:
		return isString && contains(cfg.Include, typ), nil
	case cfg.ExcludeFunc != nil:
		return !cfg.ExcludeFunc(t, e.config, e.platform), nil
	case cfg.Exclude != nil:
		return !(isString && contains(cfg.Exclude, typ)), nil
	}
	return true, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// maxDepth bounds the recursion into nested object values; only a value
// that contains itself (through a circular reference) gets that deep.
const maxDepth = 1000

// expandToken replaces t (whose Value is already resolved) by its sub-tokens.
func (e *expander) expandToken(t *tokenbuild.Token, depth int) error {
	if depth > maxDepth {
		return &tokenbuild.Diagnostic{Token: t.PathString(), Msg: "composite value nested too deeply to expand (circular reference?)"}
	}
	// Sub-tokens inherit every property but the value and type, and carry
	// "key" where the reference's token object has it (last, unless written).
	hasKey := t.Props.Has("key")
	compositionType, hasType := t.Props.Get(e.typeKey)
	if !hasType {
		compositionType = js.Undefined
	}

	items, isArray := t.Value.([]any)
	if !isArray {
		items = []any{t.Value}
	}
	for i, item := range items {
		obj, _ := item.(*tokenbuild.Object)
		key := t.Key
		if len(items) > 1 {
			key = strings.Replace(key, "}", "."+strconv.Itoa(i+1)+"}", 1)
		}
		for _, prop := range obj.Keys() {
			value := obj.Value(prop)
			innerKey := strings.Replace(key, "}", "."+prop+"}", 1)
			typ := typeFromMap(prop, compositionType, e.typesMap)
			props := tokenbuild.NewObject()
			t.Props.Range(func(k string, v any) bool {
				if k != e.valueKey && k != e.typeKey {
					props.Set(k, v)
				}
				return true
			})
			if !hasKey {
				props.Set("key", t.Key)
			}
			props.Set(e.valueKey, value)
			props.Set(e.typeKey, typ)
			props.Set("key", innerKey)
			sub := &tokenbuild.Token{
				Key:      innerKey,
				Path:     keyPath(innerKey),
				Value:    value,
				FilePath: t.FilePath,
				IsSource: t.IsSource,
				DTCG:     e.dtcg,
				Props:    props,
			}
			sub.Name = sub.Path[len(sub.Path)-1]
			sub.Type, _ = typ.(string)
			if _, nested := value.(*tokenbuild.Object); nested {
				ok, err := e.shouldExpand(sub)
				if err != nil {
					return err
				}
				if ok {
					if err := e.expandToken(sub, depth+1); err != nil {
						return err
					}
					continue
				}
			}
			e.out.set(sub)
		}
	}
	e.out.remove(t.Key)
	return nil
}

// keyPath splits "{a.b.c}" into its segments.
func keyPath(key string) []string {
	return strings.Split(strings.TrimSuffix(strings.TrimPrefix(key, "{"), "}"), ".")
}

// typeFromMap is the reference's getTypeFromMap: the composite type's entry
// for the property, else a top-level string entry for the property, else
// the property name itself. The composite type may be anything a token
// file holds, or undefined: typeMap[compositionType] looks up its String
// ("null", "5", "undefined").
func typeFromMap(prop string, compositionType any, typesMap *tokenbuild.Object) any {
	if m, ok := typesMap.Value(js.String(compositionType)).(*tokenbuild.Object); ok {
		if v := m.Value(prop); js.Truthy(v) {
			return v
		}
	}
	if s, ok := typesMap.Value(prop).(string); ok {
		return s
	}
	return prop
}

// orderedList is the token Map of the reference: setting a new key appends,
// setting an existing key replaces in place, deleting leaves no gap.
type orderedList struct {
	items []*tokenbuild.Token
	pos   map[string]int
}

func newOrderedList(list []*tokenbuild.Token) *orderedList {
	l := &orderedList{items: append([]*tokenbuild.Token(nil), list...), pos: make(map[string]int, len(list))}
	for i, t := range list {
		l.pos[t.Key] = i
	}
	return l
}

func (l *orderedList) set(t *tokenbuild.Token) {
	if i, ok := l.pos[t.Key]; ok {
		l.items[i] = t
		return
	}
	l.pos[t.Key] = len(l.items)
	l.items = append(l.items, t)
}

func (l *orderedList) remove(key string) {
	if i, ok := l.pos[key]; ok {
		l.items[i] = nil
		delete(l.pos, key)
	}
}

func (l *orderedList) tokens() []*tokenbuild.Token {
	out := make([]*tokenbuild.Token, 0, len(l.pos))
	for _, t := range l.items {
		if t != nil {
			out = append(out, t)
		}
	}
	return out
}

// resolver reproduces the reference's "objectsOnly" reference resolution on
// a copy of the tokens: a string that is exactly one reference is replaced
// by the referenced token's value when that value is an object, an array or
// null; everything else is left as written.
type resolver struct {
	byKey    map[string]*tokenbuild.Token
	valueKey string
	memo     map[string]any
	busy     map[string]bool
}

func newResolver(list []*tokenbuild.Token, valueKey string) *resolver {
	r := &resolver{byKey: make(map[string]*tokenbuild.Token, len(list)), valueKey: valueKey, memo: map[string]any{}, busy: map[string]bool{}}
	for _, t := range list {
		r.byKey[t.Key] = t
	}
	return r
}

// ignoredKeys are never resolved, at any depth (the reference's resolveMap
// checks them in every object it walks).
func ignoredKey(k string) bool {
	return k == "original" || k == "key" || k == "path" || k == "attributes"
}

// tokenValue is t's value after objectsOnly resolution.
func (r *resolver) tokenValue(t *tokenbuild.Token) any {
	switch x := t.Value.(type) {
	case *tokenbuild.Object, []any:
	case string:
		if !isWholeReference(x) {
			return x
		}
	default:
		return t.Value
	}
	if v, ok := r.memo[t.Key]; ok {
		return v
	}
	if r.busy[t.Key] {
		return t.Value // a cycle: the reference would build a circular value
	}
	r.busy[t.Key] = true
	v := r.deep(t.Value)
	delete(r.busy, t.Key)
	r.memo[t.Key] = v
	return v
}

// view is the token as the resolved copy holds it: what include/exclude
// functions see and what sub-tokens inherit.
func (r *resolver) view(t *tokenbuild.Token, value any, dtcg bool) *tokenbuild.Token {
	props := t.Props
	for i, k := range t.Props.Keys() {
		old := t.Props.Value(k)
		nv := old
		switch {
		case k == r.valueKey:
			nv = value
		case !ignoredKey(k):
			nv = r.deep(old)
		}
		if js.StrictEqual(nv, old) && props == t.Props {
			continue
		}
		if props == t.Props {
			props = tokenbuild.NewObject()
			for _, kk := range t.Props.Keys()[:i] {
				props.Set(kk, t.Props.Value(kk))
			}
		}
		props.Set(k, nv)
	}
	v := *t
	v.Value = value
	v.Props = props
	v.DTCG = dtcg
	return &v
}

// deep resolves v, copying only what changes.
func (r *resolver) deep(v any) any {
	switch x := v.(type) {
	case string:
		if !isWholeReference(x) {
			return x
		}
		if res, ok := r.objectTarget(x, 0); ok {
			return res
		}
		return x
	case *tokenbuild.Object:
		var out *tokenbuild.Object
		for i, k := range x.Keys() {
			old := x.Value(k)
			nv := old
			if !ignoredKey(k) {
				nv = r.deep(old)
			}
			if !js.StrictEqual(nv, old) {
				if out == nil {
					out = tokenbuild.NewObject()
					for _, kk := range x.Keys()[:i] {
						out.Set(kk, x.Value(kk))
					}
				}
				out.Set(k, nv)
			} else if out != nil {
				out.Set(k, old)
			}
		}
		if out == nil {
			return x
		}
		return out
	case []any:
		var out []any
		for i, old := range x {
			nv := r.deep(old)
			if !js.StrictEqual(nv, old) && out == nil {
				out = append([]any(nil), x...)
			}
			if out != nil {
				out[i] = nv
			}
		}
		if out == nil {
			return x
		}
		return out
	}
	return v
}

// isWholeReference is the reference's /^{[^{}]+?}$/ guard: only such
// strings can resolve to an object.
func isWholeReference(s string) bool {
	if len(s) < 3 || s[0] != '{' || s[len(s)-1] != '}' {
		return false
	}
	return !strings.ContainsAny(s[1:len(s)-1], "{}")
}

// objectTarget follows the reference s (a string that is one whole
// reference) through tokens whose values are themselves one reference, and
// returns the final value if it is an object, an array or null.
func (r *resolver) objectTarget(s string, depth int) (any, bool) {
	ms := refs.Find(s)
	if len(ms) != 1 || ms[0].Start != 0 || ms[0].End != len(s) || depth > len(r.byKey) {
		return nil, false
	}
	t, ok := r.byKey[ms[0].Key()]
	if !ok {
		return nil, false
	}
	switch x := t.Value.(type) {
	case string:
		if !refs.Has(x) {
			return nil, false
		}
		if r.busy["chain:"+t.Key] {
			return nil, false // circular
		}
		r.busy["chain:"+t.Key] = true
		defer delete(r.busy, "chain:"+t.Key)
		return r.objectTarget(x, depth+1)
	case *tokenbuild.Object, []any:
		return r.tokenValue(t), true
	case nil:
		return nil, true
	}
	return nil, false
}
