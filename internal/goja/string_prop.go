package goja

import "github.com/tokengen/tokengen/internal/goja/unistring"

// primitiveStringProp reads property name of the primitive string s (a
// tokengen patch, see README.md). Upstream reads it through the runtime's
// String wrapper object, which it prepares for each read: its value and a
// "length" property written into its property map, with a new length
// value. `a.localeCompare(b)` in a sort's comparator and `s.length` in a
// loop paid that each time. A string's own properties are its length and
// its indices; anything else is String.prototype's, read with s as the
// receiver, as through the wrapper.
func (r *Runtime) primitiveStringProp(s String, name unistring.String) Value {
	if name == "length" {
		return intToValue(int64(s.Length()))
	}
	if i := strToGoIdx(name); i >= 0 && i < s.Length() {
		return s.Substring(i, i+1)
	}
	return r.getStringPrototype().self.getStr(name, s)
}
