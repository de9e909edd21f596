package jsconfig

import (
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/js"
)

// The reference's reference utilities (lib/utils/references/*.js), on
// JavaScript values.

// usesReferences(value): a string holding {...}, or an object or array
// with such a string at any depth.
func (u *jsUtils) usesReferences(v goja.Value) bool {
	defer u.e.nest()()
	if s, ok := jsString(v); ok {
		return hasReference(s)
	}
	o, ok := object(v)
	if !ok {
		return false
	}
	for _, k := range o.Keys() {
		if u.usesReferences(o.Get(k)) {
			return true
		}
	}
	return false
}

// getValueByPath walks tokens (a tree, or a Map keyed by "{a.b}") along
// path; undefined when a step is missing.
func (u *jsUtils) getValueByPath(path []string, tokens goja.Value) goja.Value {
	if u.isMap(tokens) {
		return u.call(tokens, "get", u.rt.ToValue("{"+strings.Join(path, ".")+"}"))
	}
	ref := tokens
	for _, p := range path {
		next := u.prop(ref, p)
		if goja.IsUndefined(next) {
			return goja.Undefined()
		}
		ref = next
	}
	return ref
}

// getRefsOptions are getReferences' options.
type getRefsOptions struct {
	usesDtcg        bool
	warnImmediately bool
	unfiltered      goja.Value // unfilteredTokens when truthy, else nil
}

func (u *jsUtils) getRefsOptions(v goja.Value) getRefsOptions {
	o := getRefsOptions{warnImmediately: true}
	if undef(v) {
		return o
	}
	if goja.IsNull(v) {
		u.typeError("Cannot destructure 'opts' as it is null.")
	}
	o.usesDtcg = u.prop(v, "usesDtcg").ToBoolean()
	if w := u.prop(v, "warnImmediately"); !goja.IsUndefined(w) {
		o.warnImmediately = w.ToBoolean()
	}
	if t := u.prop(v, "unfilteredTokens"); t.ToBoolean() {
		o.unfiltered = t
	}
	return o
}

// getReferences(value, tokens, opts, references): the tokens value refers
// to, each as a copy with `ref` (its path), appended to references.
func (u *jsUtils) getReferences(value, tokens goja.Value, o getRefsOptions, push func(goja.Value)) {
	defer u.e.nest()()
	suffix := ".value"
	if o.usesDtcg {
		suffix = ".$value"
	}
	find := func(_, variable string) {
		variable = strings.TrimSuffix(js.Trim(variable), suffix)
		path := strings.Split(variable, ".")
		ref := u.getValueByPath(path, tokens)
		warning := ""
		if goja.IsUndefined(ref) && o.unfiltered != nil {
			if o.warnImmediately {
				warning = "Filtered out token references were found: " + variable
			}
			ref = u.getValueByPath(path, o.unfiltered)
		}
		if !goja.IsUndefined(ref) {
			c := u.spread(ref)
			_ = c.Set("ref", u.stringArray(path))
			push(c)
			if warning != "" {
				u.consoleWarn(warning)
			}
		} else if o.warnImmediately {
			u.throw("Tries to reference " + variable + ", which is not defined.")
		}
	}
	if s, ok := jsString(value); ok {
		referenceMatches(s, find)
	}
	obj, ok := object(value)
	if !ok {
		return
	}
	for _, k := range obj.Keys() {
		el := obj.Get(k)
		if s, ok := jsString(el); ok {
			referenceMatches(s, find)
		}
		if typeofObject(el) {
			u.getReferences(el, tokens, o, push)
		}
	}
}

func (u *jsUtils) consoleWarn(msg string) {
	console := u.rt.Get("console")
	if console == nil {
		return
	}
	u.call(console, "warn", u.rt.ToValue(msg))
}

// resolveState is _resolveReferences' options and its recursion state.
type resolveState struct {
	usesDtcg, warnImmediately bool
	objectsOnly               bool
	ignorePaths               goja.Value // an array (tree form) or a Set (Map form); nil: empty
	context                   goja.Value // current_context; nil: none
	stack                     []string
	foundCirc                 map[string]bool
}

