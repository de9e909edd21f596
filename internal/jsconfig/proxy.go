package jsconfig

import (
	"strconv"

	"github.com/dop251/goja"
	"github.com/tokengen/tokengen/tokenbuild"
)

// tokenObj hands a token to JavaScript as an object read on access:
// converting every token eagerly would cost far more than the few fields
// a hook reads. Writes stay in the proxy (one hook call), so a hook that
// mutates its token does not change the Go token other platforms see.
type tokenObj struct {
	e    *engine
	t    *tokenbuild.Token
	over map[string]goja.Value
}

func (e *engine) token(t *tokenbuild.Token) goja.Value {
	return e.rt.NewDynamicObject(&tokenObj{e: e, t: t})
}

func (o *tokenObj) Get(k string) goja.Value {
	if v, ok := o.over[k]; ok {
		return v
	}
	t, rt := o.t, o.e.rt
	switch k {
	case "name":
		return rt.ToValue(t.Name)
	case "path":
		return o.e.toJS(t.Path)
	case "key":
		return rt.ToValue(t.Key)
	case "filePath":
		return rt.ToValue(t.FilePath)
	case "isSource":
		return rt.ToValue(t.IsSource)
	case "attributes":
		if t.Attributes == nil {
			return rt.NewObject()
		}
		return o.e.toJS(t.Attributes)
	case "original":
		return o.e.toJS(t.Original())
	case t.ValueKey():
		return o.e.toJS(t.Value)
	}
	if t.Props == nil {
		return nil
	}
	if v, ok := t.Props.Get(k); ok {
		return o.e.toJS(v)
	}
	return nil
}

func (o *tokenObj) Set(k string, v goja.Value) bool {
	if o.over == nil {
		o.over = map[string]goja.Value{}
	}
	o.over[k] = v
	return true
}

func (o *tokenObj) Has(k string) bool { return o.Get(k) != nil }

func (o *tokenObj) Delete(k string) bool {
	o.Set(k, goja.Undefined())
	return true
}

func (o *tokenObj) Keys() []string {
	keys := []string{"key"}
	seen := map[string]bool{"key": true}
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	if o.t.Props != nil {
		for _, k := range o.t.Props.Keys() {
			add(k)
		}
	}
	for _, k := range []string{"original", "name", "attributes", "path"} {
		add(k)
	}
	for k := range o.over {
		add(k)
	}
	return keys
}

// dictObj is a format's dictionary, its lists and trees made on access.
type dictObj struct {
	e     *engine
	d     *tokenbuild.Dictionary
	cache map[string]goja.Value
}

func (e *engine) dictionary(d *tokenbuild.Dictionary) goja.Value {
	return e.rt.NewDynamicObject(&dictObj{e: e, d: d, cache: map[string]goja.Value{}})
}

func (o *dictObj) Get(k string) goja.Value {
	if v, ok := o.cache[k]; ok {
		return v
	}
	var v goja.Value
	switch k {
	case "allTokens":
		v = o.tokens(o.d.AllTokens)
	case "unfilteredAllTokens":
		v = o.tokens(o.d.UnfilteredAllTokens)
	case "tokens":
		v = o.e.toJS(o.d.Tree())
	case "unfilteredTokens":
		v = o.e.toJS(o.d.UnfilteredTree())
	case "tokenMap":
		v = o.tokenMap(o.Get("allTokens"))
	case "unfilteredTokenMap":
		v = o.tokenMap(o.Get("unfilteredAllTokens"))
	default:
		return nil
	}
	o.cache[k] = v
	return v
}

// tokenMap is the reference's Map of the tokens by key ("{color.red}").
func (o *dictObj) tokenMap(all goja.Value) goja.Value {
	rt := o.e.rt
	ctor, _ := goja.AssertConstructor(rt.Get("Map"))
	m, err := ctor(nil)
	if err != nil {
		panic(err)
	}
	set, _ := goja.AssertFunction(m.Get("set"))
	if arr, ok := all.(*goja.Object); ok {
		n := int(arr.Get("length").ToInteger())
		for i := range n {
			t := arr.Get(strconv.Itoa(i))
			if to, ok := t.(*goja.Object); ok {
				if _, err := set(m, to.Get("key"), t); err != nil {
					panic(err)
				}
			}
		}
	}
	return m
}

func (o *dictObj) tokens(ts []*tokenbuild.Token) goja.Value {
	vals := make([]any, len(ts))
	for i, t := range ts {
		vals[i] = o.e.token(t)
	}
	return o.e.rt.NewArray(vals...)
}

func (o *dictObj) Set(k string, v goja.Value) bool { o.cache[k] = v; return true }
func (o *dictObj) Has(k string) bool               { return o.Get(k) != nil }
func (o *dictObj) Delete(k string) bool            { delete(o.cache, k); return true }
func (o *dictObj) Keys() []string {
	return []string{"tokens", "allTokens", "tokenMap", "unfilteredTokens", "unfilteredAllTokens", "unfilteredTokenMap"}
}
