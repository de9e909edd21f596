package resolver

import (
	"fmt"
	"math/big"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/dtcg"
	"github.com/tokengen/tokengen/internal/inputfile"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/load"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The DTCG 2025.10 Resolver module: a resolver document names sets of
// token sources and modifiers whose contexts are alternative sources, in a
// resolutionOrder; inputs choose one context per modifier. The tokens of
// one permutation are its sources deep-merged in that order (later wins,
// a token replaced whole), and only then are aliases resolved: the merged
// tree is the build's inline tokens, so everything after the merge is the
// ordinary pipeline.
//
// Every problem of the document and the inputs is reported at once, at its
// place (file:line:col), and the whole document is checked, not only the
// contexts the inputs select: a bad pointer in the dark theme is found
// while building the light one.

// resolverVersion is the only version the module defines.
const resolverVersion = "2025.10"

// Document is a resolver document, read and checked: what its sets and
// modifiers merge, read once for every permutation. Merge, TooDeep and
// Label may be called concurrently.
type Document struct {
	host Host
	file string // the document's path as shown: as the config gives it
	full string // where it is
	dir  string // the config's folder, which file and the token files' paths are relative to
	data []byte
	root *tokenbuild.Object
	errs []*tokenbuild.Diagnostic // the problems found by the step being taken (Read, Choose)
	// places, for a document imported from a Tokens Studio $themes.json or
	// a theme → sources map, shows its places in that file (data)
	places Places

	inputs    []string // the files read, as shown: the document, those the import read, the token files
	structure []string // the files found to hold $ref or $extends, in the order read

	files    map[string]*rfile     // token files read through $ref, by path shown
	sets     map[string][]rsource  // the root sets' sources, once resolved
	busy     map[string]bool       // root sets being resolved (cycles)
	rootMods map[string]*rmodifier // the root modifiers, once read
	mods     map[string]*rmodifier // the modifiers of resolutionOrder, by name
	order    []ritem               // resolutionOrder
	shapes   sourceShapes          // what the merges of the permutations find in the sources
	deepMu   sync.Mutex
	deep     map[*tokenbuild.Object]bool // whether a source nests too deep (tooDeep), once known

	counts    map[string]*big.Int       // how many token trees each root set merges (sourceCount)
	setRefs   map[string]map[string]int // the root sets each root set includes, and how often
	overLimit map[string]bool           // root sets past maxSetSources: not resolved
}

// maxSetSources is how many token trees one set, one context or the sets
// of resolutionOrder together may merge. A real design system's set lists
// its token files, tens to a few hundred; a set that includes another
// twice, which includes another twice, ... doubles with each level, and
// forty levels would be 2^40 trees, which merging would never finish and
// listing would exhaust memory. The count is made before anything is
// merged.
const maxSetSources = 10_000

// rsource is one token tree a set or context contributes, with where it is
// written: its file and its key path there, so that a problem with one of
// its tokens can be placed.
type rsource struct {
	tree *tokenbuild.Object
	file string
	at   []string
}

// ritem is one entry of resolutionOrder: a set's sources, or a modifier.
type ritem struct {
	sources []rsource
	mod     *rmodifier
}

// rmodifier is a modifier: its contexts' sources in document order.
type rmodifier struct {
	name     string
	at       []string // its place in the document, for input errors
	names    []string // context names in order
	contexts map[string][]rsource
	def      string
	hasDef   bool
	badDef   bool // a default that is no context: said once, not again as missing
}

// rfile is a token file that a $ref names.
type rfile struct {
	data []byte
	root any // nil when it failed
}

// Host is what reading a document takes from the engine that builds its
// tokens: a problem at a config key is placed in the config, whose text
// (JSON, a JavaScript module, Go) only the engine knows. Token files are
// read and marked as the load phase reads and marks them.
type Host interface {
	// PlaceConfig returns d, a problem at a config key (d.Path), with its
	// line and column in the config.
	PlaceConfig(d *tokenbuild.Diagnostic) *tokenbuild.Diagnostic
}

// Source names the document a config names.
type Source struct {
	Config string // the config file, where a document that cannot be read is reported
	Dir    string // the config's folder
	Path   string // the document, as the config names it
	Host   Host
}

// Read reads the document src names, or imports the Tokens Studio
// $themes.json or theme map it names, and checks all of it: problems are
// every problem of the document, each at its place. err is a document
// that cannot be read, parsed or imported, or holds no JSON object.
func Read(src Source) (doc *Document, problems []*tokenbuild.Diagnostic, err error) {
	full := src.Path
	if !filepath.IsAbs(full) {
		full = filepath.Join(src.Dir, full)
	}
	data, err := inputfile.Read(full, src.Path, "resolver documents")
	if err != nil {
		if _, ok := err.(*tokenbuild.Diagnostic); ok {
			return nil, nil, err
		}
		return nil, nil, src.Host.PlaceConfig(&tokenbuild.Diagnostic{File: src.Config, Path: "resolver", Kind: tokenbuild.KindConfig,
			Msg: fmt.Sprintf("resolver: cannot read %s: %v", src.Path, unwrapPathError(err))})
	}
	inputs := []string{src.Path}
	v, err := json5.Parse(data)
	if err != nil {
		return nil, nil, inputfile.ParseError(err, src.Path, data)
	}
	var places Places
	if Importable(v) {
		// a Tokens Studio $themes.json or a map of themes to source lists:
		// read as the resolver document it imports to, its references
		// relative to the file's own folder, so the rest is as for a
		// document written by hand
		im, err := ImportParsed(src.Path, full, data, v, filepath.Dir(full))
		if err != nil {
			return nil, nil, err
		}
		inputs = append(inputs, im.Read...)
		v, places = im.Doc, im.Places
	}
	r := &Document{host: src.Host, file: src.Path, full: full, dir: src.Dir, data: data, places: places, inputs: inputs, files: map[string]*rfile{},
		sets: map[string][]rsource{}, busy: map[string]bool{}, rootMods: map[string]*rmodifier{}, mods: map[string]*rmodifier{}}
	root, ok := v.(*tokenbuild.Object)
	if !ok {
		return nil, nil, &tokenbuild.Diagnostic{File: r.file, Line: 1, Col: 1, Msg: "a resolver document must hold a JSON object"}
	}
	r.root = root
	r.check()
	problems, r.errs = r.errs, nil
	return r, problems, nil
}

// Inputs are the files the document was read from, as shown: the
// document, the files its import read, the token files it names.
func (r *Document) Inputs() []string { return r.inputs }

// StructureFiles are the files whose tokens hold $ref or $extends, in the
// order they were read.
func (r *Document) StructureFiles() []string { return r.structure }

// Size is how many bytes the document and its token files hold.
func (r *Document) Size() int64 {
	total := int64(len(r.data))
	for _, f := range r.files {
		total += int64(len(f.data))
	}
	return total
}

// Choose checks the inputs against the modifiers of resolutionOrder and
// returns the context of each modifier (see choose), with every problem.
func (r *Document) Choose(inputs map[string]string) (chosen map[string]string, problems []*tokenbuild.Diagnostic) {
	chosen = r.choose(inputs)
	problems, r.errs = r.errs, nil
	return chosen, problems
}

// Modifiers are the names of the modifiers of resolutionOrder, in order.
func (r *Document) Modifiers() []string {
	var order []string
	for _, it := range r.order {
		if it.mod != nil {
			order = append(order, it.mod.name)
		}
	}
	return order
}

// Contexts are the context names of a modifier of resolutionOrder, in
// document order.
func (r *Document) Contexts(modifier string) ([]string, bool) {
	m, ok := r.mods[modifier]
	if !ok {
		return nil, false
	}
	return m.names, true
}

// Copying says what a merge copies of its sources, which every
// permutation shares and none may change.
type Copying struct {
	// Tokens: the tokens loading writes into (an inherited $type), when
	// each of several permutations is loaded from a merge of its own
	Tokens bool
	// All: every token, when preprocessors or expand may change any
	All bool
}

// TreesAt gives, for each file tokens were merged from, the key paths
// inside it of the trees merged from it, the last merged first.
type TreesAt = map[string][][]string

// Merge returns the merged token tree of the permutation chosen, and the
// key paths of the trees merged from each file (for placing problems).
func (r *Document) Merge(chosen map[string]string, copying Copying) (*tokenbuild.Object, TreesAt) {
	copyTokens, copyAll := copying.Tokens, copying.All
	tree := tokenbuild.NewObject()
	treesAt := map[string][][]string{}
	for _, it := range r.order {
		srcs := it.sources
		if it.mod != nil {
			srcs = it.mod.contexts[chosen[it.mod.name]]
		}
		for _, s := range srcs {
			var shapes *sourceShapes
			if copyTokens {
				shapes = &r.shapes // the sources are never written: see mergeTokenTree
			}
			mergeTokenTree(tree, s.tree, copyTokens, copyAll, shapes)
			// later sources win: their places are looked at first
			treesAt[s.file] = append([][]string{s.at}, treesAt[s.file]...)
		}
	}
	return tree, treesAt
}

// unwrapPathError drops the path an *os.PathError repeats.
func unwrapPathError(err error) error {
	type unwrapper interface{ Unwrap() error }
	if u, ok := err.(unwrapper); ok && u.Unwrap() != nil {
		return u.Unwrap()
	}
	return err
}

// errorAt reports a problem at a place in the document (its key path).
func (r *Document) errorAt(at []string, format string, args ...any) {
	e := &tokenbuild.Diagnostic{File: r.file, Kind: tokenbuild.KindConfig, Msg: fmt.Sprintf(format, args...)}
	if r.places != nil {
		at = r.places.Of(at)
	}
	if start, _, ok := json5.Locate(r.data, at); ok {
		e.Line, e.Col = json5.Position(r.data, start)
	}
	r.errs = append(r.errs, e)
}

// pointerOf shows a place in the document as a JSON Pointer ("#/sets/a/sources/0").
func pointerOf(at []string) string {
	var b strings.Builder
	b.WriteString("#")
	for _, k := range at {
		b.WriteString("/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(k))
	}
	return b.String()
}

func at(base []string, keys ...string) []string {
	return append(slices.Clip(base), keys...)
}

// check reads the root properties, every set and modifier, and resolutionOrder.
func (r *Document) check() {
	switch v, ok := r.root.Get("version"); {
	case !ok:
		r.errorAt(nil, "a resolver document needs \"version\": %q", resolverVersion)
	case v != resolverVersion:
		r.errorAt([]string{"version"}, "version must be %q, not %s", resolverVersion, jsonText(v))
	}
	for _, k := range []string{"sets", "modifiers", "$defs"} {
		if v, ok := r.root.Get(k); ok {
			if _, isObj := v.(*tokenbuild.Object); !isObj {
				r.errorAt([]string{k}, "%s must be an object", k)
			}
		}
	}
	if sets, ok := r.root.Value("sets").(*tokenbuild.Object); ok {
		r.limitSets(sets.Keys())
		for _, name := range sets.Keys() {
			r.set(name)
		}
	}
	// root modifiers that resolutionOrder does not name are checked all the same
	if mods, ok := r.root.Value("modifiers").(*tokenbuild.Object); ok {
		mods.Range(func(name string, v any) bool {
			r.rootMods[name] = r.modifier(name, v, []string{"modifiers", name})
			return true
		})
	}
	ro, ok := r.root.Get("resolutionOrder")
	list, isArr := ro.([]any)
	switch {
	case !ok:
		r.errorAt(nil, "a resolver document needs a resolutionOrder")
		return
	case !isArr:
		r.errorAt([]string{"resolutionOrder"}, "resolutionOrder must be an array")
		return
	case len(list) == 0:
		r.errorAt([]string{"resolutionOrder"}, "resolutionOrder must hold at least one set or modifier")
		return
	}
	names := map[string]string{} // names in resolutionOrder, by kind+name, to their pointer
	for i, item := range list {
		here := []string{"resolutionOrder", strconv.Itoa(i)}
		o, ok := item.(*tokenbuild.Object)
		if !ok {
			r.errorAt(here, "%s must be an object: a {\"$ref\": ...} or an inline set or modifier", pointerOf(here))
			continue
		}
		var kind, name string
		def := o
		defAt := here
		if ref, has := o.Get("$ref"); has {
			s, _ := ref.(string)
			segs, ok := r.pointer(r.local(s, r.file))
			if !ok || len(segs) != 2 || (segs[0] != "sets" && segs[0] != "modifiers") {
				r.errorAt(at(here, "$ref"), "%s: $ref must point at a set or a modifier (\"#/sets/NAME\" or \"#/modifiers/NAME\"), not %s", pointerOf(here), jsonText(ref))
				continue
			}
			target, found := r.lookup(segs)
			tobj, isObj := target.(*tokenbuild.Object)
			if !found || !isObj {
				r.errorAt(at(here, "$ref"), "%s: invalid pointer %q: the document has no %s %q", pointerOf(here), s, strings.TrimSuffix(segs[0], "s"), segs[1])
				continue
			}
			kind, name = strings.TrimSuffix(segs[0], "s"), segs[1]
			defAt = segs
			if o.Len() > 1 {
				// sibling keys replace the target's (shallow), here only
				def = overrideShallow(tobj, o)
				defAt = here
			} else {
				def = tobj
			}
		} else {
			t, _ := o.Value("type").(string)
			n, _ := o.Value("name").(string)
			if t != "set" && t != "modifier" {
				r.errorAt(here, "%s: an inline item of resolutionOrder needs \"type\": \"set\" or \"modifier\"", pointerOf(here))
				continue
			}
			if n == "" {
				r.errorAt(here, "%s: an inline %s needs a \"name\"", pointerOf(here), t)
				continue
			}
			kind, name = t, n
			if prev, dup := names["inline:"+name]; dup {
				r.errorAt(at(here, "name"), "%s: the name %q is already used in resolutionOrder (%s); inline names must be unique", pointerOf(here), name, prev)
				continue
			}
			names["inline:"+name] = pointerOf(here)
		}
		if kind == "set" {
			var srcs []rsource
			if sd := r.setDef(name); sd != nil && (def == sd || o.Has("$ref") && !o.Has("sources")) {
				srcs = r.set(name) // resolved once (see ref)
			} else {
				srcs = r.setSources(def, defAt)
			}
			r.order = append(r.order, ritem{sources: srcs})
			continue
		}
		if prev, dup := names["modifier:"+name]; dup {
			r.errorAt(here, "%s: modifier %q is already in resolutionOrder (%s): inputs could not tell them apart", pointerOf(here), name, prev)
			continue
		}
		names["modifier:"+name] = pointerOf(here)
		var m *rmodifier
		if rm, ok := r.rootMods[name]; ok && slices.Equal(defAt, []string{"modifiers", name}) {
			m = rm // read above; its problems are reported once
		} else {
			m = r.modifier(name, def, defAt)
		}
		if m != nil {
			r.mods[name] = m
			r.order = append(r.order, ritem{mod: m})
		}
	}
	// what one permutation merges at most: the sets, and each modifier's
	// largest context
	total := 0
	for _, it := range r.order {
		n := len(it.sources)
		if it.mod != nil {
			for _, srcs := range it.mod.contexts {
				n = max(n, len(srcs))
			}
		}
		total += n
	}
	if total > maxSetSources {
		r.errorAt([]string{"resolutionOrder"}, "resolutionOrder would merge up to %s token trees in one permutation; a permutation merges at most %s", grouped(big.NewInt(int64(total))), grouped(big.NewInt(maxSetSources)))
	}
}

// limitSets counts the token trees each root set merges, before any is
// resolved, and reports the sets past maxSetSources that no other such
// set includes (the others are parts of them), with the count and the
// sets that multiply it. Those sets are then not resolved.
func (r *Document) limitSets(names []string) {
	r.counts, r.setRefs, r.overLimit = map[string]*big.Int{}, map[string]map[string]int{}, map[string]bool{}
	limit := big.NewInt(maxSetSources)
	for _, name := range names {
		if r.sourceCount(name, map[string]bool{}).Cmp(limit) > 0 {
			r.overLimit[name] = true
		}
	}
	for _, name := range names {
		if !r.overLimit[name] {
			continue
		}
		included := false
		for other := range r.overLimit {
			if r.setRefs[other][name] > 0 && other != name {
				included = true
			}
		}
		if included {
			continue
		}
		// the chain of sets that multiply it: each time the included set
		// past the limit that merges the most
		var chain []string
		seen := map[string]bool{name: true}
		for cur := name; len(chain) < 4; {
			next := ""
			for inc := range r.setRefs[cur] {
				if r.overLimit[inc] && !seen[inc] && (next == "" || r.counts[inc].Cmp(r.counts[next]) > 0 || r.counts[inc].Cmp(r.counts[next]) == 0 && inc < next) {
					next = inc
				}
			}
			if next == "" {
				break
			}
			seen[next] = true
			chain = append(chain, fmt.Sprintf("set %q %s", next, times(r.setRefs[cur][next])))
			cur = next
		}
		why := ""
		if len(chain) > 0 {
			why = ": it includes " + strings.Join(chain, ", which includes ")
			if len(chain) == 4 {
				why += ", ..."
			}
		}
		r.errorAt([]string{"sets", name, "sources"}, "set %q would merge %s token trees%s; a set or a context merges at most %s",
			name, grouped(r.counts[name]), why, grouped(limit))
	}
}

func times(n int) string {
	if n == 1 {
		return "once"
	}
	return strconv.Itoa(n) + " times"
}

// sourceCount is how many token trees root set name merges, counted
// without resolving anything, once per set (a set in a cycle counts
// nothing more: the cycle is reported as the set is resolved).
func (r *Document) sourceCount(name string, counting map[string]bool) *big.Int {
	if c, ok := r.counts[name]; ok {
		return c
	}
	if counting[name] {
		return new(big.Int)
	}
	counting[name] = true
	c := new(big.Int)
	if def := r.setDef(name); def != nil {
		c = r.countIn(def.Value("sources"), counting)
		refs := map[string]int{}
		if list, ok := def.Value("sources").([]any); ok {
			for _, item := range list {
				if inc, ok := r.includedSet(item); ok {
					refs[inc]++
				}
			}
		}
		r.setRefs[name] = refs
	}
	delete(counting, name)
	r.counts[name] = c
	return c
}

// countIn is how many token trees a sources array merges.
func (r *Document) countIn(v any, counting map[string]bool) *big.Int {
	total := new(big.Int)
	list, _ := v.([]any)
	one := big.NewInt(1)
	for _, item := range list {
		inc, ok := r.includedSet(item)
		switch o, _ := item.(*tokenbuild.Object); {
		case ok && o.Len() > 1 && o.Has("sources"):
			total.Add(total, r.countIn(o.Value("sources"), counting)) // its own sources replace the set's
		case ok:
			if r.counts == nil {
				r.counts, r.setRefs = map[string]*big.Int{}, map[string]map[string]int{}
			}
			total.Add(total, r.sourceCount(inc, counting))
		default:
			total.Add(total, one)
		}
	}
	return total
}

// includedSet is the root set a source {"$ref": "#/sets/NAME"} includes.
func (r *Document) includedSet(item any) (string, bool) {
	o, ok := item.(*tokenbuild.Object)
	if !ok {
		return "", false
	}
	ref, _ := o.Value("$ref").(string)
	segs, ok := r.pointer(r.local(ref, r.file))
	if !ok || len(segs) != 2 || segs[0] != "sets" || r.setDef(segs[1]) == nil {
		return "", false
	}
	return segs[1], true
}

// setDef returns the root set named name, or nil.
func (r *Document) setDef(name string) *tokenbuild.Object {
	sets, _ := r.root.Value("sets").(*tokenbuild.Object)
	o, _ := sets.Value(name).(*tokenbuild.Object)
	return o
}

// set resolves a root set once, however often it is referenced.
func (r *Document) set(name string) []rsource {
	if srcs, ok := r.sets[name]; ok {
		return srcs
	}
	if r.overLimit[name] {
		return nil // reported by limitSets
	}
	r.busy[name] = true
	here := []string{"sets", name}
	var srcs []rsource
	if def := r.setDef(name); def != nil {
		srcs = r.setSources(def, here)
	} else {
		r.errorAt(here, "set %q must be an object with sources", name)
	}
	delete(r.busy, name)
	r.sets[name] = srcs
	return srcs
}

// setSources reads a set's definition: {description?, sources, $extensions?}.
func (r *Document) setSources(def *tokenbuild.Object, here []string) []rsource {
	v, ok := def.Get("sources")
	if !ok {
		r.errorAt(here, "%s: a set needs sources (an array of token trees and references)", pointerOf(here))
		return nil
	}
	return r.sources(v, at(here, "sources"))
}

// modifier reads a modifier's definition: {description?, contexts, default?}.
func (r *Document) modifier(name string, v any, here []string) *rmodifier {
	def, ok := v.(*tokenbuild.Object)
	if !ok {
		r.errorAt(here, "%s: a modifier must be an object with contexts", pointerOf(here))
		return nil
	}
	if _, ok := def.Get("context"); ok && !def.Has("contexts") {
		r.errorAt(at(here, "context"), "%s: a modifier's contexts are given as \"contexts\", not \"context\"", pointerOf(here))
		return nil
	}
	cv, ok := def.Get("contexts")
	ctxs, isObj := cv.(*tokenbuild.Object)
	switch {
	case !ok:
		r.errorAt(here, "%s: modifier %q needs contexts", pointerOf(here), name)
		return nil
	case !isObj:
		r.errorAt(at(here, "contexts"), "%s: contexts must be an object of context names to sources", pointerOf(here))
		return nil
	case ctxs.Len() == 0:
		r.errorAt(at(here, "contexts"), "%s: modifier %q has no contexts; it needs at least one", pointerOf(here), name)
		return nil
	}
	m := &rmodifier{name: name, at: here, contexts: map[string][]rsource{}}
	ctxs.Range(func(cn string, cv any) bool {
		m.names = append(m.names, cn)
		m.contexts[cn] = r.sources(cv, at(here, "contexts", cn))
		return true
	})
	if d, ok := def.Get("default"); ok {
		s, isStr := d.(string)
		switch {
		case !isStr:
			m.badDef = true
			r.errorAt(at(here, "default"), "%s: default must be a string naming one of the contexts (%s)", pointerOf(here), diag.ListOr(m.names))
		case !ctxs.Has(s):
			m.badDef = true
			r.errorAt(at(here, "default"), "%s: default %q is not one of the contexts of modifier %q (%s)", pointerOf(here), s, name, diag.ListOr(m.names))
		default:
			m.def, m.hasDef = s, true
		}
	}
	return m
}

// sources reads a sources array: token trees inline, or references to
// sets, to token trees elsewhere in the document ($defs) or in files.
func (r *Document) sources(v any, here []string) []rsource {
	list, ok := v.([]any)
	if !ok {
		r.errorAt(here, "%s must be an array of token trees and references", pointerOf(here))
		return nil
	}
	var out []rsource
	over := false
	for i, item := range list {
		if !over && len(out) > maxSetSources {
			over = true
			count := r.countIn(v, map[string]bool{})
			r.errorAt(here, "%s would merge %s token trees; a set or a context merges at most %s", pointerOf(here), grouped(count), grouped(big.NewInt(maxSetSources)))
		}
		if over {
			return out
		}
		iat := at(here, strconv.Itoa(i))
		o, ok := item.(*tokenbuild.Object)
		if !ok {
			r.errorAt(iat, "%s: a source must be an object: a token tree or a {\"$ref\": ...}", pointerOf(iat))
			continue
		}
		if !o.Has("$ref") {
			r.markInline(o)
			out = append(out, rsource{o, r.file, iat})
			continue
		}
		out = append(out, r.ref(o, iat)...)
	}
	if !over && len(out) > maxSetSources {
		r.errorAt(here, "%s would merge %s token trees; a set or a context merges at most %s", pointerOf(here), grouped(r.countIn(v, map[string]bool{})), grouped(big.NewInt(maxSetSources)))
		return nil
	}
	return out
}

// ref resolves a source {"$ref": ..., overrides...}.
func (r *Document) ref(o *tokenbuild.Object, here []string) []rsource {
	rat := at(here, "$ref")
	s, ok := o.Value("$ref").(string)
	if !ok {
		r.errorAt(rat, "%s: $ref must be a string", pointerOf(here))
		return nil
	}
	written := s
	s = r.local(s, r.file)
	file, frag, hasFrag := strings.Cut(s, "#")
	if file == "" {
		segs, ok := r.pointer(s)
		if !ok {
			r.errorAt(rat, "%s: %q is not a JSON Pointer (\"#/sets/NAME\", \"#/$defs/...\")", pointerOf(here), written)
			return nil
		}
		switch {
		case len(segs) == 0:
			r.errorAt(rat, "%s: a source cannot be the whole resolver document", pointerOf(here))
			return nil
		case segs[0] == "modifiers":
			r.errorAt(rat, "%s: a source cannot point at a modifier (%s); only resolutionOrder can", pointerOf(here), written)
			return nil
		case segs[0] == "resolutionOrder":
			r.errorAt(rat, "%s: %s points into resolutionOrder, whose inline items cannot be referenced", pointerOf(here), written)
			return nil
		case len(segs) <= len(here) && slices.Equal(segs, here[:len(segs)]):
			r.errorAt(rat, "%s: %s points at this reference's own ancestor", pointerOf(here), written)
			return nil
		}
		target, found := r.lookup(segs)
		if !found {
			r.errorAt(rat, "%s: invalid pointer %q: nothing is there", pointerOf(here), written)
			return nil
		}
		tobj, isObj := target.(*tokenbuild.Object)
		if segs[0] == "sets" && len(segs) == 2 && isObj {
			if r.busy[segs[1]] {
				r.errorAt(rat, "%s: circular reference: set %q includes itself", pointerOf(here), segs[1])
				return nil
			}
			if !o.Has("sources") {
				// keys beside the $ref other than sources change nothing a
				// merge reads: the set, resolved once however often it is
				// included (resolving it again for each would double
				// with each level of sets including sets)
				return r.set(segs[1])
			}
			return r.setSources(overrideShallow(tobj, o), here)
		}
		if !isObj {
			r.errorAt(rat, "%s: %s is not a token tree (an object)", pointerOf(here), written)
			return nil
		}
		tree := overrideShallow(tobj, o)
		if tree.Has("$ref") {
			r.errorAt(rat, "%s: %s is itself a reference; point at what it names", pointerOf(here), written)
			return nil
		}
		r.markInline(tree)
		return []rsource{{tree, r.file, segs}}
	}
	// a file, relative to the document
	if u, err := url.Parse(file); (err == nil && u.Scheme != "") || filepath.IsAbs(file) || path.IsAbs(file) {
		r.errorAt(rat, "%s: %q: only file references relative to the resolver document are supported", pointerOf(here), s)
		return nil
	}
	shown := path.Join(path.Dir(filepath.ToSlash(r.file)), file)
	if !r.inProject(shown, s, rat, here) {
		return nil
	}
	f := r.readFile(shown, rat, here)
	if f == nil || f.root == nil {
		return nil
	}
	target := f.root
	var segs []string
	if hasFrag {
		var ok bool
		segs, ok = r.pointer("#" + frag)
		if !ok {
			r.errorAt(rat, "%s: %q: %q is not a JSON Pointer", pointerOf(here), s, "#"+frag)
			return nil
		}
		var found bool
		target, found = lookupIn(f.root, segs)
		if !found {
			r.errorAt(rat, "%s: invalid pointer %q: %s has nothing at %s", pointerOf(here), s, shown, pointerOf(segs))
			return nil
		}
	}
	tobj, isObj := target.(*tokenbuild.Object)
	if !isObj {
		r.errorAt(rat, "%s: %q is not a token tree (an object)", pointerOf(here), s)
		return nil
	}
	if back, ok := tobj.Value("$ref").(string); ok {
		if local := r.local(back, shown); strings.HasPrefix(local, "#") {
			return r.referredBack(back, local, shown, f.data, at(segs, "$ref"), here)
		}
	}
	return []rsource{{overrideShallow(tobj, o), shown, segs}}
}

// local is a $ref written in file (as shown) that names the resolver
// document itself ("design.resolver.json#/sets/a", from the document or
// from a token file beside it) as the same-document pointer it is
// ("#/sets/a"): otherwise the document would be read as a token tree,
// its sets as tokens, and a set including itself would build nothing
// rather than be the cycle it is. Other references are returned as they
// are. An imported document ($themes.json, a theme map) is not what its
// file holds, and a reference to that file means the file.
func (r *Document) local(ref, file string) string {
	name, frag, _ := strings.Cut(ref, "#")
	if name == "" || r.places != nil {
		return ref
	}
	if u, err := url.Parse(name); (err == nil && u.Scheme != "") || filepath.IsAbs(name) || path.IsAbs(name) {
		return ref
	}
	named := path.Join(path.Dir(filepath.ToSlash(file)), name)
	if named != path.Clean(filepath.ToSlash(r.file)) {
		full := filepath.FromSlash(named)
		if !filepath.IsAbs(full) {
			full = filepath.Join(r.dir, full)
		}
		a, errA := os.Stat(full)
		b, errB := os.Stat(r.full)
		if errA != nil || errB != nil || !os.SameFile(a, b) {
			return ref
		}
	}
	return "#" + frag
}

// referredBack resolves a token file (file, data) that is itself a
// {"$ref"} (written at place) naming the resolver document: as that
// same-document reference (local) made where the file was referenced
// (here), so that a cycle through the file is an error at the file's
// $ref rather than a set of no tokens.
func (r *Document) referredBack(written, local, file string, data []byte, place, here []string) []rsource {
	fail := func(format string, args ...any) []rsource {
		e := &tokenbuild.Diagnostic{File: file, Kind: tokenbuild.KindConfig, Msg: fmt.Sprintf(format, args...)}
		if start, _, ok := json5.Locate(data, place); ok {
			e.Line, e.Col = json5.Position(data, start)
		}
		r.errs = append(r.errs, e)
		return nil
	}
	segs, ok := r.pointer(local)
	switch {
	case !ok:
		return fail("%s: %q is not a JSON Pointer (\"#/sets/NAME\", \"#/$defs/...\")", pointerOf(here), written)
	case len(segs) <= len(here) && slices.Equal(segs, here[:len(segs)]):
		return fail("%s: %s points at this reference's own ancestor", pointerOf(here), written)
	case len(segs) == 2 && segs[0] == "sets" && r.busy[segs[1]]:
		return fail("%s: circular reference: set %q includes itself", pointerOf(here), segs[1])
	}
	return r.ref(tokenbuild.ObjectOf("$ref", local), here)
}

// inProject reports whether the file a $ref names (shown, relative to
// the config's folder) is inside the project: the nearest folder from the
// config's up that holds .git, go.mod or package.json, else the config's
// folder's parent (ProjectRoot), or the resolver
// document's folder when the config names one elsewhere. A $ref
// leading out, by its path or through a symbolic link, is an error at the
// $ref, and the file is never read: a document written or imported by
// someone else must not make the build read, or quote in a parse error,
// anything outside.
func (r *Document) inProject(shown, ref string, rat, here []string) bool {
	dir := r.dir
	full := filepath.FromSlash(shown)
	if !filepath.IsAbs(full) {
		full = filepath.Join(dir, full)
	}
	inside, linked := Within(ProjectRoot(dir), full)
	if !inside && !linked {
		if in, l := Within(filepath.Dir(r.full), full); in || l {
			inside, linked = in, l
		}
	}
	switch {
	case inside:
		return true
	case linked:
		r.errorAt(rat, "%s: $ref %q leads through a symbolic link outside the project folder; a resolver document reads only files inside it", pointerOf(here), ref)
	default:
		r.errorAt(rat, "%s: $ref %q leads outside the project folder; a resolver document reads only files inside it", pointerOf(here), ref)
	}
	return false
}

// readFile reads and parses a token file once; its tokens are marked with
// the file, so that a problem with one of them names where it is written.
func (r *Document) readFile(shown string, rat, here []string) *rfile {
	if f, ok := r.files[shown]; ok {
		return f
	}
	f := &rfile{}
	r.files[shown] = f
	full := shown
	if !filepath.IsAbs(full) {
		full = filepath.Join(r.dir, shown)
	}
	data, err := inputfile.Read(full, shown, "token files")
	if err != nil {
		if d, ok := err.(*tokenbuild.Diagnostic); ok {
			r.errs = append(r.errs, d)
		} else {
			r.errorAt(rat, "%s: cannot read %s: %v", pointerOf(here), shown, unwrapPathError(err))
		}
		return f
	}
	r.inputs = append(r.inputs, shown)
	v, err := json5.Parse(data)
	if err != nil {
		if d, ok := inputfile.ParseError(err, shown, data).(*tokenbuild.Diagnostic); ok {
			r.errs = append(r.errs, d)
		}
		return f
	}
	f.data, f.root = data, v
	if o, ok := v.(*tokenbuild.Object); ok {
		r.markTokens(o, shown)
	}
	return f
}

// markInline marks the tokens of a tree written in the document itself.
func (r *Document) markInline(o *tokenbuild.Object) { r.markTokens(o, r.file) }

// markTokens marks the tokens of a tree written in file, and notes a file
// that holds $ref or $extends (its tokens written with $ref are marked
// once they have a $value).
func (r *Document) markTokens(o *tokenbuild.Object, file string) {
	if structure, problems := markTokens(o, file); structure {
		r.structure = append(r.structure, file)
		r.errs = append(r.errs, problems...)
	}
}

// pointer splits a same-document reference "#/a/b~1c" into its keys
// (RFC 6901: ~1 is "/", ~0 is "~", after percent-decoding the fragment).
func (r *Document) pointer(ref string) ([]string, bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, false
	}
	if strings.Contains(frag, "%") {
		dec, err := url.PathUnescape(frag)
		if err != nil {
			return nil, false
		}
		frag = dec
	}
	if frag == "" {
		return []string{}, true
	}
	if !strings.HasPrefix(frag, "/") {
		return nil, false
	}
	segs := strings.Split(frag[1:], "/")
	for i, s := range segs {
		segs[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return segs, true
}

// lookup follows keys from the document's root.
func (r *Document) lookup(segs []string) (any, bool) { return lookupIn(r.root, segs) }

func lookupIn(v any, segs []string) (any, bool) {
	for _, s := range segs {
		switch c := v.(type) {
		case *tokenbuild.Object:
			next, ok := c.Get(s)
			if !ok {
				return nil, false
			}
			v = next
		case []any:
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 || n >= len(c) || strconv.Itoa(n) != s {
				return nil, false
			}
			v = c[n]
		default:
			return nil, false
		}
	}
	return v, true
}

// overrideShallow returns target with the keys beside a $ref put over it
// (replaced whole, not merged), or target itself when there are none.
func overrideShallow(target, ref *tokenbuild.Object) *tokenbuild.Object {
	if ref.Len() <= 1 {
		return target
	}
	out := tokenbuild.NewObject()
	target.Range(func(k string, v any) bool {
		out.Set(k, v)
		return true
	})
	ref.Range(func(k string, v any) bool {
		if k != "$ref" {
			out.Set(k, v)
		}
		return true
	})
	return out
}

// choose checks the inputs against the modifiers of resolutionOrder and
// returns the context of each: every unknown modifier, unknown context and
// missing modifier without a default is reported, together. Names match
// exactly, or else regardless of case, as the module recommends.
func (r *Document) choose(inputs map[string]string) map[string]string {
	chosen := map[string]string{}
	var order []string
	for _, it := range r.order {
		if it.mod != nil {
			order = append(order, it.mod.name)
		}
	}
	keys := make([]string, 0, len(inputs))
	for k := range inputs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		name, ok := matchName(k, order)
		if !ok {
			e := &tokenbuild.Diagnostic{File: r.file, Kind: tokenbuild.KindConfig}
			switch {
			case len(order) == 0:
				e.Msg = fmt.Sprintf("unknown modifier %q: the resolver has no modifiers", k)
			default:
				e.Msg = fmt.Sprintf("unknown modifier %q: the resolver's modifiers are %s", k, diag.ListAnd(order))
			}
			r.errs = append(r.errs, e)
			continue
		}
		m := r.mods[name]
		ctx, ok := matchName(inputs[k], m.names)
		if !ok {
			r.errorAt(at(m.at, "contexts"), "invalid context %q for modifier %q: its contexts are %s", inputs[k], name, diag.ListAnd(m.names))
			continue
		}
		if _, dup := chosen[name]; dup {
			r.errs = append(r.errs, &tokenbuild.Diagnostic{File: r.file, Kind: tokenbuild.KindConfig,
				Msg: fmt.Sprintf("modifier %q is given twice", name)})
			continue
		}
		chosen[name] = ctx
	}
	for _, name := range order {
		if _, ok := chosen[name]; ok {
			continue
		}
		m := r.mods[name]
		if m.hasDef {
			chosen[name] = m.def
			continue
		}
		if m.badDef || hasInputFor(inputs, name) {
			continue // its default or its input was wrong: said above
		}
		r.errorAt(m.at, "missing modifier %q, which has no default: choose one of its contexts (%s)", name, diag.ListOr(m.names))
	}
	return chosen
}

func hasInputFor(inputs map[string]string, name string) bool {
	for k := range inputs {
		if n, ok := matchName(k, []string{name}); ok && n == name {
			return true
		}
	}
	return false
}

// matchName finds name among names: exactly, or else the one name that
// matches regardless of case.
func matchName(name string, names []string) (string, bool) {
	if slices.Contains(names, name) {
		return name, true
	}
	found := ""
	for _, n := range names {
		if strings.EqualFold(n, name) {
			if found != "" {
				return "", false
			}
			found = n
		}
	}
	return found, found != ""
}

// jsonText shows a JSON value in a message.
func jsonText(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case []any:
		return "an array"
	}
	return "an object"
}

// mergeTokenTree merges src over dst, as the module merges sources: keys
// of both groups merge key by key, a key keeping the place where it first
// appeared; anything else of src (a token, a group property) replaces
// dst's whole. dst's groups are the merge's own: a group of src is copied
// on the way, so the sources are never changed (a source may be used by
// several contexts or sets). With copyTokens, neither are its tokens
// (loading writes into a copy), and shapes, when given, keeps what each
// entry of a source group is, for the next permutation's merge.
func mergeTokenTree(dst, src *tokenbuild.Object, copyTokens, copyAll bool, shapes *sourceShapes) {
	// Into an empty group (the first source, and every group only it
	// has) each key is new: it is appended without looking for it, which
	// is most of a merge of a large first set.
	fresh := dst.Len() == 0
	set := dst.Set
	if fresh {
		set = dst.AppendNew
	}
	kinds := shapes.of(src)
	i := 0
	src.Range(func(k string, v any) bool {
		kind := kinds[i]
		i++
		if kind != entryGroup {
			if copyTokens && (kind == entryUntypedToken || kind == entryToken && copyAll) {
				// Loading writes only an inherited $type into a token
				// (typeDelegate): the others are shared by the
				// permutations, read only, unless preprocessors or expand
				// may change anything (copyAll).
				v = v.(*tokenbuild.Object).Clone()
			}
			set(k, v)
			return true
		}
		sg := v.(*tokenbuild.Object)
		var dg *tokenbuild.Object
		if !fresh {
			dg, _ = dst.Value(k).(*tokenbuild.Object)
		}
		if dg == nil || dg.Has("$value") {
			dg = tokenbuild.NewObjectCap(sg.Len())
			set(k, dg)
		}
		mergeTokenTree(dg, sg, copyTokens, copyAll, shapes)
		return true
	})
}

// TooDeep reports whether the merged tree of the permutation chosen nests
// too deep (the Host's TooDeep): a merge nests nothing deeper than
// its sources, and copies their parts at the paths they have, so the
// merged tree does exactly when one of its sources does. Each source is
// looked at once for all the permutations that merge it.
func (r *Document) TooDeep(chosen map[string]string) bool {
	for _, it := range r.order {
		srcs := it.sources
		if it.mod != nil {
			srcs = it.mod.contexts[chosen[it.mod.name]]
		}
		for _, s := range srcs {
			r.deepMu.Lock()
			deep, seen := r.deep[s.tree]
			r.deepMu.Unlock()
			if !seen {
				deep = load.TooDeep(s.tree)
				r.deepMu.Lock()
				if r.deep == nil {
					r.deep = map[*tokenbuild.Object]bool{}
				}
				r.deep[s.tree] = deep
				r.deepMu.Unlock()
			}
			if deep {
				return true
			}
		}
	}
	return false
}

// entryShape is what an entry of a source group is to a merge.
type entryShape uint8

const (
	entryValue        entryShape = iota // not an object: it replaces dst's whole
	entryToken                          // a token ($value) with a $type of its own
	entryUntypedToken                   // a token without one: loading may write the inherited one in
	entryGroup                          // merged key by key
)

// sourceShapes keeps, for each group of the resolver's sources, what its
// entries are (by position): every permutation merges the same sources,
// and finding out reads every token object of them, most of a merge.
// A nil one finds out every time.
type sourceShapes struct {
	mu sync.Mutex
	by map[*tokenbuild.Object][]entryShape
}

func (s *sourceShapes) of(group *tokenbuild.Object) []entryShape {
	if s != nil {
		s.mu.Lock()
		kinds, ok := s.by[group]
		s.mu.Unlock()
		if ok {
			return kinds
		}
	}
	kinds := make([]entryShape, 0, group.Len())
	group.Range(func(_ string, v any) bool {
		kind := entryValue
		if o, ok := v.(*tokenbuild.Object); ok {
			switch {
			case !o.Has("$value"):
				kind = entryGroup
			case o.Has("$type"):
				kind = entryToken
			default:
				kind = entryUntypedToken
			}
		}
		kinds = append(kinds, kind)
		return true
	})
	if s != nil {
		s.mu.Lock()
		if s.by == nil {
			s.by = map[*tokenbuild.Object][]entryShape{}
		}
		s.by[group] = kinds
		s.mu.Unlock()
	}
	return kinds
}

// markTokens marks the tokens of a tree written in file as a token file's
// are marked (load.MarkTokens), and reports whether it holds $ref or
// $extends (structure), with the problems of its tokens found on the way:
// tokens written with $ref are marked once they have a $value.
func markTokens(o *tokenbuild.Object, file string) (bool, []*tokenbuild.Diagnostic) {
	vk := "value"
	if load.DetectDTCG(o) {
		vk = "$value"
	}
	if !load.MarkTokens(o, vk, file, true) || vk != "$value" {
		return false, nil
	}
	var errs []*tokenbuild.Diagnostic
	dtcg.RefTokensToValues(o, file, nil, &errs)
	load.MarkTokens(o, vk, file, true)
	return true, errs
}
