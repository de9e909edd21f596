// Command pack makes tokengen's npm packages from the repository it is run
// in (npm/pack.sh runs it):
//
//	go run ./npm/pack [-platforms linux-x64,darwin-arm64] OUTDIR
//
// For each platform it cross-compiles the static binary (CGO_ENABLED=0,
// -trimpath, no symbols, no build ID, the commit linked in) and writes the
// package @tokengen/<os>-<cpu> holding it; then it writes the main package,
// tokengen (the command's shim, the JavaScript API and its types, from
// npm/tokengen), whose optionalDependencies name every platform package at
// the same version. Every package's version is cmdline.Version. Each
// package is packed with npm pack into OUTDIR, platform packages first (the
// order to publish them in), and the tarballs' names, sizes and SHA-256 are
// printed. The same commit and Go toolchain make the same tarballs: npm
// pack gives every entry a fixed time, and the packer fixes every mode.
//
// -platforms packs only some platform packages (a test packs the host's);
// the main package still names all six.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/tokengen/tokengen/internal/cmdline"
)

// A platform is one platform package: npm's names for the system and CPU
// (process.platform, process.arch) and Go's.
type platform struct {
	os, cpu      string // npm: linux, darwin, win32; x64, arm64
	goos, goarch string
}

func (p platform) key() string     { return p.os + "-" + p.cpu }
func (p platform) pkgName() string { return "@tokengen/" + p.key() }

func (p platform) binaryName() string {
	if p.goos == "windows" {
		return "tokengen.exe"
	}
	return "tokengen"
}

// platforms are the six the packages are made for, in publishing order.
var platforms = []platform{
	{"linux", "x64", "linux", "amd64"},
	{"linux", "arm64", "linux", "arm64"},
	{"darwin", "x64", "darwin", "amd64"},
	{"darwin", "arm64", "darwin", "arm64"},
	{"win32", "x64", "windows", "amd64"},
	{"win32", "arm64", "windows", "arm64"},
}

// hostPlatform is the platform of the machine running the packer, if it
// is one of the six.
func hostPlatform() (platform, bool) {
	for _, p := range platforms {
		if p.goos == runtime.GOOS && p.goarch == runtime.GOARCH {
			return p, true
		}
	}
	return platform{}, false
}

func main() {
	only := flag.String("platforms", "", "comma-separated platform packages to make (default: all six: "+allKeys()+")")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "Usage: go run ./npm/pack [-platforms linux-x64,...] OUTDIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	selected, err := choose(*only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pack:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	tarballs, err := pack(ctx, flag.Arg(0), selected)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pack:", err)
		os.Exit(1)
	}
	for _, t := range tarballs {
		fmt.Printf("%-36s %9d bytes  sha256 %s\n", filepath.Base(t.path), t.size, t.sha256)
	}
}

func allKeys() string {
	var keys []string
	for _, p := range platforms {
		keys = append(keys, p.key())
	}
	return strings.Join(keys, ",")
}

// choose reads -platforms.
func choose(list string) ([]platform, error) {
	if list == "" {
		return platforms, nil
	}
	var out []platform
	for _, k := range strings.Split(list, ",") {
		found := false
		for _, p := range platforms {
			if p.key() == strings.TrimSpace(k) {
				out, found = append(out, p), true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown platform %q; the platforms are %s", k, allKeys())
		}
	}
	return out, nil
}

// A tarball is a package npm pack wrote.
type tarball struct {
	path   string
	size   int64
	sha256 string
}

// pack builds and packs the packages into outDir (made if missing).
func pack(ctx context.Context, outDir string, selected []platform) ([]tarball, error) {
	repo, err := repoRoot()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, err
	}
	outDir, err = filepath.Abs(outDir)
	if err != nil {
		return nil, err
	}
	stage, err := os.MkdirTemp("", "tokengen-npm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(stage)
	commit := gitCommit(ctx, repo)
	var dirs []string
	for _, p := range selected {
		dir := filepath.Join(stage, p.key())
		if err := writePlatformPackage(ctx, repo, dir, p, commit); err != nil {
			return nil, fmt.Errorf("%s: %w", p.pkgName(), err)
		}
		dirs = append(dirs, dir)
	}
	mainDir := filepath.Join(stage, "tokengen")
	if err := writeMainPackage(repo, mainDir); err != nil {
		return nil, fmt.Errorf("tokengen: %w", err)
	}
	dirs = append(dirs, mainDir)
	var out []tarball
	for _, dir := range dirs {
		t, err := npmPack(ctx, dir, outDir)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// repoRoot is the folder of tokengen's go.mod, above the working folder.
func repoRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && bytes.HasPrefix(data, []byte("module github.com/tokengen/tokengen\n")) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", errors.New("run the packer inside the tokengen repository (npm/pack.sh does)")
		}
	}
}

