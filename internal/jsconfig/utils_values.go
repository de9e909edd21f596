package jsconfig

import (
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/goja"
)

// jsUtils runs the reference's utils that walk token trees
// (style-dictionary/utils) in Go over JavaScript values. They take any
// value a user builds, not only the trees tokengen hands to hooks, so they
// read and write through goja with the reference's JavaScript semantics
// (own enumerable keys in order, getters, prototype-free objects, errors
// thrown where the reference's code throws), and skip only the
// interpreter's per-operation cost.
type jsUtils struct {
	e  *engine
	rt *goja.Runtime

	objectProto *goja.Object
	mapCtor     *goja.Object
	errorCtor   *goja.Object
	hasOwnFn    goja.Callable
	spreadFn    goja.Callable // v => ({...v}), for values that are not objects
}

func newJSUtils(e *engine) *jsUtils {
	rt := e.rt
	u := &jsUtils{e: e, rt: rt}
	object := rt.Get("Object").ToObject(rt)
	u.objectProto = object.Get("prototype").ToObject(rt)
	u.hasOwnFn, _ = goja.AssertFunction(object.Get("hasOwn"))
	u.mapCtor = rt.Get("Map").ToObject(rt)
	u.errorCtor = rt.Get("Error").ToObject(rt)
	spread, err := rt.RunString("(v) => ({...v})")
	if err != nil {
		panic(err)
	}
	u.spreadFn, _ = goja.AssertFunction(spread)
	return u
}

// throw raises a JavaScript Error with the reference's message.
func (u *jsUtils) throw(msg string) {
	o, err := u.rt.New(u.errorCtor, u.rt.ToValue(msg))
	if err != nil {
		panic(err)
	}
	panic(o)
}

func (u *jsUtils) typeError(msg string) { panic(u.rt.NewTypeError(msg)) }

func (u *jsUtils) rangeError(msg string) {
	o, err := u.rt.New(u.rt.Get("RangeError").ToObject(u.rt), u.rt.ToValue(msg))
	if err != nil {
		panic(err)
	}
	panic(o)
}

func undef(v goja.Value) bool { return v == nil || goja.IsUndefined(v) }

// nullish is `v == null`.
func nullish(v goja.Value) bool { return v == nil || goja.IsUndefined(v) || goja.IsNull(v) }

// jsString is v when it is a string primitive (typeof v === 'string').
func jsString(v goja.Value) (string, bool) {
	if v == nil {
		return "", false
	}
	if _, isObj := v.(*goja.Object); isObj {
		return "", false
	}
	s, ok := v.Export().(string)
	return s, ok
}

// jsNumber reports typeof v === 'number'.
func jsNumber(v goja.Value) bool {
	if v == nil {
		return false
	}
	if _, isObj := v.(*goja.Object); isObj {
		return false
	}
	switch v.Export().(type) {
	case int64, float64:
		return true
	}
	return false
}

// typeofObject reports typeof v === 'object' (null included, functions not).
func typeofObject(v goja.Value) bool {
	if v == nil {
		return false
	}
	if goja.IsNull(v) {
		return true
	}
	o, ok := v.(*goja.Object)
	if !ok {
		return false
	}
	_, isFn := goja.AssertFunction(o)
	return !isFn
}

// object is v when typeof v === 'object' and v is not null.
func object(v goja.Value) (*goja.Object, bool) {
	if !typeofObject(v) || goja.IsNull(v) {
		return nil, false
	}
	return v.(*goja.Object), true
}

func isArray(v goja.Value) bool {
	o, ok := v.(*goja.Object)
	return ok && o.ClassName() == "Array"
}

func (u *jsUtils) isMap(v goja.Value) bool {
	o, ok := v.(*goja.Object)
	return ok && u.rt.InstanceOf(o, u.mapCtor)
}

