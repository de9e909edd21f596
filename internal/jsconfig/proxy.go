package jsconfig

import (
	"strconv"

	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/tokenbuild"
)

// tokenObj hands a token to JavaScript as an object read on access:
// converting every token eagerly would cost far more than the few fields
// a hook reads.
//
// Within one hook call a property reads as the same JavaScript value each
// time (held), so `token.attributes.x = 1` changes what the next read of
// `token.attributes` shows. Where the write goes depends on whose token
// it is:
//
//   - live (a transform's or a transform filter's token): the Go token is
//     the platform's own copy, worked on by one hook at a time, and the
//     reference's transforms keep what they write on it for the later
//     transforms and the platform's formats. Assignments go into the Go
//     token at once; held objects, which JavaScript may change in place,
//     are compared with the Go token when the call ends (syncLive) and
//     written back when they differ. Writes replace the Go token's
//     objects, never change them in place: other platforms' copies share
//     them.
//   - otherwise (a format's, filter's, sort's or action's token): the
//     platform's other files read the same Go tokens concurrently and
//     platforms with the same pure transforms share them, so writes stay
//     in the proxy (over, held) for the rest of the hook call. Go code
//     the hook calls (formattedVariables, createPropertyFormatter, the
//     built-in formats) sees them through modified and tokenFromJS.
type tokenObj struct {
	e *engine
	t *tokenbuild.Token
	// live: writes go into t, until the hook call that made the proxy
	// ends (syncLive); JavaScript that keeps the token longer then
	// writes to the proxy alone, since other goroutines may read t.
	live bool
	// setup says the token is a transform's: its keys are in the order
	// of the reference's tokenSetup (Keys).
	setup bool
	// over are the keys written that the Go token does not take (nil
	// for a deleted one): every write of a token that is not live, a live
	// token's key (the engine finds tokens by key), and undefined, which
	// Go has no value for (the Go token loses the property instead).
	over map[string]goja.Value
	// overOrder is over's keys in the order first written, the order
	// Object.keys lists keys a hook added.
	overOrder []string
	// held are the object values read or assigned in this call, in the
	// order first seen; a handful at most, so a slice.
	held    []heldValue
	heldBuf [2]heldValue // held's first items, without an allocation of their own
	// lastString is the last string property read (Get).
	lastString lastString
}

type lastString struct {
	key, goValue string
	js           goja.Value
}

type heldValue struct {
	key string
	val goja.Value
}

// tokenProxies hand the engine's tokens and dictionaries to JavaScript
// as proxies that read the Go values on access, and read back what
// JavaScript made or changed of them; with their bookkeeping, which the
// engine's lock guards.
type tokenProxies struct {
	e *engine
	// live are the live tokens of the current hook call: when it ends
	// their held objects are compared with the Go token, and they stop
	// writing into it.
	live []*tokenObj
	// byToken, while a dictionary converts a list or tree, gives the
	// dictionary's proxy of each Go token, so that
	// dictionary.tokens.color.red === dictionary.allTokens[i], as in the
	// reference.
	byToken map[*tokenbuild.Token]goja.Value
}

// token is a proxy over t that keeps writes to itself (a format's,
// filter's or sort's token).
func (tp *tokenProxies) token(t *tokenbuild.Token) goja.Value {
	if m := tp.byToken; m != nil {
		if v, ok := m[t]; ok {
			return v
		}
		v := tp.e.rt.NewDynamicObject(&tokenObj{e: tp.e, t: t})
		m[t] = v
		return v
	}
	return tp.e.rt.NewDynamicObject(&tokenObj{e: tp.e, t: t})
}

// liveToken is a proxy over t whose writes go into t: t must be the
// platform's own token, which no other goroutine reads during the call.
// The caller holds the lock and calls syncLive before releasing it.
func (tp *tokenProxies) liveToken(t *tokenbuild.Token) goja.Value {
	o := &tokenObj{e: tp.e, t: t, live: true, setup: true}
	tp.live = append(tp.live, o)
	return tp.e.rt.NewDynamicObject(o)
}

// syncLive writes back into their Go tokens what the hook call changed in
// place in the objects it read from live tokens (token.attributes.x = 1,
// token.path.push(...)), and ends their writing into the Go tokens.
// Called with the lock held, at the end of each hook call that handed
// out live tokens.
func (tp *tokenProxies) syncLive() {
	for _, o := range tp.live {
		o.sync()
		o.live = false
	}
	clear(tp.live)
	tp.live = tp.live[:0]
}