func (u *jsUtils) resolveOptions(v goja.Value) *resolveState {
	st := &resolveState{warnImmediately: true, foundCirc: map[string]bool{}}
	if undef(v) {
		return st
	}
	if goja.IsNull(v) {
		u.typeError("Cannot read properties of null (reading 'usesDtcg')")
	}
	st.usesDtcg = u.prop(v, "usesDtcg").ToBoolean()
	if w := u.prop(v, "warnImmediately"); !goja.IsUndefined(w) {
		st.warnImmediately = w.ToBoolean()
	}
	st.objectsOnly = u.prop(v, "objectsOnly").ToBoolean()
	if p := u.prop(v, "ignorePaths"); !goja.IsUndefined(p) {
		st.ignorePaths = p
	}
	if c := u.prop(v, "current_context"); !goja.IsUndefined(c) {
		st.context = c
	}
	return st
}

// resolveReferences(value, tokens, opts): value with its references
// replaced by what they name in tokens (a tree, or a Map made by
// convertTokenData); a value that is exactly one reference becomes the
// referenced value, whatever its type.
func (u *jsUtils) resolveReferences(value, tokens goja.Value, st *resolveState) goja.Value {
	if u.isMap(tokens) {
		return u.resolveInMap(value, tokens, st, true)
	}
	return u.resolveInTree(value, tokens, st, true)
}

// getName is path.join('.'), for an array only.
func (u *jsUtils) getName(path goja.Value) string {
	if !isArray(path) {
		u.throw("Getting name for path failed. Token path must be an array of strings")
	}
	return u.call(path, "join", u.rt.ToValue(".")).String()
}

// ignored is ignorePaths.indexOf(s) !== -1 (an array) or
// ignorePaths.has(s) (a Set).
func (u *jsUtils) ignored(st *resolveState, method, s string) bool {
	if st.ignorePaths == nil {
		return false
	}
	r := u.call(st.ignorePaths, method, u.rt.ToValue(s))
	if method == "has" {
		return r.ToBoolean()
	}
	return r.ToInteger() != -1
}

func (u *jsUtils) replaceTarget(value goja.Value) string {
	s, ok := jsString(value)
	if !ok {
		u.typeError("value.replace is not a function")
	}
	return s
}

// resolveInTree is lib/utils/references/resolveReferences.js.
func (u *jsUtils) resolveInTree(value, tokens goja.Value, st *resolveState, first bool) goja.Value {
	defer u.e.nest()()
	s := u.replaceTarget(value)
	valProp := "value"
	if st.usesDtcg {
		valProp = "$value"
	}
	context := st.context
	if context == nil {
		context = u.rt.NewArray()
	}
	if first && u.prop(context, "length").ToFloat() > 0 {
		st.stack = append(st.stack, u.getName(context))
	}
	toRet := value
	referenceMatches(s, func(match, variable string) {
		variable = js.Trim(variable)
		path := strings.Split(variable, ".")
		refHasValue := path[len(path)-1] == valProp
		if refHasValue && u.ignored(st, "indexOf", variable) {
			return
		} else if !refHasValue && u.ignored(st, "indexOf", variable+"."+valProp) {
			return
		}
		st.stack = append(st.stack, variable)
		ref := u.getValueByPath(path, tokens)
		if !refHasValue && ref.ToBoolean() && u.hasOwn(ref, valProp) {
			ref = u.prop(ref, valProp)
		}
		if !goja.IsUndefined(ref) {
			_, isStr := jsString(ref)
			if isStr || jsNumber(ref) {
				str := replaceFirst(s, match, ref.String())
				toRet = u.rt.ToValue(str)
				if hasReference(str) {
					reference := sliceUTF16(str, 1, -1)
					if st.foundCirc[reference] {
						// part of a cycle already reported
					} else if i := slices.Index(st.stack, reference); i >= 0 {
						circ := append(slices.Clone(st.stack[i:]), reference)
						for _, k := range st.stack[i:] {
							st.foundCirc[k] = true
						}
						if st.warnImmediately {
							u.throw("Circular definition cycle: " + strings.Join(circ, ", "))
						}
					} else {
						toRet = u.resolveInTree(toRet, tokens, st, false)
					}
				}
				if jsNumber(ref) {
					if r, ok := jsString(toRet); ok && r == ref.String() {
						toRet = ref
					}
				}
			} else {
				toRet = ref
			}
		} else {
			name := u.getName(context)
			if name != "" {
				name += " "
			}
			if st.warnImmediately {
				u.throw(name + "tries to reference " + variable + ", which is not defined.")
			}
			toRet = ref
		}
		st.stack = st.stack[:len(st.stack)-1]
	})
	return toRet
}

