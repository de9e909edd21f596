package load

import (
	"strings"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// TestMergeOrder checks JavaScript key order and that a later source file
// replaces a whole token but keeps its place (reference: key order of the
// merged tree drives output order).
func TestMergeOrder(t *testing.T) {
	a := tokenbuild.ObjectOf("z", tokenbuild.ObjectOf("value", "1", "comment", "old"), "10", tokenbuild.ObjectOf("value", "x"))
	b := tokenbuild.ObjectOf("2", tokenbuild.ObjectOf("value", "y"), "z", tokenbuild.ObjectOf("value", "2"))
	var got []collision
	merged := deepExtend(a, b, "value", nil, func(c collision) { got = append(got, c) })
	if keys := strings.Join(merged.Keys(), ","); keys != "2,10,z" {
		t.Errorf("keys %s, want 2,10,z", keys)
	}
	z := merged.Value("z").(*tokenbuild.Object)
	if z.Value("value") != "2" || z.Has("comment") {
		t.Errorf("the newer token must replace the older one: %v", z.Keys())
	}
	if len(got) != 1 || got[0].old != "1" || got[0].new != "2" {
		t.Errorf("collisions %+v", got)
	}
}
