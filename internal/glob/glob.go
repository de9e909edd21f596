// Package glob expands the file patterns of a config's source and include
// the way style-dictionary 5.5.5 does: with node-glob 13 (through
// @bundled-es-modules/glob), as globSync(pattern, {posix: true}), whose
// results style-dictionary sorts with JavaScript's default sort.
//
// That means minimatch's syntax: * ? [...] with ranges, negation ([!x],
// [^x]) and POSIX classes ([[:alpha:]]), ** (only as a whole path
// portion), extglobs (!(a|b) +(a) *(a) ?(a) @(a)), braces ({a,b}, {1..3}),
// backslash escapes. A pattern starting with ! or # is not a negation or
// a comment, as node-glob runs minimatch with nonegate and nocomment. And
// node-glob's walk: wildcards and ** skip names starting with a dot unless
// the pattern's portion starts with one; ** does not enter symbolically
// linked folders when it is the pattern's first portion, and otherwise
// enters one only to match what follows it (follow: false); folders match
// as well as files; a path that does not exist matches nothing.
package glob

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tokengen/tokengen/internal/didyoumean"
)

// maxPatternLength is minimatch's limit on a pattern's length.
const maxPatternLength = 64 * 1024

// A part of a compiled pattern: a literal name (possibly "", "." or
// ".."), a segment with magic, or the globstar.
type part struct {
	literal  string
	seg      *segment
	globstar bool
}

func (p part) isString() bool { return p.seg == nil && !p.globstar }

// pattern is node-glob's Pattern: a compiled pattern from index on. The
// follow flags are shared by all the positions of one pattern, as
// node-glob's memoized rest() patterns share theirs.
type pattern struct {
	parts    []part
	index    int
	absolute bool
	follow   []bool
}

func (p *pattern) current() part  { return p.parts[p.index] }
func (p *pattern) hasMore() bool  { return p.index+1 < len(p.parts) }
func (p *pattern) rest() *pattern { return p.restAt(p.index + 1) }
func (p *pattern) restAt(i int) *pattern {
	if i >= len(p.parts) {
		return nil
	}
	return &pattern{parts: p.parts, index: i, absolute: p.absolute, follow: p.follow}
}

func (p *pattern) checkFollowGlobstar() bool {
	return p.index != 0 && p.current().globstar && p.follow[p.index]
}

func (p *pattern) markFollowGlobstar() bool {
	if !p.checkFollowGlobstar() {
		return false
	}
	p.follow[p.index] = false
	return true
}

// Expand lists what pattern selects, relative to cwd (absolute for an
// absolute pattern), with forward slashes, sorted as JavaScript sorts
// strings (by UTF-16 code units).
func Expand(cwd, pat string) (out []string, err error) {
	if utf16Len(pat) > maxPatternLength { // JavaScript counts UTF-16 units
		return nil, &PatternError{Pattern: pat, Msg: "pattern is too long"}
	}
	if pat == "" {
		return nil, nil
	}
	if cwd, err = filepath.Abs(cwd); err != nil {
		return nil, err
	}
	w := &walker{cwd: filepath.ToSlash(cwd), seen: map[string]bool{}, walked: map[walkKey]bool{}}
	defer func() {
		if r := recover(); r != nil {
			if r != errTooComplex {
				panic(r)
			}
			out, err = nil, &PatternError{Pattern: pat, Msg: errTooComplex.Error()}
		}
	}()
	for _, expanded := range expandBraces(pat) {
		for _, parts := range preprocess(splitSlashes(expanded)) {
			// node-glob on Windows: a drive ("C:") starts an absolute pattern
			drive := runtime.GOOS == "windows" && len(parts) > 1 && isDrive(parts[0])
			compiled := &pattern{absolute: parts[0] == "" && len(parts) > 1 || drive}
			for _, s := range parts {
				switch s {
				case "**":
					compiled.parts = append(compiled.parts, part{globstar: true})
				case "":
					compiled.parts = append(compiled.parts, part{})
				default:
					seg, err := compileSegment(s)
					if err != nil {
						return nil, &PatternError{Pattern: pat, Msg: err.Error()}
					}
					if seg.re == nil {
						compiled.parts = append(compiled.parts, part{literal: seg.literal})
					} else {
						compiled.parts = append(compiled.parts, part{seg: seg})
					}
				}
			}
			if compiled.absolute {
				// the root is one portion: "/" (an empty portion after it goes)
				compiled.parts[0] = part{literal: parts[0] + "/"}
				if len(compiled.parts) > 2 && compiled.parts[1].isString() && compiled.parts[1].literal == "" {
					compiled.parts = slices.Delete(compiled.parts, 1, 2)
				}
			}
			compiled.follow = make([]bool, len(compiled.parts))
			for i := range compiled.follow {
				compiled.follow[i] = true
			}
			w.process(w.cwd, compiled)
		}
	}
	slices.SortFunc(w.out, compareUTF16)
	return w.out, nil
}

