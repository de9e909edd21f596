package goconfig

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeTree writes files (slash paths relative to root) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]string
		want   string // "" no config, "." the folder, else a file name
		wantOK bool
	}{
		{"package", map[string]string{
			"tokens.go": "package tokens\nimport \"github.com/tokengen/tokengen/tokenbuild\"\nfunc Config() tokenbuild.Config { return tokenbuild.Config{} }\n",
		}, ".", true},
		{"renamed import", map[string]string{
			"a.go": "package tokens\nimport tb \"github.com/tokengen/tokengen/tokenbuild\"\nfunc Config() tb.Config { return tb.Config{} }\n",
		}, ".", true},
		{"ignored file", map[string]string{
			"tokens.config.go": "//go:build ignore\n\npackage main\nimport \"github.com/tokengen/tokengen/tokenbuild\"\nfunc Config() tokenbuild.Config { return tokenbuild.Config{} }\n",
		}, "tokens.config.go", true},
		{"package wins over ignored file", map[string]string{
			"a.go": "//go:build ignore\n\npackage main\nfunc Config() tokenbuild.Config { return tokenbuild.Config{} }\n",
			"b.go": "package tokens\nfunc Config() tokenbuild.Config { return tokenbuild.Config{} }\n",
		}, ".", true},
		{"method is not a config", map[string]string{
			"a.go": "package tokens\ntype T struct{}\nfunc (T) Config() tokenbuild.Config { return tokenbuild.Config{} }\n",
		}, "", false},
		{"wrong result", map[string]string{
			"a.go": "package tokens\nfunc Config() int { return 0 }\n",
		}, "", false},
		{"parameters", map[string]string{
			"a.go": "package tokens\nfunc Config(x int) tokenbuild.Config { return tokenbuild.Config{} }\n",
		}, "", false},
		{"test files do not count", map[string]string{
			"a_test.go": "package tokens\nfunc Config() tokenbuild.Config { return tokenbuild.Config{} }\n",
		}, "", false},
		{"syntax error", map[string]string{
			"a.go": "package tokens\nfunc Config() tokenbuild.Config {\n",
		}, "", false},
		{"no go files", map[string]string{"config.json": "{}"}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, tt.files)
			got, ok := Detect(dir)
			want := ""
			switch tt.want {
			case "":
			case ".":
				want = dir
			default:
				want = filepath.Join(dir, tt.want)
			}
			if got != want || ok != tt.wantOK {
				t.Errorf("Detect = %q, %v; want %q, %v", got, ok, want, tt.wantOK)
			}
		})
	}
}

func TestAsMainFile(t *testing.T) {
	src := "// Copyright notice.\n\n//go:build ignore\n// +build ignore\n\npackage tokens\n\nfunc Config() int { return 1 }\n"
	out, hasMain := asMainFile("/src/tokens.config.go", []byte(src))
	want := "//line /src/tokens.config.go:1:1\n// Copyright notice.\n\n\n\n\npackage main\n\nfunc Config() int { return 1 }\n"
	if string(out) != want || hasMain {
		t.Errorf("asMainFile = %q, %v; want %q, false", out, hasMain, want)
	}
	_, hasMain = asMainFile("/x.go", []byte("package main\nfunc main() {}\n"))
	if !hasMain {
		t.Error("func main not detected")
	}
	broken := "package x\nfunc {"
	out, _ = asMainFile("/x.go", []byte(broken))
	if string(out) != "//line /x.go:1:1\n"+broken {
		t.Errorf("broken file rewritten: %q", out)
	}
}

func TestNeedsConfigHint(t *testing.T) {
	tests := []struct {
		out  string
		want bool
	}{
		{"# example.com/m/_tokengen\n../_tokengen/main.go:9:54: undefined: tokengenconfig.Config\n", true},
		{"# example.com/m/_tokengen\n../_tokengen/main.go:9:54: cannot use tokengenconfig.Config (value of type func() int) as func() tokenbuild.Config value in variable declaration\n", true},
		{"# example.com/m/_tokengen\ntokens.config.go:5:2: undefined: Config\n", true},
		{"# example.com/m/tokens\ntokens/tokens.go:5:2: undefined: foo\n", false},
	}
	for _, tt := range tests {
		if got := needsConfigHint(tt.out); got != tt.want {
			t.Errorf("needsConfigHint(%q) = %v, want %v", tt.out, got, tt.want)
		}
	}
}

