package didyoumean

import "testing"

func TestClosest(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"platfrom", "platforms"},     // swapped letters and a plural
		{"destinaton", "destination"}, // a letter left out
		{"transformgroup", "transformGroup"},
		{"biuld", "build"},
		{"frobnicate", ""}, // nothing like it
	} {
		got := Closest(c.name, []string{"platforms", "destination", "transformGroup", "build", "clean", "init"})
		if got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if d := editDistance("ab", "ba"); d != 1 {
		t.Errorf("a swap is one edit, got %d", d)
	}
}
