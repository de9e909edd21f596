package config

import (
	"strconv"

	"github.com/tokengen/tokengen/tokenbuild"
)

// contexts decodes a file's "contexts": {modifier: {context: rules}},
// where rules is a selector, an {atRule, selector} object or an array of
// those. Whether the modifiers and contexts exist is checked against the
// resolver document (the engine's checkContexts).
func (d *decoder) contexts(at string, v any) []tokenbuild.FileContext {
	mods, ok := v.(*tokenbuild.Object)
	if !ok {
		d.errorf(at, "must be an object of modifiers, each an object of contexts")
		return nil
	}
	var out []tokenbuild.FileContext
	mods.Range(func(mod string, cv any) bool {
		mat := at + "." + mod
		ctxs, ok := cv.(*tokenbuild.Object)
		if !ok {
			d.errorf(mat, "must be an object of contexts, each a selector, an {\"atRule\", \"selector\"} object or an array of those")
			return true
		}
		ctxs.Range(func(name string, rv any) bool {
			cat := mat + "." + name
			fc := tokenbuild.FileContext{Modifier: mod, Context: name, At: cat}
			items, isList := rv.([]any)
			if !isList {
				items = []any{rv}
			}
			for i, item := range items {
				iat := cat
				if isList {
					iat = cat + "[" + strconv.Itoa(i) + "]"
				}
				if r, ok := d.contextRule(iat, item); ok {
					fc.Rules = append(fc.Rules, r)
				}
			}
			out = append(out, fc)
			return true
		})
		return true
	})
	return out
}

// contextRule decodes one place of a context: a selector, or an object
// with an at-rule and an optional selector.
func (d *decoder) contextRule(at string, v any) (tokenbuild.ContextRule, bool) {
	switch x := v.(type) {
	case string:
		if x == "" {
			d.errorf(at, "must not be empty")
			return tokenbuild.ContextRule{}, false
		}
		return tokenbuild.ContextRule{Selector: x}, true
	case *tokenbuild.Object:
		var r tokenbuild.ContextRule
		good := true
		x.Range(func(k string, kv any) bool {
			s, ok := kv.(string)
			switch {
			case k != "atRule" && k != "selector":
				d.errorf(at+"."+k, "unknown key; a context's place has \"atRule\" and \"selector\"")
				good = false
			case !ok || s == "":
				d.errorf(at+"."+k, "must be a non-empty string")
				good = false
			case k == "atRule":
				if s[0] != '@' {
					d.errorf(at+"."+k, "must start with @ (\"@media (prefers-color-scheme: dark)\")")
					good = false
				}
				r.AtRule = s
			default:
				r.Selector = s
			}
			return true
		})
		if good && r.AtRule == "" && r.Selector == "" {
			d.errorf(at, "needs an \"atRule\", a \"selector\" or both")
			good = false
		}
		return r, good
	}
	d.errorf(at, "must be a selector string or an {\"atRule\", \"selector\"} object")
	return tokenbuild.ContextRule{}, false
}

// colorScheme decodes a file's "colorScheme": {"modifier", "light", "dark"}.
func (d *decoder) colorScheme(at string, v any) *tokenbuild.ColorScheme {
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		d.errorf(at, "must be an object: {\"modifier\": \"theme\", \"light\": \"light\", \"dark\": \"dark\"}")
		return nil
	}
	cs := &tokenbuild.ColorScheme{At: at}
	good := true
	o.Range(func(k string, kv any) bool {
		s, ok := kv.(string)
		switch {
		case k != "modifier" && k != "light" && k != "dark":
			d.errorf(at+"."+k, "unknown key; colorScheme has \"modifier\", \"light\" and \"dark\"")
			good = false
		case !ok || s == "":
			d.errorf(at+"."+k, "must be a non-empty string")
			good = false
		case k == "modifier":
			cs.Modifier = s
		case k == "light":
			cs.Light = s
		default:
			cs.Dark = s
		}
		return true
	})
	for _, k := range []string{"modifier", "light", "dark"} {
		if !o.Has(k) {
			d.errorf(at, "needs %q", k)
			good = false
		}
	}
	if good && cs.Light == cs.Dark {
		d.errorf(at+".dark", "must name another context than light")
		good = false
	}
	if !good {
		return nil
	}
	return cs
}
