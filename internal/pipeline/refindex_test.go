package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/load"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The shared reference index is made from the strings flatten found with a
// "{" in them; it must list what reading every token finds: the same
// targets for every position, and the same string wherever there are
// references. The set has several files and hundreds of groups (several
// flatten tasks per worker), braces that are no references, broken and
// nested references.
func TestRefIndexFromFlatten(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "tokens"), 0o755)
	values := []string{"#fff", "{f0.g0.t0}", "a {brace", "{f1.g2.t3} {f0.g1.t1}", "{nope.nope}", "{}", "x{f2.g0.t1}y", "{f0.g0}"}
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
				fmt.Fprintf(&b, `"t%d": {"value": %q}`, k, values[(f+g+k)%len(values)])
			}
			b.WriteString("}")
		}
		b.WriteString("}}")
		os.WriteFile(filepath.Join(dir, "tokens", fmt.Sprintf("f%d.json", f)), []byte(b.String()), 0o644)
	}
	cfg := &tokenbuild.Config{Dir: dir, Source: []string{"tokens/*.json"}}
	loadInstance := func() *Instance {
		in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
		if err != nil {
			t.Fatal(err)
		}
		return in
	}
	in := loadInstance()
	tree := in.tree.Clone()
	tokens, _, cands, _ := load.Flatten(tree, false, false)
	keys := tokenindex.New(tokens)
	var got, want, liked tokenindex.References
	makeRefIndex(&got, tokens, &cands, keys, nil)
	makeRefIndex(&want, tokens, nil, keys, nil)
	// one string changed: the others' targets are taken from want
	c := cands[len(cands)/2]
	tokens[c.Pos] = &tokenbuild.Token{Key: tokens[c.Pos].Key, Value: "{" + strings.Trim(tokens[0].Key, "{}") + "}"}
	cands[len(cands)/2].Value = tokens[c.Pos].Value.(string)
	makeRefIndex(&liked, tokens, &cands, keys, &want)
	for i := range want.Scanned {
		w := want.Of(i)
		if i == int(c.Pos) {
			w = []int32{0}
		}
		if !slices.Equal(liked.Of(i), w) {
			t.Errorf("position %d, taken from a like index: targets %v, want %v", i, liked.Of(i), w)
		}
	}
	if len(cands) == 0 || len(cands) == len(tokens) {
		t.Fatalf("%d candidates among %d tokens", len(cands), len(tokens))
	}
	if !slices.Equal(got.Start, want.Start) || !slices.Equal(got.Targets, want.Targets) {
		t.Fatalf("index differs:\nstart   %v\nwant    %v\ntargets %v\nwant    %v", got.Start, want.Start, got.Targets, want.Targets)
	}
	for i := range want.Scanned {
		if want.Start[i+1] > want.Start[i] && got.Scanned[i] != want.Scanned[i] {
			t.Errorf("position %d: scanned %q, want %q", i, got.Scanned[i], want.Scanned[i])
		}
	}
	if len(want.Targets) == 0 {
		t.Fatal("the set has no references")
	}
}