// resolveInMap is lib/utils/references/resolveReferencesMap.js.
func (u *jsUtils) resolveInMap(value, tokenMap goja.Value, st *resolveState, first bool) goja.Value {
	defer u.e.nest()()
	s := u.replaceTarget(value)
	valProp := "value"
	if st.usesDtcg {
		valProp = "$value"
	}
	context := ""
	if st.context != nil && st.context.ToBoolean() {
		context = u.getName(u.rt.NewArray(st.context))
		if first {
			st.stack = append(st.stack, context)
		}
	}
	toRet := value
	replaceWith := func(match string, ref goja.Value) goja.Value {
		if st.objectsOnly && !typeofObject(ref) {
			return toRet
		}
		if r, ok := jsString(toRet); ok && r == match {
			return ref
		}
		return u.rt.ToValue(replaceFirst(toRet.String(), match, ref.String()))
	}
	referenceMatches(s, func(match, inner string) {
		trimmed := "{" + js.Trim(inner) + "}"
		if u.ignored(st, "has", match) {
			return
		}
		st.stack = append(st.stack, match)
		ref := goja.Undefined()
		if t := u.call(tokenMap, "get", u.rt.ToValue(trimmed)); !nullish(t) {
			ref = u.prop(t, valProp)
		}
		if !goja.IsUndefined(ref) {
			if rs, ok := jsString(ref); ok && hasReference(rs) {
				if st.foundCirc[rs] {
					// part of a cycle already reported
				} else if i := slices.Index(st.stack, rs); i >= 0 {
					circ := append(slices.Clone(st.stack[i:]), rs)
					for _, k := range st.stack[i:] {
						st.foundCirc[k] = true
					}
					if st.warnImmediately {
						u.throw("Circular definition cycle for " + context + " => " + strings.Join(circ, ", "))
					}
				} else {
					nested := u.resolveInMap(ref, tokenMap, &resolveState{
						usesDtcg: st.usesDtcg, warnImmediately: st.warnImmediately,
						ignorePaths: st.ignorePaths, context: st.context,
						stack: st.stack, foundCirc: st.foundCirc,
					}, false)
					toRet = replaceWith(match, nested)
				}
			} else {
				toRet = replaceWith(match, ref)
			}
		} else {
			prefix := ""
			if context != "" {
				prefix = context + " "
			}
			if st.warnImmediately {
				u.throw(prefix + "tries to reference " + s + ", which is not defined.")
			}
		}
		st.stack = st.stack[:len(st.stack)-1]
	})
	return toRet
}

// sliceUTF16 is s.slice(from, to) counted in characters (JavaScript
// counts UTF-16 units: the two agree but for characters outside the
// Basic Multilingual Plane, which a slice through would split).
func sliceUTF16(s string, from, to int) string {
	r := []rune(s)
	if to < 0 {
		to += len(r)
	}
	if from > to || from > len(r) {
		return ""
	}
	return string(r[from:to])
}

// maxSortDepth bounds sortByReference's recursion through first
// references, which only a cycle of references reaches.
const maxSortDepth = 10000

