// Package dtcg is the DTCG 2025.10 phase of a load: a merged tree's
// $extends and $ref (structure.go), and the warnings and errors of the
// spec's rules (lint.go, lint_spec.go). It takes trees, tokens and what it
// needs to find a token as arguments and returns what it found; the
// engine places and reports it.
package dtcg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// DTCG 2025.10 structure: group $extends and JSON Pointer $ref. Both are
// rare, so a build pays for them only when a token file holds one of the
// keys (load.MarkTokens, which walks every key of a file anyway, tells), and
// the work is one pass over the merged tree before it is flattened.
// style-dictionary 5.5.5 knows neither: it drops $extends and writes a
// $ref object as "[object Object]" (docs/deviations.md).

// HasStructureKeys reports whether a tree (inline tokens, a resolver's
// merged tokens) holds a $ref or $extends key anywhere.
func HasStructureKeys(o *tokenbuild.Object) bool {
	found := false
	o.Range(func(k string, v any) bool {
		if k == "$ref" || k == "$extends" {
			found = true
		} else {
			found = valueHasStructureKeys(v)
		}
		return !found
	})
	return found
}

func valueHasStructureKeys(v any) bool {
	switch c := v.(type) {
	case *tokenbuild.Object:
		return HasStructureKeys(c)
	case []any:
		for _, e := range c {
			if valueHasStructureKeys(e) {
				return true
			}
		}
	}
	return false
}

// IsGroupKey reports whether key k of a group names a child token or
// group: $-prefixed keys are the group's properties, except $root, the
// name of the group's default token.
func IsGroupKey(k string) bool { return k == "$root" || !strings.HasPrefix(k, "$") }

// RefTokensToValues turns each token written with a $ref in place of its
// $value into a token whose $value is that $ref object, so that it is a
// token for marking, merging between files and flattening, and its
// pointer is followed like any other value position's. The key keeps its
// place among the token's properties. A token with both is an error.
func RefTokensToValues(o *tokenbuild.Object, file string, at []string, errs *[]*tokenbuild.Diagnostic) {
	for _, k := range o.Keys() {
		if !IsGroupKey(k) {
			continue
		}
		c, ok := o.Value(k).(*tokenbuild.Object)
		if !ok {
			continue
		}
		p := append(at[:len(at):len(at)], k)
		ref, isRef := c.Get("$ref")
		if !isRef {
			if !c.Has("$value") {
				RefTokensToValues(c, file, p, errs)
			}
			continue
		}
		if c.Has("$value") {
			*errs = append(*errs, &tokenbuild.Diagnostic{File: file, Token: strings.Join(p, "."), Path: "$ref", Kind: tokenbuild.KindToken,
				Msg: "has both $value and $ref; a token's value is one or the other"})
			continue
		}
		out := tokenbuild.NewObjectCap(c.Len())
		c.Range(func(ck string, cv any) bool {
			if ck == "$ref" {
				out.Set("$value", tokenbuild.ObjectOf("$ref", ref))
			} else {
				out.Set(ck, cv)
			}
			return true
		})
		o.Set(k, out)
	}
}

// Sources say where the keys of a merged tree are written, for messages.
type Sources struct {
	// Files are the token files that hold $ref or $extends keys
	// (MarkTokens finds them), in the order they are searched.
	Files []string
	// TreesAt, for a resolver's tokens, holds the key paths inside each
	// file of the token trees merged from it, the last merged first.
	TreesAt map[string][][]string
	// ConfigFile is the config file, when its inline tokens may hold the
	// keys (under "tokens").
	ConfigFile string
	// ReadFile reads a file for placing a message; nil when it is gone.
	ReadFile func(file string) []byte
}

// structure applies $extends and then $ref to the merged tree.
type structure struct {
	src   Sources
	root  *tokenbuild.Object
	errs  []*tokenbuild.Diagnostic
	state map[string]int8 // groups by joined path: 1 being extended, 2 done
	stack [][]string      // the groups being extended, outermost first
	refs  []string        // the pointers being followed, for cycles
	owner []string        // the token holding each of refs
}

const (
	extending int8 = 1
	extended  int8 = 2
)

