package pipeline

import "github.com/tokengen/tokengen/tokenbuild"

// File filters: a registered filter, a function, or an object matched
// against each token as the reference matches it.

func (in *Instance) filterTokens(f *tokenbuild.File, opts tokenbuild.Options, all []*tokenbuild.Token) ([]*tokenbuild.Token, error) {
	var keep tokenbuild.FilterFunc
	switch {
	case f.Filter != "":
		keep = in.reg().filters[f.Filter].Filter
	case f.FilterFunc != nil:
		keep = f.FilterFunc
	case f.FilterMatch != nil:
		keep = func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
			return matchToken(f.FilterMatch, t), nil
		}
	default:
		return all, nil
	}
	out := make([]*tokenbuild.Token, 0, len(all))
	for _, t := range all {
		var ok bool
		var err error
		if perr := guard(func() { ok, err = keep(t, opts) }); perr != nil {
			return nil, hookError("filter", f.Filter, t, perr)
		}
		if err != nil {
			return nil, hookError("filter", f.Filter, t, err)
		}
		if ok {
			out = append(out, t)
		}
	}
	return out, nil
}

// matchToken matches an object filter against a token without building the
// token's whole object.
func matchToken(want *tokenbuild.Object, t *tokenbuild.Token) bool {
	ok := true
	want.Range(func(k string, w any) bool {
		var h any
		var present bool
		switch k {
		case "key":
			h, present = t.Key, true
		case "name":
			h, present = t.Name, true
		case "attributes":
			h, present = t.Attributes, true
			if t.Attributes == nil {
				h = tokenbuild.NewObject()
			}
		case "path":
			p := make([]any, len(t.Path))
			for i, s := range t.Path {
				p[i] = s
			}
			h, present = p, true
		case "original":
			h, present = t.Original(), true
		case t.ValueKey():
			h, present = t.Value, true
		default:
			h, present = t.Props.Get(k)
		}
		if !present {
			ok = false
			return false
		}
		ok = matchValue(w, h)
		return ok
	})
	return ok
}

func matchValue(w, h any) bool {
	switch wv := w.(type) {
	case *tokenbuild.Object:
		ho, isObj := h.(*tokenbuild.Object)
		return isObj && matchPartial(wv, ho)
	case []any:
		ha, isArr := h.([]any)
		if !isArr || len(ha) < len(wv) {
			return false
		}
		for i := range wv {
			if tokenbuild.JSString(wv[i]) != tokenbuild.JSString(ha[i]) {
				return false
			}
		}
		return true
	}
	return looseEqual(w, h)
}

// matchPartial is the reference's object filter: every key of want must be
// present in have with a loosely equal value, recursively.
func matchPartial(want *tokenbuild.Object, have *tokenbuild.Object) bool {
	ok := true
	want.Range(func(k string, w any) bool {
		h, present := have.Get(k)
		if !present {
			ok = false
			return false
		}
		switch wv := w.(type) {
		case *tokenbuild.Object:
			ho, isObj := h.(*tokenbuild.Object)
			ok = isObj && matchPartial(wv, ho)
		case []any:
			ha, isArr := h.([]any)
			ok = isArr && len(ha) >= len(wv)
			for i := 0; ok && i < len(wv); i++ {
				ok = tokenbuild.JSString(wv[i]) == tokenbuild.JSString(ha[i])
			}
		default:
			ok = looseEqual(w, h)
		}
		return ok
	})
	return ok
}

func looseEqual(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case float64:
		switch y := b.(type) {
		case float64:
			return x == y
		case string, bool:
			return tokenbuild.JSString(x) == tokenbuild.JSString(y) || (y == true && x == 1) || (y == false && x == 0)
		}
	case string:
		switch b.(type) {
		case string, float64:
			return x == tokenbuild.JSString(b)
		}
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	return false
}