// PatternError is a pattern that cannot be compiled.
type PatternError struct{ Pattern, Msg string }

func (e *PatternError) Error() string { return "invalid glob " + quote(e.Pattern) + ": " + e.Msg }

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// compareUTF16 orders strings by UTF-16 code units, as Array.prototype.sort.
// Byte order is the same except where a character past U+FFFF meets one
// from U+E000 to U+FFFF: its first code unit (a surrogate, from U+D800)
// sorts before them.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ka, kb := utf16Key(ra), utf16Key(rb)
			if ka != kb {
				return ka - kb
			}
			return int(ra) - int(rb) // same first surrogate: the rest decides
		}
		a, b = a[na:], b[nb:]
	}
	return len(a) - len(b)
}

// utf16Key is a character's first UTF-16 code unit.
func utf16Key(r rune) int {
	if r >= 0x10000 {
		return 0xD800 + int((r-0x10000)>>10)
	}
	return int(r)
}

// splitSlashes is minimatch's slashSplit: runs of slashes separate portions.
func splitSlashes(p string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			out = append(out, p[start:i])
			for i+1 < len(p) && p[i+1] == '/' {
				i++
			}
			start = i + 1
		}
	}
	return out
}

// preprocess is minimatch's firstPhasePreProcess (optimizationLevel 2):
// adjacent ** collapse, "." and empty middle portions go, a/.. goes, and
// **/../x/y also tries x/y one level up.
func preprocess(parts []string) [][]string {
	globParts := [][]string{parts}
	for changed := true; changed; {
		changed = false
		for gi := 0; gi < len(globParts); gi++ {
			parts := globParts[gi]
			for gs := indexOf(parts, "**", 0); gs >= 0; gs = indexOf(parts, "**", gs+1) {
				gss := gs
				for gss+1 < len(parts) && parts[gss+1] == "**" {
					gss++
				}
				if gss > gs {
					parts = slices.Delete(parts, gs+1, gss+1)
				}
				if gs+1 >= len(parts) || parts[gs+1] != ".." {
					continue
				}
				if gs+3 >= len(parts) {
					continue
				}
				p, p2 := parts[gs+2], parts[gs+3]
				if p == "" || p == "." || p == ".." || p2 == "" || p2 == "." || p2 == ".." {
					continue
				}
				changed = true
				parts = slices.Delete(parts, gs, gs+1)
				other := slices.Clone(parts)
				other[gs] = "**"
				if len(globParts) < maxExpansions { // each **/.. doubles them
					globParts = append(globParts, other)
				}
				gs--
			}
			for i := 1; i < len(parts)-1; i++ {
				p := parts[i]
				if i == 1 && p == "" && parts[0] == "" {
					continue
				}
				if p == "." || p == "" {
					changed = true
					parts = slices.Delete(parts, i, i+1)
					i--
				}
			}
			if len(parts) == 2 && parts[0] == "." && (parts[1] == "." || parts[1] == "") {
				changed = true
				parts = parts[:1]
			}
			for dd := indexOf(parts, "..", 1); dd >= 0; dd = indexOf(parts, "..", dd+1) {
				p := parts[dd-1]
				if p != "" && p != "." && p != ".." && p != "**" {
					changed = true
					needDot := dd == 1 && dd+1 < len(parts) && parts[dd+1] == "**"
					var splice []string
					if needDot {
						splice = []string{"."}
					}
					parts = slices.Concat(parts[:dd-1], splice, parts[dd+1:])
					if len(parts) == 0 {
						parts = []string{""}
					}
					dd -= 2
					if dd < 0 {
						dd = 0
					}
				}
			}
			globParts[gi] = parts
		}
	}
	return globParts
}

