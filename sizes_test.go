package tokengen_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The sizes a reader can hold in mind (issue 24): a type with more methods
// than this is several jobs sharing one name, a longer function several
// steps that deserve their own names, and a larger engine package several
// phases that should be packages of their own.
const (
	maxMethodsPerType     = 40
	maxFunctionLines      = 150
	maxEnginePackageLines = 4000
)

// enginePackages are the build engine and its phase packages; the ones
// not yet created are skipped.
var enginePackages = []string{
	"internal/pipeline",
	"internal/config",
	"internal/load",
	"internal/dtcg",
	"internal/transform",
	"internal/registry",
	"internal/buildplan",
	"internal/resolver",
	"internal/write",
	"internal/diag",
}

// sizeExemptFiles hold code whose length follows the text it was ported
// from rather than a choice made here: splitting it would make it harder
// to check line by line against its origin.
var sizeExemptFiles = map[string]string{
	// buildSpaces declares colorjs.io's colour spaces one after the other,
	// in the order and with the constants of its source, so each can be
	// compared with the original side by side.
	"internal/color/space.go": "colour spaces ported from colorjs.io",
	// fdlibmPow is fdlibm's __ieee754_pow, as V8 computes Math.pow, step
	// for step: its branches are the algorithm's cases, not separable jobs.
	"internal/color/pow.go": "fdlibm's pow, ported as V8 runs it",
}

// sizeKnownOffenders are today's types, functions and packages above the
// limits that other work is splitting; each entry is named as the test
// reports it ("type pkg.T", "func pkg.F", "package pkg"). The list only
// shrinks: an entry that no longer offends fails the test too, so it is
// removed as soon as the split lands.
var sizeKnownOffenders = map[string]string{} // none: issue 24 emptied it

// TestSizes holds the module's own Go code (not the vendored JavaScript
// engine in internal/goja, not generated tables, not tests) to the limits
// above.
func TestSizes(t *testing.T) {
	found, err := measureSizes(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, offence := range found {
		if _, known := sizeKnownOffenders[offence.name]; known {
			continue
		}
		t.Errorf("%s: %s", offence.name, offence.detail)
	}
	for name := range sizeKnownOffenders {
		if !slices.ContainsFunc(found, func(o sizeOffence) bool { return o.name == name }) {
			t.Errorf("%s is within the limits now: remove it from sizeKnownOffenders", name)
		}
	}
}

type sizeOffence struct {
	name   string // "type internal/pipeline.Instance", "func builtin/tokensstudio.evaluate", "package internal/pipeline"
	detail string
}

// measureSizes parses every non-test, non-generated Go file of the module
// rooted at root and reports what exceeds the limits.
func measureSizes(root string) ([]sizeOffence, error) {
	fset := token.NewFileSet()
	methods := map[string]int{}      // "pkg.Type" → method count
	packageLines := map[string]int{} // "pkg" → lines
	var found []sizeOffence
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(path)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || rel == "internal/goja") {
				return filepath.SkipDir
			}
			if rel != "." {
				// A nested module (examples, scenarios) is not this module's code.
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		file, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if ast.IsGenerated(file) {
			return nil
		}
		pkg := filepath.ToSlash(filepath.Dir(rel))
		if pkg == "." {
			pkg = "tokengen"
		}
		packageLines[pkg] += strings.Count(string(src), "\n")
		_, exempt := sizeExemptFiles[rel]
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := fn.Name.Name
			if fn.Recv != nil && len(fn.Recv.List) == 1 {
				typeName := receiverTypeName(fn.Recv.List[0].Type)
				methods[pkg+"."+typeName]++
				name = typeName + "." + name
			}
			if exempt || fn.Body == nil {
				continue
			}
			lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if lines > maxFunctionLines {
				found = append(found, sizeOffence{
					name:   "func " + pkg + "." + name,
					detail: fmt.Sprintf("%d lines (%s), more than %d", lines, fset.Position(fn.Pos()), maxFunctionLines),
				})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for typeName, n := range methods {
		if n > maxMethodsPerType {
			found = append(found, sizeOffence{
				name:   "type " + typeName,
				detail: fmt.Sprintf("%d methods, more than %d", n, maxMethodsPerType),
			})
		}
	}
	for _, pkg := range enginePackages {
		if n := packageLines[pkg]; n > maxEnginePackageLines {
			found = append(found, sizeOffence{
				name:   "package " + pkg,
				detail: fmt.Sprintf("%d lines of non-generated, non-test code, more than %d", n, maxEnginePackageLines),
			})
		}
	}
	slices.SortFunc(found, func(a, b sizeOffence) int { return strings.Compare(a.name, b.name) })
	return found, nil
}

// receiverTypeName is T for a receiver T, *T, T[P] or *T[P].
func receiverTypeName(expr ast.Expr) string {
	for {
		switch e := expr.(type) {
		case *ast.StarExpr:
			expr = e.X
		case *ast.IndexExpr:
			expr = e.X
		case *ast.IndexListExpr:
			expr = e.X
		case *ast.ParenExpr:
			expr = e.X
		case *ast.Ident:
			return e.Name
		default:
			return fmt.Sprintf("%T", expr)
		}
	}
}
