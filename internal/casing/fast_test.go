package casing

import (
	"math/rand"
	"strings"
	"testing"
)

// Pascal's one-pass form must equal upperFirst(Camel(parts)).
func TestPascalMatchesUpperFirstOfCamel(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"a", "B", "c", "XML", "Http", "2", "x", " ", "-", "_", "Σ", "σ", "İ", "ß", "ǅ", "é", "É", "ﬀ", ".", "\u0345", "ΑΣ"}
	for i := 0; i < 20000; i++ {
		parts := make([]string, 1+rng.Intn(3))
		for j := range parts {
			var sb strings.Builder
			for n := rng.Intn(6); n > 0; n-- {
				sb.WriteString(pieces[rng.Intn(len(pieces))])
			}
			parts[j] = sb.String()
		}
		if got, want := Pascal(parts...), pascalOfCamel(parts); got != want {
			t.Fatalf("Pascal(%q) = %q, want %q", parts, got, want)
		}
	}
}