// sortByReference(tokens, { unfilteredTokens, usesDtcg }): the comparator
// that puts a referenced token before the tokens referring to it. A
// token's references are looked up once per comparator, not on every
// comparison (they cannot change during a sort).
func (u *jsUtils) sortByReference(tokens goja.Value, opts goja.Value) goja.Value {
	o := getRefsOptions{warnImmediately: false}
	if !undef(opts) {
		o.usesDtcg = u.prop(opts, "usesDtcg").ToBoolean()
		if t := u.prop(opts, "unfilteredTokens"); t.ToBoolean() {
			o.unfiltered = t
		}
	}
	valueKey := "value"
	if o.usesDtcg {
		valueKey = "$value"
	}
	type entry struct {
		uses goja.Value // a.original && usesReferences(a.original[valueKey])
		refs []goja.Value
	}
	cache := map[*goja.Object]*entry{}
	entryOf := func(t goja.Value) *entry {
		obj, _ := t.(*goja.Object)
		if obj != nil {
			if e, ok := cache[obj]; ok {
				return e
			}
		}
		e := &entry{}
		orig := u.prop(t, "original")
		e.uses = orig
		if orig.ToBoolean() {
			e.uses = u.rt.ToValue(u.usesReferences(u.prop(orig, valueKey)))
		}
		if obj != nil {
			cache[obj] = e
		}
		return e
	}
	refsOf := func(t goja.Value, e *entry) []goja.Value {
		if e.refs == nil {
			e.refs = []goja.Value{}
			u.getReferences(u.prop(u.prop(t, "original"), valueKey), tokens, o, func(r goja.Value) {
				e.refs = append(e.refs, r)
			})
		}
		return e.refs
	}
	var sorter func(a, b goja.Value, depth int) int
	sorter = func(a, b goja.Value, depth int) int {
		if depth > maxSortDepth {
			// References in a cycle: the reference recurses until the
			// stack overflows.
			u.rangeError("Maximum call stack size exceeded")
		}
		if undef(a) {
			return -1
		}
		if undef(b) {
			return 1
		}
		ea, eb := entryOf(a), entryOf(b)
		aUses, bUses := ea.uses.ToBoolean(), eb.uses.ToBoolean()
		if aUses && bUses {
			aRefs, bRefs := refsOf(a, ea), refsOf(b, eb)
			bName := u.prop(b, "name")
			for _, r := range aRefs {
				if u.prop(r, "name").StrictEquals(bName) {
					return 1
				}
			}
			aName := u.prop(a, "name")
			for _, r := range bRefs {
				if u.prop(r, "name").StrictEquals(aName) {
					return -1
				}
			}
			first := func(rs []goja.Value) goja.Value {
				if len(rs) == 0 {
					return goja.Undefined()
				}
				return rs[0]
			}
			return sorter(first(aRefs), first(bRefs), depth+1)
		}
		if aUses {
			return 1
		}
		if bUses {
			return -1
		}
		return 0
	}
	return u.rt.ToValue(func(call goja.FunctionCall) goja.Value {
		return u.rt.ToValue(sorter(call.Argument(0), call.Argument(1), 0))
	})
}

// outputReferencesGeneric is outputReferencesFilter or
// outputReferencesTransformed (name) over a token and dictionary the
// script built itself.
func (u *jsUtils) outputReferencesGeneric(name string, token goja.Value, opts *goja.Object) bool {
	dictionary := u.prop(opts, "dictionary")
	usesDtcg := u.prop(opts, "usesDtcg").ToBoolean()
	valueKey := valueKeyOf(usesDtcg)
	original := u.prop(u.prop(token, "original"), valueKey)
	if name == "outputReferencesTransformed" {
		if _, ok := jsString(original); !ok {
			return false
		}
		tokens := u.prop(dictionary, "unfilteredTokens")
		if nullish(tokens) {
			tokens = u.prop(dictionary, "tokens")
		}
		resolved := u.resolveReferences(original, tokens, &resolveState{usesDtcg: usesDtcg, foundCirc: map[string]bool{}})
		return u.prop(token, valueKey).StrictEquals(resolved)
	}
	o := getRefsOptions{usesDtcg: usesDtcg}
	if t := u.prop(dictionary, "unfilteredTokens"); t.ToBoolean() {
		o.unfiltered = t
	}
	var refs []goja.Value
	u.getReferences(original, u.prop(dictionary, "tokens"), o, func(r goja.Value) { refs = append(refs, r) })
	all := u.prop(dictionary, "allTokens")
	for _, ref := range refs {
		name := u.prop(ref, "name")
		found := false
		u.rt.ForOf(all, func(t goja.Value) bool {
			if u.prop(t, "name").StrictEquals(name) {
				found = t.ToBoolean()
				return false
			}
			return true
		})
		if !found {
			return false
		}
	}
	return true
}
