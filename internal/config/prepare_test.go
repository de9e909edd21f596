package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// TestPrepareExtends checks that the config a config extends is read
// from beside it and merged under it (its platforms, with the extending
// config's options winning key by key), that the folder defaults to the
// working directory's, and that the config given is left as it was.
func TestPrepareExtends(t *testing.T) {
	dir := t.TempDir()
	base := `{"source": ["tokens/*.json"], "platforms": {"css": {"transformGroup": "css", "options": {"a": 1, "b": 2},
  "files": [{"destination": "v.css", "format": "css/variables"}]}}}`
	if err := os.WriteFile(filepath.Join(dir, "base.json"), []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	cfg := &tokenbuild.Config{Extends: "base.json",
		Platforms: []tokenbuild.Platform{{Name: "css", Options: tokenbuild.Options{"b": 3}}}}
	got, err := Prepare(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Dir != "" || cfg.Extends != "base.json" || len(cfg.Source) != 0 {
		t.Errorf("the config given was changed: %+v", cfg)
	}
	if got.Dir != dir || got.Extends != "" || len(got.Source) != 1 || got.Source[0] != "tokens/*.json" {
		t.Errorf("prepared: Dir %q, Extends %q, Source %v", got.Dir, got.Extends, got.Source)
	}
	if len(got.Platforms) != 1 {
		t.Fatalf("platforms: %+v", got.Platforms)
	}
	p := got.Platforms[0]
	if p.TransformGroup != "css" || len(p.Files) != 1 || p.Files[0].Destination != "v.css" {
		t.Errorf("platform css: %+v", p)
	}
	// b is the extending config's, made JSON-like (a Go int is a number)
	if p.Options["a"] != float64(1) || p.Options["b"] != float64(3) {
		t.Errorf("options: %v", p.Options)
	}

	if _, err := Prepare(&tokenbuild.Config{Dir: dir, Extends: "missing.json"}); err == nil {
		t.Error("a missing config to extend was not reported")
	}
}

// TestPrepareGoValues checks that options given as Go values read as the
// JSON values a JSON config would hold, a map's keys in sorted order.
func TestPrepareGoValues(t *testing.T) {
	cfg := &tokenbuild.Config{Dir: t.TempDir(), Extra: tokenbuild.Options{"brand": map[string]any{"z": int8(1), "a": []string{"x"}}},
		Platforms: []tokenbuild.Platform{{Name: "css", Files: []tokenbuild.File{{Destination: "v.css", Options: tokenbuild.Options{"selector": []string{":root", ".x"}}}}}}}
	got, err := Prepare(cfg)
	if err != nil {
		t.Fatal(err)
	}
	brand, ok := got.Extra["brand"].(*tokenbuild.Object)
	if !ok || brand.Keys()[0] != "a" || brand.Value("z") != float64(1) {
		t.Fatalf("brand: %#v", got.Extra["brand"])
	}
	if a, ok := brand.Value("a").([]any); !ok || len(a) != 1 || a[0] != "x" {
		t.Errorf("brand.a: %#v", brand.Value("a"))
	}
	if sel, ok := got.Platforms[0].Files[0].Options["selector"].([]any); !ok || len(sel) != 2 || sel[1] != ".x" {
		t.Errorf("selector: %#v", got.Platforms[0].Files[0].Options["selector"])
	}
	if _, ok := cfg.Extra["brand"].(map[string]any); !ok {
		t.Error("the config given was changed")
	}
}

// TestPrepareResolverWithOthers checks that a config naming its tokens
// both with a resolver document and otherwise is refused at its
// "resolver" key, naming the others, and that a resolver alone, or with
// empty inline tokens, is not.
func TestPrepareResolverWithOthers(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "config.json")
	text := "{\"resolver\": \"r.json\",\n \"source\": [\"a.json\"], \"include\": [\"b.json\"], \"tokens\": {\"x\": {\"value\": 1}}}"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfigFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := file + ":1:14: resolver: a config names its tokens with a resolver document or with source, include or tokens, not both"
	if _, err := Prepare(cfg); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	for _, tc := range []struct {
		name string
		cfg  tokenbuild.Config
		want string
	}{
		{"source", tokenbuild.Config{Dir: dir, Resolver: "r.json", Source: []string{"a.json"}},
			"resolver: a config names its tokens with a resolver document or with source, not both"},
		{"include and tokens", tokenbuild.Config{Dir: dir, Resolver: "r.json", Include: []string{"b.json"}, Tokens: cfg.Tokens},
			"resolver: a config names its tokens with a resolver document or with include or tokens, not both"},
		{"alone", tokenbuild.Config{Dir: dir, Resolver: "r.json", Tokens: tokenbuild.NewObject()}, ""},
	} {
		_, err := Prepare(&tc.cfg)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
