package resolver

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

func parse(t *testing.T, s string) any {
	t.Helper()
	v, err := json5.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestImportable(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want bool
	}{
		{`[{"name": "Light", "selectedTokenSets": {}}]`, true},
		{`{"$themes": [], "core": {}}`, true},
		{`{"light": ["a.json"], "dark": {"source": ["b.json"]}}`, true},
		// a resolver document, even one missing its version, is no import
		{`{"version": "2025.10", "resolutionOrder": []}`, false},
		{`{"resolutionOrder": [{"$ref": "#/sets/a"}]}`, false},
		// a token file is neither
		{`{"color": {"red": {"$value": "#f00"}}}`, false},
		{`{}`, false},
	} {
		if got := Importable(parse(t, c.doc)); got != c.want {
			t.Errorf("Importable(%s) = %v, want %v", c.doc, got, c.want)
		}
	}
}

// Groups are ordered by their earliest set in tokenSetOrder, not by where
// $themes lists them: Brand's sets come first here, so Mode overrides it.
// A set every theme of a group enables (base) is its own item; a group
// that names no set of its own goes last. The expected order is worked out
// by hand from the rules in the README.
func TestTokensStudioOrder(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"base.json", "brand/a.json", "brand/b.json", "mode/light.json", "mode/dark.json"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("{}"), 0o644)
	}
	themes := `[
  {"name": "Light", "group": "Mode", "selectedTokenSets": {"mode/light": "enabled", "base": "enabled"}},
  {"name": "Dark", "group": "Mode", "selectedTokenSets": {"mode/dark": "enabled", "base": "enabled"}},
  {"name": "A", "group": "Brand", "selectedTokenSets": {"brand/a": "enabled"}},
  {"name": "B", "group": "Brand", "selectedTokenSets": {"brand/b": "enabled"}},
  {"name": "Any", "group": "Density", "selectedTokenSets": {}}
]`
	os.WriteFile(filepath.Join(dir, "$themes.json"), []byte(themes), 0o644)
	os.WriteFile(filepath.Join(dir, "$metadata.json"), []byte(`{"tokenSetOrder": ["brand/a", "brand/b", "base", "mode/light", "mode/dark"]}`), 0o644)
	doc, err := Import(filepath.Join(dir, "$themes.json"), dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range doc.Value("resolutionOrder").([]any) {
		got = append(got, it.(*tokenbuild.Object).Value("$ref").(string))
	}
	want := []string{"#/modifiers/Brand", "#/sets/base", "#/modifiers/Mode", "#/modifiers/Density"}
	if !slices.Equal(got, want) {
		t.Errorf("resolutionOrder = %v, want %v", got, want)
	}
	light := doc.Value("modifiers").(*tokenbuild.Object).Value("Mode").(*tokenbuild.Object).Value("contexts").(*tokenbuild.Object).Value("Light").([]any)
	if len(light) != 1 || light[0].(*tokenbuild.Object).Value("$ref") != "#/sets/mode~1light" {
		t.Errorf("Mode/Light sources = %v, want only #/sets/mode~1light", light)
	}
	// deterministic: the same bytes twice
	again, _ := Import(filepath.Join(dir, "$themes.json"), dir)
	if a, b := string(Marshal(doc)), string(Marshal(again)); a != b {
		t.Errorf("two imports differ:\n%s\n%s", a, b)
	}
}

func TestPlacesOf(t *testing.T) {
	p := Places{}
	p.note([]string{"0", "group"}, "modifiers", "Mode")
	p.note([]string{"1", "name"}, "modifiers", "Mode", "contexts", "Dark")
	for _, c := range []struct{ at, want string }{
		{"modifiers/Mode/contexts/Dark/0", "1/name"},
		{"modifiers/Mode/contexts", "0/group"},
		{"modifiers/Mode", "0/group"},
		{"resolutionOrder/0", ""},
	} {
		if got := strings.Join(p.Of(strings.Split(c.at, "/")), "/"); got != c.want {
			t.Errorf("Of(%s) = %q, want %q", c.at, got, c.want)
		}
	}
}
