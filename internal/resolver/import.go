// Import turns what design tools and style-dictionary projects use for
// themes today into DTCG 2025.10 resolver documents: Tokens Studio's
// $themes.json (with $metadata.json's tokenSetOrder, or both inside a
// single-file export) and style-dictionary-style per-theme source lists (a
// JSON map from theme to source globs or to a config with include and
// source). The document is returned as data, a *tokenbuild.Object in the
// order it is written, so that the command line can write it and Read can
// read a config's "resolver" through it.

package resolver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/glob"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Version is the resolver module version the documents declare.
const Version = "2025.10"

// DefaultModifier names the modifier of themes that have no group, and of
// the per-theme source lists.
const DefaultModifier = "theme"

// Importable says whether a parsed file is something Import reads rather
// than a resolver document: a Tokens Studio $themes array, a single-file
// Tokens Studio export (an object with $themes), or a map of themes to
// source lists. A resolver document names its version or resolutionOrder.
func Importable(v any) bool {
	switch v := v.(type) {
	case []any:
		return true
	case *tokenbuild.Object:
		if v.Has("version") || v.Has("resolutionOrder") {
			return false
		}
		if v.Has("$themes") {
			return true
		}
		return v.Len() > 0 && isSourceMap(v)
	}
	return false
}

// isSourceMap: every value is a list of globs or an object with source or include.
func isSourceMap(o *tokenbuild.Object) bool {
	ok := true
	o.Range(func(_ string, v any) bool {
		switch v := v.(type) {
		case []any:
		case *tokenbuild.Object:
			ok = v.Has("source") || v.Has("include")
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// Places maps places of an imported document (key paths joined by "/")
// to the places in the imported file they come from, so that a problem the
// engine finds in the document (an input naming no theme) is shown where
// the user wrote it.
type Places map[string][]string

// Of returns the place in the imported file of a document key path: that
// of its longest prefix recorded, or nil (the file's start).
func (p Places) Of(at []string) []string {
	for n := len(at); n >= 0; n-- {
		if to, ok := p[strings.Join(at[:n], "/")]; ok {
			return to
		}
	}
	return nil
}

func (p Places) note(to []string, at ...string) {
	key := strings.Join(at, "/")
	if _, ok := p[key]; !ok {
		p[key] = slices.Clip(to)
	}
}

// importer holds one import: the file read (as shown), its bytes, the
// folder references are made relative to, and the problems found.
type importer struct {
	file     string // as the user named it, for messages
	dir      string // the file's folder, to read beside it
	shownDir string // the same as shown in messages
	data     []byte
	base     string // the folder the document's references are relative to
	errs     tokenbuild.ErrorList
	places   Places
	read     []string
}

// Imported is an import's result: the document, where its places come
// from, and the files read besides the imported one that the document does
// not reference ($metadata.json), so that a build can keep its outputs
// off them.
type Imported struct {
	Doc    *tokenbuild.Object
	Places Places
	Read   []string
}

// Import reads file and returns the resolver document it describes, its
// file references relative to base (the folder the document is written
// to, or the file's own folder when the engine reads it in place). Every
// problem is reported at once, at its place in the file.
func Import(file, base string) (*tokenbuild.Object, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		if pe, ok := err.(*os.PathError); ok {
			err = pe.Err // the path is said once, as the file's place
		}
		return nil, &tokenbuild.Diagnostic{File: file, Kind: tokenbuild.KindConfig, Msg: fmt.Sprintf("cannot read it: %v", err)}
	}
	v, err := json5.Parse(data)
	if err != nil {
		return nil, placed(err, file)
	}
	im, err := ImportParsed(file, file, data, v, base)
	if err != nil {
		return nil, err
	}
	return im.Doc, nil
}

// ImportParsed is Import for a file already read and parsed: shown is its
// name in messages, full where it is.
func ImportParsed(shown, full string, data []byte, v any, base string) (*Imported, error) {
	im := &importer{file: shown, dir: filepath.Dir(full), shownDir: path.Dir(filepath.ToSlash(shown)), data: data, base: base, places: Places{}}
	var doc *tokenbuild.Object
	switch t := v.(type) {
	case []any:
		doc = im.tokensStudio(t, nil, im.readMetadata(), false)
	case *tokenbuild.Object:
		if themes, ok := t.Get("$themes"); ok {
			list, isArr := themes.([]any)
			if !isArr {
				im.errorAt([]string{"$themes"}, "$themes must be an array of themes")
				break
			}
			meta, _ := t.Value("$metadata").(*tokenbuild.Object)
			doc = im.tokensStudio(list, t, meta, true)
		} else if t.Len() > 0 && isSourceMap(t) {
			doc = im.sourceMap(t)
		} else {
			im.errorAt(nil, "not a Tokens Studio $themes file nor a map of themes to source lists")
		}
	default:
		im.errorAt(nil, "not a Tokens Studio $themes file nor a map of themes to source lists")
	}
	if err := im.errs.Err(); err != nil {
		return nil, err
	}
	return &Imported{Doc: doc, Places: im.places, Read: im.read}, nil
}

// placed names the file in a parse error (the parser knows only the position).
func placed(err error, file string) error {
	if d, ok := err.(*tokenbuild.Diagnostic); ok && d.File == "" {
		c := *d
		c.File = file
		return &c
	}
	return fmt.Errorf("%s: %w", file, err)
}

func (im *importer) errorAt(at []string, format string, args ...any) {
	im.errorIn(im.file, im.data, at, format, args...)
}

func (im *importer) errorIn(file string, data []byte, at []string, format string, args ...any) {
	e := &tokenbuild.Diagnostic{File: file, Kind: tokenbuild.KindConfig, Msg: fmt.Sprintf(format, args...)}
	if start, _, ok := json5.Locate(data, at); ok {
		e.Line, e.Col = json5.Position(data, start)
	}
	im.errs = append(im.errs, e)
}

// readMetadata reads $metadata.json beside a $themes.json, if there is one.
func (im *importer) readMetadata() *tokenbuild.Object {
	full := filepath.Join(im.dir, "$metadata.json")
	data, err := os.ReadFile(full)
	if os.IsNotExist(err) {
		return nil
	}
	im.read = append(im.read, full)
	file := path.Join(im.shownDir, "$metadata.json")
	if err != nil {
		im.errs = append(im.errs, fmt.Errorf("%s: %w", file, err))
		return nil
	}
	v, err := json5.Parse(data)
	if err != nil {
		im.errs = append(im.errs, placed(err, file))
		return nil
	}
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		im.errorIn(file, data, nil, "$metadata.json must hold an object")
		return nil
	}
	if order, ok := o.Get("tokenSetOrder"); ok {
		if _, isArr := order.([]any); !isArr {
			im.errorIn(file, data, []string{"tokenSetOrder"}, "tokenSetOrder must be an array of set names")
		}
	}
	return o
}

// theme is one Tokens Studio theme as read.
type theme struct {
	name, group string
	at          []string          // its place in the file
	sets        map[string]string // set name to enabled | source | disabled
	setOrder    []string          // selectedTokenSets' keys in the file's order
}

// tokensStudio maps Tokens Studio themes to a resolver document:
//   - every set that some theme uses (enabled or source) is a root set,
//     in tokenSetOrder (then in the order the themes name them);
//   - sets that are "source" in any theme come first in resolutionOrder:
//     Tokens Studio resolves references through them and the DTCG
//     resolver has no reference-only sources, so they are merged first,
//     where anything later overrides them;
//   - a set that every theme of some group enables is active in every
//     permutation: it is not a context's source but an item of
//     resolutionOrder of its own (a components set enabled in both Light
//     and Dark);
//   - each theme group is a modifier (themes without a group form one
//     named "theme"), each theme a context whose sources are its other
//     "enabled" sets, in set order; the default is the group's first theme;
//   - after the source sets, the shared sets and the modifiers follow in
//     set order, a modifier at the place of its earliest set, so that what
//     comes later in tokenSetOrder overrides what comes before, as in
//     Tokens Studio (exactly so when a group's sets are not interleaved
//     with other sets in tokenSetOrder).
//
// single is a single-file export: sets are its top-level keys, referenced
// with JSON Pointers into the file; otherwise set "a/b" is the file a/b.json
// beside $themes.json.
func (im *importer) tokensStudio(list []any, single *tokenbuild.Object, meta *tokenbuild.Object, inFile bool) *tokenbuild.Object {
	prefix := []string{}
	if inFile {
		prefix = []string{"$themes"}
	}
	themes := im.readThemes(list, prefix)
	sets := setsInOrder(themes, single, meta)
	doc := tokenbuild.NewObject()
	doc.Set("version", Version)
	rootSets := im.rootSets(sets, single, themes)
	groups := im.groupThemes(themes, sets)
	mods, resolution := im.resolutionOrder(groups, sets, rootSets)
	if len(resolution) == 0 {
		im.errorAt(prefix, "no theme uses a token set: the resolver document would have nothing to merge")
	}
	doc.Set("sets", rootSets)
	doc.Set("modifiers", mods)
	doc.Set("resolutionOrder", resolution)
	return doc
}

// readThemes reads the themes of a $themes array (at prefix in the file),
// each problem at its place; a theme with one is left out.
func (im *importer) readThemes(list []any, prefix []string) []theme {
	var themes []theme
	for i, v := range list {
		here := append(slices.Clip(prefix), strconv.Itoa(i))
		o, ok := v.(*tokenbuild.Object)
		if !ok {
			im.errorAt(here, "a theme must be an object with name and selectedTokenSets")
			continue
		}
		t := theme{at: here, sets: map[string]string{}}
		name, _ := o.Value("name").(string)
		if name == "" {
			im.errorAt(here, "a theme needs a name")
			continue
		}
		t.name = name
		if g, ok := o.Get("group"); ok {
			s, isStr := g.(string)
			if !isStr {
				im.errorAt(append(slices.Clip(here), "group"), "theme %q: group must be a string", name)
				continue
			}
			t.group = s
		}
		sel, ok := o.Value("selectedTokenSets").(*tokenbuild.Object)
		if !ok {
			im.errorAt(here, "theme %q needs selectedTokenSets, an object of set names to \"enabled\", \"source\" or \"disabled\"", name)
			continue
		}
		sel.Range(func(set string, st any) bool {
			s, _ := st.(string)
			switch s {
			case "enabled", "source", "disabled":
				t.sets[set] = s
				t.setOrder = append(t.setOrder, set)
			default:
				im.errorAt(append(slices.Clip(here), "selectedTokenSets", set), "theme %q: set %q must be \"enabled\", \"source\" or \"disabled\"", name, set)
			}
			return true
		})
		themes = append(themes, t)
	}
	return themes
}

// tokenSets is what the themes make of the token sets: their order, and
// which sets are used, which are reference sources, which every theme of
// some group enables.
type tokenSets struct {
	order  []string       // tokenSetOrder, then the single file's keys or the themes' mentions, each set once
	rank   map[string]int // each set's position in order
	used   map[string]bool
	source map[string]bool
	shared map[string]bool // set by groupThemes
}

// setsInOrder orders the sets: tokenSetOrder, then the single file's keys
// or the themes' mentions, each set once; and notes how the themes use
// them.
func setsInOrder(themes []theme, single, meta *tokenbuild.Object) *tokenSets {
	ts := &tokenSets{rank: map[string]int{}, used: map[string]bool{}, source: map[string]bool{}, shared: map[string]bool{}}
	add := func(s string) {
		if _, seen := ts.rank[s]; !seen {
			ts.rank[s] = len(ts.order)
			ts.order = append(ts.order, s)
		}
	}
	if meta != nil {
		if list, ok := meta.Value("tokenSetOrder").([]any); ok {
			for _, v := range list {
				if s, ok := v.(string); ok {
					add(s)
				}
			}
		}
	}
	if single != nil {
		for _, k := range single.Keys() {
			if !strings.HasPrefix(k, "$") {
				add(k)
			}
		}
	}
	for _, t := range themes {
		for _, s := range t.setOrder {
			add(s)
		}
	}
	for _, t := range themes {
		for s, st := range t.sets {
			if st != "disabled" {
				ts.used[s] = true
			}
			if st == "source" {
				ts.source[s] = true
			}
		}
	}
	return ts
}

// rootSets makes every set some theme uses a root set, in set order: a
// reference to its tokens (setRef).
func (im *importer) rootSets(ts *tokenSets, single *tokenbuild.Object, themes []theme) *tokenbuild.Object {
	sets := tokenbuild.NewObject()
	for _, s := range ts.order {
		if !ts.used[s] {
			continue
		}
		ref, ok := im.setRef(s, single, themes)
		if !ok {
			continue
		}
		def := tokenbuild.NewObject()
		def.Set("sources", []any{refObject(ref)})
		sets.Set(s, def)
		im.places.note(im.setPlace(s, themes), "sets", s)
	}
	return sets
}

// themeGroup is a theme group: a modifier.
type themeGroup struct {
	name   string
	themes []theme
	first  int // the rank of its earliest set
}

// groupThemes gathers the themes by group (a theme name twice in a group
// is a problem), notes the sets every theme of some group enables
// (ts.shared), and orders the groups by their earliest set no group
// shares.
func (im *importer) groupThemes(themes []theme, ts *tokenSets) []*themeGroup {
	var groups []*themeGroup
	byName := map[string]*themeGroup{}
	for _, t := range themes {
		name := t.group
		if name == "" {
			name = DefaultModifier
		}
		g := byName[name]
		if g == nil {
			g = &themeGroup{name: name, first: len(ts.order)}
			byName[name] = g
			groups = append(groups, g)
		}
		if i := slices.IndexFunc(g.themes, func(o theme) bool { return o.name == t.name }); i >= 0 {
			im.errorAt(append(slices.Clip(t.at), "name"), "theme %q is already in group %q (%s): a context name must be unique", t.name, name, "#/"+strings.Join(g.themes[i].at, "/"))
			continue
		}
		g.themes = append(g.themes, t)
	}
	for _, g := range groups {
		for s := range ts.used {
			if !ts.source[s] && !slices.ContainsFunc(g.themes, func(t theme) bool { return t.sets[s] != "enabled" }) {
				ts.shared[s] = true
			}
		}
	}
	for _, g := range groups {
		for _, t := range g.themes {
			for s, st := range t.sets {
				if st == "enabled" && !ts.source[s] && !ts.shared[s] && ts.rank[s] < g.first {
					g.first = ts.rank[s]
				}
			}
		}
	}
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].first < groups[j].first })
	return groups
}