func (o *tokenObj) sync() {
	for _, h := range o.held {
		g, _ := o.goValue(h.key)
		if !o.e.proxies.sameAsGo(h.val, g) {
			o.setGo(h.key, h.val)
		}
	}
}

func (o *tokenObj) heldValue(k string) (goja.Value, bool) {
	for _, h := range o.held {
		if h.key == k {
			return h.val, true
		}
	}
	return nil, false
}

// hold makes v what k reads for the rest of the call.
func (o *tokenObj) hold(k string, v goja.Value) {
	for i := range o.held {
		if o.held[i].key == k {
			o.held[i].val = v
			return
		}
	}
	if o.held == nil {
		o.held = o.heldBuf[:0]
	}
	o.held = append(o.held, heldValue{k, v})
}

func (o *tokenObj) unhold(k string) {
	for i := range o.held {
		if o.held[i].key == k {
			o.held = append(o.held[:i], o.held[i+1:]...)
			return
		}
	}
}

// goValue is the Go token's value of k as JavaScript reads it (attributes
// is an empty object when the token has none); ok is false for a key the
// token does not have.
func (o *tokenObj) goValue(k string) (any, bool) {
	t := o.t
	switch k {
	case "name":
		return t.Name, true
	case "path":
		return t.Path, true
	case "key":
		return t.Key, true
	case "filePath":
		return t.FilePath, true
	case "isSource":
		return t.IsSource, true
	case "attributes":
		if t.Attributes == nil {
			return tokenbuild.NewObject(), true
		}
		return t.Attributes, true
	case "original":
		return t.Original(), true
	case t.ValueKey():
		return t.Value, true
	}
	if t.Props == nil {
		return nil, false
	}
	return t.Props.Get(k)
}

func (o *tokenObj) Get(k string) goja.Value {
	if v, ok := o.over[k]; ok {
		return v // nil: deleted
	}
	if v, ok := o.heldValue(k); ok {
		return v
	}
	g, ok := o.goValue(k)
	if !ok {
		return nil
	}
	switch x := g.(type) {
	case string:
		// A sort's comparator reads the same key of the same token
		// again and again (a.name.localeCompare(b.name)): the last
		// string read is kept, with the Go string it came from, so that
		// a changed token reads its new value.
		if o.lastString.js != nil && o.lastString.key == k && o.lastString.goValue == x {
			return o.lastString.js
		}
		v := o.e.toJS(x)
		o.lastString = lastString{key: k, goValue: x, js: v}
		return v
	case bool, float64, nil:
		return o.e.toJS(g)
	}
	v := o.e.proxies.tokenValueJS(g)
	if _, isObj := v.(*goja.Object); isObj {
		o.hold(k, v)
	}
	return v
}

// tokenValueJS is toJS for what a token holds (objects, arrays, strings,
// numbers, booleans, null), built with the engine's direct constructors:
// a format that spreads tokens or reads their attributes, path and
// original converts them for every token of the dictionary. Any other
// value goes through toJS.
func (tp *tokenProxies) tokenValueJS(v any) goja.Value {
	switch x := v.(type) {
	case []any:
		vals := make([]goja.Value, len(x))
		for i, el := range x {
			vals[i] = tp.tokenValueJS(el)
		}
		return tp.e.rt.NewArrayOfValues(vals)
	case []string:
		vals := make([]goja.Value, len(x))
		for i, s := range x {
			vals[i] = tp.e.rt.ToValue(s)
		}
		return tp.e.rt.NewArrayOfValues(vals)
	case *tokenbuild.Object:
		vals := make([]goja.Value, 0, x.Len())
		x.Range(func(_ string, val any) bool {
			vals = append(vals, tp.tokenValueJS(val))
			return true
		})
		return tp.e.rt.NewDataObject(x.Keys(), vals)
	}
	return tp.e.toJS(v)
}