// gitCommit is the commit checked out, shortened as --version shows it,
// with -dirty when tracked files differ from it; "" without git.
func gitCommit(ctx context.Context, repo string) string {
	out, err := exec.CommandContext(ctx, "git", "-C", repo, "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	commit := strings.TrimSpace(string(out))
	if len(commit) > 12 {
		commit = commit[:12]
	}
	status, err := exec.CommandContext(ctx, "git", "-C", repo, "status", "--porcelain", "--untracked-files=no").Output()
	if err == nil && len(bytes.TrimSpace(status)) > 0 {
		commit += "-dirty"
	}
	return commit
}

// buildBinary cross-compiles cmd/tokengen for p into path. Everything that
// could make two builds of a commit differ is fixed: no cgo, no paths of
// this machine (-trimpath), no build ID, no VCS stamp (the commit is linked
// in instead, so a build outside git is the same), the baseline CPU
// levels, and none of the user's GOFLAGS.
func buildBinary(ctx context.Context, repo, path string, p platform, commit string) error {
	ldflags := "-s -w -buildid= -X github.com/tokengen/tokengen/internal/cmdline.Commit=" + commit
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags, "-o", path, "./cmd/tokengen")
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+p.goos, "GOARCH="+p.goarch,
		"GOAMD64=v1", "GOARM64=v8.0", "GOFLAGS=", "GOEXPERIMENT=")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build for %s/%s: %w", p.goos, p.goarch, err)
	}
	return nil
}

// repository is where the packages say their source is.
var repository = map[string]string{"type": "git", "url": "git+https://github.com/tokengen/tokengen.git"}

// platformManifest is a platform package's package.json, fields in the
// order written.
type platformManifest struct {
	Name            string            `json:"name"`
	Version         string            `json:"version"`
	Description     string            `json:"description"`
	Repository      map[string]string `json:"repository"`
	OS              []string          `json:"os"`
	CPU             []string          `json:"cpu"`
	PreferUnplugged bool              `json:"preferUnplugged"` // Yarn PnP: a binary must be on disk
}

func writePlatformPackage(ctx context.Context, repo, dir string, p platform, commit string) error {
	bin := filepath.Join(dir, "bin", p.binaryName())
	if err := buildBinary(ctx, repo, bin, p, commit); err != nil {
		return err
	}
	m := platformManifest{Name: p.pkgName(), Version: cmdline.Version,
		Description: fmt.Sprintf("The tokengen binary for %s %s; installed by the tokengen package", p.os, p.cpu),
		Repository:  repository, OS: []string{p.os}, CPU: []string{p.cpu}, PreferUnplugged: true}
	readme := fmt.Sprintf("# %s\n\nThe [tokengen](https://www.npmjs.com/package/tokengen) binary for %s %s "+
		"(built from commit %s). Install `tokengen`, not this package: npm installs this one beside it on %s %s.\n",
		p.pkgName(), p.os, p.cpu, commit, p.os, p.cpu)
	if err := writeJSON(filepath.Join(dir, "package.json"), m); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte(readme), 0o644); err != nil {
		return err
	}
	return fixModes(dir, map[string]bool{bin: true})
}