// resolutionOrder makes the modifiers, one per group, and resolutionOrder:
// the source sets first, then the shared sets and the modifiers merged by
// rank (a modifier's rank is that of a set no context shares, so the two
// never tie).
func (im *importer) resolutionOrder(groups []*themeGroup, ts *tokenSets, sets *tokenbuild.Object) (*tokenbuild.Object, []any) {
	mods := tokenbuild.NewObject()
	var resolution []any
	for _, s := range ts.order {
		if ts.source[s] && sets.Has(s) {
			resolution = append(resolution, refObject("#/sets/"+escape(s)))
		}
	}
	gi := 0
	for i, s := range ts.order {
		for gi < len(groups) && groups[gi].first <= i {
			mods.Set(groups[gi].name, im.modifier(groups[gi], ts, sets))
			resolution = append(resolution, refObject("#/modifiers/"+escape(groups[gi].name)))
			gi++
		}
		if ts.shared[s] && sets.Has(s) {
			resolution = append(resolution, refObject("#/sets/"+escape(s)))
		}
	}
	for ; gi < len(groups); gi++ {
		mods.Set(groups[gi].name, im.modifier(groups[gi], ts, sets))
		resolution = append(resolution, refObject("#/modifiers/"+escape(groups[gi].name)))
	}
	return mods, resolution
}

