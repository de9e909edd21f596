package jsconfig

import (
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/jssort"
)

// fixArraySort replaces Array.prototype.sort (and toSorted) with V8's algorithm
// (internal/jssort), which node runs. goja's is a stable merge sort: the
// same order for a consistent comparator, but the reference's own
// comparators are not always consistent (sortByName never returns 0,
// sortByReference is not transitive), and with them only V8's sequence of
// comparisons gives node's order, as the built-in formats' Go sorts do.
// The rest is the specification's: holes and undefined go last (undefined
// never reaches the comparator), a comparator's NaN is 0, and without one
// values compare as strings by UTF-16 code units.
func (u *jsUtils) fixArraySort() {
	rt := u.rt
	proto := rt.Get("Array").ToObject(rt).Get("prototype").ToObject(rt)
	// sorted is SortIndexedProperties: the elements in node's order,
	// undefined after them; holes are skipped (sort) or read as
	// undefined (toSorted).
	sorted := func(call goja.FunctionCall, holesAreUndefined bool) (obj *goja.Object, n int, items []goja.Value, undefineds int) {
		// The comparator is called as the built-in sort calls it (sort
		// runs inside a call from JavaScript, so an exception it throws
		// unwinds to the script), with one argument slice for all calls.
		var cmp func(goja.FunctionCall) goja.Value
		if c := call.Argument(0); !goja.IsUndefined(c) {
			f, ok := goja.AssertCallback(c)
			if !ok {
				u.typeError("The comparison function must be either a function or undefined")
			}
			cmp = f
		}
		obj = call.This.ToObject(rt)
		n = int(obj.Get("length").ToInteger())
		for i := range n {
			v := obj.Get(strconv.Itoa(i))
			switch {
			case v == nil && !holesAreUndefined: // a hole
			case v == nil || goja.IsUndefined(v):
				undefineds++
			default:
				items = append(items, v)
			}
		}
		args := make([]goja.Value, 2)
		jssort.Sort(items, func(a, b goja.Value) int {
			if cmp == nil {
				return compareUTF16(a.String(), b.String())
			}
			args[0], args[1] = a, b
			x := cmp(goja.FunctionCall{This: goja.Undefined(), Arguments: args}).ToFloat()
			switch {
			case x < 0:
				return -1
			case x > 0:
				return 1
			}
			return 0 // NaN included
		})
		return obj, n, items, undefineds
	}
	define := func(name string, fn func(goja.FunctionCall) goja.Value) {
		f := rt.ToValue(fn).(*goja.Object)
		_ = f.DefineDataProperty("name", rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
		_ = f.DefineDataProperty("length", rt.ToValue(1), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
		_ = proto.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	define("sort", func(call goja.FunctionCall) goja.Value {
		obj, n, items, undefineds := sorted(call, false)
		for i, v := range items {
			_ = obj.Set(strconv.Itoa(i), v)
		}
		for i := len(items); i < len(items)+undefineds; i++ {
			_ = obj.Set(strconv.Itoa(i), goja.Undefined())
		}
		for i := len(items) + undefineds; i < n; i++ {
			_ = obj.Delete(strconv.Itoa(i))
		}
		return obj
	})
	define("toSorted", func(call goja.FunctionCall) goja.Value {
		_, _, items, undefineds := sorted(call, true)
		out := make([]any, 0, len(items)+undefineds)
		for _, v := range items {
			out = append(out, v)
		}
		for range undefineds {
			out = append(out, goja.Undefined())
		}
		return rt.NewArray(out...)
	})
}

// compareUTF16 orders strings as JavaScript's < does: by UTF-16 code
// units (Go's byte order differs only between characters above U+E000
// and those outside the Basic Multilingual Plane).
func compareUTF16(a, b string) int {
	if !beyondE000(a) && !beyondE000(b) {
		return strings.Compare(a, b)
	}
	x, y := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(x) < len(y):
		return -1
	case len(x) > len(y):
		return 1
	}
	return 0
}

// beyondE000 reports whether s holds a character from U+E000 on (UTF-8
// lead bytes 0xEE and above), where byte order and UTF-16 order part.
func beyondE000(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xEE {
			return true
		}
	}
	return false
}
