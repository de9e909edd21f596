package builtin

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/internal/textbuf"
	"github.com/tokengen/tokengen/tokenbuild"
)

// json/nested's direct walk must write what Stringify writes for the
// minified tree: tokens with and without their value key, groups that
// hold a value key, empty groups, integer-like keys, nested values.
func TestWriteMinifiedJSONMatchesMinifyDictionary(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	keys := []string{"a", "b", "10", "2", "value", "$value", "é", `q"`}
	var leaf func(depth int) any
	leaf = func(depth int) any {
		switch rng.Intn(6) {
		case 0:
			return rng.Float64()
		case 1:
			return fmt.Sprint(rng.Intn(100), "px")
		case 2:
			return nil
		case 3:
			return []any{1.0, "x", tokenbuild.ObjectOf("k", true)}
		case 4:
			if depth < 3 {
				return tokenbuild.ObjectOf("value", "v", "x", leaf(depth+1))
			}
		}
		return true
	}
	var tree func(depth int) *tokenbuild.Object
	tree = func(depth int) *tokenbuild.Object {
		o := tokenbuild.NewObject()
		for n := rng.Intn(4); n > 0; n-- {
			k := keys[rng.Intn(len(keys))]
			switch r := rng.Intn(5); {
			case r < 2 && depth < 4:
				o.Set(k, tree(depth+1))
			case r < 4:
				vk := []string{"value", "$value", "other"}[rng.Intn(3)]
				v := leaf(0)
				o.Set(k, &tokenbuild.Token{Name: k, Path: []string{k}, Value: v, Props: tokenbuild.ObjectOf(vk, v, "comment", "c")})
			default:
				o.Set(k, leaf(0))
			}
		}
		return o
	}
	for i := 0; i < 5000; i++ {
		root := tree(0)
		if i%1000 == 0 {
			// large enough for the streamed buffer to hand on chunks
			root = tokenbuild.NewObject()
			for j := 0; j < 3000; j++ {
				root.Set(fmt.Sprint("g", j), tree(0))
			}
		}
		for _, dtcg := range []bool{false, true} {
			valueKey := "value"
			if dtcg {
				valueKey = "$value"
			}
			want := jsprint.Stringify(minifyDictionary(root, dtcg), "  ")
			var b textbuf.Buffer
			writeMinifiedJSON(&b, root, valueKey, 0, nil)
			if got := b.String(); got != want {
				t.Fatalf("dtcg %v:\ngot  %s\nwant %s", dtcg, got, want)
			}
			// streamed: what went to the stream, then the rest
			var streamed bytes.Buffer
			var sb textbuf.Buffer
			sb.Stream(&streamed)
			writeMinifiedJSON(&sb, root, valueKey, 0, nil)
			if got := streamed.String() + sb.String(); got != want {
				t.Fatalf("dtcg %v, streamed:\ngot  %s\nwant %s", dtcg, got, want)
			}
			if i%1000 == 0 && streamed.Len() == 0 {
				t.Fatal("the large tree was not handed on in chunks")
			}
		}
	}
}