func indexOf(parts []string, s string, from int) int {
	for i := max(from, 0); i < len(parts); i++ {
		if parts[i] == s {
			return i
		}
	}
	return -1
}

// entry is what the walk knows of a path: from a folder's listing (the
// kind is known) or resolved from pattern text (known after an lstat).
type entry struct {
	path    string // absolute, forward slashes, cleaned
	known   bool
	dir     bool
	symlink bool
}

func (e entry) name() string { return e.path[strings.LastIndexByte(e.path, '/')+1:] }

// canReaddir is path-scurry's: a folder, a symbolic link, or unknown.
func (e entry) canReaddir() bool { return !e.known || e.dir || e.symlink }

func resolve(base, p string) string {
	if p == "/" {
		return "/"
	}
	if p == "" || p == "." {
		return base
	}
	if strings.HasSuffix(base, "/") { // a root: "/", "C:/"
		return cleanPath(base + p)
	}
	return cleanPath(base + "/" + p)
}

func isDrive(s string) bool {
	return len(s) == 2 && s[1] == ':' && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

func cleanPath(p string) string { return filepath.ToSlash(filepath.Clean(filepath.FromSlash(p))) }

type walker struct {
	cwd    string
	seen   map[string]bool
	out    []string
	walked map[walkKey]bool
}

// walkKey is a folder and the rest of a pattern to match there: node-glob
// walks each pair once (a pattern such as a/**/../**/.. reaches the same
// folders many ways).
type walkKey struct {
	path  string
	parts *part
	index int
}

// match records a result if it exists (lstat, so a dangling link counts,
// as in node-glob) and, for a dir-only portion, can be listed.
func (w *walker) match(e entry, absolute, ifDir bool) {
	if !e.known {
		st, err := os.Lstat(filepath.FromSlash(e.path))
		if err != nil {
			return
		}
		e.known, e.dir, e.symlink = true, st.IsDir(), st.Mode()&os.ModeSymlink != 0
	}
	if ifDir && !e.canReaddir() {
		return
	}
	var shown string
	switch {
	case absolute:
		shown = e.path
	case e.path == w.cwd:
		shown = "."
	case strings.HasPrefix(e.path, w.cwd) && len(e.path) > len(w.cwd) && (e.path[len(w.cwd)] == '/' || strings.HasSuffix(w.cwd, "/")):
		shown = strings.TrimPrefix(e.path[len(w.cwd):], "/")
	default:
		rel, err := filepath.Rel(filepath.FromSlash(w.cwd), filepath.FromSlash(e.path))
		if err != nil {
			return
		}
		shown = filepath.ToSlash(rel)
	}
	if !w.seen[shown] {
		w.seen[shown] = true
		w.out = append(w.out, shown)
	}
}

// process is node-glob's processPatterns for one pattern at target t.
func (w *walker) process(t string, pat *pattern) {
	w.processEntry(entry{path: t}, pat)
}

func (w *walker) processEntry(t entry, pat *pattern) {
	if pat.index == 0 && pat.absolute {
		t = entry{path: pat.parts[0].literal}
		rest := pat.rest()
		if rest == nil {
			w.match(t, true, false)
			return
		}
		pat = rest
	}
	absolute := pat.absolute
	for pat.current().isString() && pat.hasMore() {
		t = entry{path: resolve(t.path, pat.current().literal)}
		pat = pat.rest()
	}
	key := walkKey{path: t.path, parts: &pat.parts[0], index: pat.index}
	if w.walked[key] {
		return
	}
	w.walked[key] = true
	p, rest := pat.current(), pat.rest()
	switch {
	case p.isString():
		ifDir := p.literal == ".." || p.literal == "" || p.literal == "."
		w.match(entry{path: resolve(t.path, p.literal)}, absolute, ifDir)
	case p.globstar:
		if !t.symlink || pat.checkFollowGlobstar() {
			w.subwalk(t, pat)
		}
		var rp part
		var rrest *pattern
		if rest != nil {
			rp, rrest = rest.current(), rest.rest()
		}
		if rest == nil || (rp.isString() && (rp.literal == "" || rp.literal == ".") && rrest == nil) {
			w.match(t, absolute, rest != nil)
		} else if rp.isString() && rp.literal == ".." {
			parent := entry{path: resolve(t.path, "..")}
			if rrest == nil {
				w.match(parent, absolute, true)
			} else {
				w.processEntry(parent, rrest)
			}
		}
	default:
		w.subwalk(t, pat)
	}
}

// subwalk lists folder t and tests its entries against pat's portion.
func (w *walker) subwalk(t entry, pat *pattern) {
	if !t.canReaddir() {
		return
	}
	list, err := os.ReadDir(filepath.FromSlash(t.path))
	if err != nil {
		return
	}
	absolute := pat.absolute
	p, rest := pat.current(), pat.rest()
	for _, d := range list {
		// a listed name has no slash and is never . or ..: no cleaning
		full := t.path + "/" + d.Name()
		if strings.HasSuffix(t.path, "/") { // a root
			full = t.path + d.Name()
		}
		e := entry{path: full, known: true, dir: d.IsDir(), symlink: d.Type()&os.ModeSymlink != 0}
		switch {
		case p.globstar:
			w.testGlobstar(e, pat, rest, absolute)
		case p.seg != nil:
			w.testSegment(e, p.seg, rest, absolute)
		default:
			w.testString(e, p.literal, rest, absolute)
		}
	}
}

func (w *walker) testGlobstar(e entry, pat, rest *pattern, absolute bool) {
	if !strings.HasPrefix(e.name(), ".") {
		if !pat.hasMore() {
			w.match(e, absolute, false)
		}
		if e.canReaddir() {
			switch {
			case !e.symlink:
				w.processEntry(e, pat)
			case rest != nil && pat.checkFollowGlobstar():
				w.processEntry(e, rest)
			case pat.markFollowGlobstar():
				w.processEntry(e, pat)
			}
		}
	}
	if rest != nil {
		rp := rest.current()
		switch {
		case rp.isString() && rp.literal != ".." && rp.literal != "" && rp.literal != ".":
			w.testString(e, rp.literal, rest.rest(), absolute)
		case rp.isString() && rp.literal == "..":
			w.processEntry(entry{path: resolve(e.path, "..")}, rest)
		case rp.seg != nil:
			w.testSegment(e, rp.seg, rest.rest(), absolute)
		}
	}
}

func (w *walker) testSegment(e entry, seg *segment, rest *pattern, absolute bool) {
	if !seg.match(e.name()) {
		return
	}
	w.found(e, rest, absolute)
}

func (w *walker) testString(e entry, name string, rest *pattern, absolute bool) {
	if e.name() != name {
		return
	}
	w.found(e, rest, absolute)
}

func (w *walker) found(e entry, rest *pattern, absolute bool) {
	if rest == nil {
		w.match(e, absolute, false)
	} else if e.canReaddir() {
		w.processEntry(e, rest)
	}
}

// Suggest names a near folder or file for the first literal portion of
// pattern that does not exist (the rest of the pattern after it kept),
// for a pattern that matched nothing: "token/**/*.json" beside a tokens
// folder gives "tokens/**/*.json". It returns "" when every literal
// portion exists or nothing is near.
func Suggest(cwd, pat string) string {
	expanded := expandBraces(pat)
	if len(expanded) == 0 {
		return ""
	}
	portions := splitSlashes(expanded[0])
	cur := cwd
	start := 0
	if len(portions) > 1 && portions[0] == "" {
		cur, start = "/", 1
	}
	for i := start; i < len(portions); i++ {
		p := portions[i]
		switch p {
		case "**":
			return "" // what follows may be anywhere below
		case "", ".", "..":
			cur = filepath.Join(cur, p)
			continue
		}
		seg, err := compileSegment(p)
		if err != nil || seg.re != nil {
			return ""
		}
		next := filepath.Join(cur, seg.literal)
		if _, err := os.Stat(next); err == nil {
			cur = next
			continue
		}
		list, err := os.ReadDir(cur)
		if err != nil {
			return ""
		}
		var names []string
		for _, d := range list {
			if i == len(portions)-1 || d.IsDir() || d.Type()&os.ModeSymlink != 0 {
				names = append(names, d.Name())
			}
		}
		near := didyoumean.Closest(seg.literal, names)
		if near == "" {
			return ""
		}
		fixed := slices.Clone(portions)
		fixed[i] = near
		return strings.Join(fixed, "/")
	}
	return ""
}
