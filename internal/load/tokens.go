// Package load is the first phase of a build: token files found by the
// config's patterns, read and parsed (by a parser hook or as JSON5),
// marked and merged in order into one tree, and the tree flattened into
// the list of tokens the platforms share. It takes what it needs of the
// config, the hooks and the engine as arguments (Loader) and returns
// data; the engine places and reports what it finds.
package load

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/dtcg"
	"github.com/tokengen/tokengen/internal/glob"
	"github.com/tokengen/tokengen/internal/inputfile"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/parallel"
	"github.com/tokengen/tokengen/tokenbuild"
)

// expandGlobs lists the files of each pattern as the reference's glob
// selects them (internal/glob: node-glob 13 with style-dictionary's
// options), sorted per pattern, in config order. Paths are relative to
// dir as the glob gives them, absolute for an absolute pattern. A folder
// that a pattern selects is left out: the reference would fail reading
// it, and a pattern such as tokens/** means the files below it. empty
// holds the index of each pattern that selected no file.
func expandGlobs(dir string, patterns []string) (files []string, empty []int, err error) {
	for i, p := range patterns {
		if filepath.Separator == '\\' {
			// on Windows a backslash separates folders; elsewhere it
			// escapes the next character, as in the reference
			p = filepath.ToSlash(p)
		}
		matches, err := glob.Expand(dir, p)
		if err != nil {
			return nil, nil, &tokenbuild.Diagnostic{Path: fmt.Sprintf("[%d]", i), Msg: err.Error()}
		}
		n := 0
		for _, m := range matches {
			full := m
			if !filepath.IsAbs(full) {
				full = filepath.Join(dir, m)
			}
			if st, err := os.Stat(full); err == nil && st.IsDir() {
				continue
			}
			files = append(files, m)
			n++
		}
		if n == 0 {
			empty = append(empty, i)
		}
	}
	return files, empty, nil
}

// loadTokenFile parses one token file with the first matching custom parser
// (the last match wins, as in the reference) or the JSON5 loader.
func (l *Loader) loadTokenFile(file string) (*tokenbuild.Object, error) {
	full := file
	if !filepath.IsAbs(full) {
		full = filepath.Join(l.Dir, file)
	}
	data, err := inputfile.Read(full, file, "token files")
	if err != nil {
		return nil, err
	}
	var parser *tokenbuild.Parser
	for _, name := range l.ParserNames {
		if p, ok := l.Parsers[name]; ok && p.Pattern != nil && p.Pattern.MatchString(file) {
			parser = p
		}
	}
	if parser == nil {
		parser = l.defaultParser(file)
	}
	if parser != nil {
		var obj *tokenbuild.Object
		if parser.Default {
			obj, err = loadWithDefault(parser, data, file, full)
		} else {
			obj, err = diag.CallHook("parser", parser.Name, file, func() (*tokenbuild.Object, error) { return parser.Parse(data, full) })
		}
		if err != nil {
			return nil, err
		}
		if obj != nil && TooDeep(obj) {
			return nil, TooDeepError(file, fmt.Sprintf("the tree parser %q returned", parser.Name))
		}
		return obj, nil
	}
	// extensions are matched as written, as the reference's loadFile
	// matches them: "c.JSON" is read as JSON5 after its warning
	switch ext := path.Ext(file); ext {
	case ".json", ".jsonc", ".json5", ".tokens": // .tokens and .tokens.json are DTCG's own
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		// The command registers a Default parser for these; a Go config
		// program and the library do not link a JavaScript engine.
		return nil, &tokenbuild.Diagnostic{File: file, Msg: "JavaScript and TypeScript token files are read by the tokengen command (with a JSON or JavaScript config), not by a Go config or the library; use JSON, JSONC or JSON5, or a parser hook"}
	default:
		l.Warn(tokenbuild.KindFileExtension, fmt.Sprintf("Unrecognized file extension: %s. Using JSON5 parser as a default. Alternatively, create a custom parser to handle this filetype https://styledictionary.com/reference/hooks/parsers/", ext))
	}
	v, err := json5.ParseOwned(data) // data is not used after this but to place errors
	if err != nil {
		return nil, inputfile.ParseError(err, file, data)
	}
	switch top := v.(type) {
	case *tokenbuild.Object:
		return top, nil
	case []any:
		// Tokens Studio's $themes.json is an array; the reference merges
		// it as an object whose keys are the indexes
		return inputfile.ArrayAsGroup(top), nil
	}
	return nil, &tokenbuild.Diagnostic{File: file, Line: 1, Col: 1, Msg: "a token file must hold a JSON object or array"}
}