// hasOwn is Object.hasOwn(v, k): it throws for null and undefined.
func (u *jsUtils) hasOwn(v goja.Value, k string) bool {
	if o, ok := v.(*goja.Object); ok {
		// An object whose prototype is Object.prototype (or none) without
		// k: k is found on the object or nowhere. One lookup instead of a
		// call into the engine or a list of the object's keys; it reads
		// k, which runs a getter of that name (token data has none).
		if proto := o.Prototype(); proto == nil || (proto == u.objectProto && u.objectProto.Get(k) == nil) {
			return o.Get(k) != nil
		}
	}
	r, err := u.hasOwnFn(goja.Undefined(), v, u.rt.ToValue(k))
	if err != nil {
		panic(err)
	}
	return r.ToBoolean()
}

// isPlainObject is the is-plain-obj package the reference uses.
func (u *jsUtils) isPlainObject(v goja.Value) bool {
	o, ok := object(v)
	if !ok {
		return false
	}
	proto := o.Prototype()
	if !(proto == nil || proto == u.objectProto || proto.Prototype() == nil) {
		return false
	}
	return o.GetSymbol(goja.SymToStringTag) == nil && o.GetSymbol(goja.SymIterator) == nil
}

// prop is v[k] for any value (a primitive is boxed; null and undefined
// throw as property reads do). Missing is undefined.
func (u *jsUtils) prop(v goja.Value, k string) goja.Value {
	if nullish(v) {
		u.typeError("Cannot read properties of " + v.String() + " (reading '" + k + "')")
	}
	r := v.ToObject(u.rt).Get(k)
	if r == nil {
		return goja.Undefined()
	}
	return r
}

// keys is Object.keys(v) (also what `for in` with an own-property check
// visits).
func (u *jsUtils) keys(v goja.Value) []string {
	if nullish(v) {
		u.typeError("Cannot convert undefined or null to object")
	}
	return v.ToObject(u.rt).Keys()
}

// spread is `{...v}`: a new object with v's own enumerable properties.
func (u *jsUtils) spread(v goja.Value) *goja.Object {
	o, ok := v.(*goja.Object)
	if !ok {
		r, err := u.spreadFn(goja.Undefined(), v)
		if err != nil {
			panic(err)
		}
		return r.(*goja.Object)
	}
	if t, ok := o.Export().(*tokenObj); ok {
		// A copy of a dictionary's token stays a proxy over the same Go
		// token, with its own overrides: reading it reads what the
		// original shows, writing it changes only the copy, and nothing
		// is converted until read (flattenTokens(dictionary.tokens)
		// copies every token).
		c := t.copy()
		return u.rt.NewDynamicObject(c)
	}
	out := u.rt.NewObject()
	for _, k := range o.Keys() {
		_ = out.Set(k, o.Get(k))
	}
	return out
}

// call calls the method name of v with args, as `v.name(...args)`.
func (u *jsUtils) call(v goja.Value, name string, args ...goja.Value) goja.Value {
	fn, ok := goja.AssertFunction(u.prop(v, name))
	if !ok {
		u.typeError(name + " is not a function")
	}
	r, err := fn(v, args...)
	if err != nil {
		panic(err)
	}
	return r
}

// stringArray is a JavaScript array of ss.
func (u *jsUtils) stringArray(ss []string) *goja.Object {
	items := make([]any, len(ss))
	for i, s := range ss {
		items[i] = s
	}
	return u.rt.NewArray(items...)
}

// replaceFirst is JavaScript's s.replace(pattern, replacement) with a
// string pattern: the first occurrence only, and the replacement's `$`
// patterns ($$, $&, $` and $') expanded.
func replaceFirst(s, pattern, replacement string) string {
	i := strings.Index(s, pattern)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	if !strings.Contains(replacement, "$") {
		b.WriteString(replacement)
	} else {
		for j := 0; j < len(replacement); j++ {
			c := replacement[j]
			if c != '$' || j+1 == len(replacement) {
				b.WriteByte(c)
				continue
			}
			switch replacement[j+1] {
			case '$':
				b.WriteByte('$')
			case '&':
				b.WriteString(pattern)
			case '`':
				b.WriteString(s[:i])
			case '\'':
				b.WriteString(s[i+len(pattern):])
			default:
				b.WriteByte('$')
				continue
			}
			j++
		}
	}
	b.WriteString(s[i+len(pattern):])
	return b.String()
}