func (o *tokenObj) Set(k string, v goja.Value) bool {
	if o.live && k != "key" && !goja.IsUndefined(v) {
		o.setGo(k, v)
		delete(o.over, k)
		if _, isObj := v.(*goja.Object); isObj {
			o.hold(k, v) // JavaScript may change it after assigning it
		} else {
			o.unhold(k)
		}
		return true
	}
	if o.live && goja.IsUndefined(v) {
		o.deleteGo(k)
	}
	o.unhold(k)
	o.setOver(k, v)
	return true
}

func (o *tokenObj) setOver(k string, v goja.Value) {
	if o.over == nil {
		o.over = map[string]goja.Value{}
	}
	if _, ok := o.over[k]; !ok {
		o.overOrder = append(o.overOrder, k)
	}
	o.over[k] = v
}

// setGo writes k into the live Go token. The value key sets the current
// value only: the properties keep the value as written.
func (o *tokenObj) setGo(k string, v goja.Value) {
	t := o.t
	if k == t.ValueKey() {
		t.Value = o.e.fromJS(v)
		return
	}
	o.e.proxies.setTokenKey(t, k, v)
}

func (o *tokenObj) Has(k string) bool {
	if v, ok := o.over[k]; ok {
		return v != nil
	}
	if _, ok := o.heldValue(k); ok {
		return true
	}
	_, ok := o.goValue(k)
	return ok
}

func (o *tokenObj) Delete(k string) bool {
	if o.live {
		o.deleteGo(k)
	}
	o.unhold(k)
	o.setOver(k, nil)
	return true
}

// deleteGo removes a property from the live Go token (the fields the
// token always has stay: the proxy shows them deleted for this call).
func (o *tokenObj) deleteGo(k string) {
	t := o.t
	if t.Props == nil || !t.Props.Has(k) || k == t.ValueKey() {
		return
	}
	// Props may be shared with other platforms: replace them.
	if t.WrittenProps == nil {
		t.WrittenProps = t.Props
	}
	p := t.Props.Clone()
	p.Delete(k)
	t.Props = p
}

// Keys lists the token's keys in the reference's order: a transform's
// token (setup) has the properties as written, then key, original, name,
// attributes and path (tokenSetup adds them), then what hooks added; a
// format's token (the reference's convertTokenData made it) has key
// first.
func (o *tokenObj) Keys() []string {
	t := o.t
	keys := make([]string, 0, t.Props.Len()+6+len(o.overOrder))
	has := func(k string) bool {
		for _, x := range keys {
			if x == k {
				return true
			}
		}
		return false
	}
	add := func(k string) {
		if v, written := o.over[k]; written && v == nil {
			return // deleted
		}
		if !has(k) {
			keys = append(keys, k)
		}
	}
	if !o.setup {
		add("key")
	}
	var added []string
	if t.Props != nil {
		for _, k := range t.Props.Keys() {
			if t.WrittenProps != nil && !t.WrittenProps.Has(k) {
				added = append(added, k) // set by a hook
				continue
			}
			add(k)
		}
	}
	for _, k := range []string{"key", "original", "name", "attributes", "path"} {
		add(k)
	}
	for _, k := range added {
		add(k)
	}
	for _, k := range o.overOrder {
		add(k)
	}
	return keys
}

// object is the token as a Go object with the keys and values this proxy
// shows, in its order (a hook that returns its token: sd-transforms'
// descriptionToComment returns it as the token's attributes).
func (o *tokenObj) object() *tokenbuild.Object {
	if o.live {
		o.sync()
	}
	keys := o.Keys()
	out := tokenbuild.NewObjectCap(len(keys))
	for _, k := range keys {
		out.Set(k, o.e.fromJS(o.Get(k)))
	}
	return out
}

// modified says whether JavaScript changed what this proxy shows, so
// that Go code given it must read the proxy rather than the Go token.
// A live token's writes are in the Go token once synced.
func (o *tokenObj) modified() bool {
	if o.live {
		o.sync()
		return len(o.over) > 0
	}
	if len(o.over) > 0 {
		return true
	}
	for _, h := range o.held {
		g, _ := o.goValue(h.key)
		if !o.e.proxies.sameAsGo(h.val, g) {
			return true
		}
	}
	return false
}

