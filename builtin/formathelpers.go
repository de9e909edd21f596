package builtin

import (
	"reflect"
	"strings"

	"github.com/tokengen/tokengen/internal/jsnum"
	"github.com/tokengen/tokengen/internal/model"
	"github.com/tokengen/tokengen/internal/refs"
)

// WarnFilteredReferences is the kind of warning formats report, through
// the options' "warn" function, for each reference that points at a token
// the file's filter removed (the reference's "filtered out token
// references" group). Each message is the reference path, e.g. "size.base";
// a path is reported at most once per file.
const WarnFilteredReferences = "filtered-references"

// WarnFunc reports a warning of a kind to the pipeline.
type WarnFunc func(kind, msg string)

// warnFuncOf returns the "warn" option if it is a WarnFunc (or a plain
// func(kind, msg string)), else a function that drops warnings.
func warnFuncOf(o model.Options) WarnFunc {
	switch f := o["warn"].(type) {
	case WarnFunc:
		if f != nil {
			return f
		}
	case func(kind, msg string):
		if f != nil {
			return f
		}
	}
	return func(string, string) {}
}

// refWarnings collects the filtered-reference paths of one format call,
// with the reference's add (deduplicated) and remove semantics.
type refWarnings struct{ paths []string }

func (w *refWarnings) add(p string) {
	if w == nil {
		return
	}
	for _, q := range w.paths {
		if q == p {
			return
		}
	}
	w.paths = append(w.paths, p)
}

func (w *refWarnings) remove(p string) {
	if w == nil {
		return
	}
	for i, q := range w.paths {
		if q == p {
			w.paths = append(w.paths[:i], w.paths[i+1:]...)
			return
		}
	}
}

func (w *refWarnings) flush(warn WarnFunc) {
	for _, p := range w.paths {
		warn(WarnFilteredReferences, p)
	}
	w.paths = nil
}

// refHit is one reference found in a value: the token it points at (nil
// when it is not defined anywhere) and whether it was found only among the
// unfiltered tokens.
type refHit struct {
	token    *model.Token
	path     string // the reference as written, without a .value suffix
	filtered bool
}

// collectReferences ports getReferences(value, tokens, {unfilteredTokens,
// usesDtcg, warnImmediately: false}): every `{a.b}` in value (strings,
// and the strings inside objects and arrays at any depth), looked up in the
// filtered token tree first and then in the unfiltered one.
func collectReferences(value any, d *model.Dictionary, usesDtcg bool) []refHit {
	suffix := ".value"
	if usesDtcg {
		suffix = ".$value"
	}
	var hits []refHit
	var walk func(v any)
	scan := func(s string) {
		for _, m := range refs.Find(s) {
			variable := strings.TrimSuffix(m.Path, suffix)
			path := strings.Split(variable, ".")
			hit := refHit{path: variable}
			if d != nil {
				hit.token = tokenAtPath(d.Tokens, path)
				if hit.token == nil && d.UnfilteredTokens != nil {
					hit.filtered = true
					hit.token = tokenAtPath(d.UnfilteredTokens, path)
				}
			}
			hits = append(hits, hit)
		}
	}
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				if s, ok := e.(string); ok {
					scan(s)
				} else {
					walk(e)
				}
			}
		case *model.Object:
			x.Range(func(_ string, e any) bool {
				if s, ok := e.(string); ok {
					scan(s)
				} else {
					walk(e)
				}
				return true
			})
		}
	}
	if s, ok := value.(string); ok {
		scan(s)
	} else {
		walk(value)
	}
	return hits
}

// referencedTokens keeps the hits that point at a token.
func referencedTokens(hits []refHit) []*model.Token {
	var out []*model.Token
	for _, h := range hits {
		if h.token != nil {
			out = append(out, h.token)
		}
	}
	return out
}

// tokenAtPath walks a token tree by path segments (getValueByPath) and
// returns the token found there, or nil for a group or nothing.
func tokenAtPath(tree *model.Object, path []string) *model.Token {
	var cur any = tree
	for _, seg := range path {
		o, ok := cur.(*model.Object)
		if !ok {
			return nil
		}
		next, ok := o.Get(seg)
		if !ok {
			return nil
		}
		cur = next
	}
	t, _ := cur.(*model.Token)
	return t
}

