// Package goconfig compiles and runs a Go configuration: a package of the
// user's module (or a single Go file) that declares
//
//	func Config() tokenbuild.Config
//
// tokengen writes a small main package into its cache folder, builds it with
// `go build -overlay` as a virtual folder `_tokengen` at the root of the
// user's module (so go.mod, replace directives, go.work and vendor/ all
// apply and nothing is written to the user's tree), and runs the binary.
// The binary lives at a stable path per module and package, so `go build`
// itself decides whether it is up to date, unless a fingerprint of what
// the binary is built from shows that nothing changed (fingerprint.go),
// which spares go build's own check.
//
// Two shapes are accepted:
//
//   - Package mode: target is a folder holding an ordinary (non-main)
//     package. The stub imports it and calls configmain.Main(pkg.Config()).
//   - File mode: target is one .go file, typically a `//go:build ignore`
//     file next to the tokens. The file is compiled on its own, as package
//     main in the virtual folder: its build constraint lines are blanked and
//     its package clause renamed, and a //line directive keeps compiler
//     positions pointing at the original file. When the file declares its
//     own func main (the escape hatch that also works with `go run`), no
//     stub main is added.
package goconfig

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tokengen/tokengen/internal/cmdline"
	"github.com/tokengen/tokengen/internal/interrupt"
)

// stubVersion is part of the cache key; bump it when the stub changes shape.
const stubVersion = "2"

// tokenbuildPath is the import path of the contract, which declares the
// Config type, and mainPath that of the package whose Main the stub calls.
const (
	tokenbuildPath = "github.com/tokengen/tokengen/tokenbuild"
	mainPath       = "github.com/tokengen/tokengen/configmain"
)

// virtualDir is the name of the folder, inside the user's module root, that
// exists only in the overlay. The leading underscore keeps `./...` from
// matching it.
const virtualDir = "_tokengen"

// CacheEnv overrides the cache folder (default: os.UserCacheDir()/tokengen).
const CacheEnv = "TOKENGEN_CACHE"

// TraceEnv, when "1", makes Run report on stderr whether the config binary
// was relinked or up to date, and how long the build step took.
const TraceEnv = "TOKENGEN_TRACE"

// configHint is printed when the compiler's complaint is about the stub's
// call of Config, which means Config is missing or has the wrong signature.
const configHint = "tokengen: the config package must declare func Config() tokenbuild.Config"

// target is a resolved Go config.
type target struct {
	dir        string // the config's folder: the binary runs there
	modRoot    string // root folder of the module holding the config
	importPath string // package mode: the config package's import path
	file       string // file mode: absolute path of the config file
}

// Run compiles the Go config at target (a package folder or a .go file) if
// needed and runs it with args (the CLI arguments, e.g. "build --platform
// css"), its working folder being the config's folder. It returns the
// config program's exit code. A non-nil error means tokengen itself could
// not compile or start the config; the caller prints it and exits with the
// returned code. Compiler output has already been written to stderr then.
func Run(ctx context.Context, targetPath string, args []string, stdout, stderr io.Writer) (int, error) {
	t, err := resolve(ctx, targetPath)
	if err != nil {
		return 1, cmp.Or(ctx.Err(), err) // the go command was stopped, not wrong
	}
	base := cmdline.DisplayBase()
	bin, err := compile(ctx, t, base, stderr)
	if err != nil {
		return 1, cmp.Or(ctx.Err(), err)
	}
	source := t.file
	if source == "" {
		source = t.dir
	}
	env := append(os.Environ(), cmdline.SourceEnv+"="+source, cmdline.BaseEnv+"="+base, "PWD="+t.dir)
	return runBinary(ctx, bin, t.dir, env, args, stdout, stderr)
}

// resolve finds the module root and, in package mode, the import path.
func resolve(ctx context.Context, p string) (*target, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("Go config: %w", err)
	}
	if !fi.IsDir() {
		if filepath.Ext(abs) != ".go" {
			return nil, fmt.Errorf("Go config %s: not a .go file or a package folder", p)
		}
		root, err := findModRoot(filepath.Dir(abs))
		if err != nil {
			return nil, err
		}
		return &target{dir: filepath.Dir(abs), modRoot: root, file: abs}, nil
	}
	pkg, err := locatePackage(ctx, abs)
	if err != nil {
		return nil, err
	}
	if pkg.Name == "main" {
		return nil, fmt.Errorf("Go config %s is package main, which cannot be imported; "+
			"use a non-main package declaring func Config() tokenbuild.Config, "+
			"or pass the single file to --config", p)
	}
	return &target{dir: abs, modRoot: pkg.Module.Dir, importPath: pkg.ImportPath}, nil
}

