package tokenbuild

import (
	"strings"
	"sync"
)

// Token is one design token as transforms and formats see it. Each platform
// works on its own shallow copy: setting Name, Value or Attributes affects
// only that platform. The objects a token points to (Props, the properties
// as written in its file, and the Attributes object) may be shared between
// platforms: replace them, never modify them in place (SetProp does this
// for Props; attribute transforms return a new object that is merged).
type Token struct {
	Key        string   // "{a.b.c}": the reference key
	Path       []string // the key's segments; a key holding "." adds segments
	Name       string   // set by name transforms; the last path segment until then
	Value      any      // the current value: raw, transformed or resolved
	Type       string   // $type (DTCG) or type (legacy)
	Attributes *Object  // set by attribute transforms
	FilePath   string   // token file it came from ("" for inline tokens)
	IsSource   bool     // came from `source`, not `include`
	DTCG       bool     // the value lives under $value
	// Props is every key of the token object in order (value, type,
	// comment, filePath, isSource, ...). References in properties other
	// than the value are resolved in them, as the reference resolves
	// them; the value key keeps the value as written (Value has the
	// current one).
	Props *Object
	// WrittenProps is Props as the token file wrote them, once Props no
	// longer are (their references resolved, or SetProp called); nil
	// until then. Original reads it.
	WrittenProps *Object
}

// ValueKey is "$value" for DTCG tokens and "value" otherwise.
func (t *Token) ValueKey() string {
	if t.DTCG {
		return "$value"
	}
	return "value"
}

// TypeKey is "$type" for DTCG tokens and "type" otherwise.
func (t *Token) TypeKey() string {
	if t.DTCG {
		return "$type"
	}
	return "type"
}

// OriginalValue is the value as written, before transforms and reference resolution.
func (t *Token) OriginalValue() any { return t.written().Value(t.ValueKey()) }

// written is the properties as written.
func (t *Token) written() *Object {
	if t.WrittenProps != nil {
		return t.WrittenProps
	}
	return t.Props
}

// Prop returns a property of the token (for example "comment",
// "themeable", "$extensions"), with its references resolved.
func (t *Token) Prop(k string) any { return t.Props.Value(k) }

// Comment is `$description`, falling back to `comment`: what most formats print.
func (t *Token) Comment() string {
	if s, ok := t.Props.Value("$description").(string); ok {
		return s
	}
	if s, ok := t.Props.Value("comment").(string); ok {
		return s
	}
	return ""
}

// PlainComment is `comment` only: what android and compose print.
func (t *Token) PlainComment() string {
	s, _ := t.Props.Value("comment").(string)
	return s
}

// SetProp sets a property without touching other platforms' view of the
// token, or the properties as written (Original).
func (t *Token) SetProp(k string, v any) {
	if t.WrittenProps == nil {
		t.WrittenProps = t.Props
	}
	p := t.Props.Clone()
	if p == nil {
		p = NewObject()
	}
	p.Set(k, v)
	t.Props = p
}

// PathString is the token path joined with ".", as error messages print it.
func (t *Token) PathString() string { return strings.Join(t.Path, ".") }

// Original is the token's `original` object as the reference prints it: the
// properties as written (without filePath and isSource) followed by key.
func (t *Token) Original() *Object {
	o := NewObject()
	t.written().Range(func(k string, v any) bool {
		if k != "filePath" && k != "isSource" {
			o.Set(k, CloneValue(v))
		}
		return true
	})
	o.Set("key", t.Key)
	return o
}

