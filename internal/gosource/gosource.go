// Package gosource finds where, in the Go source of a Go config, a value
// of the configuration was written, so that a config mistake found while
// building (an unknown format, a destination outside its buildPath) points
// at the user's Go line as a compiler would, rather than at a key path of
// a JSON file that does not exist.
//
// The config is a Go value by the time the engine checks it: how it was
// made (a literal, a helper function, a constant) is gone. Locate takes
// the key path the engine reports ("platforms.css.files[0].format"),
// reads the value there from the config, and looks in the package's
// syntax for where that value is written under that field name, inside
// the literal of that platform when the platform's literal is found. It
// answers only when one place fits; otherwise the caller names the key
// path instead.
package gosource

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

// Source is a Go config's parsed files.
type Source struct {
	fset   *token.FileSet
	files  []*ast.File
	config string // the file declaring func Config ("" when none parsed)
}

// Parse reads the Go config at src: a package folder (its non-test .go
// files that the current build context compiles) or a single .go file.
// Files that do not parse are left out.
func Parse(src string) (*Source, error) {
	s := &Source{fset: token.NewFileSet()}
	var names []string
	fi, err := os.Stat(src)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		entries, err := os.ReadDir(src)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			n := e.Name()
			if !e.Type().IsRegular() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
				continue
			}
			if ok, err := build.Default.MatchFile(src, n); err == nil && ok {
				names = append(names, filepath.Join(src, n))
			}
		}
	} else {
		names = []string{src}
	}
	sort.Strings(names)
	for _, n := range names {
		f, err := parser.ParseFile(s.fset, n, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		s.files = append(s.files, f)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "Config" && s.config == "" {
				s.config = n
			}
		}
	}
	return s, nil
}

// ConfigFile is the file declaring func Config, "" when none was found.
func (s *Source) ConfigFile() string { return s.config }

// step is one key of a path: a field or map key, or an index.
type step struct {
	key   string
	index int // -1 for a key
}

// splitPath splits "platforms.css.files[0].format" into steps; the
// platform's name (which may hold dots) is matched against cfg's.
func splitPath(cfg *tokenbuild.Config, path string) []step {
	var steps []step
	if rest, ok := strings.CutPrefix(path, "platforms."); ok {
		best := ""
		for _, p := range cfg.Platforms {
			if (rest == p.Name || strings.HasPrefix(rest, p.Name+".")) && len(p.Name) > len(best) {
				best = p.Name
			}
		}
		if best == "" {
			return nil
		}
		steps = append(steps, step{"platforms", -1}, step{best, -1})
		path = strings.TrimPrefix(strings.TrimPrefix(rest, best), ".")
	}
	for _, part := range strings.Split(path, ".") {
		if part == "" {
			continue
		}
		key, idx, _ := strings.Cut(part, "[")
		if key != "" {
			steps = append(steps, step{key, -1})
		}
		for idx != "" {
			n, rest, _ := strings.Cut(idx, "]")
			i, err := strconv.Atoi(n)
			if err != nil {
				return nil
			}
			steps = append(steps, step{"", i})
			idx = strings.TrimPrefix(rest, "[")
		}
	}
	return steps
}

// goName is the Go field name for a config key: "transformGroup" is
// TransformGroup.
func goName(key string) string {
	if key == "" {
		return ""
	}
	return strings.ToUpper(key[:1]) + key[1:]
}

