package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/write"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Built-in formats write new files into staged files as they go. A format
// that fails after handing on part of its text, or a build that fails for
// another platform, must leave no file and no folder behind; a build that
// succeeds must write what the format returns in memory.
func TestStreamedFiles(t *testing.T) {
	tokens := func(last string) string {
		var b strings.Builder
		b.WriteString(`{`)
		for i := 0; i < 4000; i++ { // well over one chunk of es6 text
			fmt.Fprintf(&b, `"color%d": {"value": "#%06x"}, `, i, i)
		}
		fmt.Fprintf(&b, `%q: {"value": "#000000"}}`, last)
		return b.String()
	}
	files := []tokenbuild.File{{Destination: "tokens.js", Format: "javascript/es6"}, {Destination: "tokens.json", Format: "json/nested"}}
	for _, tc := range []struct {
		name, last string
		other      *tokenbuild.Platform // a second platform, formatted too
		fail       bool
	}{
		{"written", "end", nil, false},
		{"format fails after streaming", "1x", nil, true}, // "1X" is no JavaScript name
		{"another platform fails", "end", &tokenbuild.Platform{Name: "bad", TransformGroup: "css", BuildPath: "build/bad/",
			Files: []tokenbuild.File{{Destination: "x.css", Format: "no/such/format"}}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			os.MkdirAll(filepath.Join(dir, "tokens"), 0o755)
			os.WriteFile(filepath.Join(dir, "tokens", "a.json"), []byte(tokens(tc.last)), 0o644)
			cfg := &tokenbuild.Config{Dir: dir, Source: []string{"tokens/*.json"}, Log: &tokenbuild.LogConfig{Verbosity: "silent"},
				Platforms: []tokenbuild.Platform{{Name: "js", Transforms: []string{"name/camel"}, BuildPath: "build/js/", Files: files}}}
			if tc.other != nil {
				cfg.Platforms = append(cfg.Platforms, *tc.other)
			}
			in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
			if err != nil {
				t.Fatal(err)
			}
			_, err = in.Build(context.Background(), nil)
			if tc.fail {
				if err == nil {
					t.Fatal("the build should fail")
				}
				if _, err := os.Stat(filepath.Join(dir, "build")); !os.IsNotExist(err) {
					entries, _ := filepath.Glob(filepath.Join(dir, "build", "*", "*"))
					t.Fatalf("the failed build left %v", entries)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			outs, _, err := in.FormatAll(context.Background(), []string{"js"})
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range outs["js"] {
				got, _ := os.ReadFile(o.Path)
				if write.WithoutTimestamps(string(got)) != write.WithoutTimestamps(o.Content) || len(got) < 64<<10 { // made in different seconds, maybe
					t.Errorf("%s: %d bytes written, %d formatted", o.Destination, len(got), len(o.Content))
				}
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "build", "js", ".tokengen-*")); len(left) > 0 {
				t.Errorf("staged files left: %v", left)
			}
		})
	}
}