// ToObject renders the token the way the reference's token objects serialize:
// key, the properties as written (with the current value), then original,
// name, attributes and path, then the properties hooks added (SetProp: a
// JavaScript transform's token.comment = ...), which the reference's
// token object gets last.
func (t *Token) ToObject() *Object {
	o := NewObject()
	o.Set("key", t.Key)
	vk := t.ValueKey()
	var added []string
	set := func(k string, v any) {
		switch k {
		case vk:
			v = t.Value
		case "key": // a "key" written in the file is the reference key, as flattening sets it
			v = t.Key
		case "name":
			v = t.Name
		case "attributes":
			v = t.attributesOrEmpty()
		case "path":
			v = t.pathValue()
		case "original":
			v = t.Original()
		}
		o.Set(k, v)
	}
	t.Props.Range(func(k string, v any) bool {
		if t.WrittenProps != nil && !t.WrittenProps.Has(k) {
			added = append(added, k)
			return true
		}
		set(k, v)
		return true
	})
	if !o.Has("original") {
		o.Set("original", t.Original())
	}
	if !o.Has("name") {
		o.Set("name", t.Name)
	}
	if !o.Has("attributes") {
		o.Set("attributes", t.attributesOrEmpty())
	}
	if !o.Has("path") {
		o.Set("path", t.pathValue())
	}
	for _, k := range added {
		set(k, t.Props.Value(k))
	}
	return o
}

func (t *Token) attributesOrEmpty() *Object {
	if t.Attributes == nil {
		return NewObject()
	}
	return t.Attributes
}

func (t *Token) pathValue() []any {
	p := make([]any, len(t.Path))
	for i, s := range t.Path {
		p[i] = s
	}
	return p
}

// Dictionary is the set of tokens a format receives: the file's filtered
// tokens plus the platform's unfiltered ones. Tokens is the nested tree
// (groups are *Object, leaves *Token) in output order.
type Dictionary struct {
	Tokens              *Object
	AllTokens           []*Token
	TokenMap            TokenIndex // by Key
	UnfilteredTokens    *Object
	UnfilteredAllTokens []*Token
	UnfilteredTokenMap  TokenIndex

	later *laterTrees // see DeferTrees

	// groupDeprecated holds, by Key, the reasons of the tokens deprecated
	// by a group's $deprecated only; nil when no group has one.
	groupDeprecated map[string]string
}

// SetGroupDeprecations tells Deprecated which tokens a group's
// $deprecated marks (by Key, with the reason; "" for true): the engine
// works it out, since the tokens do not carry their groups' properties.
func (d *Dictionary) SetGroupDeprecations(byKey map[string]string) { d.groupDeprecated = byKey }

// Deprecated reports whether DTCG token t is deprecated (DTCG 2025.10
// §5.2.5), and the reason as written (references in it unresolved): its
// own $deprecated (true, a reason, or false, which overrides its groups'),
// or else the nearest group's.
func (d *Dictionary) Deprecated(t *Token) (reason string, ok bool) {
	if !t.DTCG {
		return "", false
	}
	switch v := t.written().Value("$deprecated").(type) {
	case bool:
		return "", v
	case string:
		return v, true
	}
	reason, ok = d.groupDeprecated[t.Key]
	return reason, ok
}

// laterTrees makes a dictionary's trees on first use.
type laterTrees struct {
	tree, unfiltered         func() *Object
	treeOnce, unfilteredOnce sync.Once
	treeMade, unfilteredMade *Object
}

// DeferTrees leaves Tokens and UnfilteredTokens unset: Tree and
// UnfilteredTree call tree and unfiltered when first asked. Built-in
// formats read the trees through those methods, so the pipeline skips
// building a tree that none of a platform's files reads.
func (d *Dictionary) DeferTrees(tree, unfiltered func() *Object) {
	d.Tokens, d.UnfilteredTokens = nil, nil
	d.later = &laterTrees{tree: tree, unfiltered: unfiltered}
}

// Tree is Tokens, made on first use for a dictionary with deferred trees.
// It is safe to call from several goroutines.
func (d *Dictionary) Tree() *Object {
	if d.Tokens != nil || d.later == nil {
		return d.Tokens
	}
	l := d.later
	l.treeOnce.Do(func() { l.treeMade = l.tree() })
	return l.treeMade
}

// UnfilteredTree is UnfilteredTokens, made on first use for a dictionary
// with deferred trees.
func (d *Dictionary) UnfilteredTree() *Object {
	if d.UnfilteredTokens != nil || d.later == nil || d.later.unfiltered == nil {
		return d.UnfilteredTokens
	}
	l := d.later
	l.unfilteredOnce.Do(func() { l.unfilteredMade = l.unfiltered() })
	return l.unfilteredMade
}

