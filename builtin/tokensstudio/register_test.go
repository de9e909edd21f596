package tokensstudio_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/builtin/tokensstudio"
	"github.com/tokengen/tokengen/tokenbuild"
)

// TestRegisterGoConfig builds a Tokens Studio export from a Go config with
// Register. testdata/goconfig/want.css is what the npm package wrote in
// node for the same tokens and options (the css platform of
// testdata/script/studio_transforms.txtar's build script).
func TestRegisterGoConfig(t *testing.T) {
	dir := t.TempDir()
	tokens, err := os.ReadFile(filepath.Join("testdata", "goconfig", "tokens.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tokens.json"), tokens, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := tokenbuild.Config{
		Dir:           dir,
		Source:        []string{"tokens.json"},
		Preprocessors: []string{"tokens-studio"},
		Log:           &tokenbuild.LogConfig{Verbosity: tokenbuild.VerbositySilent, Warnings: tokenbuild.WarningsDisabled},
		Platforms: []tokenbuild.Platform{{
			Name:           "css",
			TransformGroup: "tokens-studio",
			Transforms:     []string{"name/kebab"},
			BuildPath:      "build/css/",
			Extra:          tokenbuild.Options{"mathFractionDigits": 2.0},
			Options:        tokenbuild.Options{"formatting": tokenbuild.ObjectOf("fileHeaderTimestamp", false)},
			Files:          []tokenbuild.File{{Destination: "vars.css", Format: "css/variables", Options: tokenbuild.Options{"outputReferences": false}}},
		}},
	}
	if err := tokensstudio.Register(&cfg, tokensstudio.Options{ExcludeParentKeys: true, AlwaysAddFontStyle: true}); err != nil {
		t.Fatal(err)
	}
	b, err := tokengen.New(context.Background(), cfg, tokengen.WithOutput(io.Discard, io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.BuildAllPlatforms(context.Background()); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "build", "css", "vars.css"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "goconfig", "want.css"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("vars.css differs from the reference's:\n--- got\n%s\n--- want\n%s", got, want)
	}
}

// TestTransformGroupUnknownPlatform: the package throws when
// style-dictionary has no group for the platform option.
func TestTransformGroupUnknownPlatform(t *testing.T) {
	if _, err := tokensstudio.TransformGroup(tokensstudio.Options{Platform: "nope"}); err == nil {
		t.Error("no error for a platform without a built-in group")
	}
	g, err := tokensstudio.TransformGroup(tokensstudio.Options{Platform: "nope", WithoutBuiltinGroup: true, Name: "x"})
	if err != nil || g.Name != "x" || g.Transforms[len(g.Transforms)-1] != "name/camel" {
		t.Errorf("group without built-ins: %v %v", g, err)
	}
}
