package tokensstudio

import (
	"fmt"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// ParseTokens is the tokens-studio preprocessor: ExcludeParentKeys (when
// the option asks for it), AlignTypes, then AddFontStyles. The tree given
// is not changed.
func ParseTokens(tokens *tokenbuild.Object, opts Options) *tokenbuild.Object {
	return AddFontStyles(AlignTypes(ExcludeParentKeys(tokens, opts)), opts)
}

// ExcludeParentKeys drops the top level of the tree (the token set names
// of a single-file Tokens Studio export), deep-merging what the sets hold
// (arrays concatenate), when opts.ExcludeParentKeys is set.
func ExcludeParentKeys(tokens *tokenbuild.Object, opts Options) *tokenbuild.Object {
	if !opts.ExcludeParentKeys {
		return tokens
	}
	out := tokenbuild.NewObject()
	tokens.Range(func(_ string, set any) bool {
		entries(set, func(k string, group any) {
			if prev, ok := out.Get(k); ok && js.Truthy(prev) {
				out.Set(k, deepmerge(prev, group))
			} else {
				out.Set(k, group)
			}
		})
		return true
	})
	return out
}

// entries is Object.entries for the objects and arrays of a tree.
func entries(v any, f func(k string, v any)) {
	switch x := v.(type) {
	case *tokenbuild.Object:
		x.Range(func(k string, e any) bool { f(k, e); return true })
	case []any:
		for i, e := range x {
			f(js.Format(float64(i)), e)
		}
	case string:
		for i, r := range []rune(x) {
			f(js.Format(float64(i)), string(r))
		}
	}
}

// mergeable is is-mergeable-object: objects and arrays.
func mergeable(v any) bool {
	switch v.(type) {
	case *tokenbuild.Object, []any:
		return true
	}
	return false
}

// cloneUnlessOtherwiseSpecified copies objects and arrays.
func cloneUnlessOtherwiseSpecified(v any) any {
	if mergeable(v) {
		return tokenbuild.CloneValue(v)
	}
	return v
}

// deepmerge is the deepmerge package's (4.3) default merge, quirks
// included: two values that are not arrays merge as objects, so merging
// two strings gives an object of the second one's characters.
func deepmerge(target, source any) any {
	ta, tArr := target.([]any)
	sa, sArr := source.([]any)
	if tArr != sArr {
		return cloneUnlessOtherwiseSpecified(source)
	}
	if sArr {
		out := make([]any, 0, len(ta)+len(sa))
		for _, e := range ta {
			out = append(out, cloneUnlessOtherwiseSpecified(e))
		}
		for _, e := range sa {
			out = append(out, cloneUnlessOtherwiseSpecified(e))
		}
		return out
	}
	out := tokenbuild.NewObject()
	to, _ := target.(*tokenbuild.Object)
	if to != nil {
		to.Range(func(k string, v any) bool {
			out.Set(k, cloneUnlessOtherwiseSpecified(v))
			return true
		})
	}
	entries(source, func(k string, v any) {
		if k == "__proto__" || k == "constructor" {
			return
		}
		if to != nil && to.Has(k) && mergeable(v) {
			out.Set(k, deepmerge(to.Value(k), v))
		} else {
			out.Set(k, cloneUnlessOtherwiseSpecified(v))
		}
	})
	return out
}

// typesMap maps Tokens Studio types to DTCG ones.
var typesMap = map[string]string{
	"fontFamilies": "fontFamily", "fontWeights": "fontWeight", "fontSizes": "fontSize", "lineHeights": "lineHeight",
	"boxShadow": "shadow", "spacing": "dimension", "sizing": "dimension", "borderRadius": "dimension",
	"borderWidth": "dimension", "letterSpacing": "dimension", "paragraphSpacing": "dimension",
	"paragraphIndent": "dimension", "text": "content",
}

// isTokenObject is sd-transforms' test: an object with both $type and
// $value, or both type and value.
func isTokenObject(o *tokenbuild.Object) (dtcg, ok bool) {
	if o.Has("$type") && o.Has("$value") {
		return o.Has("$value"), true
	}
	if o.Has("type") && o.Has("value") {
		return o.Has("$value"), true
	}
	return false, false
}

// TypeDtcgDelegate is style-dictionary's typeDtcgDelegate on a copy of
// the tree: a DTCG token without $type gets its group's, and groups lose
// theirs.
func TypeDtcgDelegate(tokens *tokenbuild.Object) *tokenbuild.Object {
	c := tokens.Clone()
	var recurse func(slice *tokenbuild.Object, typ any)
	recurse = func(slice *tokenbuild.Object, typ any) {
		if !slice.Has("$type") && js.Truthy(typ) && slice.Has("$value") {
			slice.Set("$type", typ)
		}
		if t := slice.Value("$type"); js.Truthy(t) {
			typ = t
			if v, ok := slice.Get("$value"); !ok || v == js.Undefined {
				slice.Delete("$type")
			}
		}
		slice.Range(func(_ string, v any) bool {
			if o, ok := v.(*tokenbuild.Object); ok {
				recurse(o, typ)
			}
			return true
		})
	}
	recurse(c, nil)
	return c
}

// AlignTypes is alignTypes on a copy of the tree: group types delegated
// (TypeDtcgDelegate), Tokens Studio types renamed to DTCG ones with the
// original kept in $extensions["studio.tokens"].originalType, and a
// shadow's x and y renamed offsetX and offsetY.
func AlignTypes(tokens *tokenbuild.Object) *tokenbuild.Object {
	c := TypeDtcgDelegate(tokens)
	var recurse func(v any)
	recurse = func(v any) {
		slice, isObj := v.(*tokenbuild.Object)
		if isObj {
			if dtcg, ok := isTokenObject(slice); ok {
				alignToken(slice, dtcg)
				return
			}
		}
		entries(v, func(_ string, e any) {
			if mergeable(e) {
				recurse(e)
			}
		})
	}
	recurse(c)
	return c
}

func alignToken(slice *tokenbuild.Object, dtcg bool) {
	typeKey, valueKey := "type", "value"
	if dtcg {
		typeKey, valueKey = "$type", "$value"
	}
	t := slice.Value(typeKey)
	newT := t
	if s, ok := t.(string); ok {
		if m, ok := typesMap[s]; ok {
			newT = m
		}
	}
	if newT != t {
		slice.Set(typeKey, newT)
		ext := tokenbuild.NewObject()
		if old, ok := slice.Value("$extensions").(*tokenbuild.Object); ok {
			ext = old.Clone()
		}
		studio := tokenbuild.NewObject()
		if old, ok := ext.Value("studio.tokens").(*tokenbuild.Object); ok {
			studio = old.Clone()
		}
		studio.Set("originalType", t)
		ext.Set("studio.tokens", studio)
		slice.Set("$extensions", ext)
	}
	if newT != "shadow" {
		return
	}
	convert := func(v any) {
		o, ok := v.(*tokenbuild.Object)
		if !ok {
			return
		}
		for _, kv := range [][2]string{{"x", "offsetX"}, {"y", "offsetY"}} {
			if x, ok := o.Get(kv[0]); ok && x != js.Undefined {
				o.Set(kv[1], x)
				o.Delete(kv[0])
			}
		}
	}
	switch v := slice.Value(valueKey).(type) {
	case []any:
		for _, e := range v {
			convert(e)
		}
	case *tokenbuild.Object:
		convert(v)
	}
}

// AddFontStyles is addFontStyles on a copy of the tree: a font weight
// naming a style ("Bold Italic", or only "Italic") is split into weight
// and style. A typography token gets fontStyle beside its fontWeight
// ("normal" when opts.AlwaysAddFontStyle asks for one always); a
// fontWeight token becomes a group of two tokens, weight and style.
// References in font weights are resolved against the tree first.
func AddFontStyles(tokens *tokenbuild.Object, opts Options) *tokenbuild.Object {
	refs := &refLookup{tree: tokens}
	c := tokens.Clone()
	var recurse func(slice *tokenbuild.Object)
	recurse = func(slice *tokenbuild.Object) {
		for _, key := range slice.Keys() {
			tok, isObj := slice.Value(key).(*tokenbuild.Object)
			if !isObj {
				if arr, ok := slice.Value(key).([]any); ok {
					recurseArray(arr, recurse)
				}
				continue
			}
			dtcg, isToken := isTokenObject(tok)
			if !isToken {
				recurse(tok)
				continue
			}
			typeKey, valueKey := "type", "value"
			if dtcg {
				typeKey, valueKey = "$type", "$value"
			}
			switch tok.Value(typeKey) {
			case "typography":
				val, ok := tok.Value(valueKey).(*tokenbuild.Object)
				if !ok {
					continue
				}
				fw, ok := val.Get("fontWeight")
				if !ok || fw == js.Undefined {
					continue
				}
				weight, style := splitWeightStyle(refs.resolveFontWeight(js.String(fw), dtcg), opts.AlwaysAddFontStyle)
				if style != "" {
					val.Set("fontWeight", weight)
					val.Set("fontStyle", style)
				}
			case "fontWeight":
				weight, style := splitWeightStyle(refs.resolveFontWeight(js.String(tok.Value(valueKey)), dtcg), false)
				if style != "" {
					w := tok.Clone()
					w.Set(typeKey, "fontWeight")
					w.Set(valueKey, weight)
					s := tok.Clone()
					s.Set(typeKey, "fontStyle")
					s.Set(valueKey, style)
					slice.Set(key, tokenbuild.ObjectOf("weight", w, "style", s))
				}
			}
		}
	}
	recurse(c)
	return c
}

// recurseArray walks the objects in an array as the package's recursion
// over Object.keys does.
func recurseArray(arr []any, recurse func(*tokenbuild.Object)) {
	wrapper := tokenbuild.NewObject()
	for i, e := range arr {
		wrapper.Set(js.Format(float64(i)), e)
	}
	recurse(wrapper)
	for i := range arr {
		arr[i] = wrapper.Value(js.Format(float64(i)))
	}
}

func splitWeightStyle(fontWeight string, alwaysAddFontStyle bool) (weight, style string) {
	weight = fontWeight
	if alwaysAddFontStyle {
		style = "normal"
	}
	if fontWeight != "" {
		if m := fontWeightRe.FindStringSubmatch(fontWeight); m != nil && m[1] != "" && m[2] != "" {
			style = strings.ToLower(m[2])
			weight = m[1]
		}
		if fontStyles[strings.ToLower(fontWeight)] {
			style = strings.ToLower(fontWeight)
			weight = "Regular"
		}
	}
	return weight, style
}

// refLookup resolves references against the tree as it was before
// AddFontStyles changed it; its token maps are made once, on first use.
type refLookup struct {
	tree *tokenbuild.Object
	maps [2]map[string]*tokenbuild.Object // legacy, DTCG
}

func (r *refLookup) tokens(dtcg bool) map[string]*tokenbuild.Object {
	i := 0
	valueKey := "value"
	if dtcg {
		i, valueKey = 1, "$value"
	}
	if r.maps[i] == nil {
		m := map[string]*tokenbuild.Object{}
		var walk func(o *tokenbuild.Object, path []string)
		walk = func(o *tokenbuild.Object, path []string) {
			if o.Has(valueKey) {
				m[strings.Join(path, ".")] = o
				return
			}
			o.Range(func(k string, v any) bool {
				if c, ok := v.(*tokenbuild.Object); ok {
					walk(c, append(path[:len(path):len(path)], k))
				}
				return true
			})
		}
		walk(r.tree, nil)
		r.maps[i] = m
	}
	return r.maps[i]
}

// resolveFontWeight resolves the references in a font weight, or leaves
// it as written when one does not resolve (the package logs that and goes
// on).
func (r *refLookup) resolveFontWeight(fw string, dtcg bool) string {
	if !UsesReferences(fw) {
		return fw
	}
	v, err := r.resolve(fw, dtcg, map[string]bool{})
	if err != nil {
		return fw
	}
	return js.String(v)
}

func (r *refLookup) resolve(s string, dtcg bool, seen map[string]bool) (any, error) {
	valueKey := "value"
	if dtcg {
		valueKey = "$value"
	}
	lookup := func(path string) (any, error) {
		if seen[path] {
			return nil, fmt.Errorf("circular reference {%s}", path)
		}
		t, ok := r.tokens(dtcg)[path]
		if !ok {
			return nil, fmt.Errorf("tries to reference %s, which is not defined", path)
		}
		v := t.Value(valueKey)
		if vs, ok := v.(string); ok && UsesReferences(vs) {
			seen[path] = true
			defer delete(seen, path)
			return r.resolve(vs, dtcg, seen)
		}
		return v, nil
	}
	if m := referenceRe.FindStringSubmatchIndex(s); m != nil && m[0] == 0 && m[1] == len(s) {
		return lookup(s[m[2]:m[3]])
	}
	var firstErr error
	out := referenceRe.ReplaceAllStringFunc(s, func(ref string) string {
		v, err := lookup(ref[1 : len(ref)-1])
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return js.String(v)
	})
	return out, firstErr
}
