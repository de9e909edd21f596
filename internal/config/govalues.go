package config

import (
	"reflect"
	"slices"

	"github.com/tokengen/tokengen/tokenbuild"
)

// jsonLike is v as the JSON-like value the engine and the formats read:
// a Go config may give options as Go values (map[string]any, []string,
// an int), which read as the object, array or number a JSON config would
// hold. Maps become objects with their keys sorted, since Go maps have no
// order. Functions, *tokenbuild.Object and the JSON-like values are kept
// as they are (an Object's or slice's contents are converted when needed).
func jsonLike(v any) any {
	switch x := v.(type) {
	case nil, string, bool, float64:
		return v
	case int:
		return float64(x)
	case *tokenbuild.Object:
		if x == nil {
			return nil
		}
		changed := false
		x.Range(func(_ string, e any) bool {
			if !isJSONLike(e) {
				changed = true
			}
			return !changed
		})
		if !changed {
			return x
		}
		c := tokenbuild.NewObjectCap(x.Len())
		x.Range(func(k string, e any) bool { c.Set(k, jsonLike(e)); return true })
		return c
	case []any:
		if slices.IndexFunc(x, func(e any) bool { return !isJSONLike(e) }) < 0 {
			return x
		}
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = jsonLike(e)
		}
		return c
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Func:
		return v
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return v
		}
		keys := make([]string, 0, rv.Len())
		for _, k := range rv.MapKeys() {
			keys = append(keys, k.String())
		}
		slices.Sort(keys)
		o := tokenbuild.NewObjectCap(len(keys))
		for _, k := range keys {
			o.Set(k, jsonLike(rv.MapIndex(reflect.ValueOf(k).Convert(rv.Type().Key())).Interface()))
		}
		return o
	case reflect.Slice, reflect.Array:
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = jsonLike(rv.Index(i).Interface())
		}
		return out
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(rv.Uint())
	case reflect.Float32:
		return rv.Float()
	case reflect.String:
		return rv.String()
	case reflect.Bool:
		return rv.Bool()
	case reflect.Pointer:
		if rv.IsNil() {
			return nil
		}
	}
	return v
}

// isJSONLike reports whether v needs no conversion by jsonLike at this
// level (containers are looked into by jsonLike itself).
func isJSONLike(v any) bool {
	switch v.(type) {
	case nil, string, bool, float64, *tokenbuild.Object, *tokenbuild.Token:
		return true
	case []any:
		return false // looked into
	}
	return reflect.TypeOf(v).Kind() == reflect.Func
}

// jsonLikeOptions converts the values of o (see jsonLike), copying o only
// when something changes.
func jsonLikeOptions(o tokenbuild.Options) tokenbuild.Options {
	var out tokenbuild.Options
	for k, v := range o {
		if c := jsonLike(v); !sameValue(c, v) {
			if out == nil {
				out = make(tokenbuild.Options, len(o))
				for k2, v2 := range o {
					out[k2] = v2
				}
			}
			out[k] = c
		}
	}
	if out == nil {
		return o
	}
	return out
}

// sameValue reports whether jsonLike returned v itself.
func sameValue(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	if ta != tb {
		return false
	}
	switch ta.Kind() {
	case reflect.Func:
		return true // functions are never converted
	case reflect.Slice:
		va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
		return va.Len() == vb.Len() && (va.Len() == 0 || va.Pointer() == vb.Pointer())
	case reflect.Map:
		return false
	}
	if ta.Comparable() {
		return a == b
	}
	return false
}

// withJSONLikeOptions is cfg with every option made JSON-like: the config's
// extra keys, the platforms' options and the files' options. cfg is not
// changed; parts that need no change are shared.
func withJSONLikeOptions(cfg *tokenbuild.Config) *tokenbuild.Config {
	c := *cfg
	c.Extra = jsonLikeOptions(cfg.Extra)
	c.Platforms = slices.Clone(cfg.Platforms)
	for i := range c.Platforms {
		p := &c.Platforms[i]
		p.Options = jsonLikeOptions(p.Options)
		p.Extra = jsonLikeOptions(p.Extra)
		p.Files = slices.Clone(p.Files)
		for j := range p.Files {
			p.Files[j].Options = jsonLikeOptions(p.Files[j].Options)
		}
	}
	return &c
}
