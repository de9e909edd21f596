package builtin

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// The hand-written scan (and its whole-reference shortcut) must replace exactly what the reference's regular
// expression replaces.
func TestReplaceLiteralReferenceMatchesPattern(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"{", "}", "a", "b", ".", "$", "value", "{a.b}", "{a.b.value}", "{a.b.$value}", "{a.b.c}", "{a.bc}", " ", "{{a.b}}", "{a.b.$val}", "{a.}", "{a..value}", "{.value}"}
	paths := [][]string{{"a", "b"}, {"a"}, {"b"}, {"a", "b", "c"}, {"a", ""}, {""}}
	for i := 0; i < 20000; i++ {
		var sb strings.Builder
		for n := rng.Intn(8); n >= 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		s := sb.String()
		path := paths[rng.Intn(len(paths))]
		re := regexp.MustCompile("{" + strings.Join(path, `\.`) + `(\.\$?value)?}`)
		want := re.ReplaceAllLiteralString(s, "R")
		if got := replaceLiteralReference(s, strings.Join(path, "."), "R"); got != want {
			t.Fatalf("%q %v: got %q, want %q", s, path, got, want)
		}
		if got := replaceReferencePattern(s, path, "R"); got != want {
			t.Fatalf("pattern %q %v: got %q, want %q", s, path, got, want)
		}
	}
}