// referenceMatches calls fn for every match of the reference's regexDefault,
// /\{([^}]+)\}/g, in s: the whole match and the text inside the braces.
func referenceMatches(s string, fn func(match, inner string)) {
	for i := 0; i < len(s); {
		open := strings.IndexByte(s[i:], '{')
		if open < 0 {
			return
		}
		open += i
		end := strings.IndexByte(s[open+1:], '}')
		if end < 0 {
			return
		}
		if end == 0 { // "{}" is no match; try from the next character
			i = open + 1
			continue
		}
		close := open + 1 + end
		fn(s[open:close+1], s[open+1:close])
		i = close + 1
	}
}

// hasReference is regexDefault.test(s).
func hasReference(s string) bool {
	found := false
	referenceMatches(s, func(string, string) { found = true })
	return found
}

// structuredClone is the global of that name (node has it, and the
// reference's utils and sd-transforms call it): a deep copy of plain
// data, keeping shared and circular references; objects become plain
// objects of their own enumerable properties; functions cannot be cloned.
func (u *jsUtils) structuredClone(v goja.Value) goja.Value {
	return u.clone(v, map[*goja.Object]*goja.Object{})
}

func (u *jsUtils) clone(v goja.Value, seen map[*goja.Object]*goja.Object) goja.Value {
	defer u.e.nest()()
	o, ok := v.(*goja.Object)
	if !ok {
		return v
	}
	if c, ok := seen[o]; ok {
		return c
	}
	if _, isFn := goja.AssertFunction(o); isFn {
		u.cloneError(o)
	}
	rt := u.rt
	class := o.ClassName()
	if rt.InstanceOf(o, u.mapCtor) {
		class = "Map"
	} else if rt.InstanceOf(o, rt.Get("Set").ToObject(rt)) {
		class = "Set"
	}
	switch class {
	case "Array":
		out := rt.NewArray()
		seen[o] = out
		n := int(o.Get("length").ToInteger())
		for i := range n {
			el := o.Get(strconv.Itoa(i))
			if el == nil {
				continue // a hole stays a hole
			}
			_ = out.Set(strconv.Itoa(i), u.clone(el, seen))
		}
		_ = out.Set("length", n)
		return out
	case "Map", "Set":
		ctor := rt.Get(class).ToObject(rt)
		out, err := rt.New(ctor)
		if err != nil {
			panic(err)
		}
		seen[o] = out
		isMap := class == "Map"
		rt.ForOf(o, func(item goja.Value) bool {
			if isMap {
				entry := item.ToObject(rt)
				u.call(out, "set", u.clone(entry.Get("0"), seen), u.clone(entry.Get("1"), seen))
			} else {
				u.call(out, "add", u.clone(item, seen))
			}
			return true
		})
		return out
	case "Date", "RegExp", "String", "Number", "Boolean":
		ctor := rt.Get(o.ClassName()).ToObject(rt)
		out, err := rt.New(ctor, o)
		if err != nil {
			panic(err)
		}
		seen[o] = out
		return out
	case "Symbol", "Promise", "WeakMap", "WeakSet", "Proxy":
		u.cloneError(o)
	}
	out := rt.NewObject()
	seen[o] = out
	for _, k := range o.Keys() {
		_ = out.Set(k, u.clone(o.Get(k), seen))
	}
	return out
}

func (u *jsUtils) cloneError(o *goja.Object) {
	e, err := u.rt.New(u.errorCtor, u.rt.ToValue(o.String()+" could not be cloned."))
	if err != nil {
		panic(err)
	}
	_ = e.Set("name", "DataCloneError")
	panic(e)
}