// locatePackage finds the import path, name and module root of the package
// in dir. The import path is the module path plus the folder's path inside
// the module, whatever go.work or vendor/ say, so reading go.mod is enough
// and spares a `go list` (30-80 ms) on every run; go list remains the
// fallback for anything unusual.
func locatePackage(ctx context.Context, dir string) (*listedPackage, error) {
	root, err := findModRoot(dir)
	if err != nil || strings.Contains(os.Getenv("GOFLAGS"), "-modfile") {
		return goList(ctx, dir)
	}
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return goList(ctx, dir)
	}
	modPath := modulePath(data)
	rel, err := filepath.Rel(root, dir)
	if modPath == "" || err != nil {
		return goList(ctx, dir)
	}
	name, ok := packageName(dir)
	if !ok {
		return goList(ctx, dir)
	}
	pkg := &listedPackage{ImportPath: modPath, Name: name, Module: &struct{ Dir string }{root}}
	if rel != "." {
		pkg.ImportPath += "/" + filepath.ToSlash(rel)
	}
	return pkg, nil
}

// modulePath reads the module path from go.mod contents ("" when absent).
func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		line = strings.TrimSpace(line)
		rest, ok := strings.CutPrefix(line, "module")
		if !ok || rest == "" || !strings.ContainsAny(rest[:1], " \t\"`") {
			continue
		}
		if i := strings.Index(rest, "//"); i >= 0 {
			rest = rest[:i]
		}
		rest = strings.TrimSpace(rest)
		if strings.HasPrefix(rest, "\"") || strings.HasPrefix(rest, "`") {
			if u, err := strconv.Unquote(rest); err == nil {
				return u
			}
			return ""
		}
		return rest
	}
	return ""
}

// packageName is the package clause of the first buildable non-test .go
// file in dir.
func packageName(dir string) (string, bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	for _, e := range entries {
		n := e.Name()
		if !e.Type().IsRegular() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if match, err := build.Default.MatchFile(dir, n); err != nil || !match {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, n), nil, parser.PackageClauseOnly)
		if err != nil {
			return "", false
		}
		return f.Name.Name, true
	}
	return "", false
}

// listedPackage is the part of `go list -json` output that Run needs.
type listedPackage struct {
	ImportPath string
	Name       string
	Module     *struct{ Dir string }
	Error      *struct{ Err string }
}

// goList asks the go command for the package in dir: its import path and
// module root, with go.work, GOFLAGS=-modfile and the like applied.
func goList(ctx context.Context, dir string) (*listedPackage, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-e", "-json=ImportPath,Name,Module,Error", ".")
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go list in %s: %v\n%s", dir, err, strings.TrimSpace(errOut.String()))
	}
	var pkg listedPackage
	if err := json.Unmarshal(out.Bytes(), &pkg); err != nil {
		return nil, fmt.Errorf("go list in %s: %v", dir, err)
	}
	if pkg.Error != nil {
		return nil, fmt.Errorf("Go config %s: %s", dir, pkg.Error.Err)
	}
	if pkg.Module == nil || pkg.Module.Dir == "" {
		return nil, fmt.Errorf("Go config %s is not inside a Go module (run go mod init)", dir)
	}
	return &pkg, nil
}

// findModRoot walks up from dir to the nearest go.mod, as the go command
// does to pick the module of a folder.
func findModRoot(dir string) (string, error) {
	for d := dir; ; {
		if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !fi.IsDir() {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("Go config in %s is not inside a Go module (run go mod init)", dir)
		}
		d = parent
	}
}

// cacheDir is the per-config cache folder. Its name depends only on where
// the config is and what it is built for, never on source contents.
func cacheDir(t *target) (string, error) {
	base := os.Getenv(CacheEnv)
	if base == "" {
		ucd, err := os.UserCacheDir()
		if err != nil {
			ucd = os.TempDir()
		}
		base = filepath.Join(ucd, "tokengen")
	}
	h := sha256.New()
	for _, part := range []string{t.modRoot, t.importPath, t.file, runtime.GOOS, runtime.GOARCH, stubVersion} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return filepath.Join(base, hex.EncodeToString(h.Sum(nil))[:16]), nil
}

