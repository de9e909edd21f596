package pipeline

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/benchgen"
	"github.com/tokengen/tokengen/internal/config"
)

// BenchmarkSpecLint times the DTCG 2025.10 lint alone on the 50,000-token
// bench set (the shared reference index made before: every build makes
// it).
func BenchmarkSpecLint(b *testing.B) {
	dir := b.TempDir()
	if err := benchgen.Write(dir, 50000); err != nil {
		b.Fatal(err)
	}
	cfg, err := config.LoadConfigFile(filepath.Join(dir, "config.json"))
	if err != nil {
		b.Fatal(err)
	}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
	if err != nil {
		b.Fatal(err)
	}
	in.refIndex() // made by every build
	for b.Loop() {
		if err := in.lintSpec(); err != nil {
			b.Fatal(err)
		}
	}
}
