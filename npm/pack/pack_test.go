package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/cmdline"
)

// TestPackAndInstall packs the main package and the host's platform
// package twice (the tarballs must be byte for byte the same), installs
// them into a fresh folder with npm, offline and without scripts, and runs
// what users run: the three kinds of build through npx tokengen, the
// package.json scripts written for style-dictionary's command line with
// only the command's name replaced, and the JavaScript API from an ES
// module and from CommonJS. Every expected file and log under
// testdata/want is what style-dictionary 5.5.5 (with
// @tokens-studio/sd-transforms 2.0.3) printed and wrote for the same
// project in node, but for the header's timestamp line, which tokengen
// adds.
func TestPackAndInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("packs and installs the npm packages (a full build of the binary): skipped with -short")
	}
	for _, tool := range []string{"npm", "npx", "node"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is needed to test the npm packages: %v", tool, err)
			}
			t.Skipf("SKIPPED: %s not found, so the npm packages are not tested (CI=1 makes this a failure)", tool)
		}
	}
	host, ok := hostPlatform()
	if !ok {
		t.Skip("no npm package is made for this platform")
	}
	ctx := t.Context()
	first, err := pack(ctx, t.TempDir(), []platform{host})
	if err != nil {
		t.Fatal(err)
	}
	again, err := pack(ctx, t.TempDir(), []platform{host})
	if err != nil {
		t.Fatal(err)
	}
	for i, tb := range first {
		t.Logf("%s: %d bytes", filepath.Base(tb.path), tb.size)
		if a := again[i]; filepath.Base(a.path) != filepath.Base(tb.path) || a.sha256 != tb.sha256 {
			t.Errorf("packing twice made %s (sha256 %s), then %s (sha256 %s)", filepath.Base(tb.path), tb.sha256, filepath.Base(a.path), a.sha256)
		}
	}
	if len(first) != 2 || filepath.Base(first[1].path) != "tokengen-"+cmdline.Version+".tgz" {
		t.Fatalf("packed %v, want the host's platform package and tokengen-%s.tgz", first, cmdline.Version)
	}

	app := t.TempDir()
	if err := os.CopyFS(app, os.DirFS("testdata/project")); err != nil {
		t.Fatal(err)
	}
	manifest := `{
  "name": "app",
  "private": true,
  "scripts": {
    "tokens": "tokengen build --config config.json --platform css --verbose",
    "tokens:silent": "tokengen build --config config.json --silent",
    "tokens:nowarn": "tokengen build --config config.json --no-warn",
    "tokens:clean": "tokengen clean --config config.json"
  }
}
`
	if err := os.WriteFile(filepath.Join(app, "package.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	// Nothing may be fetched: an empty cache, and --offline.
	env := append(os.Environ(), "npm_config_cache="+t.TempDir(), "npm_config_offline=true",
		"npm_config_update_notifier=false", "npm_config_audit=false", "npm_config_fund=false", "TOKENGEN_BINARY=")
	run := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir, cmd.Env = app, env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out, stderr.Bytes())
		}
		return string(out)
	}
	run("npm", "install", "--ignore-scripts", "--offline", first[1].path, first[0].path)

	if got, want := run("npx", "--offline", "tokengen", "--version"), cmdline.Version+" (commit "; !strings.HasPrefix(got, want) {
		t.Errorf("tokengen --version printed %q, want the version and commit", got)
	}
	for _, step := range []struct{ args, log string }{
		{"build --config config.json", "json.out"},
		{"build --config config.mjs", "mjs.out"}, // imports style-dictionary and sd-transforms, neither installed
		{"run build.mjs", "script.out"},
	} {
		got := run("npx", append([]string{"--offline", "tokengen"}, strings.Fields(step.args)...)...)
		if want := readFile(t, filepath.Join("testdata/want", step.log)); got != want {
			t.Errorf("npx tokengen %s printed\n%s\nwant (the reference's)\n%s", step.args, got, want)
		}
	}
	compareTree(t, filepath.Join(app, "build"), "testdata/want/build")

	// package.json scripts written for style-dictionary's command line,
	// each over no build folder: tokengen names only the files it
	// rewrites, and the reference's log names every file
	rmBuild := func() {
		if err := os.RemoveAll(filepath.Join(app, "build")); err != nil {
			t.Fatal(err)
		}
	}
	rmBuild()
	if got, want := run("npm", "run", "--silent", "tokens"), readFile(t, "testdata/want/verbose-css.out"); got != want {
		t.Errorf("npm run tokens printed %q, want %q", got, want)
	}
	if got := run("npm", "run", "--silent", "tokens:silent"); got != "" {
		t.Errorf("--silent printed %q", got)
	}
	rmBuild()
	if got, want := run("npm", "run", "--silent", "tokens:nowarn"), readFile(t, "testdata/want/json.out"); got != want {
		t.Errorf("--no-warn printed %q, want %q", got, want)
	}
	run("npm", "run", "--silent", "tokens:clean")
	for _, gone := range []string{"build/json/vars.css", "build/json/tokens.js", "build/json"} {
		if _, err := os.Stat(filepath.Join(app, gone)); err == nil {
			t.Errorf("clean left %s", gone)
		}
	}

	// The JavaScript API, from an ES module and from CommonJS.
	wantESM := `{"sameDir":true,"files":[{"platform":"css","path":"build/json/vars.css","status":"written"}],"warnings":[]}
true 1 error broken/link.json:2:23 link: reference {color.base.green} is not defined
removed build/json/vars.css
removed build/json
removed build
loading config
formatting 5 tokens
written build/hooks/count.txt
`
	if got := run("node", "api.mjs"); got != wantESM {
		t.Errorf("api.mjs printed\n%s\nwant\n%s", got, wantESM)
	}
	wantCJS := `{"sameDir":true,"files":[{"platform":"js","path":"build/json/tokens.js","status":"written"}],"warnings":[]}
true 1 1
true 1 inputs (theme) choose contexts of a resolver document's modifiers, and the config names no resolver
`
	if got := run("node", "api.cjs"); got != wantCJS {
		t.Errorf("api.cjs printed\n%s\nwant\n%s", got, wantCJS)
	}

	// The shim passes on the binary's exit status and streams.
	for _, c := range []struct {
		args   string
		code   int
		stderr string
	}{
		{"build --config broken.json", 1, "broken/link.json:2:23: token link: reference {color.base.green} is not defined\ntokengen: 1 error; no files were written\n"},
		{"build --platfrom css", 2, "tokengen: unknown option --platfrom\nDid you mean --platform?\nSee --help for a list of available options.\n"},
	} {
		cmd := exec.CommandContext(ctx, "npx", append([]string{"--offline", "tokengen"}, strings.Fields(c.args)...)...)
		cmd.Dir, cmd.Env = app, env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != c.code || stderr.String() != c.stderr {
			t.Errorf("npx tokengen %s: %v, stderr %q; want exit code %d, stderr %q", c.args, err, stderr.String(), c.code, c.stderr)
		}
	}

	// Without its platform package, the command says which one is missing.
	pkg := filepath.Join(app, "node_modules", "@tokengen", host.key())
	if err := os.Rename(pkg, pkg+".away"); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, "npx", "--offline", "tokengen", "--version")
	cmd.Dir, cmd.Env = app, env
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), host.pkgName()+", which is not installed") {
		t.Errorf("without %s: %v\n%s", host.pkgName(), err, out)
	}
	if err := os.Rename(pkg+".away", pkg); err != nil {
		t.Fatal(err)
	}
}

