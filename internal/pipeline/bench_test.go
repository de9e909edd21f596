package pipeline_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
	"time"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/benchgen"
	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/gcpolicy"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/pipeline"
)

// BenchmarkBuild builds the bench token set (../shared/bench) end to end:
// load, transform and resolve five platforms, format seven files, write,
// with the collector set up as the tokengen command sets it.
// Each size also reports floor-ns (reading, decoding and writing the same
// bytes) and x-floor, the build's multiple of that floor.
func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{1000, 10000, 50000, 500000} {
		b.Run(fmt.Sprintf("tokens=%d", n), func(b *testing.B) {
			if n > 50000 && testing.Short() {
				b.Skip("500k tokens skipped in -short mode")
			}
			dir := b.TempDir()
			if err := benchgen.Write(dir, n); err != nil {
				b.Fatal(err)
			}
			build := func() {
				cfg, err := config.LoadConfigFile(filepath.Join(dir, "config.json"))
				if err != nil {
					b.Fatal(err)
				}
				in, err := pipeline.New(context.Background(), cfg, pipeline.Settings{Hooks: builtin.Hooks()})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := in.Build(context.Background(), nil); err != nil {
					b.Fatal(err)
				}
			}
			build()
			floor := measureFloor(b, dir)
			b.ResetTimer()
			var total time.Duration
			for i := 0; i < b.N; i++ {
				// Each build starts from an empty heap that holds no
				// memory from the last one, as a tokengen process does,
				// under the command's collector policy.
				b.StopTimer()
				os.RemoveAll(filepath.Join(dir, "build")) // so that every build writes its files
				debug.FreeOSMemory()
				gcpolicy.Apply()
				b.StartTimer()
				start := time.Now()
				build()
				total += time.Since(start)
			}
			per := total / time.Duration(b.N)
			b.ReportMetric(float64(floor.Nanoseconds()), "floor-ns")
			b.ReportMetric(float64(per)/float64(floor), "x-floor")
		})
	}
}

// measureFloor times what no build can avoid: reading and decoding the
// token files, and writing as many output bytes as a build writes.
func measureFloor(b *testing.B, dir string) time.Duration {
	b.Helper()
	cfg, _ := config.LoadConfigFile(filepath.Join(dir, "config.json"))
	in, err := pipeline.New(context.Background(), cfg, pipeline.Settings{Hooks: builtin.Hooks()})
	if err != nil {
		b.Fatal(err)
	}
	outs, _, err := in.FormatAll(context.Background(), nil)
	if err != nil {
		b.Fatal(err)
	}
	var contents []string
	for _, os := range outs {
		for _, o := range os {
			contents = append(contents, o.Content)
		}
	}
	best := time.Duration(1 << 62)
	for r := 0; r < 7; r++ { // the best of several: writes vary with the page cache
		debug.FreeOSMemory() // from an empty heap, as the builds are timed
		gcpolicy.Apply()
		start := time.Now()
		err := filepath.WalkDir(filepath.Join(dir, "tokens"), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			_, err = json5.ParseOwned(data) // as the build decodes
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
		out := filepath.Join(dir, "floor")
		os.MkdirAll(out, 0o755)
		for i, c := range contents {
			if err := os.WriteFile(filepath.Join(out, fmt.Sprint(i)), []byte(c), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		if d := time.Since(start); d < best {
			best = d
		}
		os.RemoveAll(out)
	}
	return best
}
