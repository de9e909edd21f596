// Package tokenfilter matches tokens against a file's object filter as
// style-dictionary's matchFn does (JavaScript's loose equality, keys
// looked up as JavaScript looks them up).
package tokenfilter

import (
	"unicode/utf16"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// An object filter matches as the reference's matchFn does:
//
//	matchFn(input, test) = isPlainObject(test)
//	    ? Object.keys(test).every(key => matchFn(input[key], test[key]))
//	    : input == test
//
// So every key of a filter object is looked up in the token (a numeric key
// reaches into an array or a string, "length" too), leaves compare with
// JavaScript's loose equality (looseEqual), and a filter array is a leaf:
// it matches no array or object of the token, but a string or number that
// its elements joined with "," equals loosely. Looking a key up in null or
// in a property the token does not have throws a TypeError in the
// reference, failing its build; here the token does not match
// (docs/deviations.md).

// Match reports whether the token t matches the object filter want.
func Match(want *tokenbuild.Object, t *tokenbuild.Token) bool {
	ok := true
	want.Range(func(k string, w any) bool {
		ok = matchFilter(tokenField(t, k), w)
		return ok
	})
	return ok
}

// tokenField is t[k] of the token object the reference filters: its
// properties with the current value, name, attributes and path, the
// original properties and key; nil for a property it does not have
// (undefined, which == treats as null).
func tokenField(t *tokenbuild.Token, k string) any {
	switch k {
	case "key":
		return t.Key
	case "name":
		return t.Name
	case "attributes":
		if t.Attributes == nil {
			return tokenbuild.NewObject()
		}
		return t.Attributes
	case "path":
		p := make([]any, len(t.Path))
		for i, s := range t.Path {
			p[i] = s
		}
		return p
	case "original":
		return t.Original()
	case t.ValueKey():
		return t.Value
	}
	return t.Props.Value(k)
}

// matchFilter matches the filter value w against have, the token's value
// where w sits in the filter.
func matchFilter(have, w any) bool {
	wo, isObj := w.(*tokenbuild.Object)
	if !isObj {
		return looseEqual(have, w) // undefined == w as null == w
	}
	if have == nil {
		// every() of no keys is true; a key looked up in null or
		// undefined is the reference's TypeError
		return wo.Len() == 0
	}
	ok := true
	wo.Range(func(k string, wv any) bool {
		ok = matchFilter(jsProperty(have, k), wv)
		return ok
	})
	return ok
}

// jsProperty is v[k] in JavaScript for a JSON value that is not null: an
// object's property, an array's element or length, a string's UTF-16 code
// unit or length; nil (undefined) for anything else.
func jsProperty(v any, k string) any {
	switch x := v.(type) {
	case *tokenbuild.Object:
		return x.Value(k)
	case []any:
		if k == "length" {
			return float64(len(x))
		}
		if i, ok := canonicalIndex(k); ok && i < len(x) {
			return x[i]
		}
	case string:
		units := utf16.Encode([]rune(x))
		if k == "length" {
			return float64(len(units))
		}
		if i, ok := canonicalIndex(k); ok && i < len(units) {
			return string(utf16.Decode(units[i : i+1]))
		}
	}
	return nil
}

// canonicalIndex reads an array index written as JavaScript writes it
// ("0", "12"; not "01" or "+1").
func canonicalIndex(k string) (int, bool) {
	if k == "" || len(k) > 9 || (len(k) > 1 && k[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return 0, false
		}
		n = n*10 + int(k[i]-'0')
	}
	return n, true
}

// looseEqual is JavaScript's a == b for JSON values (nil is null or
// undefined): null equals only null; two objects or arrays are never
// equal here (they would have to be the same object); a boolean compares
// as 1 or 0; an array or object compares as its string form (elements
// joined with ",", "[object Object]"); a string and a number compare as
// numbers (Number("0x1") is 1, Number(" 1 ") is 1, Number("") is 0).
func looseEqual(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if isJSObject(a) && isJSObject(b) {
		return false
	}
	a, b = jsLoosePrimitive(a), jsLoosePrimitive(b)
	switch x := a.(type) {
	case float64:
		if y, ok := b.(string); ok {
			return x == js.ToNumber(y)
		}
		return x == b.(float64)
	case string:
		if y, ok := b.(float64); ok {
			return js.ToNumber(x) == y
		}
		return x == b.(string)
	}
	return false
}

// isJSObject reports whether v, not null, is an object or an array.
func isJSObject(v any) bool {
	switch v.(type) {
	case string, float64, bool, int, int64:
		return false
	}
	return true
}

// jsLoosePrimitive is what == compares v, not null, as with a value of
// another type: a string or a number (a boolean's 1 or 0, an object's or
// array's string form).
func jsLoosePrimitive(v any) any {
	switch x := v.(type) {
	case string, float64:
		return x
	case bool:
		if x {
			return 1.0
		}
		return 0.0
	case int: // Go configs
		return float64(x)
	case int64:
		return float64(x)
	}
	return js.String(v)
}
