package resolver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// plainHost places nothing: what a caller other than the engine would
// give.
type plainHost struct{}

func (plainHost) PlaceConfig(d *tokenbuild.Diagnostic) *tokenbuild.Diagnostic { return d }

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The phase alone, without the engine: a document is read, inputs
// choose, destinations plan the other permutations, and each permutation
// merges its sources in resolutionOrder, the later winning (DTCG 2025.10
// resolver module).
func TestReadChoosePlanMerge(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"r.resolver.json": `{"version": "2025.10",
			"sets": {"base": {"sources": [{"$ref": "base.json"}]}},
			"modifiers": {"theme": {"contexts": {"light": [{"$ref": "light.json"}], "dark": [{"$ref": "dark.json"}]}, "default": "light"}},
			"resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}`,
		"base.json":  `{"bg": {"$type": "color", "$value": "#ffffff"}, "size": {"$type": "number", "$value": 4}}`,
		"light.json": `{"fg": {"$type": "color", "$value": "#000000"}}`,
		"dark.json":  `{"bg": {"$type": "color", "$value": "#000000"}, "fg": {"$type": "color", "$value": "#ffffff"}}`,
	})
	doc, problems, err := Read(Source{Config: "config.json", Dir: dir, Path: "r.resolver.json", Host: plainHost{}})
	if err != nil || len(problems) > 0 {
		t.Fatalf("Read: %v %v", err, problems)
	}
	if got := strings.Join(doc.Inputs(), " "); got != "r.resolver.json base.json light.json dark.json" {
		t.Errorf("Inputs = %s", got)
	}
	chosen, problems := doc.Choose(nil)
	if len(problems) > 0 || chosen["theme"] != "light" {
		t.Fatalf("Choose(nil) = %v, %v; want the default, light", chosen, problems)
	}
	cfg := &tokenbuild.Config{File: "config.json", Platforms: []tokenbuild.Platform{{Name: "css",
		Files: []tokenbuild.File{{Destination: "all.css"}, {Destination: "theme-{theme}.css"}}}}}
	plan, problems := doc.Plan(cfg, chosen, true)
	if len(problems) > 0 {
		t.Fatalf("Plan: %v", problems)
	}
	var own []string
	for _, f := range plan.Config.Platforms[0].Files {
		own = append(own, f.Destination)
	}
	if got := strings.Join(own, " "); got != "all.css theme-light.css" {
		t.Errorf("the chosen permutation's files are %s", got)
	}
	if cfg.Platforms[0].Files[1].Destination != "theme-{theme}.css" {
		t.Error("Plan changed the config it was given")
	}
	if len(plan.Permutations) != 1 {
		t.Fatalf("%d other permutations, want 1 (dark)", len(plan.Permutations))
	}
	p := plan.Permutations[0]
	if doc.Label(p.Chosen) != "theme=dark" || p.Config.Platforms[0].Files[0].Destination != "theme-dark.css" || p.FileIndex["css"][0] != 1 {
		t.Errorf("the other permutation is %s with %+v at %v", doc.Label(p.Chosen), p.Config.Platforms[0].Files, p.FileIndex)
	}
	for _, c := range []struct {
		chosen map[string]string
		bg, fg string
	}{{chosen, "#ffffff", "#000000"}, {p.Chosen, "#000000", "#ffffff"}} {
		tree, treesAt := doc.Merge(c.chosen, Copying{Tokens: true})
		value := func(name string) any { return tree.Value(name).(*tokenbuild.Object).Value("$value") }
		if value("bg") != c.bg || value("fg") != c.fg || value("size") != 4.0 {
			t.Errorf("%s: bg %v fg %v size %v", doc.Label(c.chosen), value("bg"), value("fg"), value("size"))
		}
		if strings.Join(tree.Keys(), " ") != "bg size fg" {
			t.Errorf("%s: keys %v: a key keeps the place where it first appeared", doc.Label(c.chosen), tree.Keys())
		}
		if _, ok := treesAt["base.json"]; !ok {
			t.Errorf("%s: no places for base.json: %v", doc.Label(c.chosen), treesAt)
		}
	}
	base, _ := doc.Merge(chosen, Copying{})
	again, _ := doc.Merge(chosen, Copying{})
	base.Set("bg", "changed")
	if again.Value("bg") == "changed" {
		t.Error("two merges share their tree")
	}
}

// Every problem of the inputs is returned, with the document's, not
// written anywhere.
func TestChooseProblems(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"r.resolver.json": `{"version": "2025.10",
			"modifiers": {"theme": {"contexts": {"light": [], "dark": []}}},
			"resolutionOrder": [{"$ref": "#/modifiers/theme"}]}`,
	})
	doc, problems, err := Read(Source{Dir: dir, Path: "r.resolver.json", Host: plainHost{}})
	if err != nil || len(problems) > 0 {
		t.Fatalf("Read: %v %v", err, problems)
	}
	_, problems = doc.Choose(map[string]string{"theme": "blue", "size": "s"})
	var got []string
	for _, p := range problems {
		got = append(got, p.Error())
	}
	// 2:40: the contexts of the modifier, where the input's context is missing
	want := []string{
		`r.resolver.json: unknown modifier "size": the resolver's modifiers are theme`,
		`r.resolver.json:2:40: invalid context "blue" for modifier "theme": its contexts are light and dark`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, problems := doc.Choose(nil); len(problems) != 1 || !strings.Contains(problems[0].Msg, `missing modifier "theme", which has no default`) {
		t.Errorf("Choose(nil): %v", problems)
	}
}