// WithTrees is a copy of d with Tokens and UnfilteredTokens set, for code
// that reads the fields (formats and actions from configs).
func (d *Dictionary) WithTrees() *Dictionary {
	if d == nil || d.later == nil {
		return d
	}
	c := *d
	c.Tokens, c.UnfilteredTokens = d.Tree(), d.UnfilteredTree()
	return &c
}

// Lookup finds a token by key ("{a.b}") or path ("a.b"), in the filtered
// set first and then in the unfiltered one.
func (d *Dictionary) Lookup(ref string) (*Token, bool) {
	if !strings.HasPrefix(ref, "{") {
		ref = "{" + ref + "}"
	}
	if d.TokenMap != nil {
		if t, ok := d.TokenMap.Get(ref); ok {
			return t, true
		}
	}
	if d.UnfilteredTokenMap == nil {
		return nil, false
	}
	return d.UnfilteredTokenMap.Get(ref)
}

// TokenIndex finds a dictionary's tokens by key ("{a.b}").
type TokenIndex interface {
	Get(key string) (*Token, bool)
	Len() int
}

// ReferenceFinder is what a TokenIndex may also do: list the tokens named
// by the references in s, which is t's value as the index saw it, in the
// order the references appear, without a lookup per reference. ok is false
// when the index does not know t or s (a value changed since), or when a
// reference names no token: then look them up one by one. The tokens are
// appended to into, which is returned (never the index's own storage), so
// a caller may reuse it. The engine's indexes find them; formats use it
// when it is there.
type ReferenceFinder interface {
	ReferencedTokens(t *Token, s string, into []*Token) (_ []*Token, ok bool)
}

// IndexTokens makes a TokenIndex of tokens, for a Dictionary made by hand
// (a test, a driver of one's own).
func IndexTokens(tokens []*Token) TokenIndex {
	m := make(mapIndex, len(tokens))
	for _, t := range tokens {
		m[t.Key] = t
	}
	return m
}

type mapIndex map[string]*Token

func (m mapIndex) Get(key string) (*Token, bool) { t, ok := m[key]; return t, ok }
func (m mapIndex) Len() int                      { return len(m) }

// TreeOf builds the nested token tree of tokens, keyed by their paths:
// groups are *Object, leaves *Token.
func TreeOf(tokens []*Token) *Object { return treeOf(tokens, false) }

// TreeOfPlainPaths is TreeOf for tokens whose keys hold no dotted names
// (every path segment is one key of the token file). Then no path repeats
// or extends another token's path, so leaves are added without looking for
// them first. A driver that knows this about its tokens can use it.
func TreeOfPlainPaths(tokens []*Token) *Object { return treeOf(tokens, true) }

func treeOf(tokens []*Token, plain bool) *Object {
	root := NewObject()
	// Neighbouring tokens usually share their groups: remember the groups
	// of the previous token's path and start from the deepest shared one.
	var prevPath []string
	chain := []*Object{root} // chain[i] holds the children of path[:i]
	for _, t := range tokens {
		groups := t.Path[:max(len(t.Path)-1, 0)]
		shared := 0
		for shared < len(groups) && shared < len(prevPath) && shared+1 < len(chain) && groups[shared] == prevPath[shared] {
			shared++
		}
		chain = chain[:shared+1]
		cur := chain[shared]
		complete := true
		for _, seg := range groups[shared:] {
			v := cur.Value(seg)
			if _, isToken := v.(*Token); isToken {
				// A dotted key ("1.5" beside "1") puts a token under
				// another token. The reference adds it as a child of that
				// token's object; a *Token has no children, so the deeper
				// token stays out of the tree and the outer one stays in
				// it (references to it keep resolving).
				complete = false
				break
			}
			next, ok := v.(*Object)
			if !ok {
				next = NewObjectCap(16)  // groups usually hold several tokens
				cur.AppendNew(seg, next) // Value was nil: seg is not there
			}
			cur = next
			chain = append(chain, cur)
		}
		if !complete {
			prevPath, chain = nil, chain[:1]
			continue
		}
		if len(t.Path) > 0 {
			if plain {
				cur.AppendNew(t.Path[len(t.Path)-1], t)
			} else {
				cur.Set(t.Path[len(t.Path)-1], t)
			}
		}
		prevPath = groups
	}
	return root
}