// GetReferences returns the tokens that value references, looking in the
// dictionary's filtered tokens first and then in the unfiltered ones, and
// the references that point at nothing. A trailing ".value" (".$value" when
// the dictionary's tokens are DTCG) is ignored, as in the reference.
func GetReferences(value any, d *model.Dictionary) (found []*model.Token, missing []string) {
	return GetReferencesDtcg(value, d, dictionaryUsesDtcg(d))
}

func dictionaryUsesDtcg(d *model.Dictionary) bool {
	if d == nil {
		return false
	}
	if len(d.AllTokens) > 0 {
		return d.AllTokens[0].DTCG
	}
	return len(d.UnfilteredAllTokens) > 0 && d.UnfilteredAllTokens[0].DTCG
}

// GetReferencesDtcg is GetReferences stripping only the suffix of the token
// format in use (".$value" when usesDtcg, else ".value"), exactly as the
// reference does.
func GetReferencesDtcg(value any, d *model.Dictionary, usesDtcg bool) (found []*model.Token, missing []string) {
	for _, h := range collectReferences(value, d, usesDtcg) {
		if h.token != nil {
			found = append(found, h.token)
		} else {
			missing = append(missing, h.path)
		}
	}
	return found, missing
}

// originalValueOf is `usesDtcg ? token.original.$value : token.original.value`:
// the key comes from the format's usesDtcg, not from the token.
func originalValueOf(t *model.Token, usesDtcg bool) any {
	if usesDtcg {
		return t.Prop("$value")
	}
	return t.Prop("value")
}

// currentValueOf is `usesDtcg ? token.$value : token.value`; undefined
// (nil, false) when the token lives under the other key.
func currentValueOf(t *model.Token, usesDtcg bool) (any, bool) {
	if t.DTCG != usesDtcg {
		return nil, false
	}
	return t.Value, true
}

// ShouldOutputReferences reports whether a format keeps t's references:
// its original value holds a reference and o["outputReferences"] is truthy
// or a model.OutputReferencesFunc that returns true.
func ShouldOutputReferences(t *model.Token, d *model.Dictionary, o model.Options, usesDtcg bool) bool {
	return shouldOutputRefs(t, d, o["outputReferences"], usesDtcg, nil)
}

func shouldOutputRefs(t *model.Token, d *model.Dictionary, outputRefs any, usesDtcg bool, w *refWarnings) bool {
	if !refs.Uses(originalValueOf(t, usesDtcg)) {
		return false
	}
	if fn, ok := asOutputReferencesFunc(outputRefs); ok {
		if isSameFunc(fn, OutputReferencesFilter) {
			return outputReferencesFilter(t, d, usesDtcg, w)
		}
		return fn(t, d, usesDtcg)
	}
	return jsTruthy(outputRefs)
}

func asOutputReferencesFunc(v any) (model.OutputReferencesFunc, bool) {
	switch f := v.(type) {
	case model.OutputReferencesFunc:
		return f, f != nil
	case func(*model.Token, *model.Dictionary, bool) bool:
		return f, f != nil
	}
	return nil, false
}

// isSameFunc reports whether two function values run the same code: how
// the formats recognise the built-in filter, whose warning bookkeeping
// needs the format's warning set.
func isSameFunc(a model.OutputReferencesFunc, b model.OutputReferencesFunc) bool {
	return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer()
}

// outputReferencesOn is the truthiness of the outputReferences option, as
// formattedVariables uses it to decide on reference-safe sorting (a
// function counts as on).
func outputReferencesOn(v any) bool {
	if _, ok := asOutputReferencesFunc(v); ok {
		return true
	}
	return jsTruthy(v)
}

// OutputReferencesFilter is the reference's outputReferencesFilter: keep
// a token's references only if every referenced token is in the file
// (matched by name among the filtered tokens).
func OutputReferencesFilter(t *model.Token, d *model.Dictionary, usesDtcg bool) bool {
	return outputReferencesFilter(t, d, usesDtcg, nil)
}

