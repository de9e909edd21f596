package model

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
