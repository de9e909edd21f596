package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/benchgen"
	"github.com/tokengen/tokengen/internal/write"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Builds skip attribute/cti for platforms where nothing reads attributes
// (attributesUnread). Every format listed as never reading them must then
// write what it writes with them, under each transform group it is used
// with, with and without outputReferences, for DTCG and legacy tokens.
func TestAttributeFreeFormats(t *testing.T) {
	var formats []string
	for _, f := range builtin.Formats() {
		if f.IgnoresAttributes {
			formats = append(formats, f.Name)
		}
	}
	if len(formats) < 10 {
		t.Fatalf("only %d formats ignore attributes", len(formats))
	}
	examples, _ := filepath.Abs("../../examples")
	bench := t.TempDir()
	if err := benchgen.Write(bench, 600); err != nil {
		t.Fatal(err)
	}
	sets := map[string]string{
		"dtcg":   filepath.Join(examples, "complete", "tokens", "*.json"),
		"legacy": filepath.Join(examples, "basic", "tokens", "**", "*.json"),
		"bench":  filepath.Join(bench, "tokens", "*.json"),
	}
	groups := []string{"css", "scss", "less", "js", "android", "ios-swift", "compose", "web"}
	for setName, glob := range sets {
		for _, group := range groups {
			for _, refs := range []bool{false, true} {
				cfg := &tokenbuild.Config{Dir: t.TempDir(), Source: []string{glob}, Log: &tokenbuild.LogConfig{Verbosity: "silent", Warnings: "disabled"}}
				for i, f := range formats {
					cfg.Platforms = append(cfg.Platforms, tokenbuild.Platform{
						Name: f, TransformGroup: group, BuildPath: "build/",
						Files: []tokenbuild.File{{Destination: string(rune('a'+i)) + ".out", Format: f,
							Options: tokenbuild.Options{"outputReferences": refs, "className": "Tokens"}}},
					})
				}
				format := func(keep bool) map[string][]Output {
					in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
					if err != nil {
						t.Fatal(err)
					}
					in.keepAttributes = keep
					outs, _, _ := in.FormatAll(context.Background(), nil) // some formats refuse some tokens: compared too
					if !keep {
						for _, f := range formats {
							if r := in.cache[f]; r != nil && !r.skippedAttributes {
								t.Fatalf("%s: attribute/cti was not skipped", f)
							}
						}
					}
					return outs
				}
				skipped, kept := format(false), format(true)
				for _, f := range formats {
					a, b := skipped[f], kept[f]
					if len(a) != len(b) {
						t.Errorf("%s, %s group, %s tokens: %d files without attribute/cti, %d with", f, group, setName, len(a), len(b))
						continue
					}
					for i := range a {
						if write.WithoutTimestamps(a[i].Content) != write.WithoutTimestamps(b[i].Content) { // the two runs may fall in different seconds
							t.Errorf("%s, %s group, %s tokens, outputReferences %v: the output differs without attribute/cti%s", f, group, setName, refs, firstDifference(a[i].Content, b[i].Content))
						}
					}
				}
			}
		}
	}
}

// A platform formatted without attribute/cti still hands out its tokens
// with their attributes (GetPlatformTokens), and a platform whose files
// may read attributes keeps it.
func TestPlatformTokensKeepAttributes(t *testing.T) {
	examples, _ := filepath.Abs("../../examples")
	cfg := &tokenbuild.Config{Dir: t.TempDir(), Source: []string{filepath.Join(examples, "complete", "tokens", "*.json")},
		Log: &tokenbuild.LogConfig{Verbosity: "silent"},
		Platforms: []tokenbuild.Platform{
			{Name: "css", TransformGroup: "css", Files: []tokenbuild.File{{Destination: "a.css", Format: "css/variables"}}},
			{Name: "json", TransformGroup: "css", Files: []tokenbuild.File{{Destination: "a.json", Format: "json"}}},
		}}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := in.FormatAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if !in.cache["css"].skippedAttributes || in.cache["json"].skippedAttributes {
		t.Fatalf("attribute/cti skipped: css %v, json %v; want true, false", in.cache["css"].skippedAttributes, in.cache["json"].skippedAttributes)
	}
	d, err := in.PlatformTokens(context.Background(), "css")
	if err != nil {
		t.Fatal(err)
	}
	for _, tk := range d.AllTokens {
		if tk.Attributes.Value("category") != tk.Path[0] {
			t.Fatalf("%s: attributes %v", tk.Key, tk.Attributes)
		}
	}
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf(":\nline %d: %q\n   want %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf(": %d lines, want %d", len(g), len(w))
}
