package tokengen_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/configmain"
	"github.com/tokengen/tokengen/tokenbuild"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

var shout = tokenbuild.Transform{
	Name: "name/shout",
	Type: tokenbuild.NameTransform,
	TransformName: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (string, error) {
		return strings.ToUpper(strings.Join(t.Path, "_")), nil
	},
}

// A JSON config names a transform that only the Go config defines.
func TestExtendsJSONWithGoHooks(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"config.json": `{"source": ["tokens/*.json"], "platforms": {"css": {"transforms": ["name/shout"], "buildPath": "out/",
			"files": [{"destination": "v.css", "format": "css/variables", "options": {"showFileHeader": false}}]}}}`,
		"tokens/c.json": `{"color": {"red": {"value": "#f00"}}}`,
	})
	ctx := context.Background()
	b, err := tokengen.New(ctx, tokenbuild.Config{Dir: dir, Extends: "config.json", Hooks: tokenbuild.Hooks{Transforms: []tokenbuild.Transform{shout}}})
	if err != nil {
		t.Fatal(err)
	}
	outs, _, err := b.FormatPlatform(ctx, "css")
	if err != nil {
		t.Fatal(err)
	}
	want := ":root {\n  --COLOR_RED: #f00;\n}\n"
	if len(outs) != 1 || outs[0].Content != want || outs[0].Destination != "out/v.css" {
		t.Fatalf("got %#v, want one file out/v.css with %q", outs, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Fatal("FormatPlatform must not write files")
	}
	if _, err := b.BuildAllPlatforms(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "out/v.css"))
	if err != nil || string(got) != want {
		t.Fatalf("built file %q, %v", got, err)
	}
	if _, err := b.CleanAllPlatforms(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Fatal("clean left the build folder")
	}
}

// Extend merges configs into a new instance; the original is unchanged, and
// instances are safe to use from several goroutines.
func TestExtendAndConcurrency(t *testing.T) {
	ctx := context.Background()
	base := tokenbuild.Config{
		Dir:    t.TempDir(),
		Tokens: tokenbuild.ObjectOf("size", tokenbuild.ObjectOf("base", tokenbuild.ObjectOf("value", "2", "type", "dimension"))),
		Platforms: []tokenbuild.Platform{{Name: "css", TransformGroup: "css", Files: []tokenbuild.File{
			{Destination: "a.css", Format: "css/variables", Options: tokenbuild.Options{"showFileHeader": false}}}}},
	}
	b, err := tokengen.New(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	ext, err := b.Extend(ctx, tokenbuild.Config{Platforms: []tokenbuild.Platform{{Name: "css", Prefix: "ds"}}})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	results := make([]string, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			inst := b
			if i%2 == 1 {
				inst = ext
			}
			d, err := inst.GetPlatformTokens(ctx, "css")
			if err != nil {
				t.Error(err)
				return
			}
			results[i] = d.AllTokens[0].Name + "=" + d.AllTokens[0].Value.(string)
		}()
	}
	wg.Wait()
	for i, r := range results {
		want := "size-base=2rem"
		if i%2 == 1 {
			want = "ds-size-base=2rem"
		}
		if r != want {
			t.Errorf("result %d: %s, want %s", i, r, want)
		}
	}
	if got := b.Tokens().Value("size").(*tokenbuild.Object).Value("base").(*tokenbuild.Token).Value; got != "2" {
		t.Errorf("Tokens() must hold untransformed values, got %v", got)
	}
	if err := b.RegisterTransform(tokenbuild.Transform{Name: "bad"}); err == nil {
		t.Error("registering a transform without a type must fail")
	}
}