// compile writes the stub and overlay and runs `go build`, which relinks only
// when something the binary depends on changed, unless the fingerprint
// shows that nothing did. It returns the binary path.
func compile(ctx context.Context, t *target, base string, stderr io.Writer) (string, error) {
	dir, err := cacheDir(t)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	files, err := stubFiles(t)
	if err != nil {
		return "", err
	}
	overlay := struct{ Replace map[string]string }{Replace: map[string]string{}}
	virtual := filepath.Join(t.modRoot, virtualDir)
	for name, content := range files {
		real := filepath.Join(dir, name)
		if err := writeIfChanged(real, content); err != nil {
			return "", err
		}
		overlay.Replace[filepath.Join(virtual, name)] = real
	}
	overlayJSON, err := json.MarshalIndent(overlay, "", "\t")
	if err != nil {
		return "", err
	}
	overlayPath := filepath.Join(dir, "overlay.json")
	if err := writeIfChanged(overlayPath, overlayJSON); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "config")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	// The go command takes the main module from its working folder, and
	// prints file paths relative to it: use the folder paths are shown
	// from when it is in the config's module, else the config's folder.
	runDir := t.dir
	if root, err := findModRoot(base); err == nil && root == t.modRoot {
		runDir = base
	}
	trace := os.Getenv(TraceEnv) == "1"
	start := time.Now()
	fpPath := filepath.Join(dir, "fingerprint.json")
	if fp := readFingerprint(fpPath); fp != nil {
		if key, ok := fingerprintKey(t, runDir, files, fp.ModFiles); ok && fp.matches(key, bin) {
			if trace {
				fmt.Fprintf(stderr, "tokengen: Go config binary up to date (nothing it is built from changed; go build skipped, %v)\n",
					time.Since(start).Round(time.Millisecond))
			}
			return bin, nil
		}
	}
	// The binary runs here, whatever GOOS/GOARCH go generate was given.
	env := append(os.Environ(), "GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH)
	cmd := exec.CommandContext(ctx, "go", "build", "-overlay="+overlayPath, "-o", bin, virtual)
	interruptGently(cmd)
	cmd.Env, cmd.Dir = env, runDir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	var before []byte
	if trace {
		before = fileDigest(bin)
	}
	err = cmd.Run()
	if trace {
		state := "compiled"
		if err == nil && before != nil && bytes.Equal(before, fileDigest(bin)) {
			state = "up to date"
		}
		fmt.Fprintf(stderr, "tokengen: Go config binary %s (go build %v)\n", state, time.Since(start).Round(time.Millisecond))
	}
	shown := tidyCompilerOutput(out.String(), runDir, base, t)
	if err != nil {
		io.WriteString(stderr, shown)
		if needsConfigHint(out.String()) {
			fmt.Fprintln(stderr, configHint)
		}
		return "", fmt.Errorf("compiling Go config %s failed", displayName(t, base))
	}
	io.WriteString(stderr, shown) // warnings, if any
	recordFingerprint(ctx, fpPath, t, runDir, overlayPath, bin, env, files, start)
	return bin, nil
}

// displayName names the config in messages: its import path, or its file
// as seen from base.
func displayName(t *target, base string) string {
	if t.file == "" {
		return t.importPath
	}
	if rel, err := filepath.Rel(base, t.file); err == nil && base != "" {
		return rel
	}
	return t.file
}

// tidyCompilerOutput shows go build's output as the user's command would
// print it: file positions relative to base (the go command writes them
// relative to its working folder, with "./" for its own files and odd
// detours for a //line file outside the package), and the virtual
// package's "# example.com/app/_tokengen" header naming the config.
func tidyCompilerOutput(out, runDir, base string, t *target) string {
	if out == "" {
		return out
	}
	lines := strings.SplitAfter(out, "\n")
	for i, l := range lines {
		if h, ok := strings.CutPrefix(l, "# "); ok {
			if strings.HasSuffix(strings.TrimSpace(h), "/"+virtualDir) {
				lines[i] = "# " + displayName(t, base) + "\n"
			}
			continue
		}
		file, rest, ok := strings.Cut(l, ":")
		if !ok || !strings.HasSuffix(file, ".go") || strings.ContainsAny(file, " \t") || rest == "" || rest[0] < '0' || rest[0] > '9' {
			continue
		}
		abs := file
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(runDir, file)
		}
		if _, err := os.Stat(abs); err != nil {
			continue // the virtual stub: leave it be
		}
		if rel, err := filepath.Rel(base, abs); err == nil && base != "" {
			lines[i] = rel + ":" + rest
		}
	}
	return strings.Join(lines, "")
}