// fakeLibrary is a stand-in for the tokengen module: just enough of the
// contract (tokenbuild) and of the Go config program's package
// (configmain) for the stub to compile, so these tests exercise the compile-and-cache machinery
// without the real pipeline.
var fakeLibrary = map[string]string{
	"go.mod":                   "module github.com/tokengen/tokengen\n\ngo 1.26\n",
	"tokenbuild/tokenbuild.go": "package tokenbuild\n\ntype Config struct{ Name string }\n",
	"configmain/configmain.go": `package configmain

import (
	"fmt"
	"os"
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

func Main(c tokenbuild.Config) {
	wd, _ := os.Getwd()
	fmt.Printf("config %s args %s wd %s\n", c.Name, strings.Join(os.Args[1:], " "), wd)
	code := 0
	if c.Name == "fail" {
		code = 3
	}
	// the real Main reports its exit code as it ends
	if c.Name != "no-report" {
		os.WriteFile(os.Getenv("TOKENGEN_GOCONFIG_REPORT"), []byte(fmt.Sprint(code)), 0o600)
	}
	os.Exit(code)
}
`,
}

// setupModules writes the fake library and a user module requiring it.
func setupModules(t *testing.T, user map[string]string) (userRoot string) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	root := t.TempDir()
	lib := filepath.Join(root, "lib")
	writeTree(t, lib, fakeLibrary)
	userRoot = filepath.Join(root, "user")
	files := map[string]string{
		"go.mod": "module example.com/user\n\ngo 1.26\n\nrequire github.com/tokengen/tokengen v0.0.0\n\nreplace github.com/tokengen/tokengen => " + lib + "\n",
	}
	for k, v := range user {
		files[k] = v
	}
	writeTree(t, userRoot, files)
	t.Setenv(CacheEnv, filepath.Join(root, "cache"))
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	return userRoot
}

func TestRunPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	user := setupModules(t, map[string]string{
		"tokens/tokens.go": "package tokens\n\nimport \"github.com/tokengen/tokengen/tokenbuild\"\n\nfunc Config() tokenbuild.Config { return tokenbuild.Config{Name: \"pkg\"} }\n",
	})
	dir := filepath.Join(user, "tokens")
	t.Setenv(TraceEnv, "1")
	var stdout, stderr bytes.Buffer
	code, err := Run(context.Background(), dir, []string{"build", "--platform", "css"}, &stdout, &stderr)
	if err != nil || code != 0 {
		t.Fatalf("Run = %d, %v; stderr:\n%s", code, err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "Go config binary compiled") {
		t.Errorf("first run: stderr = %q, want a compile", stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code, err := Run(context.Background(), dir, []string{"build", "--platform", "css"}, &stdout, &stderr); err != nil || code != 0 {
		t.Fatalf("Run = %d, %v; stderr:\n%s", code, err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "Go config binary up to date") {
		t.Errorf("second run: stderr = %q, want the cached binary", stderr.String())
	}
	want := "config pkg args build --platform css wd " + dir + "\n"
	if stdout.String() != want {
		t.Errorf("stdout = %q, want %q", stdout.String(), want)
	}
	if _, err := os.Stat(filepath.Join(user, virtualDir)); !os.IsNotExist(err) {
		t.Errorf("the virtual folder was written to the user's module: %v", err)
	}

	// A change to the config is picked up without any hashing of ours.
	writeTree(t, user, map[string]string{
		"tokens/tokens.go": "package tokens\n\nimport \"github.com/tokengen/tokengen/tokenbuild\"\n\nfunc Config() tokenbuild.Config { return tokenbuild.Config{Name: \"fail\"} }\n",
	})
	stdout.Reset()
	stderr.Reset()
	code, err = Run(context.Background(), dir, nil, &stdout, &stderr)
	if err != nil || code != 3 {
		t.Fatalf("Run = %d, %v, want exit code 3 passed through; stderr:\n%s", code, err, stderr.String())
	}
	if !strings.HasPrefix(stdout.String(), "config fail") {
		t.Errorf("stdout = %q, want the rebuilt config", stdout.String())
	}
	if !strings.Contains(stderr.String(), "Go config binary compiled") {
		t.Errorf("after a change: stderr = %q, want a compile", stderr.String())
	}
}

func TestRunFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	user := setupModules(t, map[string]string{
		"design/tokens.config.go": "//go:build ignore\n\npackage tokens\n\nimport \"github.com/tokengen/tokengen/tokenbuild\"\n\nfunc Config() tokenbuild.Config { return tokenbuild.Config{Name: \"file\"} }\n",
		// The folder's own package must not get in the way.
		"design/other.go": "package design\n",
	})
	file := filepath.Join(user, "design", "tokens.config.go")
	var stdout, stderr bytes.Buffer
	code, err := Run(context.Background(), file, []string{"clean"}, &stdout, &stderr)
	if err != nil || code != 0 {
		t.Fatalf("Run = %d, %v; stderr:\n%s", code, err, stderr.String())
	}
	want := "config file args clean wd " + filepath.Dir(file) + "\n"
	if stdout.String() != want {
		t.Errorf("stdout = %q, want %q", stdout.String(), want)
	}
}

func TestRunCompileErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	tests := []struct {
		name     string
		file     string
		target   string
		wantErr  []string
		wantHint bool
	}{
		{
			name:    "type error in package",
			file:    "package tokens\n\nimport \"github.com/tokengen/tokengen/tokenbuild\"\n\nfunc Config() tokenbuild.Config { return tokenbuild.Config{Name: missing} }\n",
			target:  "tokens",
			wantErr: []string{"tokens.go:5:66: undefined: missing"},
		},
		{
			name:     "wrong signature",
			file:     "package tokens\n\nfunc Config() int { return 1 }\n",
			target:   "tokens",
			wantErr:  []string{"cannot use tokengenconfig.Config (value of type func() int) as func() tokenbuild.Config value"},
			wantHint: true,
		},
		{
			name:     "no Config",
			file:     "package tokens\n\nfunc Other() {}\n",
			target:   "tokens",
			wantErr:  []string{"undefined: tokengenconfig.Config"},
			wantHint: true,
		},
		{
			name:    "error in single file keeps its position",
			file:    "//go:build ignore\n\npackage tokens\n\nimport \"github.com/tokengen/tokengen/tokenbuild\"\n\nfunc Config() tokenbuild.Config { return tokenbuild.Config{Name: missing} }\n",
			target:  "tokens/tokens.go",
			wantErr: []string{"tokens.go:7:66: undefined: missing"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			user := setupModules(t, map[string]string{"tokens/tokens.go": tt.file})
			var stdout, stderr bytes.Buffer
			code, err := Run(context.Background(), filepath.Join(user, filepath.FromSlash(tt.target)), nil, &stdout, &stderr)
			if err == nil || code != 1 {
				t.Fatalf("Run = %d, %v; want a compile failure", code, err)
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr.String())
				}
			}
			if got := strings.Contains(stderr.String(), configHint); got != tt.wantHint {
				t.Errorf("hint shown = %v, want %v:\n%s", got, tt.wantHint, stderr.String())
			}
		})
	}
}

