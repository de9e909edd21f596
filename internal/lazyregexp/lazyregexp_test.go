package lazyregexp

import (
	"regexp"
	"testing"
)

func TestSameAsRegexp(t *testing.T) {
	const expr = `(\d+)-(\w+)`
	lazy, eager := New(expr), regexp.MustCompile(expr)
	const s = "a 12-ab 3-c"
	if got, want := lazy.FindAllStringSubmatch(s, -1), eager.FindAllStringSubmatch(s, -1); len(got) != len(want) || got[1][2] != want[1][2] {
		t.Errorf("FindAllStringSubmatch = %q, want %q", got, want)
	}
	if got, want := lazy.ReplaceAllString(s, "$2"), eager.ReplaceAllString(s, "$2"); got != want {
		t.Errorf("ReplaceAllString = %q, want %q", got, want)
	}
	if lazy.String() != expr || lazy.Regexp().String() != expr {
		t.Errorf("String = %q, Regexp().String() = %q, want %q", lazy.String(), lazy.Regexp().String(), expr)
	}
}

func TestBadExpressionPanicsInTests(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New of a bad expression did not panic in a test binary")
		}
	}()
	New(`(`)
}
