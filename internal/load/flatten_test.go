package load

import (
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/tokenbuild"
)

// randomTree grows a token tree for the flatten tests: groups of up to 11
// entries, each a token (made by token), a group or a stray value, with
// tokens at every level and only tokens below depth 5, some names holding
// a "."; group, when set, may add to each group before its entries.
func randomTree(rng *rand.Rand, token func() *tokenbuild.Object, group func(*tokenbuild.Object)) *tokenbuild.Object {
	var grow func(depth int) *tokenbuild.Object
	grow = func(depth int) *tokenbuild.Object {
		o := tokenbuild.NewObject()
		if group != nil {
			group(o)
		}
		for i := rng.Intn(12); i > 0; i-- {
			name := "k" + strconv.Itoa(rng.Intn(40))
			if rng.Intn(20) == 0 {
				name += ".5"
			}
			switch r := rng.Intn(10); {
			case r < 4 || depth > 5:
				o.Set(name, token())
			case r < 9:
				o.Set(name, grow(depth+1))
			default:
				o.Set(name, "a stray value")
			}
		}
		return o
	}
	return grow(0)
}

// flatten splits large trees into tasks walked on all cores; the tokens
// must come out as one depth-first walk lists them, for random trees with
// tokens at every level, dotted names, non-object leaves and empty groups.
func TestFlattenKeepsTreeOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for round := 0; round < 200; round++ {
		n := 0
		root := randomTree(rng, func() *tokenbuild.Object {
			n++
			return tokenbuild.ObjectOf("$value", strconv.Itoa(n), "$type", "dimension")
		}, nil)
		var want []string
		var walk func(o *tokenbuild.Object, at []string)
		walk = func(o *tokenbuild.Object, at []string) {
			o.Range(func(k string, v any) bool {
				if c, ok := v.(*tokenbuild.Object); ok {
					p := append(append([]string(nil), at...), k)
					if c.Has("$value") {
						want = append(want, "{"+strings.Join(p, ".")+"}")
					} else {
						walk(c, p)
					}
				}
				return true
			})
		}
		walk(root, nil)
		tokens, _, _, _ := Flatten(root, true, false)
		var got []string
		for _, tk := range tokens {
			got = append(got, tk.Key)
			if tk.Key != "{"+strings.Join(tk.Path, ".")+"}" {
				t.Fatalf("token %s has path %q", tk.Key, tk.Path)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d:\ngot  %v\nwant %v", round, got, want)
		}
	}
}

// flatten with delegate applies typeDelegate while it walks the tree in
// tasks: the tree and the tokens must come out as typeDelegate followed by
// flatten leaves them, for random trees with group types (strings, empty,
// not strings), tokens with and without types, and objects inside tokens.
func TestFlattenDelegatesTypes(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	types := []any{"color", "dimension", "", 3, nil}
	for round := 0; round < 100; round++ {
		root := randomTree(rng, func() *tokenbuild.Object {
			tok := tokenbuild.ObjectOf("$value", "v")
			if rng.Intn(3) == 0 {
				tok.Set("$type", types[rng.Intn(len(types))])
			}
			if rng.Intn(4) == 0 {
				tok.Set("$extensions", tokenbuild.ObjectOf("x", tokenbuild.ObjectOf("$type", "inner")))
			}
			return tok
		}, func(group *tokenbuild.Object) {
			if rng.Intn(3) == 0 {
				group.Set("$type", types[rng.Intn(len(types))])
			}
		})
		want := root.Clone()
		typeDelegate(want, "")
		wantTokens, _, _, _ := Flatten(want, true, false)
		gotTokens, _, _, _ := Flatten(root, true, true)
		if a, b := jsprintTree(root), jsprintTree(want); a != b {
			t.Fatalf("round %d: tree\ngot  %s\nwant %s", round, a, b)
		}
		if len(gotTokens) != len(wantTokens) {
			t.Fatalf("round %d: %d tokens, want %d", round, len(gotTokens), len(wantTokens))
		}
		for i := range gotTokens {
			g, w := gotTokens[i], wantTokens[i]
			if g.Key != w.Key || g.Type != w.Type {
				t.Fatalf("round %d: token %d is %s (%q), want %s (%q)", round, i, g.Key, g.Type, w.Key, w.Type)
			}
		}
	}
}

func jsprintTree(o *tokenbuild.Object) string { return jsprint.Stringify(o, "") }

// TestAliasTypes checks §5.2.2's alias types: a token's own $type, else
// its reference's resolved type (through further aliases, the target's
// group's included), else its group's; a cycle or a reference to nothing
// leaves the group's.
func TestAliasTypes(t *testing.T) {
	v, err := json5.Parse([]byte(`{
		"color": {"$type": "color", "red": {"$value": "#f00"}},
		"raw": {"plain": {"$value": 1}},
		"dim": {"$type": "dimension",
			"ink": {"$value": "{color.red}"},
			"chain": {"$value": "{dim.ink}"},
			"own": {"$type": "color", "$value": "{dim.missing}"},
			"bare": {"$value": "{raw.plain}"},
			"nothing": {"$value": "{no.such}"},
			"loop": {"$value": "{dim.loop}"},
			"text": {"$value": "1px {color.red}"}
		},
		"top": {"$value": "{dim.chain}"}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	root := v.(*tokenbuild.Object)
	AliasTypes(root)
	typeAt := func(path ...string) any {
		o := root
		for _, p := range path {
			o = o.Value(p).(*tokenbuild.Object)
		}
		return o.Value("$type")
	}
	for _, c := range []struct {
		path []string
		want any
	}{
		{[]string{"dim", "ink"}, "color"},
		{[]string{"dim", "chain"}, "color"},
		{[]string{"top"}, "color"},
		{[]string{"dim", "own"}, "color"},
		{[]string{"dim", "bare"}, nil}, // left to the group's, which flattening writes
		{[]string{"dim", "nothing"}, nil},
		{[]string{"dim", "loop"}, nil},
		{[]string{"dim", "text"}, nil},
	} {
		if got := typeAt(c.path...); got != c.want {
			t.Errorf("%v: $type %v, want %v", c.path, got, c.want)
		}
	}
}