func TestRunNotAModule(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"tokens.config.go": "package main\n"})
	_, err := Run(context.Background(), filepath.Join(dir, "tokens.config.go"), nil, os.Stdout, os.Stderr)
	if err == nil || !strings.Contains(err.Error(), "not inside a Go module") {
		t.Errorf("err = %v, want not inside a Go module", err)
	}
}

// TestWarmRun reports the overhead of a run whose binary is up to date.
func TestWarmRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	user := setupModules(t, map[string]string{
		"tokens/tokens.go": "package tokens\n\nimport \"github.com/tokengen/tokengen/tokenbuild\"\n\nfunc Config() tokenbuild.Config { return tokenbuild.Config{Name: \"warm\"} }\n",
	})
	dir := filepath.Join(user, "tokens")
	run := func() time.Duration {
		start := time.Now()
		var out bytes.Buffer
		if code, err := Run(context.Background(), dir, nil, &out, &out); err != nil || code != 0 {
			t.Fatalf("Run = %d, %v:\n%s", code, err, out.String())
		}
		return time.Since(start)
	}
	cold := run()
	var warm []time.Duration
	for range 5 {
		warm = append(warm, run())
	}
	t.Logf("cold %v, warm %v", cold, warm)
}

func TestModulePath(t *testing.T) {
	tests := map[string]string{
		"module example.com/m\n\ngo 1.26\n":         "example.com/m",
		"// comment\nmodule   example.com/m // x\n": "example.com/m",
		"module \"example.com/quoted\"\n":           "example.com/quoted",
		"go 1.26\n":                                 "",
		"modules x\n":                               "",
	}
	for in, want := range tests {
		if got := modulePath([]byte(in)); got != want {
			t.Errorf("modulePath(%q) = %q, want %q", in, got, want)
		}
	}
}