// Many platforms build at once, with warnings (a name collision, a failed
// transform) shared between them: run under -race, the outputs are the same
// whatever the scheduling, and a broken reference that every platform
// meets is reported once.
func TestConcurrentPlatformsWithProblems(t *testing.T) {
	// the header's time is the same in every output, however slowly the
	// race detector makes the builds run across a second's boundary
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	ctx := context.Background()
	groups := []string{"css", "scss", "less", "js", "android", "ios-swift", "compose", "flutter"}
	formats := []string{"css/variables", "scss/variables", "less/variables", "javascript/es6", "android/resources", "ios-swift/class.swift", "compose/object", "flutter/class.dart"}
	var platforms strings.Builder
	for i, g := range groups {
		if i > 0 {
			platforms.WriteString(",")
		}
		platforms.WriteString(`"` + g + `": {"transformGroup": "` + g + `", "buildPath": "out/` + g + `/", "files": [{"destination": "f", "format": "` + formats[i] + `", "className": "T", "packageName": "p"}]}`)
	}
	tokens := `{"color": {"red": {"value": "#ff0000", "type": "color"}, "Red": {"value": "#ff0001", "type": "color"}},
		"size": {"s": {"value": "abc", "type": "dimension"}, "m": {"value": "{size.s}", "type": "dimension"}, "l": {"value": 16, "type": "dimension"}}}`
	dir := writeFiles(t, map[string]string{
		"config.json":   `{"source": ["tokens/*.json"], "platforms": {` + platforms.String() + `}}`,
		"tokens/a.json": tokens,
		"broken.json":   `{"source": ["tokens/*.json", "more/*.json"], "platforms": {` + platforms.String() + `}}`,
		"more/bad.json": `{"bad": {"value": "{nope}"}}`,
	})
	var logs strings.Builder
	b, err := tokengen.Load(ctx, filepath.Join(dir, "config.json"), tokengen.WithOutput(&logs, &logs))
	if err != nil {
		t.Fatal(err)
	}
	alone := map[string]string{}
	for _, g := range groups {
		outs, _, err := b.FormatPlatform(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		alone[g] = outs[0].Content
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			all, _, err := b.FormatAllPlatforms(ctx)
			if err != nil {
				t.Error(err)
				return
			}
			for _, g := range groups {
				if got := all[g][0].Content; got != alone[g] {
					t.Errorf("%s: concurrent output differs from the platform built alone", g)
				}
			}
		}()
	}
	wg.Wait()
	if _, err := b.BuildAllPlatforms(ctx); err != nil {
		t.Fatal(err)
	}

	bad, err := tokengen.Load(ctx, filepath.Join(dir, "broken.json"), tokengen.WithOutput(&logs, &logs))
	if err != nil {
		t.Fatal(err)
	}
	_, err = bad.BuildAllPlatforms(ctx)
	if err == nil {
		t.Fatal("a broken reference must fail the build")
	}
	if want := "more/bad.json:1:20: token bad: reference {nope} is not defined"; err.Error() != want {
		t.Errorf("error:\n%s\nwant once:\n%s", err, want)
	}
}