// ResolveStructure applies the tree's $extends and $ref, in place, and
// returns the problems met, placed at the keys they are about when src
// finds them.
func ResolveStructure(root *tokenbuild.Object, src Sources) []*tokenbuild.Diagnostic {
	s := &structure{src: src, root: root, state: map[string]int8{}}
	s.extendGroup(nil, root)
	if len(s.errs) == 0 {
		s.refsIn(root, nil)
	}
	return s.errs
}

// replace puts o at path p (not the root) of the tree.
func (s *structure) replace(p []string, o *tokenbuild.Object) {
	if parent, ok := s.lookup(p[:len(p)-1]); ok {
		if po, ok := parent.(*tokenbuild.Object); ok {
			po.Set(p[len(p)-1], o)
		}
	}
}

func pathKey(p []string) string { return strings.Join(p, "\x00") }

// lookup finds the value at a path of keys in the tree.
func (s *structure) lookup(p []string) (any, bool) {
	var cur any = s.root
	for _, k := range p {
		o, ok := cur.(*tokenbuild.Object)
		if !ok {
			return nil, false
		}
		if cur, ok = o.Get(k); !ok {
			return nil, false
		}
	}
	return cur, true
}

// placeKey finds where the key path p is written, for messages: in a
// token file that holds $ref or $extends (under the places a resolver
// document merged it from), or in the config's inline tokens.
func (s *structure) placeKey(p []string) (file string, line, col int) {
	try := func(f string, prefixes [][]string) bool {
		data := s.src.ReadFile(f)
		if len(data) == 0 {
			return false
		}
		for _, pre := range prefixes {
			if start, _, ok := json5.Locate(data, append(slices.Clip(pre), p...)); ok {
				file = f
				line, col = json5.Position(data, start)
				return true
			}
		}
		return false
	}
	for _, f := range s.src.Files {
		prefixes := [][]string{nil}
		if trees, ok := s.src.TreesAt[f]; ok {
			prefixes = trees
		}
		if try(f, prefixes) {
			return
		}
	}
	if s.src.ConfigFile != "" {
		try(s.src.ConfigFile, [][]string{{"tokens"}})
	}
	return
}

func (s *structure) groupError(p []string, msg string) {
	name := strings.Join(p, ".")
	where := name
	if where == "" {
		where = "the root group"
	} else {
		where = "group " + where
	}
	keyPath := "$extends"
	if name != "" {
		keyPath = name + ".$extends"
	}
	file, line, col := s.placeKey(append(p[:len(p):len(p)], "$extends"))
	s.errs = append(s.errs, &tokenbuild.Diagnostic{File: file, Line: line, Col: col, Path: keyPath, Kind: tokenbuild.KindToken,
		Msg: where + ": " + msg})
}

// extendTarget reads a $extends value: "{a.b}" or "#/a/b".
func extendTarget(v any) ([]string, bool) {
	str, ok := v.(string)
	if !ok {
		return nil, false
	}
	if strings.HasPrefix(str, "#") {
		return parsePointer(str)
	}
	if len(str) > 2 && str[0] == '{' && str[len(str)-1] == '}' && !strings.ContainsAny(str[1:len(str)-1], "{}") {
		return strings.Split(str[1:len(str)-1], "."), true
	}
	return nil, false
}

// parsePointer splits a same-document JSON Pointer ("#/a/b~1c") into its
// unescaped segments (RFC 6901: ~1 is "/", ~0 is "~").
func parsePointer(ptr string) ([]string, bool) {
	if !strings.HasPrefix(ptr, "#") {
		return nil, false
	}
	rest := ptr[1:]
	if rest == "" {
		return []string{}, true
	}
	if rest[0] != '/' {
		return nil, false
	}
	segs := strings.Split(rest[1:], "/")
	for i, seg := range segs {
		for j := 0; j < len(seg); j++ {
			if seg[j] == '~' && (j+1 == len(seg) || (seg[j+1] != '0' && seg[j+1] != '1')) {
				return nil, false // "~" is only ever "~0" or "~1"
			}
		}
		segs[i] = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
	}
	return segs, true
}

func isToken(v any) bool {
	o, ok := v.(*tokenbuild.Object)
	return ok && o.Has("$value")
}

