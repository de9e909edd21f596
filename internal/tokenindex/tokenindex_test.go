package tokenindex

import (
	"slices"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

func TestReferencedTokens(t *testing.T) {
	slab := []tokenbuild.Token{{Key: "{a}", Value: "#fff"}, {Key: "{b}", Value: "{a} {c}"}, {Key: "{c}", Value: "{a}"}, {Key: "{d}", Value: "{gone}"}}
	all := make([]*tokenbuild.Token, len(slab))
	for i := range slab {
		all[i] = &slab[i]
	}
	x := &References{
		Scanned: []string{"#fff", "{a} {c}", "{a}", "{gone}"},
		Start:   []int32{0, 0, 2, 3, 4},
		Targets: []int32{0, 2, 0, -1},
	}
	m := New(all).WithReferences(x)
	names := func(ts []*tokenbuild.Token) []string {
		var out []string
		for _, t := range ts {
			out = append(out, t.Key)
		}
		return out
	}
	other := tokenbuild.Token{Key: "{b}"}
	for _, tc := range []struct {
		name string
		t    *tokenbuild.Token
		s    string
		want []string
		ok   bool
	}{
		{"two references", &slab[1], "{a} {c}", []string{"{a}", "{c}"}, true},
		{"no reference", &slab[0], "#fff", nil, true},
		{"value changed since indexing", &slab[2], "{b}", nil, false},
		{"a reference to no token", &slab[3], "{gone}", nil, false},
		{"a token of another slab with the same key", &other, "{a} {c}", nil, false},
		{"a key the map does not have", &tokenbuild.Token{Key: "{z}"}, "{a} {c}", nil, false},
	} {
		got, ok := m.ReferencedTokens(tc.t, tc.s, nil)
		if ok != tc.ok || (ok && !slices.Equal(names(got), tc.want)) {
			t.Errorf("%s: got %v %v, want %v %v", tc.name, names(got), ok, tc.want, tc.ok)
		}
	}
	if _, ok := New(all).ReferencedTokens(&slab[1], "{a} {c}", nil); ok {
		t.Error("a map without references answered")
	}
	var _ tokenbuild.ReferenceFinder = m
	var _ tokenbuild.TokenIndex = m
}
