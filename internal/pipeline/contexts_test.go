package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/tokenbuild"
)

// What a context changes, as the engine tells a format: each kind of
// change is listed (a value, a reference resolving differently, a
// reference to another token of equal value, a token only the context
// has), a token the context does not have is removed, and an unchanged
// token is not listed. Each file gets the contexts against its own
// permutation (a placeholder's too).
func TestContextDictionaries(t *testing.T) {
	doc := `{"version": "2025.10",
  "sets": {"base": {"sources": [{
    "c": {"$type": "color", "a": {"$value": "#000000"}, "b": {"$value": "#ffffff"}, "same": {"$value": "#123456"},
          "ref": {"$value": "{c.a}"}, "alias": {"$value": "{c.a}"}, "twin": {"$value": "#000000"}, "steady": {"$value": "{c.b}"}}}]}},
  "modifiers": {
    "theme": {"contexts": {"light": [{"c": {"$type": "color", "gone": {"$value": "#999999"}}}],
                           "dark": [{"c": {"$type": "color", "a": {"$value": "#eeeeee"}, "alias": {"$value": "{c.twin}"}, "new": {"$value": "#ff0000"}}}]},
              "default": "light"},
    "size": {"contexts": {"s": [], "m": [{"c": {"$type": "color", "same": {"$value": "#654321"}}}]}, "default": "s"}},
  "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/size"}]}`
	dir := t.TempDir()
	writeTestFile(t, dir, "r.resolver.json", doc)
	var mu sync.Mutex
	seen := map[string][]string{} // by destination: each context's changes
	record := tokenbuild.Format{Name: "record", Contexts: true, Format: func(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
		var lines []string
		for _, c := range args.Contexts {
			lines = append(lines, fmt.Sprintf("%s=%s changed %s removed %s", c.Modifier, c.Context, keys(c.Changed), keys(c.Removed)))
		}
		mu.Lock()
		seen[args.File.Destination] = lines
		mu.Unlock()
		return "x", nil
	}}
	contexts := []tokenbuild.FileContext{{Modifier: "theme", Context: "dark"}, {Modifier: "theme", Context: "light"}}
	cfg := &tokenbuild.Config{Dir: dir, Resolver: "r.resolver.json", Hooks: tokenbuild.Hooks{Formats: []tokenbuild.Format{record}},
		Platforms: []tokenbuild.Platform{{Name: "p", Transforms: []string{"name/kebab"}, BuildPath: "out/", Files: []tokenbuild.File{
			{Destination: "all.txt", Format: "record", Contexts: contexts},
			{Destination: "size-{size}.txt", Format: "record", Contexts: contexts},
		}}}}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := in.FormatAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	// dark against light: c.a changes; c.ref resolves differently; c.alias
	// names another token of the same value; c.new is dark's; c.gone is
	// light's. c.b, c.same, c.twin and c.steady are untouched.
	dark := "theme=dark changed {c.a} {c.ref} {c.alias} {c.new} removed {c.gone}"
	light := "theme=light changed  removed "
	want := map[string][]string{"all.txt": {dark, light}, "size-s.txt": {dark, light}, "size-m.txt": {dark, light}}
	for dest, w := range want {
		if got := seen[dest]; !slices.Equal(got, w) {
			t.Errorf("%s:\n got %q\nwant %q", dest, got, w)
		}
	}
}

func keys(tokens []*tokenbuild.Token) string {
	var out []string
	for _, t := range tokens {
		out = append(out, t.Key)
	}
	return strings.Join(out, " ")
}

func writeTestFile(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Contexts of two modifiers that change the same token cannot be combined
// by nesting their places: that is a warning, naming the tokens; contexts
// of one modifier never apply together and are not compared.
func TestOverlappingContexts(t *testing.T) {
	tok := func(path string) *tokenbuild.Token {
		return &tokenbuild.Token{Key: "{" + path + "}", Path: strings.Split(path, ".")}
	}
	ctx := func(mod, name string, changed ...string) tokenbuild.ContextDictionary {
		c := tokenbuild.ContextDictionary{FileContext: tokenbuild.FileContext{Modifier: mod, Context: name}}
		for _, p := range changed {
			c.Changed = append(c.Changed, tok(p))
		}
		return c
	}
	got := overlappingContexts("a.css", []tokenbuild.ContextDictionary{
		ctx("theme", "dark", "c.bg", "c.fg", "c.x", "c.y", "c.z"),
		ctx("theme", "dim", "c.bg"),
		ctx("density", "compact", "s.md"),
		ctx("brand", "acme", "c.bg", "c.fg", "c.x", "c.y", "c.z", "s.md"),
	})
	want := []string{
		"a.css: contexts theme=dark and brand=acme both change c.bg, c.fg, c.x and 2 more; where both apply, the one written last wins, which is not their combined permutation",
		"a.css: contexts theme=dim and brand=acme both change c.bg; where both apply, the one written last wins, which is not their combined permutation",
		"a.css: contexts density=compact and brand=acme both change s.md; where both apply, the one written last wins, which is not their combined permutation",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