// valueAt reads the value at steps from cfg: struct fields by their Go
// name, platforms by name, slices by index, Options by key.
func valueAt(cfg *tokenbuild.Config, steps []step) (any, bool) {
	v := reflect.ValueOf(cfg).Elem()
	for i := 0; i < len(steps); i++ {
		st := steps[i]
		for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
			if v.IsNil() {
				return nil, false
			}
			v = v.Elem()
		}
		switch {
		case st.key == "platforms" && i == 0:
			if len(steps) < 2 {
				return nil, false // the platforms as a whole: no one literal
			}
			p, ok := cfg.Platform(steps[i+1].key)
			if !ok {
				return nil, false
			}
			v = reflect.ValueOf(p).Elem()
			i++
		case st.index >= 0:
			if v.Kind() != reflect.Slice || st.index >= v.Len() {
				return nil, false
			}
			v = v.Index(st.index)
		case v.Kind() == reflect.Struct:
			v = v.FieldByName(goName(st.key))
			if !v.IsValid() {
				return nil, false
			}
		case v.Kind() == reflect.Map && v.Type().Key().Kind() == reflect.String:
			v = v.MapIndex(reflect.ValueOf(st.key))
			if !v.IsValid() {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	if !v.IsValid() || !v.CanInterface() {
		return nil, false
	}
	return v.Interface(), true
}

// candidate is a place the value may have been written, with how well it
// fits the path.
type candidate struct {
	pos   token.Pos
	score int
}

// Locate returns where the value at the key path of cfg was written.
func (s *Source) Locate(cfg *tokenbuild.Config, path string) (token.Position, bool) {
	steps := splitPath(cfg, path)
	if len(steps) == 0 {
		return token.Position{}, false
	}
	value, ok := valueAt(cfg, steps)
	if !ok {
		return token.Position{}, false
	}
	platform := ""
	if steps[0].key == "platforms" {
		platform = steps[1].key
	}
	last := steps[len(steps)-1]
	var field string // the Go field (or map key) whose value is sought
	index := -1      // and, for a list, the element's index
	if last.index >= 0 && len(steps) >= 2 {
		field, index = goName(steps[len(steps)-2].key), last.index
		if steps[len(steps)-2].key == "" {
			return token.Position{}, false
		}
	} else {
		field = last.key
	}
	str, isString := value.(string)
	var found []candidate
	for _, f := range s.files {
		parents := map[ast.Node]ast.Node{}
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if len(stack) > 0 {
				parents[n] = stack[len(stack)-1]
			}
			stack = append(stack, n)
			kv, ok := n.(*ast.KeyValueExpr)
			if !ok || !keyIs(kv.Key, field, goName(field)) {
				return true
			}
			var at ast.Expr
			switch {
			case index >= 0:
				list, ok := kv.Value.(*ast.CompositeLit)
				if !ok || index >= len(list.Elts) {
					return true
				}
				at = list.Elts[index]
			default:
				at = kv.Value
			}
			score := 1
			if isString {
				if lit, ok := stringLit(at); !ok || lit != str {
					return true
				}
				score = 2
			} else if _, ok := at.(*ast.CompositeLit); !ok {
				return true
			}
			switch name := enclosingName(kv, parents); {
			case platform == "" || name == "":
			case name == platform:
				score += 2
			default:
				return true // another platform's
			}
			found = append(found, candidate{at.Pos(), score})
			return true
		})
	}
	if len(found) == 0 && isString && str != "" {
		// Written elsewhere: a constant, a helper function's argument.
		// Only a string found once can be trusted.
		for _, f := range s.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok {
					if v, ok := stringLit(lit); ok && v == str {
						found = append(found, candidate{lit.Pos(), 0})
					}
				}
				return true
			})
		}
	}
	best, at := -1, token.NoPos
	for _, c := range found {
		switch {
		case c.score > best:
			best, at = c.score, c.pos
		case c.score == best && c.pos != at:
			at = token.NoPos // two places fit as well: neither is trusted
		}
	}
	if at == token.NoPos {
		return token.Position{}, false
	}
	return s.fset.Position(at), true
}

// keyIs reports whether a composite literal's key is the field (an
// identifier) or the map key (a string) named.
func keyIs(key ast.Expr, mapKey, field string) bool {
	switch k := key.(type) {
	case *ast.Ident:
		return k.Name == field
	case *ast.BasicLit:
		v, ok := stringLit(k)
		return ok && v == mapKey
	}
	return false
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	v, err := strconv.Unquote(lit.Value)
	return v, err == nil
}

// enclosingName is the Name of the nearest composite literal around n
// that sets one (a platform's, when n is inside a platform literal), ""
// when there is none or it is not a string literal.
func enclosingName(n ast.Node, parents map[ast.Node]ast.Node) string {
	for p := parents[n]; p != nil; p = parents[p] {
		lit, ok := p.(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok && keyIs(kv.Key, "", "Name") {
				name, _ := stringLit(kv.Value)
				return name
			}
		}
	}
	return ""
}
