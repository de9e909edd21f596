package builtin

// JavaScript's view of JSON-like values, where formats print or test
// them as the reference's JavaScript does.

import (
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

// jsUndefinedType marks JavaScript's undefined, distinct from null (nil).
type jsUndefinedType struct{}

var jsUndefined = jsUndefinedType{}

func inStringList(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
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
	case jsUndefinedType:
		return "undefined"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil && e != jsUndefined {
				parts[i] = jsString(e)
			}
		}
		return strings.Join(parts, ",")
	}
	return tokenbuild.JSString(v)
}
