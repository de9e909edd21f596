package pipeline_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/benchgen"
	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/gcpolicy"
	"github.com/tokengen/tokengen/internal/pipeline"
)

// BenchmarkThemes builds the 50k bench set with 8 themes from a resolver
// document, as ../shared/bench/gen-themes.cjs makes it (each theme
// overrides every tenth color token of each group, every destination has
// a {theme} placeholder): all themes in one build, and one theme's build
// (--input), whose ratio the issue bounds.
func BenchmarkThemes(b *testing.B) {
	const n, themes = 50000, 8
	dir := b.TempDir()
	if err := writeThemes(dir, n, themes); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		inputs map[string]string
	}{{"all", nil}, {"one", map[string]string{"theme": "t3"}}} {
		b.Run(fmt.Sprintf("tokens=%d/themes=%d/%s", n, themes, c.name), func(b *testing.B) {
			build := func() {
				cfg, err := config.LoadConfigFile(filepath.Join(dir, "config.json"))
				if err != nil {
					b.Fatal(err)
				}
				in, err := pipeline.New(context.Background(), cfg, pipeline.Settings{Hooks: builtin.Hooks(), Inputs: c.inputs})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := in.Build(context.Background(), nil); err != nil {
					b.Fatal(err)
				}
			}
			build()
			b.ResetTimer()
			var total time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				os.RemoveAll(filepath.Join(dir, "build")) // so that every build writes its files
				debug.FreeOSMemory()
				gcpolicy.Apply()
				b.StartTimer()
				start := time.Now()
				build()
				total += time.Since(start)
			}
			b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/build")
		})
	}
}

// writeThemes writes the themed bench set the way gen-themes.cjs does.
func writeThemes(dir string, n, themes int) error {
	if err := benchgen.Write(dir, n); err != nil {
		return err
	}
	entries, err := os.ReadDir(filepath.Join(dir, "tokens"))
	if err != nil {
		return err
	}
	var files []string
	for _, e := range entries {
		files = append(files, e.Name())
	}
	sort.Strings(files)
	contexts := map[string]any{}
	for t := range themes {
		over := map[string]map[string]map[string]any{}
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join(dir, "tokens", f))
			if err != nil {
				return err
			}
			// {file: {group: {name: token}}}; key order does not matter here
			var tree map[string]map[string]map[string]struct {
				Type  string `json:"$type"`
				Value any    `json:"$value"`
			}
			if err := json.Unmarshal(data, &tree); err != nil {
				return err
			}
			for file, groups := range tree {
				for g, toks := range groups {
					names := make([]string, 0, len(toks))
					for name := range toks {
						names = append(names, name)
					}
					sort.Strings(names)
					for i, name := range names {
						s, _ := toks[name].Value.(string)
						if toks[name].Type != "color" || strings.HasPrefix(s, "{") || i%10 != 0 {
							continue
						}
						if over[file] == nil {
							over[file] = map[string]map[string]any{}
						}
						if over[file][g] == nil {
							over[file][g] = map[string]any{}
						}
						over[file][g][name] = map[string]any{"$type": "color", "$value": fmt.Sprintf("#%06x", (t*40503+len(name)*977+i*131)&0xffffff)}
					}
				}
			}
		}
		name := fmt.Sprintf("t%d", t)
		if err := writeJSON(filepath.Join(dir, "themes", name+".json"), over); err != nil {
			return err
		}
		contexts[name] = []any{map[string]any{"$ref": "themes/" + name + ".json"}}
	}
	var sources []any
	for _, f := range files {
		sources = append(sources, map[string]any{"$ref": "tokens/" + f})
	}
	doc := map[string]any{
		"version":         "2025.10",
		"sets":            map[string]any{"base": map[string]any{"sources": sources}},
		"modifiers":       map[string]any{"theme": map[string]any{"default": "t0", "contexts": contexts}},
		"resolutionOrder": []any{map[string]any{"$ref": "#/sets/base"}, map[string]any{"$ref": "#/modifiers/theme"}},
	}
	if err := writeJSON(filepath.Join(dir, "bench.resolver.json"), doc); err != nil {
		return err
	}
	data, err := os.ReadFile(filepath.Join(dir, "config.json"))
	if err != nil {
		return err
	}
	var cfg map[string]any
	if err := json.Unmarshal(data, &cfg); err != nil {
		return err
	}
	delete(cfg, "source")
	cfg["resolver"] = "bench.resolver.json"
	for _, p := range cfg["platforms"].(map[string]any) {
		for _, f := range p.(map[string]any)["files"].([]any) {
			f := f.(map[string]any)
			d := f["destination"].(string)
			if i := strings.IndexByte(d, '.'); i >= 0 {
				f["destination"] = d[:i] + "-{theme}" + d[i:]
			} else {
				f["destination"] = d + "-{theme}"
			}
		}
	}
	return writeJSON(filepath.Join(dir, "config.json"), cfg)
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
