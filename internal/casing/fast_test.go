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

// Path's ASCII one-pass form must equal the general functions over
// [prefix, ...path]; non-ASCII input takes the general path.
func TestPathMatchesGeneral(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	pieces := []string{"a", "b", "B", "Z", "c", "XML", "Http", "2", "0", "x", " ", "-", "_", ".", "$", "aB", "AB", "Ab", "9z", "é", "Σ"}
	general := map[Style]func(...string) string{
		CamelStyle: Camel, PascalStyle: Pascal, KebabStyle: Kebab, SnakeStyle: Snake, ConstantStyle: Constant,
	}
	for i := 0; i < 50000; i++ {
		parts := make([]string, 1+rng.Intn(4))
		for j := range parts {
			var sb strings.Builder
			for n := rng.Intn(7); n > 0; n-- {
				sb.WriteString(pieces[rng.Intn(len(pieces))])
			}
			parts[j] = sb.String()
		}
		if rng.Intn(3) == 0 {
			parts[0] = ""
		}
		for style, f := range general {
			if got, want := Path(style, parts[0], parts[1:]), f(parts...); got != want {
				t.Fatalf("Path(%d, %q) = %q, want %q", style, parts, got, want)
			}
		}
	}
}

func BenchmarkPathKebab(b *testing.B) {
	path := []string{"color", "background", "buttonPrimary", "500"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Path(KebabStyle, "", path)
	}
}