// defaultParser is the registered Default parser matching file (the
// first by name when several do), or nil.
func (l *Loader) defaultParser(file string) *tokenbuild.Parser {
	var found *tokenbuild.Parser
	for name, p := range l.Parsers {
		if p.Default && p.Pattern != nil && p.Pattern.MatchString(file) && (found == nil || name < found.Name) {
			found = p
		}
	}
	return found
}

// loadWithDefault runs a Default parser: its errors are the file's, and
// a diagnostic it returns keeps its own position.
func loadWithDefault(p *tokenbuild.Parser, data []byte, file, full string) (*tokenbuild.Object, error) {
	var obj *tokenbuild.Object
	var err error
	if perr := diag.Guard(func() { obj, err = p.Parse(data, full) }); perr != nil {
		return nil, &tokenbuild.Diagnostic{File: file, Msg: fmt.Sprintf("%s %q failed: %v", "parser", p.Name, perr)}
	}
	var d *tokenbuild.Diagnostic
	var list tokenbuild.ErrorList
	switch {
	case err == nil:
		return obj, nil
	case errors.As(err, &d), errors.As(err, &list):
		return nil, err
	}
	return nil, &tokenbuild.Diagnostic{File: file, Msg: err.Error()}
}

// DetectDTCG reports whether any $value or $type key appears anywhere.
func DetectDTCG(o *tokenbuild.Object) bool {
	if hasDtcgKey(o) {
		return true
	}
	// A file whose tokens are all written with JSON Pointers
	// ({"$ref": "#/..."}, DTCG 2025.10 §7.2) is DTCG too, unless it has
	// tokens of the legacy format, whose files may hold a $ref of their
	// own: its pointers would otherwise be ignored keys, and a build of a
	// cycle of them would succeed.
	pointer, legacy := refsAndLegacy(o)
	return pointer && !legacy
}

// refsAndLegacy reports whether a tree holds a {"$ref": "#/..."} and
// whether it holds a legacy "value" key.
func refsAndLegacy(o *tokenbuild.Object) (pointer, legacy bool) {
	o.Range(func(k string, v any) bool {
		switch c := v.(type) {
		case string:
			pointer = pointer || k == "$ref" && strings.HasPrefix(c, "#")
		case *tokenbuild.Object:
			p, l := refsAndLegacy(c)
			pointer, legacy = pointer || p, legacy || l
		}
		legacy = legacy || k == "value"
		return !legacy
	})
	return pointer, legacy
}

func hasDtcgKey(o *tokenbuild.Object) bool {
	found := false
	o.Range(func(k string, v any) bool {
		if k == "$value" || k == "$type" {
			found = true
		} else if c, ok := v.(*tokenbuild.Object); ok {
			found = hasDtcgKey(c)
		}
		return !found
	})
	return found
}

// MarkTokens adds filePath and isSource to every token object of a file.
// Like the reference's traverseObj it also walks arrays, so an object with
// a value key inside an array value (a shadow layer's {value, unit}) is
// marked too. traverseObj only visits an object through a property that
// is not null, so a token whose properties are all null is not marked.
// The file path comes boxed, once for all the file's tokens. It reports
// whether a $ref or $extends key was met on the way (dtcg.ResolveStructure): the
// walk sees every key, so DTCG files without them pay nothing more.
func MarkTokens(o *tokenbuild.Object, valueKey string, file any, isSource bool) (structure bool) {
	if o.Has(valueKey) && hasNonNull(o) {
		if fp, _ := o.Value("filePath").(string); fp == "" {
			o.Set("filePath", file)
			o.Set("isSource", isSource)
		}
	}
	o.Range(func(k string, v any) bool {
		if len(k) >= 4 && k[0] == '$' && (k == "$ref" || k == "$extends") {
			structure = true
		}
		if markTokensIn(v, valueKey, file, isSource) {
			structure = true
		}
		return true
	})
	return structure
}

func hasNonNull(o *tokenbuild.Object) bool {
	found := false
	o.Range(func(_ string, v any) bool {
		found = v != nil
		return !found
	})
	return found
}

func markTokensIn(v any, valueKey string, file any, isSource bool) (structure bool) {
	switch c := v.(type) {
	case *tokenbuild.Object:
		return MarkTokens(c, valueKey, file, isSource)
	case []any:
		for _, e := range c {
			if markTokensIn(e, valueKey, file, isSource) {
				structure = true
			}
		}
	}
	return structure
}

