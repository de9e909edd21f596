package load

import (
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

// Which tokens may hold references in properties other than their value:
// flattening lists them (a string with a "{" is all it takes), so that
// resolving their references (the engine's resolveprops.go) looks at no
// other token.

// IgnoredPropKey reports whether the reference leaves the references under
// key k alone: at any depth, not only at the token's top level.
func IgnoredPropKey(k string) bool {
	switch k {
	case "original", "key", "path", "attributes":
		return true
	}
	return false
}

// propsMayRefer reports whether a token object's properties other than its
// value hold a string with a "{" (outside the keys never resolved).
func propsMayRefer(o *tokenbuild.Object, valueKey string) bool {
	found := false
	o.Range(func(k string, v any) bool {
		found = k != valueKey && propMayRefer(k, v)
		return !found
	})
	return found
}

// propMayRefer is propsMayRefer for the property k, not the value.
func propMayRefer(k string, v any) bool {
	switch x := v.(type) {
	case string: // most properties: the key is compared only when there is a "{"
		return strings.IndexByte(x, '{') >= 0 && !IgnoredPropKey(k)
	case nil, bool, float64:
		return false
	}
	return !IgnoredPropKey(k) && mayRefer(v)
}

func mayRefer(v any) bool {
	switch x := v.(type) {
	case string:
		return strings.IndexByte(x, '{') >= 0
	case []any:
		for _, e := range x {
			if mayRefer(e) {
				return true
			}
		}
	case *tokenbuild.Object:
		found := false
		x.Range(func(k string, e any) bool {
			if !IgnoredPropKey(k) {
				found = mayRefer(e)
			}
			return !found
		})
		return found
	}
	return false
}

// FindPropRefs lists the positions of the tokens whose properties may hold
// references, for tokens flatten did not list (expanded ones).
func FindPropRefs(tokens []*tokenbuild.Token) []int32 {
	var out []int32
	for i, t := range tokens {
		if propsMayRefer(t.Props, t.ValueKey()) {
			out = append(out, int32(i))
		}
	}
	return out
}