// TestManifests checks what npm reads of the packages: the same version
// everywhere, exact optional dependencies on every platform package, the
// os and cpu fields, no install scripts.
func TestManifests(t *testing.T) {
	dir := t.TempDir()
	if err := writeMainPackage(repoRootForTest(t), dir); err != nil {
		t.Fatal(err)
	}
	var main struct {
		Version              string
		Scripts              map[string]string
		Bin                  map[string]string
		OptionalDependencies map[string]string
		Exports              map[string]json.RawMessage
	}
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "package.json"))), &main); err != nil {
		t.Fatal(err)
	}
	if main.Version != cmdline.Version || len(main.Scripts) > 0 || main.Bin["tokengen"] != "bin/tokengen.js" {
		t.Errorf("package.json: version %q, scripts %v, bin %v", main.Version, main.Scripts, main.Bin)
	}
	if len(main.OptionalDependencies) != len(platforms) {
		t.Errorf("optionalDependencies %v, want the %d platform packages", main.OptionalDependencies, len(platforms))
	}
	for _, p := range platforms {
		if v := main.OptionalDependencies[p.pkgName()]; v != cmdline.Version {
			t.Errorf("optionalDependencies[%s] = %q, want exactly %s", p.pkgName(), v, cmdline.Version)
		}
	}
	// TypeScript reads the first condition that matches: types first
	if s := string(main.Exports["."]); !regexp.MustCompile(`"import": \{\s*"types"`).MatchString(s) || !regexp.MustCompile(`"require": \{\s*"types"`).MatchString(s) {
		t.Errorf(`exports["."] = %s: "types" must come first`, s)
	}
	for _, f := range append(mainFiles, "index.d.mts") {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if st, err := os.Stat(filepath.Join(dir, "bin", "tokengen.js")); err != nil {
		t.Error(err)
	} else if st.Mode().Perm() != 0o755 {
		t.Errorf("bin/tokengen.js has mode %v, want 0755", st.Mode().Perm())
	}
	// the shim knows the same six platform packages
	shim := readFile(t, filepath.Join(dir, "lib", "binary.cjs"))
	for _, p := range platforms {
		if !strings.Contains(shim, "'"+p.key()+"': '"+p.pkgName()+"'") {
			t.Errorf("lib/binary.cjs does not map %s to %s", p.key(), p.pkgName())
		}
	}
}

func repoRootForTest(t *testing.T) string {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// timestampLine is the header line tokengen writes and the reference, in
// these configs, does not.
var timestampLine = regexp.MustCompile(`(?m)^.*Generated on .*GMT\n`)

// compareTree compares the files under got and want, but for the
// timestamp line.
func compareTree(t *testing.T, got, want string) {
	t.Helper()
	seen := map[string]bool{}
	filepath.WalkDir(want, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(want, path)
		seen[rel] = true
		data, err := os.ReadFile(filepath.Join(got, rel))
		if err != nil {
			t.Errorf("%s not written: %v", rel, err)
			return nil
		}
		if g, w := timestampLine.ReplaceAllString(string(data), ""), readFile(t, path); g != w {
			t.Errorf("%s:\n%s\nwant (the reference's)\n%s", rel, g, w)
		}
		return nil
	})
	filepath.WalkDir(got, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if rel, _ := filepath.Rel(got, path); !seen[rel] {
				t.Errorf("%s written, the reference does not write it", rel)
			}
		}
		return err
	})
}
