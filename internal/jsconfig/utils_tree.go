package jsconfig

import (
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/goja"
)

// The reference's utilities over whole token trees (lib/utils/*.js and
// lib/common/formatHelpers/minifyDictionary.js), on JavaScript values.

func valueKeyOf(usesDtcg bool) string {
	if usesDtcg {
		return "$value"
	}
	return "value"
}

// flattenTokens(tokens, usesDtcg): every object with a value key, as a
// copy with `key` ("{a.b.c}"), depth first in key order.
func (u *jsUtils) flattenTokens(tokens goja.Value, usesDtcg bool) *goja.Object {
	var out []any
	valueKey := valueKeyOf(usesDtcg)
	var walk func(slice goja.Value, memo []string)
	walk = func(slice goja.Value, memo []string) {
		defer u.e.nest()()
		o, ok := slice.(*goja.Object)
		if !ok {
			return // for-in over a primitive visits nothing that is an object
		}
		for _, k := range o.Keys() {
			v := o.Get(k)
			if !u.isPlainObject(v) {
				continue
			}
			path := append(memo[:len(memo):len(memo)], k)
			if u.hasOwn(v, valueKey) {
				c := u.spread(v)
				_ = c.Set("key", "{"+strings.Join(path, ".")+"}")
				out = append(out, c)
			} else {
				walk(v, path)
			}
		}
	}
	walk(tokens, nil)
	return u.rt.NewArray(out...)
}

// convertTokenData(tokens, { output, usesDtcg }): tokens (a tree, an array
// made by flattenTokens, or a Map keyed by key) as output says ('map',
// 'object' or 'array'); the same value when it already is one.
func (u *jsUtils) convertTokenData(tokens, options goja.Value) goja.Value {
	if nullish(options) {
		u.typeError("Cannot destructure property 'usesDtcg' of 'options' as it is " + options.String() + ".")
	}
	usesDtcg := u.prop(options, "usesDtcg").ToBoolean()
	output, _ := jsString(u.prop(options, "output"))
	input := "object"
	if isArray(tokens) {
		input = "array"
	} else if u.isMap(tokens) {
		input = "map"
	}
	switch {
	case output == "array" && input == "object":
		return u.flattenTokens(tokens, usesDtcg)
	case output == "array" && input == "map":
		var out []any
		u.rt.ForOf(tokens, func(entry goja.Value) bool {
			e := entry.ToObject(u.rt)
			o := u.rt.NewObject()
			_ = o.Set("key", e.Get("0"))
			if v, ok := e.Get("1").(*goja.Object); ok {
				for _, k := range v.Keys() {
					_ = o.Set(k, v.Get(k))
				}
			} else {
				src := u.spread(e.Get("1"))
				for _, k := range src.Keys() {
					_ = o.Set(k, src.Get(k))
				}
			}
			out = append(out, o)
			return true
		})
		return u.rt.NewArray(out...)
	case output == "map" && input == "object":
		return u.tokenMap(u.flattenTokens(tokens, usesDtcg))
	case output == "map" && input == "array":
		return u.tokenMap(tokens.(*goja.Object))
	case output == "object" && input == "map":
		var arr []goja.Value
		u.rt.ForOf(u.call(tokens, "values"), func(v goja.Value) bool {
			arr = append(arr, v)
			return true
		})
		return u.tokenObject(arr)
	case output == "object" && input == "array":
		var arr []goja.Value
		u.rt.ForOf(tokens, func(v goja.Value) bool {
			arr = append(arr, v)
			return true
		})
		return u.tokenObject(arr)
	}
	return tokens
}

// tokenMap is new Map(tokens.map(t => [t.key, t])).
func (u *jsUtils) tokenMap(tokens *goja.Object) goja.Value {
	m, err := u.rt.New(u.mapCtor)
	if err != nil {
		panic(err)
	}
	set, _ := goja.AssertFunction(m.Get("set"))
	u.rt.ForOf(tokens, func(t goja.Value) bool {
		if _, err := set(m, u.prop(t, "key"), t); err != nil {
			panic(err)
		}
		return true
	})
	return m
}

// tokenObject is the reference's convertToTokenObject: a prototype-free
// tree with each token at the path its key names.
func (u *jsUtils) tokenObject(tokens []goja.Value) goja.Value {
	root := u.rt.CreateObject(nil)
	for _, t := range tokens {
		key := u.prop(t, "key")
		ks, ok := jsString(key)
		if !ok {
			u.typeError("key.replace is not a function")
		}
		ks = strings.Replace(strings.Replace(ks, "{", "", 1), "}", "", 1)
		parts := strings.Split(ks, ".")
		var slice goja.Value = root
		for i, k := range parts {
			obj, ok := slice.(*goja.Object)
			if !ok {
				if nullish(slice) {
					u.prop(slice, k) // throws as reading it does
				}
				u.typeError("Cannot create property '" + k + "' on " + slice.ExportType().String() + " '" + slice.String() + "'")
			}
			if v := obj.Get(k); v == nil || goja.IsUndefined(v) {
				if err := obj.Set(k, u.rt.CreateObject(nil)); err != nil {
					panic(err)
				}
			}
			if i == len(parts)-1 {
				if err := obj.Set(k, t); err != nil {
					panic(err)
				}
			}
			slice = u.prop(obj, k)
		}
	}
	return root
}