func outputReferencesFilter(t *model.Token, d *model.Dictionary, usesDtcg bool, w *refWarnings) bool {
	hits := collectReferences(originalValueOf(t, usesDtcg), d, usesDtcg)
	for _, h := range hits {
		if h.filtered {
			w.add(h.path)
		}
	}
	for _, ref := range referencedTokens(hits) {
		found := false
		for _, ft := range d.AllTokens {
			if ft.Name == ref.Name {
				found = true
				break
			}
		}
		if !found {
			// the filter vetoes this ref, so it no longer needs a warning;
			// like the reference's Array#every, stop at the first veto
			w.remove(ref.PathString())
			return false
		}
	}
	return true
}

// OutputReferencesTransformed is the reference's outputReferencesTransformed:
// keep a token's references only if its original value is a string and no
// transitive transform changed the value it resolves to.
func OutputReferencesTransformed(t *model.Token, d *model.Dictionary, usesDtcg bool) bool {
	orig, ok := originalValueOf(t, usesDtcg).(string)
	if !ok {
		return false
	}
	tree := d.UnfilteredTokens
	if tree == nil {
		tree = d.Tokens
	}
	value, defined := currentValueOf(t, usesDtcg)
	resolved := resolveForComparison(orig, tree, usesDtcg, nil)
	if !defined || resolved == jsUndefined {
		return !defined && resolved == jsUndefined
	}
	return jsStrictEqual(value, resolved)
}

// jsUndefinedType marks JavaScript's undefined, distinct from null (nil).
type jsUndefinedType struct{}

var jsUndefined = jsUndefinedType{}

// resolveForComparison ports the object-tree path of the reference's
// resolveReferences utility (warnings off): each reference is replaced by
// the referenced token's current value; a whole non-string, non-number
// value replaces the whole result.
func resolveForComparison(value string, tree *model.Object, usesDtcg bool, stack []string) any {
	valProp := "value"
	if usesDtcg {
		valProp = "$value"
	}
	var result any = value
	for _, m := range refs.Find(value) {
		path := strings.Split(m.Path, ".")
		ref := valueAtPath(tree, path, valProp)
		if ref == jsUndefined {
			result = jsUndefined
			continue
		}
		switch r := ref.(type) {
		case string, float64:
			str := jsString(r)
			s := strings.Replace(value, value[m.Start:m.End], str, 1)
			var out any = s
			if refs.Has(s) && !containsString(stack, m.Path) {
				out = resolveForComparison(s, tree, usesDtcg, append(stack, m.Path))
			}
			if n, isNum := r.(float64); isNum && jsnum.Format(n) == out {
				out = n
			}
			result = out
		default:
			result = ref
		}
	}
	return result
}

// valueAtPath is getValueByPath plus the reference's "take .value of a
// token" step; jsUndefined when nothing is there.
func valueAtPath(tree *model.Object, path []string, valProp string) any {
	var cur any = tree
	for i, seg := range path {
		switch c := cur.(type) {
		case *model.Object:
			next, ok := c.Get(seg)
			if !ok {
				return jsUndefined
			}
			cur = next
		case *model.Token:
			if i == len(path)-1 && seg == c.ValueKey() {
				return c.Value
			}
			return jsUndefined
		default:
			return jsUndefined
		}
	}
	if t, ok := cur.(*model.Token); ok && t.ValueKey() == valProp {
		return t.Value
	}
	return cur
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// jsStrictEqual is JavaScript's === on JSON-like values: primitives by
// value, objects and arrays by identity.
func jsStrictEqual(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case string, float64, bool:
		return a == b
	case *model.Object:
		y, ok := b.(*model.Object)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	}
	return false
}

// jsTruthy is JavaScript's truthiness of a JSON-like value.
func jsTruthy(v any) bool {
	switch x := v.(type) {
	case nil, jsUndefinedType:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case float64:
		return x != 0 && x == x
	case int:
		return x != 0
	}
	return true
}

// jsString is JavaScript's String(v) for JSON-like values: arrays join
// their items with ",", objects print "[object Object]".
func jsString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case jsUndefinedType:
		return "undefined"
	case string:
		return x
	case bool:
		if x {
			return "true"
		}
		return "false"
	case float64:
		return jsnum.Format(x)
	case int:
		return jsnum.Format(float64(x))
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil && e != jsUndefined {
				parts[i] = jsString(e)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}
