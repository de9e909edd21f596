package goconfig

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Detect reports whether dir holds a Go config: a non-test .go file
// declaring func Config() returning a type named Config (tokenbuild.Config
// under whatever import name). It only parses the files, it does not
// type-check them. The target is dir itself when that file belongs to the
// folder's package under the current build context, and the file when it is
// excluded by a build constraint (a //go:build ignore config file).
func Detect(dir string) (target string, ok bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") &&
			!strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "_") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var ignored string // first matching file excluded by build constraints
	for _, n := range names {
		path := filepath.Join(dir, n)
		if !declaresConfig(path) {
			continue
		}
		if match, err := build.Default.MatchFile(dir, n); err == nil && match {
			return dir, true
		}
		if ignored == "" {
			ignored = path
		}
	}
	if ignored != "" {
		return ignored, true
	}
	return "", false
}

// declaresConfig reports whether the file declares func Config() X.Config.
func declaresConfig(path string) bool {
	src, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(src), "Config") {
		return false
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && isConfigFunc(fd) {
			return true
		}
	}
	return false
}

func isConfigFunc(fd *ast.FuncDecl) bool {
	if fd.Recv != nil || fd.Name.Name != "Config" || fd.Type.TypeParams != nil {
		return false
	}
	if fd.Type.Params.NumFields() != 0 || fd.Type.Results.NumFields() != 1 {
		return false
	}
	switch r := fd.Type.Results.List[0].Type.(type) {
	case *ast.SelectorExpr:
		return r.Sel.Name == "Config"
	case *ast.Ident: // dot import
		return r.Name == "Config"
	}
	return false
}
