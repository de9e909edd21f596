package expand

import "github.com/tokengen/tokengen/tokenbuild"

// mergeTypesMap deep-merges source over target the way the reference's
// deepmerge wrapper does: objects merge key by key (target keys first, new
// source keys after), arrays concatenate without duplicate primitives, and
// any other source value replaces the target's.
func mergeTypesMap(target, source *tokenbuild.Object) *tokenbuild.Object {
	if source == nil {
		return target
	}
	return mergeObjects(target, source)
}

func mergeObjects(target, source *tokenbuild.Object) *tokenbuild.Object {
	out := tokenbuild.NewObject()
	target.Range(func(k string, v any) bool {
		out.Set(k, tokenbuild.CloneValue(v))
		return true
	})
	source.Range(func(k string, v any) bool {
		if inheritedProperty(k) && !target.Has(k) {
			return true // deepmerge skips keys found on Object.prototype
		}
		if target.Has(k) && mergeable(v) {
			out.Set(k, mergeValues(target.Value(k), v))
		} else {
			out.Set(k, tokenbuild.CloneValue(v))
		}
		return true
	})
	return out
}

func mergeable(v any) bool {
	switch v.(type) {
	case *tokenbuild.Object, []any:
		return true
	}
	return false
}

func mergeValues(target, source any) any {
	switch s := source.(type) {
	case []any:
		t, ok := target.([]any)
		if !ok {
			return tokenbuild.CloneValue(s)
		}
		out := make([]any, 0, len(t)+len(s))
		if len(t) == 0 || len(s) == 0 {
			for _, v := range append(append([]any(nil), t...), s...) {
				out = append(out, tokenbuild.CloneValue(v))
			}
			return out
		}
		// Set semantics: primitives dedupe by value, objects never do
		for _, v := range append(append([]any(nil), t...), s...) {
			if !mergeable(v) && containsPrimitive(out, v) {
				continue
			}
			out = append(out, tokenbuild.CloneValue(v))
		}
		return out
	case *tokenbuild.Object:
		if t, ok := target.(*tokenbuild.Object); ok {
			return mergeObjects(t, s)
		}
		return s.Clone()
	}
	return source
}

func containsPrimitive(list []any, v any) bool {
	for _, x := range list {
		if mergeable(x) {
			continue
		}
		if x == v {
			return true
		}
		if a, ok := x.(float64); ok {
			if b, ok := v.(float64); ok && a != a && b != b {
				return true // a Set treats NaN as equal to itself
			}
		}
	}
	return false
}

// inheritedProperty lists the names every JavaScript object inherits.
func inheritedProperty(k string) bool {
	switch k {
	case "__proto__", "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
		"toLocaleString", "toString", "valueOf", "__defineGetter__", "__defineSetter__",
		"__lookupGetter__", "__lookupSetter__":
		return true
	}
	return false
}
