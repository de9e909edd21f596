package pipeline

import (
	"context"
	"slices"
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/tokenfilter"
	"github.com/tokengen/tokengen/tokenbuild"
)

// An object filter that looks a key up in null or in a property a token
// does not have makes the reference throw a TypeError (its matchFn reads
// input[key] of undefined); such a token does not match here
// (docs/deviations.md), and the others match as usual. What matches
// elsewhere is checked against the reference in
// testdata/script/filter_object_match.txtar.
func TestObjectFilterLooksIntoNothing(t *testing.T) {
	in := mustInstance(t, `{"tokens": {
	  "a": {"value": 1, "p": {"q": 1}, "$extensions": {"org": {"mode": "dark"}}},
	  "b": {"value": 2, "p": null},
	  "c": {"value": 3, "p": "x"},
	  "d": {"value": 4}},
	  "platforms": {"p": {}}}`)
	d, err := in.PlatformTokens(context.Background(), "p")
	if err != nil {
		t.Fatal(err)
	}
	for filter, want := range map[string][]string{
		`{"p": {"q": 1}}`: {"a"},
		`{"$extensions": {"org": {"mode": "dark"}}}`: {"a"},
		`{"p": {"q": {"r": 1}}}`:                     {},
		`{"p": {}}`:                                  {"a", "b", "c", "d"}, // no key is looked up
		`{"nope": {}, "p": null}`:                    {"b", "d"},
	} {
		v, err := json5.Parse([]byte(filter))
		if err != nil {
			t.Fatal(err)
		}
		got := []string{}
		for _, tok := range d.AllTokens {
			if tokenfilter.Match(v.(*tokenbuild.Object), tok) {
				got = append(got, tok.PathString())
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("filter %s kept %v, want %v", filter, got, want)
		}
	}
}
