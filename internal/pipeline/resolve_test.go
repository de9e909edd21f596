package pipeline

import (
	"context"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/tokenbuild"
)

func mustInstance(t *testing.T, cfgText string, s ...Settings) *Instance {
	t.Helper()
	v, err := json5.Parse([]byte(cfgText))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.DecodeConfig(v.(*tokenbuild.Object), "config.json")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Dir = t.TempDir()
	var settings Settings
	if len(s) > 0 {
		settings = s[0]
	}
	in, err := New(context.Background(), cfg, settings)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestResolveValues checks reference substitution against what the
// reference implementation printed for the same tokens (json/flat):
// whole-value references keep the referenced type, interpolation uses
// JavaScript's String(), references inside objects and arrays resolve.
func TestResolveValues(t *testing.T) {
	in := mustInstance(t, `{"tokens": {
	 "n": {"value": 2}, "o": {"value": {"x": 1}}, "arr": {"value": [1, "a"]},
	 "whole": {"value": "{n}"}, "interp": {"value": "calc({n} * 2)"}, "objinterp": {"value": "a {o}"}, "arrinterp": {"value": "{arr} x"},
	 "chain": {"value": "{whole}"}, "inobj": {"value": {"w": "{n}", "s": "{ n }px", "deep": ["{chain}", "{o}"]}},
	 "wholeobj": {"value": "{o}"}, "bool": {"value": true}, "boolref": {"value": "{bool} {bool}"}},
	 "platforms": {"p": {}}}`)
	d, err := in.PlatformTokens(context.Background(), "p")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"whole": "2", "interp": "calc(2 * 2)", "objinterp": "a [object Object]", "arrinterp": "1,a x",
		"chain": "2", "inobj": `{"w":2,"s":"2px","deep":[2,{"x":1}]}`, "wholeobj": `{"x":1}`, "boolref": "true true",
	}
	for key, w := range want {
		tok, _ := d.TokenMap.Get("{" + key + "}")
		got := compactJSON(tok.Value)
		if s, ok := tok.Value.(string); ok {
			got = s
		}
		if got != w {
			t.Errorf("%s = %s, want %s", key, got, w)
		}
	}
	if whole, _ := d.TokenMap.Get("{whole}"); whole == nil {
		t.Fatal("token whole missing")
	} else if _, ok := whole.Value.(float64); !ok {
		t.Errorf("a whole-value reference to a number must stay a number")
	}
}

func compactJSON(v any) string {
	return jsprint.Stringify(v, "")
}

// TestReferenceErrors checks that every broken and circular reference is
// reported once, on the token where resolution started, naming the
// missing reference or the whole cycle.
func TestReferenceErrors(t *testing.T) {
	in := mustInstance(t, `{"tokens": {
	 "a": {"value": "{b}"}, "b": {"value": "{missing}"}, "c": {"value": "{c2}"}, "c2": {"value": "{c}"},
	 "d": {"value": {"x": "{nope.x}"}}, "e": {"value": "{e}"}, "f": {"value": "{f} and {g}"}}, "platforms": {"p": {}}}`, Settings{})
	_, err := in.PlatformTokens(context.Background(), "p")
	if err == nil {
		t.Fatal("broken references must fail the platform by default")
	}
	want := strings.Join([]string{
		"token b: reference {missing} is not defined",
		"token c: circular reference: {c} => {c2} => {c}",
		"token d: reference {nope.x} is not defined",
		"token e: circular reference: {e} => {e}",
		"token f: circular reference: {f} => {f}",
		"token f: reference {g} is not defined",
	}, "\n")
	if got := err.Error(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