// modifier makes a group's modifier: a context per theme, whose sources
// are its enabled sets that are neither sources nor shared, in set order;
// the default is the group's first theme.
func (im *importer) modifier(g *themeGroup, ts *tokenSets, sets *tokenbuild.Object) *tokenbuild.Object {
	ctxs := tokenbuild.NewObject()
	first := g.themes[0].at
	if g.themes[0].group != "" {
		im.places.note(append(slices.Clip(first), "group"), "modifiers", g.name)
	} else {
		im.places.note(append(slices.Clip(first), "name"), "modifiers", g.name)
	}
	im.places.note(append(slices.Clip(first), "name"), "modifiers", g.name, "default")
	for _, t := range g.themes {
		im.places.note(append(slices.Clip(t.at), "name"), "modifiers", g.name, "contexts", t.name)
		srcs := []any{}
		for _, s := range ts.order {
			if t.sets[s] == "enabled" && !ts.source[s] && !ts.shared[s] && sets.Has(s) {
				srcs = append(srcs, refObject("#/sets/"+escape(s)))
			}
		}
		ctxs.Set(t.name, srcs)
	}
	m := tokenbuild.NewObject()
	m.Set("contexts", ctxs)
	m.Set("default", g.themes[0].name)
	return m
}

// setRef is the reference to a set's tokens: a pointer into a single-file
// export, or the file SET.json beside $themes.json, which must exist.
func (im *importer) setRef(s string, single *tokenbuild.Object, themes []theme) (string, bool) {
	// where a missing set is reported: the first theme naming it
	where := im.setPlace(s, themes)
	if single != nil {
		if _, ok := single.Value(s).(*tokenbuild.Object); !ok {
			im.errorAt(where, "token set %q: the file has no top-level object %q", s, s)
			return "", false
		}
		rel, ok := im.rel(filepath.Join(im.dir, filepath.Base(im.file)))
		return rel + "#/" + escape(s), ok
	}
	file := filepath.Join(im.dir, filepath.FromSlash(s)+".json")
	if inside, linked := Within(im.dir, file); !inside {
		// the name is a path: it must not lead the document's $ref out
		if linked {
			im.errorAt(where, "token set %q: %s is a symbolic link to a file outside %s's folder; a set's file must be inside it", s, path.Join(im.shownDir, s+".json"), path.Base(filepath.ToSlash(im.file)))
		} else {
			im.errorAt(where, "token set %q: the name leads outside %s's folder; a set's file must be inside it", s, path.Base(filepath.ToSlash(im.file)))
		}
		return "", false
	}
	if st, err := os.Stat(file); err != nil || !st.Mode().IsRegular() {
		im.errorAt(where, "token set %q: no file %s", s, path.Join(im.shownDir, s+".json"))
		return "", false
	}
	return im.rel(file)
}