// collision is a value collision between source files.
type collision struct {
	path     []string // the object holding key
	key      string
	old, new any
}

// DeepExtend merges src into dst key by key, as the reference's
// deepExtend does without an override key: groups merge, and a token's
// properties merge with those of the token it redefines. It returns the
// merged object.
func DeepExtend(dst, src *tokenbuild.Object) *tokenbuild.Object {
	return deepExtend(dst, src, "", nil, nil)
}

// deepExtend merges src into dst the way the reference's deepExtend does:
// groups merge, and a token whose primitive value key is overridden is
// replaced by the newer token object. It returns the merged object.
func deepExtend(dst, src *tokenbuild.Object, overrideKey string, at []string, onCollision func(collision)) *tokenbuild.Object {
	target := dst
	for _, name := range src.Keys() {
		copyV := src.Value(name)
		srcV, has := target.Get(name)
		switch c := copyV.(type) {
		case *tokenbuild.Object:
			base, ok := srcV.(*tokenbuild.Object)
			if !ok {
				// Nothing to merge into: take the object over instead of
				// copying it (merged inputs are freshly parsed and owned).
				target.Set(name, c)
				continue
			}
			target.Set(name, deepExtend(base, c, overrideKey, append(at[:len(at):len(at)], name), onCollision))
		case []any:
			base, ok := srcV.([]any)
			if !ok {
				base = nil
			}
			target.Set(name, extendArray(base, c))
		default:
			if has && srcV != nil {
				// any differing primitive is a collision, not only the value
				// (a group's $type, a token's description before its value)
				if onCollision != nil && !js.StrictEqual(srcV, copyV) {
					onCollision(collision{path: at, key: name, old: srcV, new: copyV})
				}
				if overrideKey != "" && name == overrideKey {
					// the newer token replaces the older one entirely
					target = src
					continue
				}
			}
			target.Set(name, copyV)
		}
	}
	return target
}

// extendArray merges arrays index by index, as deepExtend does for arrays.
func extendArray(dst, src []any) []any {
	out := append([]any(nil), dst...)
	for i, v := range src {
		if i < len(out) {
			if a, ok := out[i].(*tokenbuild.Object); ok {
				if b, ok := v.(*tokenbuild.Object); ok {
					out[i] = deepExtend(a, b, "", nil, nil)
					continue
				}
			}
			out[i] = tokenbuild.CloneValue(v)
		} else {
			out = append(out, tokenbuild.CloneValue(v))
		}
	}
	return out
}

// typeDelegate copies the nearest group $type onto tokens that have none and
// removes group-level $type keys (DTCG inheritance).
func typeDelegate(o *tokenbuild.Object, inherited string) {
	typ := delegateOwnType(o, inherited)
	o.Range(func(_ string, v any) bool {
		if c, ok := v.(*tokenbuild.Object); ok {
			typeDelegate(c, typ)
		}
		return true
	})
}

// delegateOwnType is typeDelegate for o alone: it returns the type o's
// children inherit.
func delegateOwnType(o *tokenbuild.Object, inherited string) string {
	own, hasOwn := o.Value("$type").(string)
	if !o.Has("$type") && inherited != "" && o.Has("$value") {
		o.Set("$type", inherited)
	}
	typ := inherited
	if hasOwn && own != "" {
		typ = own
		if !o.Has("$value") {
			o.Delete("$type")
		}
	}
	return typ
}

// AliasTypes gives each token whose $value is one curly reference and
// that has no $type of its own the type of the token it references,
// followed through further aliases: DTCG 2025.10 §5.2.2 determines a type
// from the token's own $type, else "if $value is a reference, the resolved
// type of the referenced token", else the nearest group's. The type is
// written into the token as typeDelegate writes a group's (which it then
// does not write), so filters, transforms and formats all see it. Only a
// build that declares 2025.10 (a resolver document) calls it:
// style-dictionary, which plain builds match, gives an alias its group's
// type (docs/dtcg-alias-types.md). An alias to a token without a type, to
// a group or to nothing keeps its group's (the last two are errors of
// their own). The token objects written into are the merge's own: a
// resolver's merge copies the tokens without a $type.
func AliasTypes(root *tokenbuild.Object) {
	var aliases []*tokenbuild.Object
	var find func(o *tokenbuild.Object)
	find = func(o *tokenbuild.Object) {
		o.Range(func(k string, v any) bool {
			c, ok := v.(*tokenbuild.Object)
			if !ok || !dtcg.IsGroupKey(k) {
				return true
			}
			if !c.Has("$value") {
				find(c)
			} else if _, alias := untypedAliasTarget(c); alias {
				aliases = append(aliases, c)
			}
			return true
		})
	}
	find(root)
	if len(aliases) == 0 {
		return
	}
	r := aliasTyper{root: root, typed: make(map[*tokenbuild.Object]string, len(aliases))}
	for _, c := range aliases {
		r.typeOf(c, "", 0)
	}
	for _, c := range aliases {
		if typ := r.typed[c]; typ != "" {
			c.Set("$type", typ)
		}
	}
}

