package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

// A format that declares TokenTexts gets, in each other permutation, the
// texts the base kept for exactly the tokens it shares with the base; a
// file with a filter gets none, and the base finds none.
func TestTokenTextsReused(t *testing.T) {
	var mu sync.Mutex
	reused := map[string][]string{} // destination: the tokens whose text was found
	lines := tokenbuild.Format{Name: "test/lines", TokenTexts: true, Format: func(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
		var b strings.Builder
		for _, tok := range args.Dictionary.AllTokens {
			if args.Texts != nil {
				if text, ok := args.Texts.Text(tok); ok {
					mu.Lock()
					reused[args.File.Destination] = append(reused[args.File.Destination], strings.Trim(tok.Key, "{}"))
					mu.Unlock()
					b.WriteString(text)
					continue
				}
			}
			text := fmt.Sprintf("%s=%v\n", tok.Name, tok.Value)
			if args.Texts != nil {
				args.Texts.Keep(tok, text)
			}
			b.WriteString(text)
		}
		return b.String(), nil
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
		if r := reused[dest]; len(r) > 0 {
			got = append(got, dest+": "+strings.Join(r, " "))
		}
	}
	want := []string{"dark.txt: color.plain size.s size.m", "same.txt: color.paper color.muted color.plain size.s size.m comp.c"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("texts reused:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// orderSpy is a permutation's TokenTexts that tells whether the format
// found an order kept by the base.
type orderSpy struct {
	tokenbuild.TokenTexts
	found func()
}

func (s orderSpy) KeptOrder() (sorted, from []*tokenbuild.Token) {
	sorted, from = s.TokenTexts.(tokenbuild.TokenOrder).KeptOrder()
	if sorted != nil {
		s.found()
	}
	return sorted, from
}

func (s orderSpy) KeepOrder(sorted, from []*tokenbuild.Token) {
	s.TokenTexts.(tokenbuild.TokenOrder).KeepOrder(sorted, from)
}

// spyOrders wraps the built-in format name as "test/NAME", recording in
// found the destinations whose format found an order kept by the base.
func spyOrders(name string, mu *sync.Mutex, found map[string]bool) tokenbuild.Format {
	var builtinFormat tokenbuild.Format
	for _, f := range builtin.Hooks().Formats {
		if f.Name == name {
			builtinFormat = f
		}
	}
	spied := builtinFormat
	spied.Name, spied.Write = "test/"+name, nil
	spied.Format = func(ctx context.Context, args *tokenbuild.FormatArgs) (string, error) {
		if _, ok := args.Texts.(tokenbuild.TokenOrder); ok {
			dest := args.File.Destination
			a := *args
			a.Texts = orderSpy{args.Texts, func() { mu.Lock(); found[dest] = true; mu.Unlock() }}
			args = &a
		}
		if builtinFormat.Format != nil {
			return builtinFormat.Format(ctx, args)
		}
		var b strings.Builder
		err := builtinFormat.Write(ctx, args, &b)
		return b.String(), err
	}
	return spied
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
// takes the order the base sorted in when its tokens read the same to the
// sort, and sorts again when one does not (dark turns color.paper from a
// colour into an alias, which moves it after the plain tokens): each
// theme's file is the file of that theme's build alone.
func TestSortOrderReused(t *testing.T) {
	var mu sync.Mutex
	found := map[string]bool{}
	hooks := tokenbuild.Hooks{Formats: []tokenbuild.Format{spyOrders("css/variables", &mu, found)}}
	file := tokenbuild.File{Destination: "refs-{theme}.css", Format: "test/css/variables", Options: tokenbuild.Options{"outputReferences": true}}
	all := formatThemes(t, file, nil, hooks, nil)
	if got, want := fmt.Sprint(found), "map[refs-dark.css:true refs-same.css:true]"; got != want {
		t.Errorf("orders found: %s, want %s (extra has a token more: no texts)", got, want)
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

// The Swift formats sort by name: a permutation takes the base's order
// when every token has the name the base's token at its place has. Here
// names are made from values (a pure name transform), so dark's colours
// move and its file must be sorted again.
func TestNameOrderReused(t *testing.T) {
	var mu sync.Mutex
	found := map[string]bool{}
	byValue := tokenbuild.Transform{Name: "name/by-value", Type: tokenbuild.NameTransform, Pure: true,
		TransformName: func(tok *tokenbuild.Token, _ *tokenbuild.TransformArgs) (string, error) {
			return fmt.Sprintf("v%v%s", tok.Value, strings.Join(tok.Path, "")), nil
		}}
	hooks := tokenbuild.Hooks{Formats: []tokenbuild.Format{spyOrders("ios-swift/class.swift", &mu, found)}, Transforms: []tokenbuild.Transform{byValue}}
	file := tokenbuild.File{Destination: "Tokens-{theme}.swift", Format: "test/ios-swift/class.swift", Options: tokenbuild.Options{"className": "Tokens"}}
	all := formatThemes(t, file, []string{"name/by-value"}, hooks, nil)
	if got, want := fmt.Sprint(found), "map[Tokens-dark.swift:true Tokens-same.swift:true]"; got != want {
		t.Errorf("orders found: %s, want %s (extra has a token more: no texts)", got, want)
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

// spliceSpy is a TokenTexts of the engine's, telling whether the format
// made its file by splicing the base's (tokenbuild.TokenSplice).
type spliceSpy struct {
	tokenbuild.TokenTexts
	spliced func()
}

func (s spliceSpy) KeptOrder() (sorted, from []*tokenbuild.Token) {
	return s.TokenTexts.(tokenbuild.TokenOrder).KeptOrder()
}

func (s spliceSpy) KeepOrder(sorted, from []*tokenbuild.Token) {
	s.TokenTexts.(tokenbuild.TokenOrder).KeepOrder(sorted, from)
}

func (s spliceSpy) KeepAt(t *tokenbuild.Token, start, end int) {
	s.TokenTexts.(tokenbuild.TokenSplice).KeepAt(t, start, end)
}

func (s spliceSpy) Changed() (changed, was []*tokenbuild.Token, ok bool) {
	return s.TokenTexts.(tokenbuild.TokenSplice).Changed()
}

func (s spliceSpy) Splice(w io.Writer, prefix, suffix string, text func(*tokenbuild.Token) string) (bool, error) {
	done, err := s.TokenTexts.(tokenbuild.TokenSplice).Splice(w, prefix, suffix, text)
	if done {
		s.spliced()
	}
	return done, err
}

// A permutation's file of css/variables, json/nested, a Swift class,
// android/colors or javascript/es6 is the base's with the texts of the tokens it does not
// share put in place, when nothing else of the file can differ: the same
// order, the same paths, the same tokens kept (dark's changed dimensions
// are no colours in either theme). The files sorted by reference are not spliced: dark's
// color.paper turns into an alias, which moves it, and in both dark and
// same a shadow whose references the sort reads changes (an object's
// references are not compared); extra has a token more. Each file is the
// file of that theme's build alone, spliced or not.
func TestFilesSpliced(t *testing.T) {
	var mu sync.Mutex
	spliced := map[string]bool{}
	var hooks tokenbuild.Hooks
	for _, f := range builtin.Hooks().Formats {
		switch f.Name {
		case "css/variables", "json/nested", "ios-swift/class.swift", "android/colors", "javascript/es6":
		default:
			continue
		}
		spied := f
		spied.Name = "test/" + f.Name
		spy := func(args *tokenbuild.FormatArgs) *tokenbuild.FormatArgs {
			if _, ok := args.Texts.(tokenbuild.TokenSplice); !ok {
				return args
			}
			dest := args.File.Destination
			a := *args
			a.Texts = spliceSpy{args.Texts, func() { mu.Lock(); spliced[dest] = true; mu.Unlock() }}
			return &a
		}
		spied.Format = func(ctx context.Context, args *tokenbuild.FormatArgs) (string, error) {
			return f.Format(ctx, spy(args))
		}
		spied.Write = func(ctx context.Context, args *tokenbuild.FormatArgs, w io.Writer) error {
			return f.Write(ctx, spy(args), w)
		}
		hooks.Formats = append(hooks.Formats, spied)
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
	want := "map[Tokens-dark.swift:true Tokens-same.swift:true colors-dark.xml:true colors-same.xml:true tokens-dark.js:true tokens-dark.json:true tokens-same.js:true tokens-same.json:true vars-dark.css:true vars-same.css:true]"
	if got := fmt.Sprint(spliced); got != want {
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

// The base's texts kept at offsets are the file's bytes there, read once
// the file is written; offsets out of the file's order, or past its end,
// keep nothing (the permutations make those texts again), and a file
// holding a text given as such is not spliced.
func TestKeptOffsets(t *testing.T) {
	tokens := []*tokenbuild.Token{{Index: 0}, {Index: 1}, {Index: 2}}
	const file = "head\na: 1;\nb: 2;\nc: 3;\ntail\n"
	keeper := func() *textKeeper {
		return &textKeeper{keptFile: keptFile{table: make(textTable, len(tokens)), tokens: tokens}}
	}
	texts := func(kept *keptFile) []string {
		r := &textReader{kept: kept, tokens: tokens}
		var out []string
		for _, tok := range tokens {
			text, ok := r.Text(tok)
			out = append(out, fmt.Sprintf("%s %v", text, ok))
		}
		return out
	}
	k := keeper()
	k.KeepAt(tokens[0], 5, 10)
	k.KeepAt(tokens[1], 11, 16)
	k.KeepAt(tokens[2], 17, 22)
	kept := k.publish(func() string { return file })
	if got, want := fmt.Sprint(texts(kept)), "[a: 1; true b: 2; true c: 3; true]"; got != want {
		t.Errorf("texts %s, want %s", got, want)
	}
	r := &textReader{kept: kept, tokens: []*tokenbuild.Token{tokens[0], {Index: 1}, tokens[2]}}
	var b strings.Builder
	if _, _, ok := r.Changed(); !ok {
		t.Fatal("nothing to splice")
	}
	if ok, err := r.Splice(&b, "HEAD\n", "", func(*tokenbuild.Token) string { return "B: 20;" }); !ok || err != nil || b.String() != "HEAD\na: 1;\nB: 20;\nc: 3;\ntail\n" {
		t.Errorf("spliced %q, %v, %v", b.String(), ok, err)
	}

	k = keeper()
	k.KeepAt(tokens[1], 11, 16)
	k.KeepAt(tokens[0], 5, 10) // before the one kept before it
	read := false
	kept = k.publish(func() string { read = true; return file })
	if got := fmt.Sprint(texts(kept)); got != "[ false  false  false]" || read || kept.spans != nil {
		t.Errorf("unsorted offsets kept %s (file read: %v)", got, read)
	}

	k = keeper()
	k.KeepAt(tokens[0], 5, 10)
	k.KeepAt(tokens[1], 11, 99) // past the end
	if got := fmt.Sprint(texts(k.publish(func() string { return file }))); got != "[ false  false  false]" {
		t.Errorf("offsets past the end kept %s", got)
	}

	k = keeper()
	k.KeepAt(tokens[0], 5, 10)
	k.Keep(tokens[1], "b: 2;")
	kept = k.publish(func() string { return file })
	if got := fmt.Sprint(texts(kept)); got != "[a: 1; true b: 2; true  false]" || kept.spans != nil {
		t.Errorf("a text given: %s, spliced: %v", got, kept.spans != nil)
	}
}