// setPlace is where a set is first used: in the first theme naming it.
func (im *importer) setPlace(s string, themes []theme) []string {
	for _, t := range themes {
		if st, ok := t.sets[s]; ok && st != "disabled" {
			return append(slices.Clip(t.at), "selectedTokenSets", s)
		}
	}
	return nil
}

// rel shows file relative to the document's folder, with forward slashes.
func (im *importer) rel(file string) (string, bool) {
	absFile, err1 := filepath.Abs(file)
	absBase, err2 := filepath.Abs(im.base)
	r, err3 := filepath.Rel(absBase, absFile)
	if err1 != nil || err2 != nil || err3 != nil {
		im.errorAt(nil, "%s cannot be named relative to %s", file, im.base)
		return "", false
	}
	return filepath.ToSlash(r), true
}

func refObject(ref string) *tokenbuild.Object {
	o := tokenbuild.NewObject()
	o.Set("$ref", ref)
	return o
}

// escape makes a name one JSON Pointer segment.
func escape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// sourceMap maps {"theme": ["globs"...]} or {"theme": {"include": [...],
// "source": [...]}} to one modifier, "theme", with a context per theme (the
// first is the default) whose sources are the files of include and then
// source, each glob's matches sorted as style-dictionary sorts them.
func (im *importer) sourceMap(o *tokenbuild.Object) *tokenbuild.Object {
	ctxs := tokenbuild.NewObject()
	var first string
	o.Range(func(name string, v any) bool {
		here := []string{name}
		var globs []any
		var globsAt [][]string
		addList := func(v any, at []string) {
			list, ok := v.([]any)
			if !ok {
				im.errorAt(at, "theme %q: a source list must be an array of globs", name)
				return
			}
			for i, g := range list {
				globs = append(globs, g)
				globsAt = append(globsAt, append(slices.Clip(at), strconv.Itoa(i)))
			}
		}
		switch v := v.(type) {
		case []any:
			addList(v, here)
		case *tokenbuild.Object:
			for _, k := range []string{"include", "source"} {
				if l, ok := v.Get(k); ok {
					addList(l, append(slices.Clip(here), k))
				}
			}
		}
		im.places.note(here, "modifiers", DefaultModifier, "contexts", name)
		srcs := []any{}
		for i, g := range globs {
			s, ok := g.(string)
			if !ok || s == "" {
				im.errorAt(globsAt[i], "theme %q: a glob must be a non-empty string", name)
				continue
			}
			files, err := expandGlob(im.dir, s)
			if err != nil {
				im.errorAt(globsAt[i], "theme %q: invalid glob %q: %v", name, s, err)
				continue
			}
			if len(files) == 0 {
				im.errorAt(globsAt[i], "theme %q: %q matches no file", name, s)
				continue
			}
			for _, f := range files {
				if rel, ok := im.rel(filepath.Join(im.dir, filepath.FromSlash(f))); ok {
					im.places.note(globsAt[i], "modifiers", DefaultModifier, "contexts", name, strconv.Itoa(len(srcs)))
					srcs = append(srcs, refObject(rel))
				}
			}
		}
		if first == "" {
			first = name
		}
		ctxs.Set(name, srcs)
		return true
	})
	m := tokenbuild.NewObject()
	m.Set("contexts", ctxs)
	m.Set("default", first)
	mods := tokenbuild.NewObject()
	mods.Set(DefaultModifier, m)
	doc := tokenbuild.NewObject()
	doc.Set("version", Version)
	doc.Set("modifiers", mods)
	doc.Set("resolutionOrder", []any{refObject("#/modifiers/" + DefaultModifier)})
	return doc
}

