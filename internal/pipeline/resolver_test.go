package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/tokenbuild"
)

// loadResolver loads a config naming r.resolver.json (doc) beside files,
// with inputs; it returns the instance or the problems, one a line.
func loadResolver(t *testing.T, doc string, files map[string]string, inputs map[string]string) (*Instance, string) {
	t.Helper()
	dir := t.TempDir()
	files["r.resolver.json"] = doc
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &tokenbuild.Config{Dir: dir, Resolver: "r.resolver.json"}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks(), Inputs: inputs})
	if err != nil {
		var lines []string
		for _, e := range (tokenbuild.ErrorList{err}).Flat() {
			lines = append(lines, e.Error())
		}
		return nil, strings.Join(lines, "\n")
	}
	return in, ""
}

// The module's MUSTs about the document: each broken rule is an error at
// its place, all of them reported together.
func TestResolverDocumentErrors(t *testing.T) {
	const set = `{"sources": [{"a": {"$type": "number", "$value": 1}}]}`
	for _, c := range []struct {
		name, doc string
		inputs    map[string]string
		want      []string // each a line of the problems, in order
	}{
		{"version", `{"version": "2025.11", "resolutionOrder": [{"$ref": "#/sets/s"}], "sets": {"s": ` + set + `}}`, nil,
			[]string{`r.resolver.json:1:13: version must be "2025.10", not "2025.11"`}},
		{"no version, empty order", `{"resolutionOrder": []}`, nil,
			[]string{`r.resolver.json:1:1: a resolver document needs "version": "2025.10"`,
				`r.resolver.json:1:21: resolutionOrder must hold at least one set or modifier`}},
		{"no contexts", `{"version": "2025.10", "resolutionOrder": [{"$ref": "#/modifiers/m"}], "modifiers": {"m": {"contexts": {}}}}`, nil,
			[]string{`r.resolver.json:1:104: #/modifiers/m: modifier "m" has no contexts; it needs at least one`}},
		{"default not a context", `{"version": "2025.10", "resolutionOrder": [{"$ref": "#/modifiers/m"}], "modifiers": {"m": {"contexts": {"x": []}, "default": "y"}}}`, nil,
			[]string{`r.resolver.json:1:126: #/modifiers/m: default "y" is not one of the contexts of modifier "m" (x)`}},
		{"context, not contexts", `{"version": "2025.10", "resolutionOrder": [{"type": "modifier", "name": "m", "context": {"x": []}}]}`, nil,
			[]string{`r.resolver.json:1:89: #/resolutionOrder/0: a modifier's contexts are given as "contexts", not "context"`}},
		{"inline without type or name, names twice", `{"version": "2025.10", "resolutionOrder": [{"name": "a", "sources": []}, {"type": "set", "sources": []}, {"type": "set", "name": "b", "sources": []}, {"type": "modifier", "name": "b", "contexts": {"x": []}}]}`, nil,
			[]string{`r.resolver.json:1:44: #/resolutionOrder/0: an inline item of resolutionOrder needs "type": "set" or "modifier"`,
				`r.resolver.json:1:74: #/resolutionOrder/1: an inline set needs a "name"`,
				`r.resolver.json:1:180: #/resolutionOrder/3: the name "b" is already used in resolutionOrder (#/resolutionOrder/2); inline names must be unique`}},
		{"resolutionOrder $ref to neither", `{"version": "2025.10", "resolutionOrder": [{"$ref": "#/$defs/x"}, {"$ref": "#/sets/nope"}], "$defs": {"x": {}}}`, nil,
			[]string{`r.resolver.json:1:53: #/resolutionOrder/0: $ref must point at a set or a modifier ("#/sets/NAME" or "#/modifiers/NAME"), not "#/$defs/x"`,
				`r.resolver.json:1:76: #/resolutionOrder/1: invalid pointer "#/sets/nope": the document has no set "nope"`}},
		{"source pointing at a modifier, into resolutionOrder, at an ancestor, remote", `{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "#/modifiers/m"}, {"$ref": "#/resolutionOrder/0"}, {"$ref": "#/resolutionOrder"}, {"$ref": "https://example.com/t.json"}]}], "modifiers": {"m": {"contexts": {"x": []}}}}`, nil,
			[]string{`r.resolver.json:1:94: #/resolutionOrder/0/sources/0: a source cannot point at a modifier (#/modifiers/m); only resolutionOrder can`,
				`r.resolver.json:1:121: #/resolutionOrder/0/sources/1: #/resolutionOrder/0 points into resolutionOrder, whose inline items cannot be referenced`,
				`r.resolver.json:1:154: #/resolutionOrder/0/sources/2: #/resolutionOrder points into resolutionOrder, whose inline items cannot be referenced`,
				`r.resolver.json:1:185: #/resolutionOrder/0/sources/3: "https://example.com/t.json": only file references relative to the resolver document are supported`}},
		{"circular sets, ancestor", `{"version": "2025.10", "resolutionOrder": [{"$ref": "#/sets/a"}], "sets": {"a": {"sources": [{"$ref": "#/sets/b"}]}, "b": {"sources": [{"$ref": "#/sets/a"}, {"$ref": "#/sets/b/sources"}]}}}`, nil,
			[]string{`r.resolver.json:1:145: #/sets/b/sources/0: circular reference: set "a" includes itself`,
				`r.resolver.json:1:167: #/sets/b/sources/1: #/sets/b/sources points at this reference's own ancestor`}},
		{"missing file, bad pointer in a file", `{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "gone.json"}, {"$ref": "t.json#/a~1b/c"}]}]}`, nil,
			[]string{`r.resolver.json:1:94: #/resolutionOrder/0/sources/0: cannot read gone.json: no such file or directory`,
				`r.resolver.json:1:117: #/resolutionOrder/0/sources/1: invalid pointer "t.json#/a~1b/c": t.json has nothing at #/a~1b/c`}},
		{"inputs", `{"version": "2025.10", "resolutionOrder": [{"$ref": "#/modifiers/m"}, {"$ref": "#/modifiers/n"}], "modifiers": {"m": {"contexts": {"x": [], "y": []}}, "n": {"contexts": {"x": []}}}}`,
			map[string]string{"m": "z", "o": "x"},
			[]string{`r.resolver.json:1:131: invalid context "z" for modifier "m": its contexts are x and y`,
				`r.resolver.json: unknown modifier "o": the resolver's modifiers are m and n`,
				`r.resolver.json:1:157: missing modifier "n", which has no default: choose one of its contexts (x)`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, got := loadResolver(t, c.doc, map[string]string{"t.json": `{"a/b": {"d": {}}}`}, c.inputs)
			if want := strings.Join(c.want, "\n"); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// The merge: sources in resolutionOrder, the chosen context of each
// modifier (its default when not given), later wins, a token replaced
// whole, keys keeping their first place; pointers with ~0 and ~1, a $ref's
// sibling keys replacing the target's, a set named by a context.
func TestResolverMerge(t *testing.T) {
	doc := `{
  "version": "2025.10",
  "sets": {
    "base": {"sources": [{"$ref": "t.json"}]}
  },
  "modifiers": {
    "theme": {
      "contexts": {"light": [], "dark": [{"$ref": "#/sets/dark"}]},
      "default": "light"
    }
  },
  "resolutionOrder": [
    {"$ref": "#/sets/base"},
    {"type": "set", "name": "more", "sources": [{"$ref": "#/$defs/a~1b~0c", "z": {"$type": "number", "$value": 26}}]},
    {"$ref": "#/modifiers/theme"},
    {"type": "modifier", "name": "size", "contexts": {"s": [{"$ref": "t.json#/sizes/s"}], "l": [{"$ref": "t.json#/sizes/l"}]}}
  ],
  "$defs": {"a/b~c": {"b": {"$type": "number", "$value": 2}, "z": {"$type": "number", "$value": 0}}}
}`
	doc = strings.Replace(doc, `"sets": {`, `"sets": {
    "dark": {"sources": [{"g": {"x": {"$type": "number", "$value": 10}}}]},`, 1)
	files := map[string]string{"t.json": `{"g": {"x": {"$type": "number", "$value": 1, "$description": "gone in dark"}, "y": {"$type": "number", "$value": "{b}"}}, "sizes": {"s": {"n": {"$type": "number", "$value": 3}}, "l": {"n": {"$type": "number", "$value": 4}, "b": {"$type": "number", "$value": 5}}}}`}
	for _, c := range []struct {
		inputs map[string]string
		want   string
	}{
		{map[string]string{"size": "s"}, "g.x=1 (gone in dark) g.y={b} sizes.s.n=3 sizes.l.n=4 sizes.l.b=5 b=2 z=26 n=3"},
		{map[string]string{"size": "l", "theme": "dark"}, "g.x=10 g.y={b} sizes.s.n=3 sizes.l.n=4 sizes.l.b=5 b=5 z=26 n=4"},
	} {
		t.Run(fmt.Sprint(c.inputs), func(t *testing.T) {
			in, errs := loadResolver(t, doc, files, c.inputs)
			if errs != "" {
				t.Fatal(errs)
			}
			var got []string
			for _, tok := range in.AllTokens() {
				s := tok.PathString() + "=" + fmt.Sprint(tok.Value)
				if d, _ := tok.Props.Value("$description").(string); d != "" {
					s += " (" + d + ")"
				}
				got = append(got, s)
			}
			if g := strings.Join(got, " "); g != c.want {
				t.Errorf("got  %s\nwant %s", g, c.want)
			}
		})
	}
}

// FormatAll, as Build, makes every permutation the destinations name: the
// platform's own files first (the default permutation's), then the other
// permutations', each with its own tokens.
func TestPermutationsFormatAll(t *testing.T) {
	doc := `{"version": "2025.10",
	  "modifiers": {"theme": {"default": "light", "contexts": {
	    "light": [{"color": {"a": {"$type": "color", "$value": "#111111"}}}],
	    "dark": [{"color": {"a": {"$type": "color", "$value": "#eeeeee"}}}]}}},
	  "resolutionOrder": [{"$ref": "#/modifiers/theme"}]}`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "r.resolver.json"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := &tokenbuild.Config{Dir: dir, Resolver: "r.resolver.json", Platforms: []tokenbuild.Platform{{
		Name: "json", BuildPath: "build/", Files: []tokenbuild.File{
			{Destination: "t-{theme}.json", Format: "json/flat"},
			{Destination: "all.json", Format: "json/flat"},
		}}}}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := in.FormatAll(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range res["json"] {
		got = append(got, fmt.Sprintf("%s %q", o.Destination, strings.Join(strings.Fields(o.Content), " ")))
	}
	want := []string{
		`build/t-light.json "{ \"a\": \"#111111\" }"`,
		`build/all.json "{ \"a\": \"#111111\" }"`,
		`build/t-dark.json "{ \"a\": \"#eeeeee\" }"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
