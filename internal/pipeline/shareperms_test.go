package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/write"
	"github.com/tokengen/tokengen/tokenbuild"
)

// sharedThemes is a resolver document whose contexts change tokens in the
// ways that decide what a permutation shares with its base: a literal
// value (and with it the aliases to it, transitively, and a composite
// referring to it), an alias turned into a literal and a literal into an
// alias, a description only, a group $type (its tokens are copied while
// loading), a colour whose component a pointer in the base set copies, a
// token only one context has (positions move) and nothing at all.
const sharedThemes = `{"version": "2025.10",
  "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
  "modifiers": {"theme": {"default": "light", "contexts": {
    "light": [],
    "dark": [{"color": {"brand": {"$type": "color", "$value": "#222222"},
                        "ink": {"$type": "color", "$value": "#fafafa"},
                        "paper": {"$type": "color", "$value": "{color.ink}"},
                        "muted": {"$type": "color", "$value": "#777777", "$description": "dark muted"}}},
             {"typed": {"$type": "dimension"}},
             {"comp": {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0.5, 1]}}}}],
    "same": [{"color": {"brand": {"$type": "color", "$value": "#ff0000"}}}],
    "extra": [{"color": {"added": {"$type": "color", "$value": "#123456"}}}]}}},
  "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}`

const sharedBase = `{
  "color": {
    "brand": {"$type": "color", "$value": "#ff0000", "$description": "the brand"},
    "accent": {"$type": "color", "$value": "{color.brand}"},
    "accent-2": {"$type": "color", "$value": "{color.accent}"},
    "ink": {"$type": "color", "$value": "{color.brand}"},
    "paper": {"$type": "color", "$value": "#ffffff"},
    "muted": {"$type": "color", "$value": "#777777"},
    "plain": {"$type": "color", "$value": "#00ff00"}
  },
  "size": {"s": {"$type": "dimension", "$value": "4px"}, "m": {"$type": "dimension", "$value": "{size.s}"}},
  "typed": {"$type": "number", "one": {"$value": 1}},
  "shadow": {"card": {"$type": "shadow", "$value": {"color": "{color.accent}", "offsetX": "{size.s}", "offsetY": "0px", "blur": "2px", "spread": "0px"}}},
  "comp": {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}},
  "num": {"x": {"$type": "number", "$value": {"$ref": "#/comp/c/$value/components/1"}}}
}`

const sharedConfig = `{
  "resolver": "r.resolver.json",
  "platforms": {
    "css": {"transformGroup": "css", "buildPath": "build/css/", "files": [
      {"destination": "vars-{theme}.css", "format": "css/variables"},
      {"destination": "refs-{theme}.css", "format": "css/variables", "options": {"outputReferences": true}},
      {"destination": "colors-{theme}.css", "format": "css/variables", "filter": "isColor"}]},
    "scss": {"transformGroup": "scss", "buildPath": "build/scss/", "files": [{"destination": "_vars-{theme}.scss", "format": "scss/variables"}]},
    "js": {"transformGroup": "js", "buildPath": "build/js/", "files": [
      {"destination": "tokens-{theme}.js", "format": "javascript/es6"},
      {"destination": "tokens-{theme}.json", "format": "json/nested"}]},
    "android": {"transformGroup": "android", "buildPath": "build/android/", "files": [{"destination": "colors-{theme}.xml", "format": "android/colors"}]},
    "swift": {"transformGroup": "ios-swift", "buildPath": "build/ios/", "files": [
      {"destination": "Tokens-{theme}.swift", "format": "ios-swift/class.swift", "options": {"className": "Tokens", "outputReferences": true}}]},
    "counted": {"transforms": ["name/kebab", "value/count"], "buildPath": "build/counted/", "files": [{"destination": "vars-{theme}.css", "format": "css/variables"}]}
  }
}`

