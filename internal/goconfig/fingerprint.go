package goconfig

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A fingerprint spares the `go build` of a config binary that is up to
// date. go build's own check costs 0.1-0.2 s (it hashes the dependency
// graph of the binary, standard library included), ten times a warm
// token build; the fingerprint reads only what the binary could have
// changed by: the source files of the packages it links from the module
// and from local replacements or workspace modules (those in the module
// cache are fixed by go.mod and go.sum), go.mod, go.sum, go.work,
// vendor/modules.txt, the stub, the go command and the GO* environment.
// Anything else, or a fingerprint that does not match, and go build
// decides, as before; it is recorded again after each go build.
//
// Every source file is read and hashed on each check (a few milliseconds
// even for a module of a hundred files): a size and modification time
// can stay the same through a change (cp -p, a second write within the
// clock's tick). A file modified around a go build is not recorded, as
// go build may have read it before or after the change. Packages that
// embed files or use cgo are not fingerprinted: what they read is not
// just their folder's source files.

// fingerprintVersion is part of the key; bump it when the scheme changes.
const fingerprintVersion = "1"

// modTimeSlack is how close to a build a file's modification time makes
// it suspect: file system clocks tick in up to a second or two.
const modTimeSlack = 2 * time.Second

type fingerprint struct {
	Key      string   // everything but the package folders (fingerprintKey)
	ModFiles []string // go.mod files of the local modules besides the main one, in the key
	Bin      fileStamp
	Dirs     []dirPrint
}

type dirPrint struct {
	Dir   string
	Files []filePrint // Go source files, by name
}

type filePrint struct {
	Name string
	Hash string
}

type fileStamp struct {
	Size    int64
	ModTime int64 // unix nanoseconds
}

func stampOf(fi os.FileInfo) fileStamp {
	return fileStamp{Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}
}

// fingerprintKey hashes what the binary depends on besides the package
// folders: the stub, the module files, the go command and the GO*
// environment. ok is false when the build reads something the key cannot
// see (GOFLAGS=-modfile names another go.mod).
func fingerprintKey(t *target, runDir string, stub map[string][]byte, extraModFiles []string) (key string, ok bool) {
	h := sha256.New()
	put := func(parts ...string) {
		for _, p := range parts {
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
	}
	put(fingerprintVersion, stubVersion, t.modRoot, t.importPath, t.file)
	for _, name := range sortedNames(stub) {
		put(name, string(stub[name]))
	}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch {
		case k == "GOFILE" || k == "GOLINE" || k == "GOPACKAGE" || k == "DOLLAR":
			// set by go generate for each line; they do not change the binary
		case k == "GOOS" || k == "GOARCH" || k == "GOROOT":
			// GOOS and GOARCH are the running system's for the build
			// whatever they say, and GOROOT, which go generate sets, is
			// the go command's own (its path and stamp are in the key):
			// left out, they let go generate and a command run by hand
			// share the fingerprint.
		case strings.HasPrefix(k, "GO") || strings.HasPrefix(k, "CGO_") || k == "CC" || k == "CXX":
			env = append(env, kv)
		}
	}
	slices.Sort(env)
	put(env...)
	if strings.Contains(os.Getenv("GOFLAGS"), "-modfile") {
		return "", false
	}
	// The go command: a new Go release in the same place changes it.
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return "", false
	}
	fi, err := os.Stat(goCmd)
	if err != nil {
		return "", false
	}
	put(goCmd, strconv.FormatInt(fi.ModTime().UnixNano(), 10), strconv.FormatInt(fi.Size(), 10))
	files := []string{
		filepath.Join(t.modRoot, "go.mod"), filepath.Join(t.modRoot, "go.sum"),
		filepath.Join(t.modRoot, "vendor", "modules.txt"),
	}
	files = append(files, goWorkFiles(runDir)...)
	files = append(files, extraModFiles...)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil && !os.IsNotExist(err) {
			return "", false
		}
		put(f, string(data))
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// goWorkFiles are the go.work (and go.work.sum) the go command would use
// from dir: GOWORK's, or the first found walking up.
func goWorkFiles(dir string) []string {
	work := os.Getenv("GOWORK")
	switch work {
	case "off":
		return nil
	case "":
		for d := dir; ; d = filepath.Dir(d) {
			p := filepath.Join(d, "go.work")
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				work = p
				break
			}
			if filepath.Dir(d) == d {
				return []string{"no go.work"}
			}
		}
	}
	return []string{work, work + ".sum"}
}

// isSourceFile reports whether go build reads a file of this name from a
// package folder (test files aside).
func isSourceFile(name string) bool {
	if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return false
	}
	switch filepath.Ext(name) {
	case ".go", ".s", ".S", ".sx", ".c", ".h", ".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx",
		".m", ".f", ".F", ".for", ".f90", ".syso", ".swig", ".swigcxx":
		return true
	}
	return false
}

