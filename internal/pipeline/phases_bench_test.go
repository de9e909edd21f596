package pipeline

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/benchgen"
	"github.com/tokengen/tokengen/internal/config"
)

// BenchmarkPhases times the parts of a 50,000-token build one at a time on
// the bench set, so that a profile (-cpuprofile) shows one part at a time:
// loading (parse, merge, flatten); each platform's transforms, with the
// results all platforms share (key index, reference positions,
// attribute/cti) already made, as they are for all but the first platform
// of a build; and each platform's files.
func BenchmarkPhases(b *testing.B) {
	dir := b.TempDir()
	if err := benchgen.Write(dir, 50000); err != nil {
		b.Fatal(err)
	}
	cfg, err := config.LoadConfigFile(filepath.Join(dir, "config.json"))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	load := func() *Instance {
		in, err := New(ctx, cfg, Settings{Hooks: builtin.Hooks()})
		if err != nil {
			b.Fatal(err)
		}
		return in
	}
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			load()
		}
	})
	in := load()
	for _, name := range in.PlatformNames() {
		if _, _, _, err := in.FormatPlatform(ctx, name); err != nil { // makes the shared results
			b.Fatal(err)
		}
	}
	for _, name := range in.PlatformNames() {
		p, _ := in.platform(name)
		setup, err := in.hooks.Platform(p, in.cfg.File)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("transform/"+name, func(b *testing.B) {
			for b.Loop() {
				var o transformOutcome
				in.transform(ctx, p, setup, &o, attributesUnread(in.cfg, p, setup))
				if o.err != nil {
					b.Fatal(o.err)
				}
			}
		})
	}
	for _, name := range in.PlatformNames() {
		b.Run("format/"+name, func(b *testing.B) {
			for b.Loop() {
				if _, _, _, err := in.FormatPlatform(ctx, name); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