// extendGroup applies g's $extends, then its child groups'. A target is
// extended before it is copied, so inheritance is deep and transitive.
func (s *structure) extendGroup(p []string, g *tokenbuild.Object) *tokenbuild.Object {
	key := pathKey(p)
	if s.state[key] == extended {
		return g
	}
	s.state[key] = extending
	s.stack = append(s.stack, p)
	defer func() { s.stack = s.stack[:len(s.stack)-1]; s.state[key] = extended }()
	if ext, ok := g.Get("$extends"); ok {
		g = s.applyExtends(p, g, ext)
	}
	for _, k := range g.Keys() {
		if !IsGroupKey(k) {
			continue
		}
		if c, ok := g.Value(k).(*tokenbuild.Object); ok && !c.Has("$value") {
			cp := append(p[:len(p):len(p)], k)
			if r := s.extendGroup(cp, c); r != c {
				g.Set(k, r)
			}
		}
	}
	return g
}

// applyExtends returns g merged over a copy of the group it extends.
func (s *structure) applyExtends(p []string, g *tokenbuild.Object, ext any) *tokenbuild.Object {
	target, ok := extendTarget(ext)
	if !ok {
		s.groupError(p, fmt.Sprintf("$extends %s is not a reference to a group (\"{group.name}\" or \"#/group/name\")", diag.ValueForMessage(ext)))
		return g
	}
	shown := "{" + strings.Join(target, ".") + "}"
	if len(target) <= len(p) && equalPaths(target, p[:len(target)]) {
		// a group holds itself: extending it, or an ancestor, never ends
		s.groupError(p, fmt.Sprintf("$extends %s is circular: %s is this group or one that holds it", shown, shown))
		return g
	}
	// the target may exist only once a group holding it is extended
	for n := 1; n < len(target); n++ {
		pv, ok := s.lookup(target[:n])
		po, isObj := pv.(*tokenbuild.Object)
		if !ok || !isObj || isToken(pv) {
			break
		}
		if po.Has("$extends") && s.state[pathKey(target[:n])] == 0 {
			s.replace(target[:n], s.extendGroup(target[:n], po))
		}
	}
	tv, found := s.lookup(target)
	if !found {
		s.groupError(p, fmt.Sprintf("$extends %s names nothing in the tokens", shown))
		return g
	}
	t, isObj := tv.(*tokenbuild.Object)
	if !isObj || isToken(tv) {
		what := "a token"
		if !isObj {
			what = "a value"
		}
		s.groupError(p, fmt.Sprintf("$extends %s names %s, not a group; only a group can be extended", shown, what))
		return g
	}
	switch s.state[pathKey(target)] {
	case extending:
		var cycle []string
		for i, q := range s.stack {
			if equalPaths(q, target) {
				for _, m := range s.stack[i:] {
					cycle = append(cycle, strings.Join(m, "."))
				}
				break
			}
		}
		cycle = append(cycle, strings.Join(target, "."))
		s.groupError(p, "circular $extends: "+strings.Join(cycle, " => "))
		return g
	case 0:
		t = s.extendGroup(target, t)
		s.replace(target, t)
	}
	typ := s.effectiveType(target, t)
	merged := t.Clone()
	merged.Delete("$extends")
	ownType, hasOwn := g.Value("$type").(string)
	if hasOwn && typ != "" && ownType != typ {
		// the group's own $type is for its own tokens: inherited tokens
		// keep the type they have where they are written
		stampType(merged, typ)
	} else if !hasOwn && typ != "" {
		// the extended group's type comes before the parents' (§6.7.3)
		merged.Set("$type", typ)
	}
	mergeGroup(merged, g)
	merged.Delete("$extends")
	return merged
}

// mergeGroup lays local over inherited: a local token replaces the
// inherited one wholesale, local groups merge into inherited groups, and
// properties replace. Inherited keys keep their order; new ones follow.
func mergeGroup(inherited, local *tokenbuild.Object) {
	local.Range(func(k string, v any) bool {
		if k == "$extends" {
			return true
		}
		lo, lok := v.(*tokenbuild.Object)
		io, iok := inherited.Value(k).(*tokenbuild.Object)
		if lok && iok && IsGroupKey(k) && !lo.Has("$value") && !io.Has("$value") {
			mergeGroup(io, lo)
			return true
		}
		inherited.Set(k, v)
		return true
	})
}

