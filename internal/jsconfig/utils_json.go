package jsconfig

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/tokengen/tokengen/internal/goja"
)

// fixJSONStringify replaces JSON.stringify with one that indents as node
// does. goja's, given an indentation, does not restore it after an empty
// object or array (`{"a": {}, "b": 1}` comes out with "b" indented one
// level too deep), and formats write their JSON with
// JSON.stringify(value, null, 2), where tokens' empty `attributes: {}` are
// common. goja still serializes (toJSON, replacers, key order, escapes are
// its own); its compact text is then indented by encoding/json, which lays
// out JSON exactly as ECMAScript's JSON.stringify does with a gap: one
// member per line, `": "` after keys, and `{}` and `[]` kept empty.
func (u *jsUtils) fixJSONStringify() {
	rt := u.rt
	jsonObj := rt.Get("JSON").ToObject(rt)
	orig, ok := goja.AssertFunction(jsonObj.Get("stringify"))
	if !ok {
		return
	}
	_ = jsonObj.Set("stringify", func(call goja.FunctionCall) goja.Value {
		gap := jsonGap(rt, call.Argument(2))
		if gap == "" {
			r, err := orig(call.This, call.Arguments...)
			if err != nil {
				panic(err)
			}
			return r
		}
		r, err := orig(call.This, call.Argument(0), call.Argument(1))
		if err != nil {
			panic(err)
		}
		if goja.IsUndefined(r) {
			return r
		}
		var b bytes.Buffer
		if err := json.Indent(&b, []byte(r.String()), "", gap); err != nil {
			panic(rt.NewGoError(err))
		}
		return rt.ToValue(b.String())
	})
}

// jsonGap is the indentation JSON.stringify's space argument asks for: a
// number of spaces up to 10, or a string's first 10 characters.
func jsonGap(rt *goja.Runtime, space goja.Value) string {
	if o, ok := space.(*goja.Object); ok {
		switch o.ClassName() {
		case "Number":
			space = o.ToNumber()
		case "String":
			space = o.ToString()
		}
	}
	if s, ok := jsString(space); ok {
		r := []rune(s)
		if len(r) > 10 {
			r = r[:10]
		}
		return string(r)
	}
	if jsNumber(space) {
		n := space.ToFloat()
		if n < 1 {
			return ""
		}
		return strings.Repeat(" ", int(min(10, n)))
	}
	return ""
}