// expandGlob lists a glob's files relative to dir, sorted, as the engine
// expands a config's source (internal/glob: the reference's node-glob;
// folders left out).
func expandGlob(dir, p string) ([]string, error) {
	if filepath.Separator == '\\' {
		p = filepath.ToSlash(p)
	}
	if path.IsAbs(p) || filepath.IsAbs(p) {
		return nil, fmt.Errorf("an absolute path cannot be referenced by a resolver document")
	}
	matches, err := glob.Expand(dir, p)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range matches {
		if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(m))); err == nil && st.IsDir() {
			continue
		}
		out = append(out, m)
	}
	return out, nil
}

// Marshal writes a document as pretty JSON (two-space indent, keys in
// document order, a final newline), so that an import is deterministic
// and reads like a hand-written document.
func Marshal(doc *tokenbuild.Object) []byte {
	var b strings.Builder
	writeValue(&b, doc, "")
	b.WriteString("\n")
	return []byte(b.String())
}

func writeValue(b *strings.Builder, v any, indent string) {
	switch v := v.(type) {
	case *tokenbuild.Object:
		if v.Len() == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		i := 0
		v.Range(func(k string, e any) bool {
			b.WriteString(indent + "  ")
			writeString(b, k)
			b.WriteString(": ")
			writeValue(b, e, indent+"  ")
			if i++; i < v.Len() {
				b.WriteString(",")
			}
			b.WriteString("\n")
			return true
		})
		b.WriteString(indent + "}")
	case []any:
		if len(v) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range v {
			b.WriteString(indent + "  ")
			writeValue(b, e, indent+"  ")
			if i < len(v)-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString(indent + "]")
	case string:
		writeString(b, v)
	default:
		// the importer builds documents of objects, arrays and strings only
		panic(fmt.Sprintf("resolver: unexpected %T in a document", v))
	}
}

func writeString(b *strings.Builder, s string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	b.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}