// stampType writes typ on the tokens of g that would inherit it.
func stampType(g *tokenbuild.Object, typ string) {
	g.Range(func(k string, v any) bool {
		c, ok := v.(*tokenbuild.Object)
		if !ok || !IsGroupKey(k) {
			return true
		}
		if c.Has("$value") {
			if !c.Has("$type") {
				c.Set("$type", typ)
			}
		} else if !c.Has("$type") {
			stampType(c, typ)
		}
		return true
	})
}

// effectiveType is the $type group t (at path p) gives its tokens: its
// own, or its nearest ancestor's.
func (s *structure) effectiveType(p []string, t *tokenbuild.Object) string {
	if typ, ok := t.Value("$type").(string); ok {
		return typ
	}
	for n := len(p) - 1; n >= 0; n-- {
		if v, ok := s.lookup(p[:n]); ok {
			if o, ok := v.(*tokenbuild.Object); ok {
				if typ, ok := o.Value("$type").(string); ok {
					return typ
				}
			}
		}
	}
	return ""
}

func equalPaths(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// refsIn replaces the $ref objects in the values of the tokens under g.
func (s *structure) refsIn(g *tokenbuild.Object, p []string) {
	g.Range(func(k string, v any) bool {
		c, ok := v.(*tokenbuild.Object)
		if !ok || !IsGroupKey(k) {
			return true
		}
		cp := append(p[:len(p):len(p)], k)
		if !c.Has("$value") {
			s.refsIn(c, cp)
			return true
		}
		file, _ := c.Value("filePath").(string)
		if r, ok := s.value(c.Value("$value"), cp, file); ok {
			// a copy in the tree's group: the token object may be the
			// token file's own, which a resolver's other permutations
			// merge too, and must not see this one's value
			c = c.Clone()
			c.Set("$value", r)
			g.Set(k, c)
		}
		return true
	})
}

// value returns v with its $ref objects replaced, and whether it changed.
func (s *structure) value(v any, tok []string, file string) (any, bool) {
	switch c := v.(type) {
	case *tokenbuild.Object:
		if ref, ok := c.Get("$ref"); ok {
			return s.follow(ref, c.Len(), tok, file), true
		}
		changed := false
		c.Range(func(k string, x any) bool {
			if r, ok := s.value(x, tok, file); ok {
				c.Set(k, r)
				changed = true
			}
			return true
		})
		return c, changed
	case []any:
		changed := false
		for i, x := range c {
			if r, ok := s.value(x, tok, file); ok {
				c[i] = r
				changed = true
			}
		}
		return c, changed
	}
	return v, false
}

// refError reports a problem with a pointer in token tok's value. A
// token of the config's inline tokens has no file: place finds it there.
func (s *structure) refError(tok []string, file, ptr, msg string) {
	s.errs = append(s.errs, &tokenbuild.Diagnostic{File: file, Token: strings.Join(tok, "."), Near: ptr, Kind: tokenbuild.KindToken, Msg: msg})
}

// follow returns what the pointer ref, written in token tok, points at.
// A pointer at a whole token, or at a token's $value, becomes the alias
// "{token}", so that references are kept (outputReferences) and resolved
// with the others. A pointer into a value copies what is there, following
// the $ref objects and whole-value aliases on the way.
func (s *structure) follow(ref any, keys int, tok []string, file string) any {
	ptr, ok := ref.(string)
	if !ok || keys != 1 {
		s.refError(tok, file, "$ref", fmt.Sprintf("a $ref object holds one string, a JSON Pointer such as \"#/group/token/$value\"; this one is %s", diag.ValueForMessage(ref)))
		return nil
	}
	segs, ok := parsePointer(ptr)
	if !ok {
		s.refError(tok, file, ptr, fmt.Sprintf("$ref %q is not a JSON Pointer into this document (\"#/group/token/$value\"; ~0 for ~ and ~1 for /)", ptr))
		return nil
	}
	for i, r := range s.refs {
		if r == ptr {
			cycle := append(append([]string(nil), s.owner[i:]...), strings.Join(tok, "."))
			cycle = append(cycle, s.owner[i])
			s.refError(tok, file, ptr, "circular $ref: "+strings.Join(compactCycle(cycle), " => "))
			return nil
		}
	}
	s.refs, s.owner = append(s.refs, ptr), append(s.owner, strings.Join(tok, "."))
	defer func() { s.refs, s.owner = s.refs[:len(s.refs)-1], s.owner[:len(s.owner)-1] }()
	if len(segs) >= 1 && segs[len(segs)-1] == "$value" {
		if t, ok := s.lookup(segs[:len(segs)-1]); ok && isToken(t) {
			return "{" + strings.Join(segs[:len(segs)-1], ".") + "}"
		}
	}
	var cur any = s.root
	var holder []string // the token whose value the pointer is in
	for i, seg := range segs {
		if holder == nil && isToken(cur) && seg == "$value" {
			holder = segs[:i]
		}
		if holder != nil && i > len(holder) {
			// inside a value, a $ref object or a whole-value alias on the
			// way is followed to what it stands for
			var ok bool
			if cur, ok = s.through(cur, holder, file); !ok {
				return nil
			}
		}
		switch c := cur.(type) {
		case *tokenbuild.Object:
			next, ok := c.Get(seg)
			if !ok {
				return s.missing(tok, file, ptr, segs[:i+1])
			}
			cur = next
		case []any:
			n, err := strconv.Atoi(seg)
			if err != nil || n < 0 || n >= len(c) || (len(seg) > 1 && seg[0] == '0') {
				return s.missing(tok, file, ptr, segs[:i+1])
			}
			cur = c[n]
		default:
			return s.missing(tok, file, ptr, segs[:i+1])
		}
	}
	if isToken(cur) {
		return "{" + strings.Join(segs, ".") + "}" // Example 21: a pointer at the token object
	}
	if _, ok := cur.(*tokenbuild.Object); ok && holder == nil && (len(segs) == 0 || IsGroupKey(segs[len(segs)-1])) {
		s.refError(tok, file, ptr, fmt.Sprintf("$ref %q points at a group, not at a token or a value", ptr))
		return nil
	}
	out := tokenbuild.CloneValue(cur)
	if holder == nil {
		holder = tok
	}
	if r, ok := s.value(out, holder, file); ok {
		out = r
	}
	return out
}

// through follows the $ref objects and whole-value aliases that stand
// for a value, written in token holder's value; false after an error.
func (s *structure) through(v any, holder []string, file string) (any, bool) {
	for hops := 0; ; hops++ {
		if hops > 1000 {
			return nil, false // a cycle of aliases: resolution reports it
		}
		switch c := v.(type) {
		case *tokenbuild.Object:
			r, ok := c.Get("$ref")
			if !ok {
				return v, true
			}
			n := len(s.errs)
			v = s.follow(r, c.Len(), holder, file)
			if len(s.errs) > n {
				return nil, false
			}
		case string:
			name, ok := WholeAlias(c)
			if !ok {
				return v, true
			}
			t, ok := s.lookup(strings.Split(name, "."))
			if !ok || !isToken(t) {
				return v, true // resolution reports a broken alias
			}
			v = t.(*tokenbuild.Object).Value("$value")
		default:
			return v, true
		}
	}
}

func (s *structure) missing(tok []string, file, ptr string, upTo []string) any {
	s.refError(tok, file, ptr, fmt.Sprintf("$ref %q points at nothing: there is no %q", ptr, "#/"+strings.Join(upTo, "/")))
	return nil
}

// WholeAlias reports whether v is one curly reference and nothing else.
func WholeAlias(v string) (string, bool) {
	if len(v) > 2 && v[0] == '{' && v[len(v)-1] == '}' && strings.Count(v, "{") == 1 && strings.Count(v, "}") == 1 {
		return v[1 : len(v)-1], true
	}
	return "", false
}

// compactCycle drops repeats of one token in a row (a token's pointer
// followed through its own value).
func compactCycle(c []string) []string {
	out := c[:0:0]
	for _, x := range c {
		if len(out) == 0 || out[len(out)-1] != x {
			out = append(out, x)
		}
	}
	return out
}
