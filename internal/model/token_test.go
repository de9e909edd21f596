package model

import (
	"slices"
	"testing"
)

func TestIndexedReferences(t *testing.T) {
	slab := []Token{{Key: "{a}", Value: "#fff"}, {Key: "{b}", Value: "{a} {c}"}, {Key: "{c}", Value: "{a}"}, {Key: "{d}", Value: "{gone}"}}
	all := make([]*Token, len(slab))
	for i := range slab {
		all[i] = &slab[i]
	}
	x := &ReferenceIndex{
		Scanned: []string{"#fff", "{a} {c}", "{a}", "{gone}"},
		Start:   []int32{0, 0, 2, 3, 4},
		Targets: []int32{0, 2, 0, -1},
	}
	m := WithReferences(IndexTokens(all), slab, x)
	names := func(ts []*Token) []string {
		var out []string
		for _, t := range ts {
			out = append(out, t.Key)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		t    *Token
		s    string
		want []string
		ok   bool
	}{
		{"two references", &slab[1], "{a} {c}", []string{"{a}", "{c}"}, true},
		{"no reference", &slab[0], "#fff", nil, true},
		{"value changed since indexing", &slab[2], "{b}", nil, false},
		{"a reference to no token", &slab[3], "{gone}", nil, false},
		{"a token of another slab", &Token{Key: "{b}"}, "{a} {c}", nil, false},
	} {
		got, ok := IndexedReferences(m, tc.t, tc.s, nil)
		if ok != tc.ok || (ok && !slices.Equal(names(got), tc.want)) {
			t.Errorf("%s: got %v %v, want %v %v", tc.name, names(got), ok, tc.want, tc.ok)
		}
	}
	if _, ok := IndexedReferences(IndexTokens(all), &slab[1], "{a} {c}", nil); ok {
		t.Error("a map without references answered")
	}
}
