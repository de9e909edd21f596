package builtin

// Deciding whether a format keeps a token's references: the
// outputReferences option and its helper functions.

import (
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/tokenbuild"
)

// originalValueOf is `usesDtcg ? token.original.$value : token.original.value`:
// the key comes from the format's usesDtcg, not from the token.
func originalValueOf(t *tokenbuild.Token, usesDtcg bool) any {
	if usesDtcg {
		return t.Prop("$value")
	}
	return t.Prop("value")
}

// currentValueOf is `usesDtcg ? token.$value : token.value`; undefined
// (nil, false) when the token lives under the other key.
func currentValueOf(t *tokenbuild.Token, usesDtcg bool) (any, bool) {
	if t.DTCG != usesDtcg {
		return nil, false
	}
	return t.Value, true
}

// ShouldOutputReferences reports whether a format keeps t's references:
// its original value holds a reference and o["outputReferences"] is truthy
// or a function (tokenbuild.OutputReferencesFunc or
// tokenbuild.OutputReferencesWithArgs) that returns true.
func ShouldOutputReferences(t *tokenbuild.Token, d *tokenbuild.Dictionary, o tokenbuild.Options, usesDtcg bool) bool {
	return shouldOutputRefs(t, d, o["outputReferences"], usesDtcg, nil)
}

// shouldOutputRefs is ShouldOutputReferences for a format, which passes
// its list of filtered references (nil when it keeps none).
func shouldOutputRefs(t *tokenbuild.Token, d *tokenbuild.Dictionary, outputRefs any, usesDtcg bool, w *refWarnings) bool {
	fn, isFunc := asOutputReferencesFunc(outputRefs)
	withArgs, isFuncWithArgs := outputRefs.(tokenbuild.OutputReferencesWithArgs)
	if isFuncWithArgs && withArgs == nil {
		isFuncWithArgs = false
	}
	if !isFunc && !isFuncWithArgs && !js.Truthy(outputRefs) {
		return false // decided without reading the token's properties
	}
	if !refs.Uses(originalValueOf(t, usesDtcg)) {
		return false
	}
	switch {
	case isFuncWithArgs:
		args := &tokenbuild.OutputReferencesArgs{Dictionary: d, UsesDtcg: usesDtcg}
		if w != nil {
			args.FilteredReferences = w
		}
		return withArgs(t, args)
	case isFunc:
		return fn(t, d.WithTrees(), usesDtcg) // a config's function may read the tree fields
	}
	return true
}

func asOutputReferencesFunc(v any) (tokenbuild.OutputReferencesFunc, bool) {
	switch f := v.(type) {
	case tokenbuild.OutputReferencesFunc:
		return f, f != nil
	case func(*tokenbuild.Token, *tokenbuild.Dictionary, bool) bool:
		return f, f != nil
	}
	return nil, false
}

// outputReferencesOn is the truthiness of the outputReferences option, as
// formattedVariables uses it to decide on reference-safe sorting (a
// function counts as on).
func outputReferencesOn(v any) bool {
	if _, ok := asOutputReferencesFunc(v); ok {
		return true
	}
	if f, ok := v.(tokenbuild.OutputReferencesWithArgs); ok && f != nil {
		return true
	}
	return js.Truthy(v)
}

// OutputReferencesFilter is the reference's outputReferencesFilter: keep
// a token's references only if every referenced token is in the file
// (matched by name among the filtered tokens). As in the reference, the
// references it finds to tokens the file's filter left out are listed
// (args.FilteredReferences), and the one it vetoes taken off the list:
// it will not be written.
func OutputReferencesFilter(t *tokenbuild.Token, args *tokenbuild.OutputReferencesArgs) bool {
	d, usesDtcg, w := args.Dictionary, args.UsesDtcg, args.FilteredReferences
	var buf [4]refHit
	hits := appendReferences(buf[:0], t, originalValueOf(t, usesDtcg), d, usesDtcg, nil)
	for _, h := range hits {
		if h.filtered && w != nil {
			w.Add(h.path)
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
			if w != nil {
				w.Remove(ref.PathString())
			}
			return false
		}
	}
	return true
}

// OutputReferencesTransformed is the reference's outputReferencesTransformed:
// keep a token's references only if its original value is a string and no
// transitive transform changed the value it resolves to.
func OutputReferencesTransformed(t *tokenbuild.Token, d *tokenbuild.Dictionary, usesDtcg bool) bool {
	orig, ok := originalValueOf(t, usesDtcg).(string)
	if !ok {
		return false
	}
	tree := d.UnfilteredTree()
	if tree == nil {
		tree = d.Tree()
	}
	value, defined := currentValueOf(t, usesDtcg)
	resolved := resolveForComparison(orig, tree, usesDtcg, nil)
	if !defined || resolved == js.Undefined {
		return !defined && resolved == js.Undefined
	}
	return js.StrictEqual(value, resolved)
}

// resolveForComparison ports the object-tree path of the reference's
// resolveReferences utility (warnings off): each reference is replaced by
// the referenced token's current value; a whole non-string, non-number
// value replaces the whole result.
func resolveForComparison(value string, tree *tokenbuild.Object, usesDtcg bool, stack []string) any {
	valProp := "value"
	if usesDtcg {
		valProp = "$value"
	}
	var result any = value
	for _, m := range refs.Find(value) {
		path := strings.Split(m.Path, ".")
		ref := valueAtPath(tree, path, valProp)
		if ref == js.Undefined {
			result = js.Undefined
			continue
		}
		switch r := ref.(type) {
		case string, float64:
			str := js.String(r)
			s := strings.Replace(value, value[m.Start:m.End], str, 1)
			var out any = s
			if refs.Has(s) && !slices.Contains(stack, m.Path) {
				out = resolveForComparison(s, tree, usesDtcg, append(stack, m.Path))
			}
			if n, isNum := r.(float64); isNum && js.Format(n) == out {
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
// token" step; js.Undefined when nothing is there.
func valueAtPath(tree *tokenbuild.Object, path []string, valProp string) any {
	var cur any = tree
	for i, seg := range path {
		switch c := cur.(type) {
		case *tokenbuild.Object:
			next, ok := c.Get(seg)
			if !ok {
				return js.Undefined
			}
			cur = next
		case *tokenbuild.Token:
			if i == len(path)-1 && seg == c.ValueKey() {
				return c.Value
			}
			return js.Undefined
		default:
			return js.Undefined
		}
	}
	if t, ok := cur.(*tokenbuild.Token); ok && t.ValueKey() == valProp {
		return t.Value
	}
	return cur
}