// mainManifest is the tokengen package's package.json.
type mainManifest struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	Description          string            `json:"description"`
	Keywords             []string          `json:"keywords"`
	Repository           map[string]string `json:"repository"`
	Bin                  map[string]string `json:"bin"`
	Main                 string            `json:"main"`
	Types                string            `json:"types"`
	Exports              json.RawMessage   `json:"exports"`
	Engines              map[string]string `json:"engines"`
	OptionalDependencies map[string]string `json:"optionalDependencies"`
}

// mainFiles are the main package's files, from npm/tokengen.
var mainFiles = []string{"README.md", "bin/tokengen.js", "lib/binary.cjs", "index.cjs", "index.mjs", "index.d.ts"}

func writeMainPackage(repo, dir string) error {
	src := filepath.Join(repo, "npm", "tokengen")
	for _, f := range mainFiles {
		data, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(f)))
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(f)), data); err != nil {
			return err
		}
		if f == "index.d.ts" {
			// the same declarations for import (an ES module's types
			// must be .d.mts when the package is CommonJS)
			if err := writeFile(filepath.Join(dir, "index.d.mts"), data); err != nil {
				return err
			}
		}
	}
	deps := map[string]string{}
	for _, p := range platforms {
		deps[p.pkgName()] = cmdline.Version // exact: the shim and binaries move together
	}
	m := mainManifest{
		Name: "tokengen", Version: cmdline.Version,
		Description: "Design tokens to CSS, SCSS, JS, Android, iOS and more: style-dictionary's configs and output, in one native binary",
		Keywords:    []string{"design-tokens", "style-dictionary", "dtcg", "tokens-studio", "css", "theming"},
		Repository:  repository,
		Bin:         map[string]string{"tokengen": "bin/tokengen.js"},
		Main:        "./index.cjs",
		Types:       "./index.d.ts",
		// written out: conditions match in their order, and "types"
		// must come before "default" for TypeScript to see it
		Exports: json.RawMessage(`{
			".": {
				"import": {"types": "./index.d.mts", "default": "./index.mjs"},
				"require": {"types": "./index.d.ts", "default": "./index.cjs"}
			},
			"./package.json": "./package.json"
		}`),
		Engines:              map[string]string{"node": ">=18"},
		OptionalDependencies: deps,
	}
	if err := writeJSON(filepath.Join(dir, "package.json"), m); err != nil {
		return err
	}
	return fixModes(dir, map[string]bool{filepath.Join(dir, "bin", "tokengen.js"): true})
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

func writeJSON(path string, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	return writeFile(path, b.Bytes())
}

// fixModes gives every file 0644 and every folder 0755, whatever the
// umask, and the executables 0755: npm pack keeps modes.
func fixModes(dir string, executables map[string]bool) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := fs.FileMode(0o644)
		if d.IsDir() || executables[path] {
			mode = 0o755
		}
		return os.Chmod(path, mode)
	})
}

// npmPack packs the package in dir into outDir.
func npmPack(ctx context.Context, dir, outDir string) (tarball, error) {
	cmd := exec.CommandContext(ctx, "npm", "pack", "--json", "--ignore-scripts", "--pack-destination", outDir)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return tarball{}, fmt.Errorf("npm pack in %s: %w", filepath.Base(dir), err)
	}
	var packed []struct{ Filename string }
	if err := json.Unmarshal(out, &packed); err != nil || len(packed) != 1 {
		return tarball{}, fmt.Errorf("npm pack in %s: unexpected output %q", filepath.Base(dir), out)
	}
	path := filepath.Join(outDir, packed[0].Filename)
	data, err := os.ReadFile(path)
	if err != nil {
		return tarball{}, err
	}
	sum := sha256.Sum256(data)
	return tarball{path: path, size: int64(len(data)), sha256: hex.EncodeToString(sum[:])}, nil
}
