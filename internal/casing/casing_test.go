package casing

import (
	"slices"
	"testing"
)

func TestNames(t *testing.T) {
	for _, c := range nameCases {
		parts := append([]string{c.prefix}, c.path...)
		check := func(kind, got, want string) {
			if got != want {
				t.Errorf("%s(%q) = %q, want %q", kind, parts, got, want)
			}
		}
		check("camel", Camel(parts...), c.camel)
		check("pascal", Pascal(parts...), c.pascal)
		check("kebab", Kebab(parts...), c.kebab)
		check("snake", Snake(parts...), c.snake)
		check("constant", Constant(parts...), c.constant)
	}
}

func TestWords(t *testing.T) {
	got := Words("  XMLHttpRequest v2Beta-3_d ")
	want := []string{"XML", "Http", "Request", "v2", "Beta", "3", "d"}
	if !slices.Equal(got, want) {
		t.Errorf("Words = %q, want %q", got, want)
	}
}

func BenchmarkKebab(b *testing.B) {
	path := []string{"color", "background", "buttonPrimary", "500"}
	for i := 0; i < b.N; i++ {
		Kebab("", path[0], path[1], path[2], path[3])
	}
}