// fileDigest is the sha256 of a file, nil when it cannot be read. Only the
// trace uses it: go build touches an up-to-date binary, and may rewrite it
// in place, so neither mtime nor inode tells whether it was relinked.
func fileDigest(path string) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil
	}
	return h.Sum(nil)
}

// needsConfigHint reports whether go build's output blames the stub, which
// only happens when the config's Config function is missing or mistyped.
func needsConfigHint(out string) bool {
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, virtualDir+string(filepath.Separator)+"main.go:") ||
			strings.Contains(line, virtualDir+"/main.go:") {
			return true
		}
		if strings.Contains(line, "undefined: Config") ||
			strings.Contains(line, "as tokenbuild.Config") ||
			strings.Contains(line, "as func() tokenbuild.Config") {
			return true
		}
	}
	return false
}

// writeIfChanged writes content to path atomically, unless it already holds
// exactly that: an unchanged stub keeps the cached binary valid.
func writeIfChanged(path string, content []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, content) {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(content)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// interruptGently makes a cancelled go command get an interrupt rather
// than be killed: it then removes its temporary work folder, and the
// output file it was writing.
func interruptGently(cmd *exec.Cmd) {
	cmd.Cancel = func() error {
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
	cmd.WaitDelay = stopDelay
}

// ProgramError is a Go config program that did not end as a build ends:
// it exited without reporting its result (a hook called os.Exit, or a
// panic crashed it), or was killed. What it wrote is not known, so the
// message claims nothing about files.
type ProgramError struct{ Msg string }

func (e *ProgramError) Error() string { return e.Msg }

// stopDelay is how long a Go config program is given to stop once it is
// sent the signal the command got: it stops by itself within
// interrupt.Grace, removing what it staged; one that does not (it
// ignores the signal) is killed.
const stopDelay = time.Second

// runBinary execs the compiled config with the CLI arguments and passes its
// exit code through. The program reports its exit code in a file as it
// ends (configmain.Main): one that exits without doing so did not finish its
// build, whatever its status says.
func runBinary(ctx context.Context, bin, dir string, env, args []string, stdout, stderr io.Writer) (int, error) {
	report, err := os.CreateTemp("", "tokengen-report-*")
	if err != nil {
		return 1, fmt.Errorf("running Go config: %w", err)
	}
	report.Close()
	defer os.Remove(report.Name())
	cmd := exec.CommandContext(ctx, bin, args...)
	// Cancelled (Ctrl-C, SIGTERM), the program is sent the signal the
	// command got, so that it removes its staged files and says what it
	// wrote, as the command itself does; killing it outright would leave
	// them behind. It is killed only if it does not stop.
	cmd.Cancel = func() error {
		sig, ok := interrupt.SignalOf(ctx)
		if !ok {
			sig = os.Interrupt
		}
		if err := cmd.Process.Signal(sig); err != nil {
			return cmd.Process.Kill() // no signal to send (Windows)
		}
		return nil
	}
	cmd.WaitDelay = stopDelay
	cmd.Dir, cmd.Env = dir, append(env, cmdline.ReportEnv+"="+report.Name())
	cmd.Stdin = os.Stdin
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		return 1, fmt.Errorf("running Go config: %w", err)
	}
	// the command waits for the program, which stops by itself on a signal
	release := interrupt.Hold(ctx)
	err = cmd.Wait()
	release()
	reported, rerr := os.ReadFile(report.Name())
	code, cerr := strconv.Atoi(string(reported))
	var exitErr *exec.ExitError
	switch {
	case rerr == nil && cerr == nil:
		return code, nil
	case errors.As(err, &exitErr):
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			if sig, ok := interrupt.SignalOf(ctx); ok && ws.Signal() == sig && !errors.Is(err, exec.ErrWaitDelay) {
				// stopped by the signal it was sent before it could
				// handle it: before its build began, so it wrote nothing
				return 1, ctx.Err()
			}
			if ctx.Err() != nil {
				return 1, &ProgramError{fmt.Sprintf("tokengen: interrupted; the Go config program did not stop within %v of the signal and was killed", stopDelay)}
			}
			return 1, &ProgramError{fmt.Sprintf("tokengen: the Go config program was killed (%v) before reporting its result", ws.Signal())}
		}
		return 1, &ProgramError{fmt.Sprintf("tokengen: the Go config program exited before reporting its result (exit status %d; does a hook call os.Exit?)", exitErr.ExitCode())}
	case err == nil:
		return 1, &ProgramError{"tokengen: the Go config program exited before reporting its result (exit status 0; does a hook call os.Exit?)"}
	default:
		return 1, fmt.Errorf("running Go config: %w", err)
	}
}