// untypedAliasTarget is the path a token without a $type of its own
// references with its whole $value ("{a.b.c}"), if it does.
func untypedAliasTarget(c *tokenbuild.Object) (string, bool) {
	if c.Has("$type") {
		return "", false
	}
	s, ok := c.Value("$value").(string)
	if !ok {
		return "", false
	}
	return dtcg.WholeAlias(s)
}

// aliasTyper resolves alias types for AliasTypes. typed holds the type
// each untyped alias gets from its reference ("" for none; resolving
// while it is being resolved, so that a cycle ends: resolution reports
// the cycle).
type aliasTyper struct {
	root  *tokenbuild.Object
	typed map[*tokenbuild.Object]string
}

// typeOf is the §5.2.2 type of token c, whose groups give groupType
// (found when c is reached by its path; "" for an alias found by the walk,
// whose own group type is read where needed).
func (r *aliasTyper) typeOf(c *tokenbuild.Object, groupType string, depth int) string {
	if typ, ok := c.Value("$type").(string); ok && typ != "" {
		return typ
	}
	target, isAlias := untypedAliasTarget(c)
	if !isAlias {
		return groupType
	}
	if typ, done := r.typed[c]; done {
		if typ == resolving {
			return "" // a cycle, which resolution reports: no type from it
		}
		if typ == "" {
			return groupType
		}
		return typ
	}
	r.typed[c] = resolving
	typ := ""
	if depth < maxAliasDepth {
		if t, tGroup, ok := r.lookup(target); ok {
			typ = r.typeOf(t, tGroup, depth+1)
		}
	}
	r.typed[c] = typ
	if typ == "" {
		return groupType
	}
	return typ
}

// resolving marks an alias whose type is being resolved: no type name.
const resolving = "\x00"

// maxAliasDepth bounds a chain of aliases followed for a type, far past
// any real one (a cycle ends sooner, at a token met twice).
const maxAliasDepth = 1000

// lookup finds the token at a dotted reference path, with the $type its
// groups give it (a group's own non-empty $type, the nearest one winning,
// as typeDelegate inherits it); ok is false for a group or nothing.
func (r *aliasTyper) lookup(dotted string) (token *tokenbuild.Object, groupType string, ok bool) {
	o := r.root
	for rest, more := dotted, true; more; {
		if typ, isStr := o.Value("$type").(string); isStr && typ != "" {
			groupType = typ
		}
		var seg string
		seg, rest, more = strings.Cut(rest, ".")
		next, isObj := o.Value(seg).(*tokenbuild.Object)
		if !isObj {
			return nil, "", false
		}
		if next.Has("$value") {
			return next, groupType, !more
		}
		o = next
	}
	return nil, "", false
}

// CarryGroupDeprecations gives each token that inherits a group's
// $deprecated (GroupDeprecations, by key) that value as a property of its
// own, as an inherited $type is one (typeDelegate): formats that print a
// token's properties (json, javascript/module, a config's own) then show
// whether it is deprecated, where the group's key, which is no token,
// is left out of their trees. The token is replaced by a copy with
// properties of its own, rather than written into: its properties' object
// is the token file's, which a resolver build's permutations share, and a
// token may be one its base instance listed too (FlattenLike).
func CarryGroupDeprecations(tokens []*tokenbuild.Token, inherited map[string]any) {
	if len(inherited) == 0 {
		return
	}
	for i, t := range tokens {
		v, ok := inherited[t.Key]
		if !ok {
			continue
		}
		c := *t
		c.Props = withProp(t.Props, "$deprecated", v)
		if t.WrittenProps != nil {
			c.WrittenProps = withProp(t.WrittenProps, "$deprecated", v)
		}
		tokens[i] = &c
	}
}

// withProp is a copy of props with k set to v.
func withProp(props *tokenbuild.Object, k string, v any) *tokenbuild.Object {
	p := props.Clone()
	if p == nil {
		p = tokenbuild.NewObject()
	}
	p.Set(k, v)
	return p
}

