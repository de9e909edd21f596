package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tokengen/tokengen/internal/benchgen"
)

// The benchmarks here time whole processes of the command, as a user's
// shell or a build system runs it: what the Go benchmarks of the engine
// (internal/pipeline) leave out is the process's start, its package
// initialisers and its binary paged in, which dominate a build of a
// typical design system (1,000 to 5,000 tokens).
//
//	go test -run x -bench . ./cmd/tokengen

// BenchmarkStartup is `tokengen --version`: start-up and exit alone.
func BenchmarkStartup(b *testing.B) {
	bin := buildCommand(b)
	for b.Loop() {
		if out, err := exec.Command(bin, "--version").CombinedOutput(); err != nil {
			b.Fatalf("%v\n%s", err, out)
		}
	}
}

// BenchmarkBuild1k is `tokengen build` of internal/benchgen's set of 1,000
// tokens (five platforms, seven files) into an empty build folder.
func BenchmarkBuild1k(b *testing.B) {
	bin := buildCommand(b)
	dir := b.TempDir()
	if err := benchgen.Write(dir, 1000); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		b.StopTimer()
		if err := os.RemoveAll(filepath.Join(dir, "build")); err != nil {
			b.Fatal(err)
		}
		cmd := exec.Command(bin, "build", "--config", "config.json")
		cmd.Dir = dir
		b.StartTimer()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%v\n%s", err, out)
		}
	}
}

// buildCommand builds this command into a temporary folder.
func buildCommand(b *testing.B) string {
	b.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		b.Skip("no go command to build tokengen with")
	}
	bin := filepath.Join(b.TempDir(), "tokengen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