// typeDtcgDelegate(tokens): a copy where every token has the $type of its
// nearest typed group, and groups have none.
func (u *jsUtils) typeDtcgDelegate(tokens goja.Value) goja.Value {
	clone := u.structuredClone(tokens)
	var recurse func(slice goja.Value, typ goja.Value)
	recurse = func(slice goja.Value, typ goja.Value) {
		keys := u.keys(slice)
		o := slice.ToObject(u.rt)
		if !slices.Contains(keys, "$type") && typ != nil && typ.ToBoolean() && slices.Contains(keys, "$value") {
			_ = o.Set("$type", typ)
		}
		if t := u.prop(o, "$type"); t.ToBoolean() {
			typ = t
			if goja.IsUndefined(u.prop(o, "$value")) {
				_ = o.Delete("$type")
			}
		}
		for _, k := range o.Keys() {
			if v := o.Get(k); u.isPlainObject(v) {
				recurse(v, typ)
			}
		}
	}
	recurse(clone, nil)
	return clone
}

// stripMeta(obj, { strip, keep, usesDtcg }): a copy whose tokens keep only
// the keep keys, or lose the strip keys.
func (u *jsUtils) stripMeta(obj, options goja.Value) goja.Value {
	if nullish(options) {
		u.typeError("Cannot destructure property 'strip' of 'options' as it is " + options.String() + ".")
	}
	strip, keep := u.prop(options, "strip"), u.prop(options, "keep")
	valueKey := valueKeyOf(u.prop(options, "usesDtcg").ToBoolean())
	includes := u.includer(strip)
	keeps := u.includer(keep)
	var walk func(v goja.Value)
	walk = func(v goja.Value) {
		defer u.e.nest()()
		o := v.ToObject(u.rt)
		for _, k := range u.keys(v) {
			if u.hasOwn(o, valueKey) {
				if strip.ToBoolean() && includes(k) {
					_ = o.Delete(k)
				}
				if keep.ToBoolean() && !keeps(k) {
					_ = o.Delete(k)
				}
			}
			el := o.Get(k)
			if _, ok := object(el); ok && !isArray(el) {
				walk(el)
			}
		}
	}
	clone := u.structuredClone(obj)
	walk(clone)
	return clone
}

// includer is list.includes(k): a set lookup for an array of strings, the
// list's own method for anything else (a string's includes is a substring
// test).
func (u *jsUtils) includer(list goja.Value) func(string) bool {
	if !list.ToBoolean() {
		return func(string) bool { return false }
	}
	if isArray(list) {
		set := map[string]bool{}
		plain := true
		u.rt.ForOf(list, func(v goja.Value) bool {
			s, ok := jsString(v)
			set[s] = true
			plain = plain && ok
			return true
		})
		if plain {
			return func(k string) bool { return set[k] }
		}
	}
	return func(k string) bool { return u.call(list, "includes", u.rt.ToValue(k)).ToBoolean() }
}

// minifyDictionary(obj, usesDtcg): the tree with each token replaced by
// its value.
func (u *jsUtils) minifyDictionary(v goja.Value, valueKey string) goja.Value {
	defer u.e.nest()()
	if !typeofObject(v) || isArray(v) {
		return v
	}
	if u.hasOwn(v, valueKey) {
		return u.prop(v, valueKey)
	}
	o := v.(*goja.Object)
	out := u.rt.NewObject()
	for _, k := range o.Keys() {
		_ = out.Set(k, u.minifyDictionary(o.Get(k), valueKey))
	}
	return out
}

// convertToDTCG(dictionary, { applyTypesToGroup }): a copy in DTCG syntax:
// value, type and description become $value, $type and $description, and
// a group whose tokens all have one type gets it as its $type (first).
func (u *jsUtils) convertToDTCG(dictionary, opts goja.Value) goja.Value {
	applyToGroup := true
	if !nullish(opts) {
		if a := u.prop(opts, "applyTypesToGroup"); a.StrictEquals(u.rt.ToValue(false)) {
			applyToGroup = false
		}
	}
	clone := u.structuredClone(dictionary)
	var recurse func(slice goja.Value) []goja.Value
	recurse = func(slice goja.Value) []goja.Value {
		var types []goja.Value
		add := func(t goja.Value) {
			for _, have := range types {
				if have.SameAs(t) {
					return
				}
			}
			types = append(types, t)
		}
		o := slice.ToObject(u.rt)
		if u.hasOwn(o, "value") || u.hasOwn(o, "$value") {
			for _, k := range o.Keys() {
				if k == "type" || k == "$type" {
					add(u.prop(o, k))
				}
				if k == "type" || k == "description" || k == "value" {
					_ = o.Set("$"+k, u.prop(o, k))
					_ = o.Delete(k)
				}
			}
			return types
		}
		for _, k := range o.Keys() {
			if p := o.Get(k); u.isPlainObject(p) {
				for _, t := range recurse(p) {
					add(t)
				}
			}
		}
		if len(types) == 1 && applyToGroup {
			keys := o.Keys()
			vals := make([]goja.Value, len(keys))
			for i, k := range keys {
				vals[i] = o.Get(k)
				if u.isPlainObject(vals[i]) {
					_ = vals[i].(*goja.Object).Delete("$type")
				}
			}
			for _, k := range keys {
				_ = o.Delete(k)
			}
			_ = o.Set("$type", types[0])
			for i, k := range keys {
				if k != "$type" {
					_ = o.Set(k, vals[i])
				}
			}
		}
		return types
	}
	recurse(clone)
	return clone
}