// current is the Go token as this proxy shows it: the Go token itself
// when nothing differs, else a copy with the proxy's changes.
func (o *tokenObj) current() *tokenbuild.Token {
	if !o.modified() {
		return o.t
	}
	c := *o.t
	for _, h := range o.held {
		if _, written := o.over[h.key]; !written && h.key != "original" {
			o.e.proxies.setTokenKey(&c, h.key, h.val)
		}
	}
	for k, v := range o.over {
		if v == nil || goja.IsUndefined(v) {
			if c.Props != nil && c.Props.Has(k) {
				if c.WrittenProps == nil {
					c.WrittenProps = c.Props
				}
				c.Props = c.Props.Clone()
				c.Props.Delete(k)
			}
			continue
		}
		o.e.proxies.setTokenKey(&c, k, v)
	}
	return &c
}

// copy is a shallow copy ({...token}) as a proxy over the same Go token:
// it keeps its own writes and shares the objects read so far, as a
// spread copy's properties are the same objects.
func (o *tokenObj) copy() *tokenObj {
	if o.live {
		o.sync()
	}
	c := &tokenObj{e: o.e, t: o.t, setup: o.setup}
	if len(o.over) > 0 {
		c.over = make(map[string]goja.Value, len(o.over))
		for k, v := range o.over {
			c.over[k] = v
		}
	}
	c.held = append([]heldValue(nil), o.held...)
	return c
}

// sameAsGo says whether the JavaScript value v holds the same data as the
// Go value g (as toJS would have made it), without converting v.
func (tp *tokenProxies) sameAsGo(v goja.Value, g any) bool {
	switch x := g.(type) {
	case nil:
		return v == nil || goja.IsUndefined(v) || goja.IsNull(v)
	case *tokenbuild.Token:
		p, ok := v.Export().(*tokenObj)
		return ok && p.t == x && !p.modified()
	case []string:
		a, ok := v.(*goja.Object)
		if !ok || a.ClassName() != "Array" || int(a.Get("length").ToInteger()) != len(x) {
			return false
		}
		for i, s := range x {
			el := a.Get(strconv.Itoa(i))
			if str, ok := jsString(el); !ok || str != s {
				return false
			}
		}
		return true
	case []any:
		a, ok := v.(*goja.Object)
		if !ok || a.ClassName() != "Array" || int(a.Get("length").ToInteger()) != len(x) {
			return false
		}
		for i, el := range x {
			if !tp.sameAsGo(a.Get(strconv.Itoa(i)), el) {
				return false
			}
		}
		return true
	case *tokenbuild.Object:
		o, ok := v.(*goja.Object)
		if !ok || o.ClassName() == "Array" {
			return false
		}
		if _, isFn := goja.AssertFunction(o); isFn {
			return false
		}
		keys := o.Keys()
		if len(keys) != x.Len() {
			return false
		}
		for _, k := range keys {
			el, has := x.Get(k)
			if !has || !tp.sameAsGo(o.Get(k), el) {
				return false
			}
		}
		return true
	}
	if _, isObj := v.(*goja.Object); isObj || v == nil {
		return false
	}
	switch x := v.Export().(type) {
	case int64:
		return g == float64(x)
	default:
		return g == x
	}
}

// dictObj is a format's dictionary, its lists and trees made on access.
// Its lists, trees and token map hold one proxy per Go token.
type dictObj struct {
	e       *engine
	d       *tokenbuild.Dictionary
	cache   map[string]goja.Value
	byToken map[*tokenbuild.Token]goja.Value
}

func (tp *tokenProxies) dictionary(d *tokenbuild.Dictionary) goja.Value {
	return tp.e.rt.NewDynamicObject(&dictObj{e: tp.e, d: d, cache: map[string]goja.Value{}})
}

func (o *dictObj) Get(k string) goja.Value {
	if v, ok := o.cache[k]; ok {
		return v
	}
	if o.byToken == nil {
		o.byToken = map[*tokenbuild.Token]goja.Value{}
	}
	prev := o.e.proxies.byToken
	o.e.proxies.byToken = o.byToken
	defer func() { o.e.proxies.byToken = prev }()
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

// modified says whether JavaScript changed the dictionary's lists or any
// token read from it, so that Go code given the dictionary must read it
// from JavaScript (dictFromJS).
func (o *dictObj) modified() bool {
	if _, set := o.cache["allTokens"]; !set {
		return false
	}
	for _, v := range o.byToken {
		if p, ok := v.Export().(*tokenObj); ok && p.modified() {
			return true
		}
	}
	return false
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
		vals[i] = o.e.proxies.token(t)
	}
	return o.e.rt.NewArray(vals...)
}