// Flatten lists the tokens of a tree in order. Keys holding "." add path
// segments, as the reference's key-based paths do. Large trees are walked
// on all cores, one subtree per task, and the lists joined in tree order.
// delegate applies typeDelegate(root, "") first, in the same tasks, while
// each subtree is in the cache. propRefs are the positions of the tokens
// whose other properties may hold references (propMayRefer).
func Flatten(root *tokenbuild.Object, dtcg, delegate bool) (tokens []*tokenbuild.Token, dotted bool, cands []RefCandidate, propRefs []int32) {
	tokens, flags, cands, propRefs := FlattenLike(root, dtcg, delegate, nil)
	return tokens, flags.Dotted, cands, propRefs
}

// Flattening is a flattening's tokens and units, kept for a later one
// of a like tree (FlattenLike; Keep makes it).
type Flattening struct {
	tokens   []*tokenbuild.Token
	units    []flatUnit
	propRefs []bool // by position: whether the token is one of propRefs
	cands    []bool // by position: whether the token is a RefCandidate
}

// flatUnit is where a unit's tokens are in the flattened list.
type flatUnit struct {
	at       []string
	start, n int
}

// Flags are what flattening saw on the way.
type Flags struct {
	units            []flatUnit // the units' places in the list
	Dotted           bool       // a key holds "." (extra path segments)
	DeprecatedGroups bool       // a group has a $deprecated (DTCG), which its tokens inherit
}

// Keep keeps a flattening (FlattenLike's results) for a later one of a
// like tree.
func Keep(tokens []*tokenbuild.Token, flags Flags, cands []RefCandidate, propRefs []int32) *Flattening {
	kept := &Flattening{tokens: tokens, units: flags.units, propRefs: make([]bool, len(tokens)), cands: make([]bool, len(tokens))}
	for _, p := range propRefs {
		kept.propRefs[p] = true
	}
	for _, c := range cands {
		kept.cands[c.Pos] = true
	}
	return kept
}

// FlattenLike is Flatten, with all of its flags.
//
// like, when not nil, is a flattening before (a resolver build's base):
// a token made from the object the token at the same place there was made
// from, at the same path, is that token, which is taken instead of a new
// one (tokens are read only once flattened). Places are found unit by
// unit: a unit at the path of one of like's goes through its tokens in
// step.
func FlattenLike(root *tokenbuild.Object, dtcg, delegate bool, like *Flattening) (tokens []*tokenbuild.Token, flags Flags, cands []RefCandidate, propRefs []int32) {
	valueKey, typeKey := "value", "type"
	if dtcg {
		valueKey, typeKey = "$value", "$type"
	}
	units, deprecatedGroups := flattenUnits(root, valueKey, delegate)
	flags.DeprecatedGroups = deprecatedGroups
	lists := make([][]*tokenbuild.Token, len(units))
	unitCands := make([][]RefCandidate, len(units))
	unitProps := make([][]int32, len(units))
	workers := make([]flattener, parallel.Workers(len(units)))
	for w := range workers {
		workers[w].valueKey, workers[w].typeKey, workers[w].dtcg = valueKey, typeKey, dtcg
		if like != nil {
			// a permutation's tokens are about as many as its base's:
			// each worker's share, with room, rather than doubling its
			// lists on the way
			share := len(like.tokens)/len(workers) + len(like.tokens)/(4*len(workers)) + 16
			workers[w].out = make([]*tokenbuild.Token, 0, share)
			workers[w].cands = make([]RefCandidate, 0, share/2)
		}
	}
	parallel.RunWorkers(len(units), len(workers), func(w, i int) {
		f := &workers[w]
		start, candStart, propStart := len(f.out), len(f.cands), len(f.propRefs)
		u := units[i]
		f.like, f.likeProps, f.likeCands, f.likeNext = nil, nil, nil, 0
		if like != nil && i < len(like.units) && slices.Equal(like.units[i].at, u.at) {
			lu := like.units[i]
			f.like, f.likeProps = like.tokens[lu.start:lu.start+lu.n], like.propRefs[lu.start:lu.start+lu.n]
			f.likeCands = like.cands[lu.start : lu.start+lu.n]
		}
		if delegate {
			typeDelegate(u.obj, u.typ)
		}
		if u.token {
			f.add(u.obj, u.at)
		} else {
			f.walk(u.obj, u.at)
		}
		f.assignKeys(start)
		lists[i] = f.out[start:len(f.out):len(f.out)]
		unitCands[i] = f.cands[candStart:len(f.cands):len(f.cands)]
		for j := range unitCands[i] {
			unitCands[i][j].Pos -= int32(start) // from the unit's first token
		}
		unitProps[i] = f.propRefs[propStart:len(f.propRefs):len(f.propRefs)]
		for j := range unitProps[i] {
			unitProps[i][j] -= int32(start)
		}
	})
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	for i := range workers {
		flags.Dotted = flags.Dotted || workers[i].dotted
		flags.DeprecatedGroups = flags.DeprecatedGroups || workers[i].deprecatedGroups
	}
	tokens = make([]*tokenbuild.Token, 0, n)
	flags.units = make([]flatUnit, len(units))
	nCands := 0
	for _, c := range unitCands {
		nCands += len(c)
	}
	cands = make([]RefCandidate, 0, nCands) // every allocation is fresh memory: the collector waits (gcpolicy)
	for i, l := range lists {
		flags.units[i] = flatUnit{at: units[i].at, start: len(tokens), n: len(l)}
		for _, c := range unitCands[i] {
			c.Pos += int32(len(tokens))
			cands = append(cands, c)
		}
		for _, p := range unitProps[i] {
			propRefs = append(propRefs, p+int32(len(tokens)))
		}
		tokens = append(tokens, l...)
	}
	return tokens, flags, cands, propRefs
}