// countingTransform is not pure: it counts the dark brand colours it has
// seen in the platform, so a token's value depends on the tokens before
// it, and a permutation that took the base's values for its unchanged
// tokens would show the base's counts.
func countingTransform() tokenbuild.Transform {
	var mu sync.Mutex // platforms and permutations transform side by side
	n := map[*tokenbuild.TransformArgs]int{}
	return tokenbuild.Transform{Name: "value/count", Type: tokenbuild.ValueTransform,
		TransformValue: func(t *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error) {
			mu.Lock()
			defer mu.Unlock()
			if s, _ := t.Value.(string); s == "#222222" {
				n[args]++
			}
			return fmt.Sprint(t.Value, "/", n[args]), nil
		}}
}

// writeShared writes the document, its tokens and the config into a new
// folder.
func writeShared(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"r.resolver.json": sharedThemes, "base.tokens.json": sharedBase, "config.json": sharedConfig} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func buildShared(t *testing.T, dir string, inputs map[string]string) *Instance {
	t.Helper()
	cfg, err := config.LoadConfigFile(filepath.Join(dir, "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	hooks := builtin.Hooks().Merge(tokenbuild.Hooks{Transforms: []tokenbuild.Transform{countingTransform()},
		Filters: []tokenbuild.Filter{{Name: "isColor", Filter: func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) { return t.Type == "color", nil }}}})
	in, err := New(context.Background(), cfg, Settings{Hooks: hooks, Inputs: inputs})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return in
}

// readBuild is every file under dir/build by its path there.
func readBuild(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	root := filepath.Join(dir, "build")
	err := filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(root, path)
		files[filepath.ToSlash(rel)] = write.WithoutTimestamps(string(data))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// One build of every theme writes, file by file, what the build of each
// theme alone (--input) writes, though the themes take tokens and texts
// from the default theme's build.
func TestPermutationsShareWithBase(t *testing.T) {
	all := writeShared(t)
	buildShared(t, all, nil)
	got := readBuild(t, all)
	seen := 0
	for _, theme := range []string{"light", "dark", "same", "extra"} {
		dir := writeShared(t)
		buildShared(t, dir, map[string]string{"theme": theme})
		for name, want := range readBuild(t, dir) {
			seen++
			if g, ok := got[name]; !ok {
				t.Errorf("%s: not written by the build of all themes", name)
			} else if g != want {
				t.Errorf("%s differs from the build of theme %s alone:\n%s\nwant\n%s", name, theme, g, want)
			}
		}
	}
	if seen != len(got) || seen != 4*9 {
		t.Errorf("%d files written by the themes alone, %d by the build of all, want 36", seen, len(got))
	}
	if !strings.Contains(got["css/vars-dark.css"], "--color-accent: #222222;") || !strings.Contains(got["css/refs-dark.css"], "--color-paper: var(--color-ink);") ||
		!strings.Contains(got["css/vars-dark.css"], "--num-x: 0.5;") || !strings.Contains(got["css/vars-light.css"], "--num-x: 0;") {
		t.Errorf("the dark theme's aliases and pointers do not follow its tokens:\n%s\n%s", got["css/vars-dark.css"], got["css/refs-dark.css"])
	}
}

// What a permutation shares with its base, token by token: a token that
// loads the same and refers only to such tokens.
func TestSameAsBase(t *testing.T) {
	dir := writeShared(t)
	cfg, err := config.LoadConfigFile(filepath.Join(dir, "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks().Merge(tokenbuild.Hooks{Transforms: []tokenbuild.Transform{countingTransform()},
		Filters: []tokenbuild.Filter{{Name: "isColor", Filter: func(*tokenbuild.Token, tokenbuild.Options) (bool, error) { return true, nil }}}})})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		// the base's own tokens, in order
		"dark":  "color.plain size.s size.m",                                // brand changed, and all that refer to it; typed inherits another $type
		"same":  "color.paper color.muted color.plain size.s size.m comp.c", // brand is written again (another object); typed's tokens are copies
		"extra": "",                                                         // a token more: positions cannot be compared
	}
	for k, p := range in.perms {
		c, err := in.permInstance(context.Background(), k, in.log.Buffered())
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for i, s := range c.sameAsBase() {
			if s {
				names = append(names, strings.Trim(c.tokens[i].Key, "{}"))
				// flattened from the base's object at the base's path:
				// the base's token itself, not a copy
				if c.tokens[i] != in.tokens[i] {
					t.Errorf("theme %s: %s is a token of its own, not the base's", p.Chosen["theme"], c.tokens[i].Key)
				}
			}
		}
		if g, w := strings.Join(names, " "), want[p.Chosen["theme"]]; g != w {
			t.Errorf("theme %s shares %q, want %q", p.Chosen["theme"], g, w)
		}
	}
}

