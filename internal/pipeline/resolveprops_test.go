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
	"github.com/tokengen/tokengen/internal/load"
	"github.com/tokengen/tokengen/tokenbuild"
)

// References in other properties resolve when the reference resolves
// them. The expected lines are what style-dictionary 5.5.5 printed for the
// same tokens from a name transform that logs `token.comment` and
// `token.darkValue` (build.mjs with hooks.Transforms spy, then a value
// transform appending "px"): a token whose value is a reference sees the
// references to tokens of an earlier round resolved (sem.x sees core.a and
// core.b, not sem.mid, transformed in the same round, nor sem.deep,
// transformed after it); a token whose
// value has no reference sees its properties as written.
func TestPropReferencesBeforeTransforms(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]string{}
	spy := tokenbuild.Transform{Name: "spy", Type: tokenbuild.NameTransform,
		TransformName: func(tok *tokenbuild.Token, _ *tokenbuild.TransformArgs) (string, error) {
			mu.Lock()
			defer mu.Unlock()
			seen[tok.PathString()] = fmt.Sprintf("%q %q", tok.Prop("comment"), tok.Prop("darkValue"))
			return tok.Name, nil
		}}
	px := tokenbuild.Transform{Name: "px", Type: tokenbuild.ValueTransform,
		TransformValue: func(tok *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
			return fmt.Sprint(tok.Value) + "px", nil
		}}
	in := mustInstance(t, `{"tokens": {
	  "sem": {
	    "x": {"value": "{core.a}", "comment": "a={core.a} d={sem.deep} p={core.b} m={sem.mid}", "darkValue": "{core.b}"},
	    "deep": {"value": "{sem.mid}", "comment": "p={core.a}"},
	    "mid": {"value": "{core.a}"},
	    "plain": {"value": "7", "comment": "p={core.a} s={sem.x}"}
	  },
	  "core": {"a": {"value": "1"}, "b": {"value": "2"}}},
	  "platforms": {"p": {"transforms": ["spy", "px"]}}}`,
		Settings{Hooks: tokenbuild.Hooks{Transforms: []tokenbuild.Transform{spy, px}}})
	d, err := in.PlatformTokens(context.Background(), "p")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"sem.plain": `"p={core.a} s={sem.x}" %!q(<nil>)`,
		"core.a":    `%!q(<nil>) %!q(<nil>)`,
		"core.b":    `%!q(<nil>) %!q(<nil>)`,
		"sem.x":     `"a=1px d={sem.deep} p=2px m={sem.mid}" "2px"`,
		"sem.mid":   `%!q(<nil>) %!q(<nil>)`,
		"sem.deep":  `"p=1px" %!q(<nil>)`,
	}
	for k, w := range want {
		if seen[k] != w {
			t.Errorf("transforms of %s saw %s, want %s", k, seen[k], w)
		}
	}
	// and in the end every reference is resolved, to transformed values;
	// the original keeps them as written
	for key, w := range map[string]string{"{sem.x}": "a=1px d=1px p=2px m=1px", "{sem.plain}": "p=1px s=1px"} {
		tok, _ := d.TokenMap.Get(key)
		if got := tok.Prop("comment"); got != w {
			t.Errorf("%s: comment %q, want %q", key, got, w)
		}
		if got := tok.Original().Value("comment"); !strings.Contains(got.(string), "{") {
			t.Errorf("%s: original comment %q lost its references", key, got)
		}
	}
}

// flatten lists the tokens whose other properties may hold references; the
// list must be what reading every token finds, for a set split into many
// flatten tasks, with braces in nested objects and arrays, in keys never
// resolved (original, key, path, attributes, at any depth) and in the
// value (which is not a property).
func TestPropRefsFromFlatten(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "tokens"), 0o755)
	extras := []string{
		``, `, "comment": "plain"`, `, "comment": "{f0.g0.t0}"`, `, "$extensions": {"x": ["a", {"y": "{b}"}]}`,
		`, "attributes": {"c": "{f0.g0.t0}"}`, `, "original": "{x}"`, `, "x": {"path": "{x}", "key": "{y}"}`,
		`, "darkValue": "a {brace"`, `, "n": 3, "b": true, "z": null`,
	}
	for f := 0; f < 4; f++ {
		var b strings.Builder
		fmt.Fprintf(&b, `{"f%d": {`, f)
		for g := 0; g < 60; g++ {
			if g > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"g%d": {`, g)
			for k := 0; k < 5; k++ {
				if k > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, `"t%d": {"value": "{f0.g0.t1}"%s}`, k, extras[(f+g+k)%len(extras)])
			}
			b.WriteString("}")
		}
		b.WriteString("}}")
		os.WriteFile(filepath.Join(dir, "tokens", fmt.Sprintf("f%d.json", f)), []byte(b.String()), 0o644)
	}
	cfg := &tokenbuild.Config{Dir: dir, Source: []string{"tokens/*.json"}}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
	if err != nil {
		t.Fatal(err)
	}
	tokens, _, _, got := load.Flatten(in.tree.Clone(), false, false)
	want := load.FindPropRefs(tokens)
	if len(want) == 0 || len(want) == len(tokens) {
		t.Fatalf("%d tokens with references in properties among %d", len(want), len(tokens))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("flatten listed %v\nwant %v", got, want)
	}
	if !slices.Equal(in.propRefs, want) {
		t.Fatalf("the instance lists %v\nwant %v", in.propRefs, want)
	}
}
