package load

import (
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// TestGroupDeprecations checks inheritance: a group's $deprecated applies
// to the tokens below, a token's own wins, false un-deprecates a group
// (and is inherited as such).
func TestGroupDeprecations(t *testing.T) {
	v, err := json5.Parse([]byte(`{"old": {"$deprecated": "gone", "a": {"$value": 1}, "b": {"$value": 2, "$deprecated": false},
		"keep": {"$deprecated": false, "c": {"$value": 3}}, "deep": {"d": {"$value": 4}}}, "e": {"$value": 5}}`))
	if err != nil {
		t.Fatal(err)
	}
	inherited := GroupDeprecations(v.(*tokenbuild.Object))
	if len(inherited) != 3 || inherited["{old.a}"] != "gone" || inherited["{old.deep.d}"] != "gone" || inherited["{old.keep.c}"] != false {
		t.Errorf("got %v, want {old.a} and {old.deep.d} inheriting \"gone\", {old.keep.c} false", inherited)
	}
	got := DeprecationReasons(inherited)
	if len(got) != 2 || got["{old.a}"] != "gone" || got["{old.deep.d}"] != "gone" {
		t.Errorf("got %v, want {old.a} and {old.deep.d} deprecated with \"gone\"", got)
	}
}

// TestCarryGroupDeprecations checks that a token inheriting a group's
// $deprecated is replaced by a copy carrying it, and that neither the
// token listed before (which a resolver build's base may share with a
// permutation) nor the token file's object is written into.
func TestCarryGroupDeprecations(t *testing.T) {
	props := tokenbuild.NewObject()
	props.Set("$value", 1.0)
	shared := &tokenbuild.Token{Key: "{old.a}", Path: []string{"old", "a"}, DTCG: true, Props: props}
	other := &tokenbuild.Token{Key: "{new.b}", Path: []string{"new", "b"}, DTCG: true, Props: props}
	tokens := []*tokenbuild.Token{shared, other}
	CarryGroupDeprecations(tokens, map[string]any{"{old.a}": "gone"})
	if tokens[0] == shared || tokens[0].Prop("$deprecated") != "gone" || tokens[0].Original().Value("$deprecated") != "gone" {
		t.Errorf("old.a: got %p with $deprecated %v, want a copy of %p carrying \"gone\"", tokens[0], tokens[0].Prop("$deprecated"), shared)
	}
	if props.Has("$deprecated") || shared.Props != props || tokens[1] != other {
		t.Errorf("the shared token or its properties were written into: %v", props.Keys())
	}
	var d tokenbuild.Dictionary
	if reason, ok := d.Deprecated(tokens[0]); !ok || reason != "gone" {
		t.Errorf("Deprecated(old.a) = %q, %v; want \"gone\", true", reason, ok)
	}
}
