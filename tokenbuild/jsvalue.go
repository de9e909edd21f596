package tokenbuild

import (
	"strings"

	"github.com/tokengen/tokengen/internal/jsnum"
)

// JSString is JavaScript's String(v) for token values: numbers print as
// JavaScript prints them, arrays join their items with "," (null items as
// ""), objects and tokens print "[object Object]". Interpolated references
// and messages use it.
func JSString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
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
		var b strings.Builder
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if e != nil {
				b.WriteString(JSString(e))
			}
		}
		return b.String()
	}
	return "[object Object]"
}

// JSTypeof is JavaScript's typeof for token values.
func JSTypeof(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64, int:
		return "number"
	}
	return "object"
}

// StrictEqual is JavaScript's === on JSON-like values: primitives by value
// (NaN equals nothing), objects and arrays by identity.
func StrictEqual(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case string, float64, bool:
		return a == b
	case *Object:
		y, ok := b.(*Object)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	}
	return false
}