func (o *dictObj) Set(k string, v goja.Value) bool { o.cache[k] = v; return true }
func (o *dictObj) Has(k string) bool               { return o.Get(k) != nil }
func (o *dictObj) Delete(k string) bool            { delete(o.cache, k); return true }
func (o *dictObj) Keys() []string {
	return []string{"tokens", "allTokens", "tokenMap", "unfilteredTokens", "unfilteredAllTokens", "unfilteredTokenMap"}
}

// dictFromJS is the dictionary a built-in format is given from
// JavaScript: a dictionary tokengen made, as it is, or an object made of
// one with other tokens, read from its allTokens (base gives what it
// leaves out).
func (tp *tokenProxies) dictFromJS(v goja.Value, base *tokenbuild.Dictionary) *tokenbuild.Dictionary {
	o, ok := v.(*goja.Object)
	if !ok {
		if base != nil {
			return base
		}
		panic(tp.e.rt.NewTypeError("a format needs a dictionary"))
	}
	if d, ok := o.Export().(*dictObj); ok {
		if _, set := d.cache["allTokens"]; !set {
			return d.d
		}
	}
	all := tp.tokensFromJS(o.Get("allTokens"))
	var unf []*tokenbuild.Token
	if u := get(o, "unfilteredAllTokens"); u != nil {
		unf = tp.tokensFromJS(u)
	} else if base != nil {
		unf = base.UnfilteredAllTokens
	}
	if unf == nil {
		unf = all
	}
	d := &tokenbuild.Dictionary{AllTokens: all, TokenMap: tokenbuild.IndexTokens(all),
		UnfilteredAllTokens: unf, UnfilteredTokenMap: tokenbuild.IndexTokens(unf)}
	d.DeferTrees(func() *tokenbuild.Object { return tokenbuild.TreeOf(all) }, func() *tokenbuild.Object { return tokenbuild.TreeOf(unf) })
	return d
}

func (tp *tokenProxies) tokensFromJS(v goja.Value) []*tokenbuild.Token {
	o, ok := v.(*goja.Object)
	if !ok || o.ClassName() != "Array" {
		panic(tp.e.rt.NewTypeError("dictionary.allTokens must be an array of tokens"))
	}
	n := int(o.Get("length").ToInteger())
	out := make([]*tokenbuild.Token, 0, n)
	for i := range n {
		if t := tp.tokenFromJS(o.Get(strconv.Itoa(i))); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// tokenFromJS is a token of the engine's, with what JavaScript changed in
// it, or one made from a plain object ({ ...token, $value: x }).
func (tp *tokenProxies) tokenFromJS(v goja.Value) *tokenbuild.Token {
	o, ok := v.(*goja.Object)
	if !ok {
		return nil
	}
	if p, ok := o.Export().(*tokenObj); ok {
		return p.current()
	}
	t := &tokenbuild.Token{Props: tokenbuild.NewObject(), DTCG: get(o, "$value") != nil}
	for _, k := range o.Keys() {
		tp.setTokenKey(t, k, o.Get(k))
	}
	return t
}

// setTokenKey sets a token's key k as JavaScript sees the token.
func (tp *tokenProxies) setTokenKey(t *tokenbuild.Token, k string, v goja.Value) {
	val := tp.e.fromJS(v)
	switch k {
	case "key":
		t.Key, _ = val.(string)
	case "name":
		t.Name, _ = val.(string)
	case "path":
		t.Path = nil
		list, _ := val.([]any)
		for _, s := range list {
			str, _ := s.(string)
			t.Path = append(t.Path, str)
		}
	case "attributes":
		t.Attributes, _ = val.(*tokenbuild.Object)
	case "original":
		if w, ok := val.(*tokenbuild.Object); ok {
			t.WrittenProps = w
		}
	case "filePath":
		t.FilePath, _ = val.(string)
		t.SetProp(k, val)
	case "isSource":
		t.IsSource, _ = val.(bool)
		t.SetProp(k, val)
	default:
		if k == t.ValueKey() {
			t.Value = val
		}
		if k == t.TypeKey() {
			t.Type, _ = val.(string)
		}
		t.SetProp(k, val)
	}
}