// A format that declares Shape is asked, in each other permutation, for
// the texts of the tokens it does not share with the base only: the base's
// texts are taken for the others. A file with a filter is not made from
// its shape, nor the file of a permutation with a token more (extra).
func TestShapeTextsReused(t *testing.T) {
	var mu sync.Mutex
	asked := map[string][]string{}  // destination: the tokens whose text was asked for
	shaped := map[string][]string{} // destination: the tokens of a file made from its shape
	formatted := map[string]bool{}  // destination: made by Format
	line := func(tok *tokenbuild.Token) string { return fmt.Sprintf("%s=%v\n", tok.Name, tok.Value) }
	lines := tokenbuild.Format{Name: "test/lines",
		Format: func(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
			mu.Lock()
			formatted[args.File.Destination] = true
			mu.Unlock()
			var b strings.Builder
			for _, tok := range args.Dictionary.AllTokens {
				b.WriteString(line(tok))
			}
			return b.String(), nil
		},
		Shape: func(_ context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
			dest := args.File.Destination
			return &tokenbuild.FileShape{
				Text: func(tok *tokenbuild.Token) (string, error) {
					mu.Lock()
					asked[dest] = append(asked[dest], strings.Trim(tok.Key, "{}"))
					mu.Unlock()
					return line(tok), nil
				},
				Frame: func() (tokenbuild.Frame, error) {
					mu.Lock()
					for _, tok := range args.Dictionary.AllTokens {
						shaped[dest] = append(shaped[dest], strings.Trim(tok.Key, "{}"))
					}
					mu.Unlock()
					tokens := args.Dictionary.AllTokens
					return tokenbuild.Frame{Tokens: tokens, Gaps: make([]string, len(tokens)+1)}, nil
				},
			}, nil
		}}
	dir := writeShared(t)
	cfg := &tokenbuild.Config{Dir: dir, Resolver: "r.resolver.json", Platforms: []tokenbuild.Platform{{
		Name: "p", TransformGroup: "css", BuildPath: "build/", Files: []tokenbuild.File{
			{Destination: "{theme}.txt", Format: "test/lines"},
			{Destination: "colors-{theme}.txt", Format: "test/lines", Filter: "isColor"},
		}}}}
	hooks := builtin.Hooks().Merge(tokenbuild.Hooks{Formats: []tokenbuild.Format{lines},
		Filters: []tokenbuild.Filter{{Name: "isColor", Filter: func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) { return t.Type == "color", nil }}}})
	in, err := New(context.Background(), cfg, Settings{Hooks: hooks})
	if err != nil {
		t.Fatal(err)
	}
	// FormatAll formats the base's files before the others' (Build runs
	// them side by side), so every text is kept when they look for it
	if _, _, err := in.FormatAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, dest := range []string{"light.txt", "dark.txt", "same.txt", "extra.txt", "colors-light.txt", "colors-dark.txt"} {
		how := "shape"
		if formatted[dest] {
			how = "format"
		}
		// a frame asked for gives the tokens; otherwise every token is
		// one of the base's (light's)
		all := shaped[dest]
		if all == nil {
			all = shaped["light.txt"]
		}
		var reused []string
		for _, k := range all {
			if !slices.Contains(asked[dest], k) {
				reused = append(reused, k)
			}
		}
		if how == "shape" {
			got = append(got, dest+" "+how+": "+strings.Join(reused, " "))
		} else {
			got = append(got, dest+" "+how)
		}
	}
	want := []string{"light.txt shape: ", "dark.txt shape: color.plain size.s size.m", "same.txt shape: color.paper color.muted color.plain size.s size.m comp.c",
		"extra.txt format", "colors-light.txt format", "colors-dark.txt format"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("texts reused:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// spyFrames wraps the built-in format name as "test/NAME", recording in
// framed the destinations whose file was made from its shape without
// asking for its frame: a permutation's file that took the base's frame.
func spyFrames(name string, mu *sync.Mutex, framed map[string]bool) tokenbuild.Format {
	var builtinFormat tokenbuild.Format
	for _, f := range builtin.Hooks().Formats {
		if f.Name == name {
			builtinFormat = f
		}
	}
	spied := builtinFormat
	spied.Name = "test/" + name
	spied.Shape = func(ctx context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
		shape, err := builtinFormat.Shape(ctx, args)
		if shape == nil {
			return shape, err
		}
		dest := args.File.Destination
		mu.Lock()
		framed[dest] = true
		mu.Unlock()
		s := *shape
		s.Frame = func() (tokenbuild.Frame, error) {
			mu.Lock()
			framed[dest] = false
			mu.Unlock()
			return shape.Frame()
		}
		return &s, err
	}
	return spied
}

// reusedFrames are the destinations of framed that took the base's frame.
func reusedFrames(framed map[string]bool) string {
	var out []string
	for dest, reused := range framed {
		if reused {
			out = append(out, dest)
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// formatThemes formats one file of the shared themes (all of them, or
// those of inputs), by destination.
func formatThemes(t *testing.T, file tokenbuild.File, transforms []string, hooks tokenbuild.Hooks, inputs map[string]string) map[string]string {
	t.Helper()
	dir := writeShared(t)
	cfg := &tokenbuild.Config{Dir: dir, Resolver: "r.resolver.json", Platforms: []tokenbuild.Platform{{
		Name: "p", TransformGroup: "css", Transforms: transforms, BuildPath: "build/", Files: []tokenbuild.File{file}}}}
	if transforms != nil {
		cfg.Platforms[0].TransformGroup = ""
	}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks().Merge(hooks), Inputs: inputs})
	if err != nil {
		t.Fatal(err)
	}
	// FormatAll formats the base's files before the others', so the
	// order is kept when they look for it
	outs, _, err := in.FormatAll(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, o := range outs["p"] {
		files[strings.TrimPrefix(o.Destination, "build/")] = write.WithoutTimestamps(o.Content)
	}
	return files
}

// css/variables with outputReferences sorts by reference; a permutation
// takes the base's frame, and with it its order, only when its tokens read
// the same to the sort. Here none does: dark turns color.paper from a
// colour into an alias, which moves it after the plain tokens, and in
// both dark and same a shadow whose references the sort reads changes (an
// object's references are not compared); extra has a token more. Each
// theme's file is the file of that theme's build alone.
func TestSortOrderReused(t *testing.T) {
	var mu sync.Mutex
	framed := map[string]bool{}
	hooks := tokenbuild.Hooks{Formats: []tokenbuild.Format{spyFrames("css/variables", &mu, framed)}}
	file := tokenbuild.File{Destination: "refs-{theme}.css", Format: "test/css/variables", Options: tokenbuild.Options{"outputReferences": true}}
	all := formatThemes(t, file, nil, hooks, nil)
	if got := reusedFrames(framed); got != "" {
		t.Errorf("frames reused: %s, want none", got)
	}
	for _, theme := range []string{"light", "dark", "same", "extra"} {
		dest := "refs-" + theme + ".css"
		if one := formatThemes(t, file, nil, hooks, map[string]string{"theme": theme})[dest]; all[dest] != one {
			t.Errorf("%s differs from the build of theme %s alone:\n%s\nwant\n%s", dest, theme, all[dest], one)
		}
	}
	if dark := all["refs-dark.css"]; !strings.Contains(dark, "--color-paper: var(--color-ink);") || strings.Index(dark, "--color-paper") < strings.Index(dark, "--num-x") {
		t.Errorf("dark's color.paper is not after the plain tokens:\n%s", all["refs-dark.css"])
	}
}

// The Swift formats sort by name: a permutation takes the base's frame
// when every token has the name the base's token at its place has. Here
// names are made from values (a pure name transform), so dark's colours
// move and its file must be sorted again; same changes no name.
func TestNameOrderReused(t *testing.T) {
	var mu sync.Mutex
	framed := map[string]bool{}
	byValue := tokenbuild.Transform{Name: "name/by-value", Type: tokenbuild.NameTransform, Pure: true,
		TransformName: func(tok *tokenbuild.Token, _ *tokenbuild.TransformArgs) (string, error) {
			return fmt.Sprintf("v%v%s", tok.Value, strings.Join(tok.Path, "")), nil
		}}
	hooks := tokenbuild.Hooks{Formats: []tokenbuild.Format{spyFrames("ios-swift/class.swift", &mu, framed)}, Transforms: []tokenbuild.Transform{byValue}}
	file := tokenbuild.File{Destination: "Tokens-{theme}.swift", Format: "test/ios-swift/class.swift", Options: tokenbuild.Options{"className": "Tokens"}}
	all := formatThemes(t, file, []string{"name/by-value"}, hooks, nil)
	if got, want := reusedFrames(framed), "Tokens-same.swift"; got != want {
		t.Errorf("frames reused: %s, want %s (extra has a token more: no texts)", got, want)
	}
	for _, theme := range []string{"light", "dark", "same", "extra"} {
		dest := "Tokens-" + theme + ".swift"
		if one := formatThemes(t, file, []string{"name/by-value"}, hooks, map[string]string{"theme": theme})[dest]; all[dest] != one {
			t.Errorf("%s differs from the build of theme %s alone:\n%s\nwant\n%s", dest, theme, all[dest], one)
		}
	}
	if dark := all["Tokens-dark.swift"]; !strings.Contains(dark, "v#222222colorbrand") || strings.Index(dark, "v#222222colorbrand") > strings.Index(dark, "v#777777colormuted") {
		t.Errorf("dark's color.brand (#222222) is not before color.muted (#777777):\n%s", dark)
	}
}

// A permutation's file of css/variables, json/nested, a Swift class,
// android/colors or javascript/es6 is the base's with the texts of the
// tokens it does not share put in place, when nothing else of the file can
// differ: the same order, the same paths, the same tokens kept (dark's
// changed dimensions are no colours in either theme). The files sorted by
// reference take no frame (TestSortOrderReused); extra has a token more.
// Each file is the file of that theme's build alone, spliced or not.
func TestFilesSpliced(t *testing.T) {
	var mu sync.Mutex
	framed := map[string]bool{}
	var hooks tokenbuild.Hooks
	for _, name := range []string{"css/variables", "json/nested", "ios-swift/class.swift", "android/colors", "javascript/es6"} {
		hooks.Formats = append(hooks.Formats, spyFrames(name, &mu, framed))
	}
	for _, c := range []struct {
		file       tokenbuild.File
		transforms []string // the css group's when nil
	}{
		{tokenbuild.File{Destination: "vars-{theme}.css", Format: "test/css/variables"}, nil},
		{tokenbuild.File{Destination: "refs-{theme}.css", Format: "test/css/variables", Options: tokenbuild.Options{"outputReferences": true}}, nil},
		{tokenbuild.File{Destination: "tokens-{theme}.json", Format: "test/json/nested"}, nil},
		{tokenbuild.File{Destination: "Tokens-{theme}.swift", Format: "test/ios-swift/class.swift", Options: tokenbuild.Options{"className": "Tokens"}}, nil},
		{tokenbuild.File{Destination: "colors-{theme}.xml", Format: "test/android/colors"}, nil},
		{tokenbuild.File{Destination: "tokens-{theme}.js", Format: "test/javascript/es6"}, []string{"name/camel", "color/hex"}},
	} {
		file := c.file
		all := formatThemes(t, file, c.transforms, hooks, nil)
		for _, theme := range []string{"light", "dark", "same", "extra"} {
			dest := strings.ReplaceAll(file.Destination, "{theme}", theme)
			if one := formatThemes(t, file, c.transforms, hooks, map[string]string{"theme": theme})[dest]; all[dest] != one {
				t.Errorf("%s differs from the build of theme %s alone:\n%s\nwant\n%s", dest, theme, all[dest], one)
			}
		}
	}
	want := "Tokens-dark.swift Tokens-same.swift colors-dark.xml colors-same.xml tokens-dark.js tokens-dark.json tokens-same.js tokens-same.json vars-dark.css vars-same.css"
	if got := reusedFrames(framed); got != want {
		t.Errorf("spliced: %s\nwant %s", got, want)
	}
}

// A name transform that declares NameFromPath is not called again for the
// tokens a permutation transforms again at the base's paths: they take
// the names the base's tokens got. Only the base's tokens and extra's
// (which has a token more: nothing is shared) are named by calls, and
// every theme's file is the file of its build alone.
func TestNamesFromBase(t *testing.T) {
	var calls atomic.Int32
	counted := tokenbuild.Transform{Name: "name/counted", Type: tokenbuild.NameTransform, Pure: true, NameFromPath: true,
		TransformName: func(tok *tokenbuild.Token, _ *tokenbuild.TransformArgs) (string, error) {
			calls.Add(1)
			return strings.Join(tok.Path, "_"), nil
		}}
	hooks := tokenbuild.Hooks{Transforms: []tokenbuild.Transform{counted}}
	file := tokenbuild.File{Destination: "vars-{theme}.css", Format: "css/variables"}
	transforms := []string{"name/counted", "color/css"}
	all := formatThemes(t, file, transforms, hooks, nil)
	light := formatThemes(t, file, transforms, hooks, map[string]string{"theme": "light"})
	extra := formatThemes(t, file, transforms, hooks, map[string]string{"theme": "extra"})
	calls.Store(0)
	formatThemes(t, file, transforms, hooks, nil)
	perLine := func(s string) int { return strings.Count(s, ": ") }
	if got, want := int(calls.Load()), perLine(light["vars-light.css"])+perLine(extra["vars-extra.css"]); got != want {
		t.Errorf("%d names made, want %d (the base's and extra's)", got, want)
	}
	for _, theme := range []string{"light", "dark", "same", "extra"} {
		dest := "vars-" + theme + ".css"
		if one := formatThemes(t, file, transforms, hooks, map[string]string{"theme": theme})[dest]; all[dest] != one {
			t.Errorf("%s differs from the build of theme %s alone:\n%s\nwant\n%s", dest, theme, all[dest], one)
		}
	}
	if !strings.Contains(all["vars-dark.css"], "--color_brand: #222222;") {
		t.Errorf("dark's brand colour is not named from its path:\n%s", all["vars-dark.css"])
	}
}

// A permutation checks against the spec only the tokens it does not share
// with its base, when the base's tokens passed; it reports what a check of
// all of them would: a shared token's problem found in the base is found
// again in the permutation (base 4em), and a changed token's own problem
// is found when the base's tokens are clean. (Build reports the
// permutation's; the base's are New's.)
func TestSpecLintOfPermutations(t *testing.T) {
	const doc = `{"version": "2025.10",
  "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
  "modifiers": {"theme": {"default": "light", "contexts": {
    "light": [],
    "dark": [{"color": {"brand": {"$type": "color", "$value": "#222222"}}, "size": {"m": {"$type": "dimension", "$value": "3vw"}}}]}}},
  "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}`
	for _, c := range []struct{ s, want string }{
		{"4em", `size.s "4em"; size.m "3vw"`}, // the base's own are reported by New
		{"4px", `size.m "3vw"`},
	} {
		dir := t.TempDir()
		base := `{"color": {"brand": {"$type": "color", "$value": "#ff0000"}},
 "size": {"s": {"$type": "dimension", "$value": "` + c.s + `"}, "m": {"$type": "dimension", "$value": "2px"}}}`
		for name, text := range map[string]string{"r.resolver.json": doc, "base.tokens.json": base} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cfg := &tokenbuild.Config{Dir: dir, Resolver: "r.resolver.json", Platforms: []tokenbuild.Platform{{
			Name: "css", TransformGroup: "css", BuildPath: "build/", Files: []tokenbuild.File{{Destination: "v-{theme}.css", Format: "css/variables"}}}}}
		in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks(), Verbosity: tokenbuild.VerbosityVerbose})
		if err != nil {
			t.Fatal(err)
		}
		ds, err := in.Build(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range ds {
			if d.Kind == tokenbuild.KindSpec {
				got = append(got, d.Token+" "+strings.Fields(d.Msg)[2])
			}
		}
		if g := strings.Join(got, "; "); g != c.want {
			t.Errorf("size.s %s: spec warnings %s, want %s", c.s, g, c.want)
		}
	}
}

// A permutation's file takes the base's frame and texts when every token
// it does not share leaves the frame as it was, asking only for those
// tokens' texts; otherwise it asks for its own frame, still taking the
// base's texts of the tokens it shares. Its head and tail are its own.
func TestSplicedFromBase(t *testing.T) {
	a, b, c, b2 := &tokenbuild.Token{Key: "{a}"}, &tokenbuild.Token{Key: "{b}"}, &tokenbuild.Token{Key: "{c}"}, &tokenbuild.Token{Key: "{b}"}
	sameFrame := func(was, now *tokenbuild.Token) bool { return was.Key == now.Key && now.Name == "" }
	shapeOf := func(head string, tokens []*tokenbuild.Token, order []*tokenbuild.Token, gaps []string, asked *[]string) *shapedFile {
		return &shapedFile{tokens: tokens, warned: &atomic.Bool{}, positions: positionsIn(&tokenbuild.Dictionary{AllTokens: tokens}),
			shape: &tokenbuild.FileShape{Head: head + "(", Tail: ")" + head,
				Text: func(t *tokenbuild.Token) (string, error) {
					*asked = append(*asked, strings.Trim(t.Key, "{}")+t.Name)
					return strings.ToUpper(strings.Trim(t.Key, "{}")) + t.Name, nil
				},
				Frame: func() (tokenbuild.Frame, error) {
					*asked = append(*asked, "frame")
					return tokenbuild.Frame{Tokens: order, Gaps: gaps}, nil
				},
				SameFrame: sameFrame,
			}}
	}
	var asked []string
	base := shapeOf("base", []*tokenbuild.Token{a, b, c}, []*tokenbuild.Token{c, a, b}, []string{"<", ",", ",", ">"}, &asked)
	base.keep = &textSlot{}
	pc, ok := base.make()
	if !ok {
		t.Fatal("the base's file was not made")
	}
	if base.publish(pc) != "base(<C,A,B>)base" {
		t.Fatalf("base: %q", pc.made.text)
	}
	kept := base.keep.Load()
	if kept.text != "base(<C,A,B>)base" || strings.Join(asked, " ") != "frame c a b" {
		t.Fatalf("base: %q, asked for %q", kept.text, asked)
	}
	for _, tc := range []struct {
		name, want, asked string
	}{
		{"", "perm(<C,A,B>)perm", "b"},          // b2 keeps the frame: the base's, with its text
		{"2", "perm([A;B2;C])perm", "frame b2"}, // b2 changes it: the file's own frame, the base's texts of a and c
	} {
		b2.Name = tc.name
		asked = nil
		tokens := []*tokenbuild.Token{a, b2, c}
		sf := shapeOf("perm", tokens, tokens, []string{"[", ";", ";", "]"}, &asked)
		sf.kept = kept
		pc, ok := sf.make()
		if !ok || pc.String() != tc.want || strings.Join(asked, " ") != tc.asked {
			t.Errorf("b2 named %q: %q (%v), asked for %q; want %q, asked for %q", tc.name, pc.String(), ok, strings.Join(asked, " "), tc.want, tc.asked)
		}
	}
}