// readFingerprint reads the recorded fingerprint; nil when there is none.
func readFingerprint(path string) *fingerprint {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var fp fingerprint
	if json.Unmarshal(data, &fp) != nil {
		return nil
	}
	return &fp
}

// matches reports whether nothing the binary depends on changed since fp
// was recorded: the same key, the binary as left, and every package
// folder holding the same source files with the same contents.
func (fp *fingerprint) matches(key, bin string) bool {
	if fp == nil || fp.Key != key {
		return false
	}
	if fi, err := os.Stat(bin); err != nil || stampOf(fi) != fp.Bin {
		return false
	}
	for _, d := range fp.Dirs {
		entries, err := os.ReadDir(d.Dir)
		if err != nil {
			return false
		}
		i := 0
		for _, e := range entries {
			if !e.Type().IsRegular() || !isSourceFile(e.Name()) {
				continue
			}
			if i >= len(d.Files) || d.Files[i].Name != e.Name() {
				return false // a file came or went
			}
			sum, err := hashFile(filepath.Join(d.Dir, e.Name()))
			if err != nil || sum != d.Files[i].Hash {
				return false
			}
			i++
		}
		if i != len(d.Files) {
			return false
		}
	}
	return true
}

func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// listedDep is the part of `go list -deps -json` that the fingerprint
// needs.
type listedDep struct {
	Dir           string
	Standard      bool
	EmbedPatterns []string
	CgoFiles      []string
	Module        *struct {
		Main    bool
		Dir     string
		GoMod   string
		Replace *struct{ Version string }
	}
}

// localDeps lists what the binary links that can change without go.mod
// changing: the folders of its non-standard packages outside the module
// cache (the main module, workspace modules, local replacements, vendor),
// with the go.mod files of their modules. ok is false when the binary
// cannot be fingerprinted.
func localDeps(ctx context.Context, t *target, runDir, overlayPath string, env []string) (dirs, modFiles []string, ok bool) {
	cmd := exec.CommandContext(ctx, "go", "list", "-overlay="+overlayPath, "-deps",
		"-json=Dir,Standard,EmbedPatterns,CgoFiles,Module", filepath.Join(t.modRoot, virtualDir))
	cmd.Dir, cmd.Env = runDir, env
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return nil, nil, false
	}
	dec := json.NewDecoder(&out)
	vendor := filepath.Join(t.modRoot, "vendor") + string(filepath.Separator)
	for {
		var p listedDep
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, nil, false
		}
		if p.Standard {
			continue
		}
		local := p.Module == nil || p.Module.Main || (p.Module.Replace != nil && p.Module.Replace.Version == "") ||
			strings.HasPrefix(p.Dir, vendor)
		if !local {
			continue
		}
		if len(p.EmbedPatterns) > 0 || len(p.CgoFiles) > 0 {
			return nil, nil, false
		}
		if p.Dir == filepath.Join(t.modRoot, virtualDir) {
			continue // the stub: in the key
		}
		dirs = append(dirs, p.Dir)
		if p.Module != nil && p.Module.GoMod != "" && !slices.Contains(modFiles, p.Module.GoMod) {
			modFiles = append(modFiles, p.Module.GoMod)
		}
	}
	slices.Sort(dirs)
	slices.Sort(modFiles)
	return dirs, modFiles, true
}

// recordFingerprint fingerprints a binary go build has just made or found
// up to date; built is when go build started. Nothing is recorded (and a
// stale record is removed) when a file changed while it ran, or when
// something cannot be fingerprinted: go build then decides next time too.
func recordFingerprint(ctx context.Context, path string, t *target, runDir, overlayPath, bin string, env []string,
	stub map[string][]byte, built time.Time) {
	os.Remove(path)
	dirs, modFiles, ok := localDeps(ctx, t, runDir, overlayPath, env)
	if !ok {
		return
	}
	key, ok := fingerprintKey(t, runDir, stub, modFiles)
	if !ok {
		return
	}
	fp := fingerprint{Key: key, ModFiles: modFiles}
	newest := built.Add(-modTimeSlack).UnixNano()
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		d := dirPrint{Dir: dir}
		for _, e := range entries {
			if !e.Type().IsRegular() || !isSourceFile(e.Name()) {
				continue
			}
			fi, err := e.Info()
			if err != nil {
				return
			}
			if fi.ModTime().UnixNano() >= newest {
				return // changed around the build: go build may have read either version
			}
			sum, err := hashFile(filepath.Join(dir, e.Name()))
			if err != nil {
				return
			}
			d.Files = append(d.Files, filePrint{Name: e.Name(), Hash: sum})
		}
		fp.Dirs = append(fp.Dirs, d)
	}
	fi, err := os.Stat(bin)
	if err != nil {
		return
	}
	fp.Bin = stampOf(fi)
	data, err := json.Marshal(fp)
	if err != nil {
		return
	}
	writeIfChanged(path, data)
}

func sortedNames(m map[string][]byte) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}
