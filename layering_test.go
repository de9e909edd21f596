package tokengen_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// listedPackage is what `go list -json` says of a package.
type listedPackage struct {
	ImportPath string
	Imports    []string // direct imports
	Deps       []string // everything it links
}

// TestLayering keeps the packages in their places: the engine knows no
// built-in hook (they reach it only through the contract, as a config's
// hooks do), what a Go config imports links neither the command line nor
// the Go-config compiler nor the engine, the command line calls the
// driver rather than the engine, the driver (the library) links no
// signal handling, command line or collector policy, and none of the
// engine, the contract, the built-ins or the driver uses package unsafe.
func TestLayering(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(goCmd, "list", "-json=ImportPath,Imports,Deps", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const mod = "github.com/tokengen/tokengen"
	pkgs := map[string]listedPackage{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs[strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, mod), "/")] = p
	}
	for _, rule := range []struct {
		pkg       string
		direct    bool // only direct imports count
		forbidden []string
	}{
		{"internal/pipeline", false, []string{mod + "/builtin", mod + "/internal/cli", mod}},
		{"tokenbuild", false, []string{mod + "/internal/cli", mod + "/internal/goconfig", mod + "/internal/pipeline", mod, mod + "/builtin"}},
		{"builtin", false, []string{mod + "/internal/pipeline", mod + "/internal/cli", mod}},
		{"", false, []string{mod + "/internal/cli", mod + "/internal/goconfig"}}, // the driver
		{"internal/cli", true, []string{mod + "/internal/pipeline", mod + "/builtin"}},
		// The JavaScript engine is linked by the command line only.
		{"internal/pipeline", false, []string{mod + "/internal/jsconfig", mod + "/internal/goja", "github.com/evanw/esbuild/pkg/api"}},
		{"tokenbuild", false, []string{mod + "/internal/jsconfig", mod + "/internal/goja", "github.com/evanw/esbuild/pkg/api"}},
		{"builtin", false, []string{mod + "/internal/jsconfig", mod + "/internal/goja", "github.com/evanw/esbuild/pkg/api"}},
		{"", false, []string{mod + "/internal/jsconfig", mod + "/internal/goja", "github.com/evanw/esbuild/pkg/api"}},
		{"internal/goconfig", false, []string{mod + "/internal/jsconfig", mod + "/internal/goja", "github.com/evanw/esbuild/pkg/api"}},
		// A phase of the build is data in and data out: the engine calls it.
		{"internal/resolver", false, []string{mod + "/internal/pipeline"}},
		// The config is its own step, before the engine; the JavaScript
		// layer takes its configs from it and builds through the driver it
		// is given, so it links no engine.
		{"internal/config", false, []string{mod + "/internal/pipeline", mod}},
		{"internal/jsconfig", false, []string{mod + "/internal/pipeline", mod}},
		// The library prints nothing unless asked and leaves the process to
		// its caller: signals, the command line and the collector policy
		// belong to a process's main function (configmain, internal/cli).
		{"", false, []string{"os/signal", mod + "/internal/stopsignal", mod + "/internal/cmdline", mod + "/internal/gcpolicy", mod + "/configmain"}},
		{"internal/interrupt", false, []string{"os/signal"}},
		// The phases of a load never reach back into the engine, and the DTCG
		// phase sits below the loading that calls it; what they share
		// (reporting helpers, input files, workers) imports no phase.
		{"internal/load", false, []string{mod + "/internal/pipeline"}},
		{"internal/dtcg", false, []string{mod + "/internal/pipeline", mod + "/internal/load"}},
		// Every phase is data in and data out: none reaches back into the
		// engine, and diag, the leaf they all report through, imports no
		// phase.
		{"internal/write", false, []string{mod + "/internal/pipeline"}},
		{"internal/transform", false, []string{mod + "/internal/pipeline"}},
		{"internal/registry", false, []string{mod + "/internal/pipeline"}},
		{"internal/buildplan", false, []string{mod + "/internal/pipeline"}},
		{"internal/diag", false, []string{mod + "/internal/pipeline", mod + "/internal/load", mod + "/internal/dtcg", mod + "/internal/config",
			mod + "/internal/resolver", mod + "/internal/write", mod + "/internal/transform", mod + "/internal/registry"}},
		// The JavaScript layer links no engine package (it takes its
		// configs from internal/config and builds through the driver).
		{"internal/jsconfig", false, []string{mod + "/internal/load", mod + "/internal/dtcg", mod + "/internal/resolver",
			mod + "/internal/write", mod + "/internal/transform", mod + "/internal/registry"}},
		{"internal/inputfile", false, []string{mod + "/internal/pipeline", mod + "/internal/load", mod + "/internal/dtcg"}},
		{"internal/parallel", false, []string{mod + "/internal/pipeline", mod + "/internal/load", mod + "/internal/dtcg"}},
	} {
		p, ok := pkgs[rule.pkg]
		if !ok {
			t.Errorf("package %q not found", rule.pkg)
			continue
		}
		links := p.Deps
		if rule.direct {
			links = p.Imports
		}
		for _, f := range rule.forbidden {
			if slices.Contains(links, f) {
				t.Errorf("%s imports %s", p.ImportPath, f)
			}
		}
	}
	for _, name := range []string{"", "tokenbuild", "builtin", "internal/pipeline", "internal/tokenindex", "internal/load", "internal/dtcg", "internal/diag"} {
		if slices.Contains(pkgs[name].Imports, "unsafe") {
			t.Errorf("%s imports unsafe", pkgs[name].ImportPath)
		}
	}
}