// TooDeepPaths refuses tokens whose paths, split at the dots of their keys,
// are deeper than json5.MaxDepth: a key of 200,000 dots would otherwise
// make a tree of 200,000 levels that tree formats recurse through (the
// reference overflows its stack there). Nesting by objects is refused by
// the parser already; only keys holding dots (flatten's dotted) get here.
//
// configFile is the config file, where inline tokens (without a file of
// their own) are written; readFile reads a file for placing a message.
func TooDeepPaths(tokens []*tokenbuild.Token, configFile string, readFile func(file string) []byte) error {
	var errs tokenbuild.ErrorList
	files := map[string][]byte{}
	for _, t := range tokens {
		if len(t.Path) <= json5.MaxDepth {
			continue
		}
		name := strings.Join(t.Path[:20], ".") + "..." // the whole name is as long as the file
		e := &tokenbuild.Diagnostic{File: t.FilePath, Msg: fmt.Sprintf("token %s: its path has %d levels (the dots of its keys split them), deeper than %d", name, len(t.Path), json5.MaxDepth)}
		file, at := t.FilePath, t.Path
		if file == "" {
			file, at = configFile, append([]string{"tokens"}, at...) // inline tokens of a JSON config
			e.File = file
		}
		data, read := files[file]
		if !read {
			data = readFile(file)
			files[file] = data
		}
		if len(data) > 0 {
			if start, _, ok := json5.Locate(data, at); ok {
				e.Line, e.Col = json5.Position(data, start)
			}
		}
		errs = append(errs, e)
	}
	return errs.Err()
}

// RefCandidate is a token whose value is a string with a "{" in it, which
// may hold references: flatten lists them, so that finding the shared
// tokens' references need not read every token again.
type RefCandidate struct {
	Pos   int32 // the token's position
	Value string
}

// flattenUnit is a part of a tree flatten walks as one task: a group to
// walk, or a token, at a path.
type flattenUnit struct {
	obj   *tokenbuild.Object
	at    []string // the group's or token's path
	token bool
	typ   string // the $type it inherits, when delegating
}

// flattenUnits splits a tree into tasks in tree order: the groups at the
// first level that has eight of them per core (a token met on the way is a
// task of its own), enough to keep the cores busy without splitting
// further than needed, which is work on one core. delegate applies
// delegateOwnType to the groups split.
func flattenUnits(root *tokenbuild.Object, valueKey string, delegate bool) (_ []flattenUnit, deprecatedGroups bool) {
	units := []flattenUnit{{obj: root}}
	enough := 8 * runtime.GOMAXPROCS(0)
	for depth := 0; depth < 4 && len(units) < enough; depth++ {
		var next []flattenUnit
		split := false
		for _, u := range units {
			if u.token {
				next = append(next, u)
				continue
			}
			split = true
			typ := u.typ
			if delegate {
				typ = delegateOwnType(u.obj, u.typ)
			}
			u.obj.Range(func(k string, v any) bool {
				c, ok := v.(*tokenbuild.Object)
				if !ok {
					deprecatedGroups = deprecatedGroups || k == "$deprecated"
					return true // leaves that are not tokens are dropped
				}
				next = append(next, flattenUnit{obj: c, at: append(u.at[:len(u.at):len(u.at)], k), token: c.Has(valueKey), typ: typ})
				return true
			})
		}
		if !split {
			break
		}
		units = next
	}
	return units, deprecatedGroups
}