// Go hooks can hand back an object that contains itself; that must be an
// error, not a stack overflow in the first walk over the tree.
func TestSelfContainingTrees(t *testing.T) {
	ctx := context.Background()
	loop := func() *tokenbuild.Object {
		o := tokenbuild.ObjectOf("a", tokenbuild.ObjectOf("value", 1))
		o.Set("self", o)
		return o
	}
	dir := writeFiles(t, map[string]string{"tokens/a.txt": "x"})
	platform := tokenbuild.Platform{Name: "css", TransformGroup: "css", Preprocessors: []string{"loop"}, Files: []tokenbuild.File{{Destination: "a.css", Format: "css/variables"}}}
	for _, tc := range []struct {
		name string
		cfg  tokenbuild.Config
		want string
	}{
		{"inline tokens", tokenbuild.Config{Dir: dir, Tokens: loop()}, "the config's tokens nests deeper than 1000 levels"},
		{"parser", tokenbuild.Config{Dir: dir, Source: []string{"tokens/*.txt"}, Parsers: []string{"loop"}}, `tokens/a.txt: the tree parser "loop" returned nests deeper than 1000 levels`},
		{"preprocessor", tokenbuild.Config{Dir: dir, Tokens: tokenbuild.ObjectOf("a", tokenbuild.ObjectOf("value", 1)), Platforms: []tokenbuild.Platform{platform}}, `the tree preprocessor "loop" returned nests deeper than 1000 levels`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.Hooks = tokenbuild.Hooks{
				Parsers:       []tokenbuild.Parser{{Name: "loop", Pattern: regexp.MustCompile(`\.txt$`), Parse: func([]byte, string) (*tokenbuild.Object, error) { return loop(), nil }}},
				Preprocessors: []tokenbuild.Preprocessor{{Name: "loop", Preprocess: func(*tokenbuild.Object, *tokenbuild.Platform) (*tokenbuild.Object, error) { return loop(), nil }}},
			}
			var err error
			b, err := tokengen.New(ctx, tc.cfg, tokengen.WithOutput(io.Discard, io.Discard))
			if err == nil {
				_, _, err = b.FormatAllPlatforms(ctx)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// Token files are marked (filePath, isSource) as they are parsed, with the
// first file deciding whether tokens are DTCG; when a parser hands back no
// tree for the first file, the first file with a tree decides and every
// file is still marked.
func TestFirstFileWithoutTree(t *testing.T) {
	ctx := context.Background()
	dir := writeFiles(t, map[string]string{
		"tokens/a.txt":  "x",
		"tokens/b.json": `{"color": {"$type": "color", "base": {"$value": "#ff0000"}}}`,
		"tokens/c.json": `{"size": {"s": {"$value": "4px", "$type": "dimension"}}}`,
	})
	cfg := tokenbuild.Config{Dir: dir, Source: []string{"tokens/*"}, Parsers: []string{"none"},
		Hooks: tokenbuild.Hooks{Parsers: []tokenbuild.Parser{{Name: "none", Pattern: regexp.MustCompile(`\.txt$`),
			Parse: func([]byte, string) (*tokenbuild.Object, error) { return nil, nil }}}}}
	b, err := tokengen.New(ctx, cfg, tokengen.WithOutput(io.Discard, io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	if !b.UsesDtcg() {
		t.Error("the first file with a tree is DTCG: the build should be")
	}
	var got []string
	for _, tk := range b.AllTokens() {
		got = append(got, tk.Key+" "+tk.FilePath+" "+tk.Type)
	}
	want := []string{"{color.base} tokens/b.json color", "{size.s} tokens/c.json dimension"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tokens:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Options given as Go values (a map, a slice of strings, an int) read as
// the JSON-like values a JSON config holds: the same output as the JSON
// spelling of the same options.
func TestGoValueOptions(t *testing.T) {
	ctx := context.Background()
	tokens := tokenbuild.ObjectOf("size", tokenbuild.ObjectOf("s", tokenbuild.ObjectOf("value", "4px", "type", "dimension")))
	build := func(opts tokenbuild.Options) string {
		t.Helper()
		b, err := tokengen.New(ctx, tokenbuild.Config{
			Dir: t.TempDir(), Tokens: tokens,
			Platforms: []tokenbuild.Platform{{Name: "css", Files: []tokenbuild.File{
				{Destination: "a.css", Format: "css/variables", Options: opts}}}},
		})
		if err != nil {
			t.Fatal(err)
		}
		outs, _, err := b.FormatPlatform(ctx, "css")
		if err != nil {
			t.Fatal(err)
		}
		return outs[0].Content
	}
	fromJSON := build(tokenbuild.Options{"showFileHeader": false, "selector": []any{".a", ".b"},
		"formatting": tokenbuild.ObjectOf("lineSeparator", "\n\n", "indentation", "    ")})
	fromGo := build(tokenbuild.Options{"showFileHeader": false, "selector": []string{".a", ".b"},
		"formatting": map[string]any{"indentation": "    ", "lineSeparator": "\n\n"}})
	if fromGo != fromJSON {
		t.Errorf("Go values:\n%s\nJSON values:\n%s", fromGo, fromJSON)
	}
	// a list of selectors nests them, with the indentation given: what
	// style-dictionary 5.5.5 writes for the JSON spelling
	if want := ".a {\n    .b {\n        --s: 4px;\n    }\n}\n"; fromJSON != want {
		t.Errorf("the options were not applied:\n%s\nwant\n%s", fromJSON, want)
	}
}

// A library user gets warnings as data: each once, however many platforms
// transform the same tokens, under its platform and place, with the
// summary line its kind shares (the count filled in), so that a driver
// can print the summary alone. The Go config program (configmain.Command) prints
// that line by default and every warning with --verbose.
func TestWarningsAsData(t *testing.T) {
	files := map[string]string{
		"tokens.json": `{"font": {"$type": "typography",
  "body": {"$value": {"fontFamily": "Inter", "fontSize": "16px", "letterSpacing": "0.1px"}},
  "heading": {"$value": {"fontFamily": "Inter", "fontSize": "24px", "textCase": "none"}}}}`,
	}
	dir := writeFiles(t, files)
	var platforms []tokenbuild.Platform
	for _, name := range []string{"css", "scss", "less"} {
		platforms = append(platforms, tokenbuild.Platform{Name: name, TransformGroup: "css", BuildPath: "out/" + name + "/",
			Files: []tokenbuild.File{{Destination: "v.css", Format: "css/variables"}}})
	}
	cfg := tokenbuild.Config{Dir: dir, Source: []string{"tokens.json"}, Platforms: platforms}
	ctx := context.Background()
	b, err := tokengen.New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := b.BuildAllPlatforms(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const summary = "Unknown CSS Font Shorthand properties found for 2 tokens, CSS output for Font values will be missing some typography token properties as a result:"
	var got []string
	for _, w := range res.Warnings() {
		if w.Summary != summary || w.Kind != tokenbuild.KindHook || w.Platform != "css" || w.Line == 0 {
			t.Errorf("warning %+v: want kind %q, platform css, a line, summary %q", w, tokenbuild.KindHook, summary)
		}
		got = append(got, w.Token)
	}
	if strings.Join(got, " ") != "font.body font.heading" {
		t.Errorf("warnings about %q, want each token once", got)
	}

	for _, tc := range []struct {
		args []string
		want []string // lines of stdout, in order; the reference's where it prints them
	}{
		{nil, []string{summary, `Use log.verbosity "verbose" or use CLI option --verbose for more details.`}},
		{[]string{"--verbose"}, []string{summary,
			"tokens.json:2:66: warning: token font.body: the CSS font shorthand leaves out letterSpacing",
			"tokens.json:3:69: warning: token font.heading: the CSS font shorthand leaves out textCase"}},
	} {
		var stdout, stderr strings.Builder
		if code := configmain.Command(ctx, append([]string{"build"}, tc.args...), cfg, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr.String())
		}
		out := stdout.String()
		if n := strings.Count(out, summary); n != 1 {
			t.Errorf("%v: summary printed %d times:\n%s", tc.args, n, out)
		}
		at := 0
		for _, line := range tc.want {
			i := strings.Index(out[at:], line+"\n")
			if i < 0 {
				t.Errorf("%v: no line %q after offset %d in:\n%s", tc.args, line, at, out)
				break
			}
			at += i + len(line)
		}
		if verbose := len(tc.args) > 0; verbose == strings.Contains(out, "Use log.verbosity") {
			t.Errorf("%v: how to see the details printed %v:\n%s", tc.args, !verbose, out)
		}
	}
}

// A hook's warning without a place (a Go config has no config file to
// point at) is still printed as a warning, naming the hook.
func TestHookWarningWithoutPlace(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tokens.json": `{"a": {"value": 1}}`})
	warny := tokenbuild.Format{Name: "warny", Format: func(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
		args.Warn(tokenbuild.Warning{Message: "no tokens of mine"})
		return "x\n", nil
	}}
	cfg := tokenbuild.Config{Dir: dir, Source: []string{"tokens.json"}, Hooks: tokenbuild.Hooks{Formats: []tokenbuild.Format{warny}},
		Platforms: []tokenbuild.Platform{{Name: "p", BuildPath: "out/", Files: []tokenbuild.File{{Destination: "x.txt", Format: "warny"}}}}}
	var stdout, stderr strings.Builder
	if code := configmain.Command(context.Background(), []string{"build"}, cfg, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if want := "warning: format \"warny\": no tokens of mine\n"; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout:\n%s\nwant the line %q", stdout.String(), want)
	}
}

// A Go program builds permutations of a resolver document with
// WithInputs; a modifier left out takes its default. The expected lines
// are those the reference writes for the merged tokens ({"c": "#000000"}
// then {"c": "#ffffff"}, css/variables).
func TestResolverInputs(t *testing.T) {
	dir := writeFiles(t, map[string]string{"t.resolver.json": `{
  "version": "2025.10",
  "resolutionOrder": [
    {"type": "set", "name": "base", "sources": [{"c": {"$type": "color", "$value": "#000000"}}]},
    {"type": "modifier", "name": "theme", "default": "light",
     "contexts": {"light": [], "dark": [{"c": {"$type": "color", "$value": "#ffffff"}}]}}
  ]
}`})
	cfg := tokenbuild.Config{Dir: dir, Resolver: "t.resolver.json", Platforms: []tokenbuild.Platform{{
		Name: "css", TransformGroup: "css", Files: []tokenbuild.File{{Destination: "v.css", Format: "css/variables"}}}}}
	for inputs, want := range map[string]string{"": "  --c: #000000;\n", "dark": "  --c: #ffffff;\n"} {
		var opts []tokengen.Option
		if inputs != "" {
			opts = append(opts, tokengen.WithInputs(map[string]string{"theme": inputs}))
		}
		b, err := tokengen.New(context.Background(), cfg, opts...)
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := b.FormatPlatform(context.Background(), "css")
		if err != nil || len(out) != 1 || !strings.Contains(out[0].Content, ":root {\n"+want+"}\n") {
			t.Errorf("theme %q: %v %+v, want %q", inputs, err, out, want)
		}
	}
	_, err := tokengen.New(context.Background(), cfg, tokengen.WithInputs(map[string]string{"theme": "dim"}))
	if err == nil || !strings.Contains(err.Error(), `t.resolver.json:6:18: invalid context "dim" for modifier "theme": its contexts are light and dark`) {
		t.Errorf("theme dim: %v", err)
	}
}

// A platform name the config does not have is an error from every method
// that takes one, never a panic, and nothing is written or removed.
func TestUnknownPlatformName(t *testing.T) {
	ctx := context.Background()
	dir := writeFiles(t, map[string]string{"t/c.json": `{"color": {"a": {"value": "#fff"}}}`})
	cfg := tokenbuild.Config{Dir: dir, Source: []string{"t/*.json"}, Platforms: []tokenbuild.Platform{
		{Name: "css", TransformGroup: "css", BuildPath: "o/", Files: []tokenbuild.File{{Destination: "a.css", Format: "css/variables"}}}}}
	b, err := tokengen.New(ctx, cfg, tokengen.WithOutput(io.Discard, io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"CleanPlatform":     func() error { _, err := b.CleanPlatform(ctx, "nope"); return err },
		"BuildPlatform":     func() error { _, err := b.BuildPlatform(ctx, "nope"); return err },
		"GetPlatformTokens": func() error { _, err := b.GetPlatformTokens(ctx, "nope"); return err },
		"FormatFiles":       func() error { _, _, err := b.FormatFiles(ctx, "nope"); return err },
	}
	for name, call := range calls {
		if err := call(); err == nil || !strings.Contains(err.Error(), `"nope" does not exist`) {
			t.Errorf("%s: error %v, want one naming the unknown platform", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "o")); !os.IsNotExist(err) {
		t.Errorf("o/ exists after calls that name no platform of the config (%v)", err)
	}
}
