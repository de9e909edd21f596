package dtcg

import (
	"slices"
	"testing"
)

// TestParsePointer checks RFC 6901 unescaping: ~1 is "/", ~0 is "~", and
// "~01" is "~1" (~1 is replaced first), and that what is not a
// same-document pointer is refused.
func TestParsePointer(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		ok   bool
	}{
		{"#/a~1b/c~0d", []string{"a/b", "c~d"}, true},
		{"#/~01", []string{"~1"}, true},
		{"#/a/$value/components/0", []string{"a", "$value", "components", "0"}, true},
		{"#", []string{}, true},
		{"#/", []string{""}, true},
		{"a/b", nil, false},
		{"#a", nil, false},
		{"#/x~", nil, false},
		{"#/x~2", nil, false},
	} {
		got, ok := parsePointer(tc.in)
		if ok != tc.ok || (ok && !slices.Equal(got, tc.want)) {
			t.Errorf("parsePointer(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
