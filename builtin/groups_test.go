package builtin

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// cssGroupAdditions are the transforms tokengen adds to the reference's
// groups, for DTCG values the reference writes as no CSS
// (docs/deviations.md); they change nothing the reference writes as CSS.
var cssGroupAdditions = map[string][]string{
	"css":  {"fontWeight/css", "gradient/css/shorthand"},
	"scss": {"fontWeight/css", "gradient/css/shorthand"},
	"less": {"fontWeight/css", "gradient/css/shorthand"},
}

// TestTransformGroupsMatchReference compares with the reference's
// transformGroups.js (testdata/transforms/groups.json, written by gen.mjs)
// and checks the neutral aliases.
func TestTransformGroupsMatchReference(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "transforms", "groups.json"))
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := json5.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := parsed.(*tokenbuild.Object)
	got := TransformGroups()
	if len(got) < want.Len() {
		t.Fatalf("%d groups, want at least %d", len(got), want.Len())
	}
	byName := map[string][]string{}
	for i, g := range got {
		byName[g.Name] = g.Transforms
		if i < want.Len() {
			if g.Name != want.Keys()[i] {
				t.Errorf("group %d is %s, want %s", i, g.Name, want.Keys()[i])
				continue
			}
			var names []string
			for _, n := range want.Value(g.Name).([]any) {
				names = append(names, n.(string))
			}
			transforms := g.Transforms
			if added := cssGroupAdditions[g.Name]; added != nil {
				transforms = slices.DeleteFunc(slices.Clone(transforms), func(n string) bool { return slices.Contains(added, n) })
				if len(transforms) != len(g.Transforms)-len(added) {
					t.Errorf("group %s = %q, want %q added", g.Name, g.Transforms, added)
				}
			}
			if !slices.Equal(transforms, names) {
				t.Errorf("group %s = %q, want %q", g.Name, transforms, names)
			}
		}
	}
	aliases := map[string]string{
		"mobile-a": "android", "declarative-ui": "compose", "mobile-b": "ios", "mobile-b-swift": "ios-swift",
		"mobile-b-swift-separate": "ios-swift-separate", "cross-ui": "flutter", "cross-ui-separate": "flutter-separate",
	}
	for alias, orig := range aliases {
		if !slices.Equal(byName[alias], byName[orig]) || byName[alias] == nil {
			t.Errorf("alias %s = %q, want %s's %q", alias, byName[alias], orig, byName[orig])
		}
	}
	if len(got) != want.Len()+len(aliases) {
		t.Errorf("%d groups, want %d", len(got), want.Len()+len(aliases))
	}
}
