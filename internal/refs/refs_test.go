package refs

import (
	"fmt"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// Expectations from node: [...s.matchAll(/\{([^}]+)\}/g)] with the inside
// trimmed, as the reference reads references.
func TestFind(t *testing.T) {
	for in, want := range map[string]string{
		"{a.b}":       "[{0 5 a.b}]",
		"x {a} y {b}": "[{2 5 a} {8 11 b}]",
		"{}":          "[]",
		"{ a }":       "[{0 5 a}]",
		"{a{b}":       "[{0 5 a{b}]",
		"no refs":     "[]",
		"{a":          "[]",
		"}{a}":        "[{1 4 a}]",
		"{{a}}":       "[{0 4 {a}]",
		"{}{a}":       "[{2 5 a}]",
		// JavaScript's trim() removes U+FEFF and keeps U+0085
		"{\ufeffa\u3000}": "[{0 9 a}]",
		"{\u0085a}":       "[{0 5 \u0085a}]",
	} {
		got := fmt.Sprint(Find(in))
		if got != want {
			t.Errorf("Find(%q) = %s, want %s", in, got, want)
		}
		if Has(in) != (want != "[]") {
			t.Errorf("Has(%q) = %v", in, Has(in))
		}
	}
}

func TestUsesAndCollect(t *testing.T) {
	v := tokenbuild.ObjectOf("width", "{size.a}", "layers", []any{1.0, "x {c.d} {e}"}, "n", 2.0)
	if !Uses(v) || Uses(tokenbuild.ObjectOf("a", "plain", "b", []any{"{}"})) {
		t.Fatal("Uses must find references at any depth and only real ones")
	}
	if got := fmt.Sprint(Collect(v, nil)); got != "[size.a c.d e]" {
		t.Fatalf("Collect = %s", got)
	}
}