// flattener lists tokens; each of flatten's workers has one.
type flattener struct {
	valueKey, typeKey string
	dtcg, dotted      bool
	deprecatedGroups  bool // a group below the units has a $deprecated
	out               []*tokenbuild.Token
	// Tokens and their paths are cut from larger blocks: tens of thousands
	// of small allocations cost more than the blocks, and all of them live
	// as long as the build.
	block    []tokenbuild.Token
	segments []string
	cands    []RefCandidate // pos is the position in out
	propRefs []int32        // positions in out of the tokens propsMayRefer
	// The reference keys of a unit's tokens are written one after the
	// other into keyText (keyEnds[i] ends the i-th), then made one string
	// that each token's Key is a part of (assignKeys): one allocation for
	// the unit's keys, not one per token.
	keyText []byte
	keyEnds []int32
	// like is the tokens of the unit at the same path in an earlier
	// flattening (FlattenLike), likeProps and likeCands whether each is a
	// propRef and a RefCandidate there, likeNext the place of the next
	// token. What is known of like's tokens is not read again from them:
	// a permutation's flattening goes through 50,000 tokens made before,
	// each read costing a trip to memory.
	like      []*tokenbuild.Token
	likeProps []bool
	likeCands []bool
	likeNext  int
}

func (f *flattener) walk(o *tokenbuild.Object, at []string) {
	o.Range(func(k string, v any) bool {
		c, ok := v.(*tokenbuild.Object)
		if !ok {
			// leaves that are not tokens are dropped; a group's
			// $deprecated is noted (a string compare on these leaves only)
			f.deprecatedGroups = f.deprecatedGroups || k == "$deprecated"
			return true
		}
		// the object like's next token was made from is a token
		if (f.likeNext >= len(f.like) || f.like[f.likeNext].Props != c) && !c.Has(f.valueKey) {
			f.walk(c, append(at[:len(at):len(at)], k))
			return true
		}
		n := len(at) + 1
		if len(f.segments)+n > cap(f.segments) {
			f.segments = make([]string, 0, max(1024, n))
		}
		p := append(append(f.segments[len(f.segments):len(f.segments):len(f.segments)+n], at...), k)
		f.segments = f.segments[:len(f.segments)+n]
		if !f.add(c, p) {
			f.segments = f.segments[:len(f.segments)-n] // p is not kept
		}
		return true
	})
}

// add lists the token c at path p, and reports whether it keeps p (not
// when it takes the token from like). A new token's Key is set by
// assignKeys.
func (f *flattener) add(c *tokenbuild.Object, p []string) (keeps bool) {
	if f.likeNext < len(f.like) {
		t, propRef, cand := f.like[f.likeNext], f.likeProps[f.likeNext], f.likeCands[f.likeNext]
		f.likeNext++ // a token another object makes keeps the step
		if t.Props == c && t.DTCG == f.dtcg && slices.Equal(t.Path, p) {
			// The token this would make: made from c at p (its path has
			// no dotted key, or it would be longer than p), and loading
			// writes into no token object it shares (only an inherited
			// $type, into tokens each merge copies). It has its key.
			f.keyEnds = append(f.keyEnds, int32(len(f.keyText)))
			if cand {
				f.cands = append(f.cands, RefCandidate{Pos: int32(len(f.out)), Value: t.Value.(string)})
			}
			if propRef {
				f.propRefs = append(f.propRefs, int32(len(f.out)))
			}
			f.out = append(f.out, t)
			return false
		}
	}
	keyStart := len(f.keyText)
	f.keyText = appendReferenceKey(f.keyText, p)
	f.keyEnds = append(f.keyEnds, int32(len(f.keyText)))
	key := f.keyText[keyStart:]
	segs := p // a key holding "." adds path segments
	if bytes.Count(key, []byte{'.'}) != len(p)-1 {
		segs = strings.Split(string(key[1:len(key)-1]), ".")
		f.dotted = true
	}
	// one pass over the token's properties finds what the token keeps
	// and whether a property other than the value may hold a reference
	var typ, fp string
	var src, propRef bool
	var v any
	c.Range(func(k string, x any) bool {
		switch k {
		case f.valueKey:
			v = x
			return true
		case f.typeKey:
			typ, _ = x.(string)
		case "filePath":
			fp, _ = x.(string)
		case "isSource":
			src, _ = x.(bool)
		}
		propRef = propRef || propMayRefer(k, x)
		return true
	})
	if len(f.block) == cap(f.block) {
		f.block = make([]tokenbuild.Token, 0, 256)
	}
	if s, ok := v.(string); ok && strings.IndexByte(s, '{') >= 0 {
		f.cands = append(f.cands, RefCandidate{Pos: int32(len(f.out)), Value: s})
	}
	if propRef {
		f.propRefs = append(f.propRefs, int32(len(f.out)))
	}
	f.block = append(f.block, tokenbuild.Token{
		Path: segs, Name: segs[len(segs)-1], Value: v,
		Type: typ, FilePath: fp, IsSource: src, DTCG: f.dtcg, Props: c,
	})
	f.out = append(f.out, &f.block[len(f.block)-1])
	return true
}

