package builtin

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/model"
)

// tokenAtDottedPath must find what tokenAtPath finds with the split path,
// including empty segments.
func TestTokenAtDottedPathMatchesSplit(t *testing.T) {
	a, b, empty := &model.Token{Name: "a"}, &model.Token{Name: "b"}, &model.Token{Name: "empty"}
	tree := model.ObjectOf(
		"x", model.ObjectOf("y", a, "", model.ObjectOf("z", b)),
		"", model.ObjectOf("", empty),
		"t", a,
	)
	rng := rand.New(rand.NewSource(6))
	segs := []string{"x", "y", "z", "", "t", "q"}
	for i := 0; i < 5000; i++ {
		parts := make([]string, 1+rng.Intn(4))
		for j := range parts {
			parts[j] = segs[rng.Intn(len(segs))]
		}
		dotted := strings.Join(parts, ".")
		if got, want := tokenAtDottedPath(tree, dotted), tokenAtPath(tree, strings.Split(dotted, ".")); got != want {
			t.Fatalf("%q: got %v, want %v", dotted, got, want)
		}
	}
}