// assignKeys gives the tokens listed since position from their keys, as
// parts of one string made of keyText.
func (f *flattener) assignKeys(from int) {
	text := string(f.keyText)
	start := int32(0)
	for i, t := range f.out[from:] {
		end := f.keyEnds[i]
		if t.Key == "" { // not one taken from like, which has its key
			t.Key = text[start:end]
		}
		start = end
	}
	f.keyText, f.keyEnds = f.keyText[:0], f.keyEnds[:0]
}

// appendReferenceKey appends "{a.b.c}", the key of the path a, b, c.
func appendReferenceKey(dst []byte, path []string) []byte {
	dst = append(dst, '{')
	for i, s := range path {
		if i > 0 {
			dst = append(dst, '.')
		}
		dst = append(dst, s...)
	}
	return append(dst, '}')
}

// GroupDeprecations walks a DTCG tree whose groups carry $deprecated and
// lists, by reference key, the tokens without a $deprecated of their own
// below a group that has one, with the nearest such group's value (§5.2.5:
// a group's $deprecated applies to its children unless they override it;
// false un-deprecates, and a nested group's false or true overrides its
// parent's). A group's $deprecated of another kind (a number) is not one:
// the tokens below it take their outer groups'.
func GroupDeprecations(tree *tokenbuild.Object) map[string]any {
	out := map[string]any{}
	var walk func(o *tokenbuild.Object, at []string, inherited any)
	walk = func(o *tokenbuild.Object, at []string, inherited any) {
		switch v := o.Value("$deprecated").(type) {
		case bool, string:
			inherited = v
		}
		o.Range(func(k string, v any) bool {
			c, ok := v.(*tokenbuild.Object)
			if !ok || strings.HasPrefix(k, "$") && k != "$root" {
				return true
			}
			p := append(at[:len(at):len(at)], k)
			if !c.Has("$value") {
				walk(c, p, inherited)
			} else if inherited != nil && !c.Has("$deprecated") {
				out[string(appendReferenceKey(nil, p))] = inherited
			}
			return true
		})
	}
	walk(tree, nil, nil)
	return out
}

// DeprecationReasons keeps the tokens of GroupDeprecations that a group
// deprecates, with the reason ("" for true): what
// tokenbuild.Dictionary.SetGroupDeprecations takes.
func DeprecationReasons(inherited map[string]any) map[string]string {
	out := make(map[string]string, len(inherited))
	for k, v := range inherited {
		switch x := v.(type) {
		case string:
			out[k] = x
		case bool:
			if x {
				out[k] = ""
			}
		}
	}
	return out
}

// TooDeep reports whether a token tree from Go code (a parser, a
// preprocessor, inline tokens) nests deeper than the JSON5 parser allows.
// Such a tree is a mistake, most likely an object that contains itself,
// which every recursive walk after this point would follow forever.
func TooDeep(root *tokenbuild.Object) bool {
	type item struct {
		v     any
		depth int
	}
	stack := []item{{root, 1}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.depth > json5.MaxDepth {
			return true
		}
		switch c := it.v.(type) {
		case *tokenbuild.Object:
			c.Range(func(_ string, v any) bool {
				switch v.(type) {
				case *tokenbuild.Object, []any:
					stack = append(stack, item{v, it.depth + 1})
				}
				return true
			})
		case []any:
			for _, v := range c {
				switch v.(type) {
				case *tokenbuild.Object, []any:
					stack = append(stack, item{v, it.depth + 1})
				}
			}
		}
	}
	return false
}

func TooDeepError(file, what string) error {
	return &tokenbuild.Diagnostic{File: file, Msg: fmt.Sprintf("%s nests deeper than %d levels; does an object contain itself?", what, json5.MaxDepth)}
}
