package tokendiff

import (
	"reflect"
	"testing"
)

// tok makes a token output by the css platform under name with value.
func tok(path, typ, value, name string) Token {
	return Token{Path: path, Type: typ, Value: value,
		Names: map[string]string{"css": name}, Values: map[string]string{"css": value}}
}

func side(ts ...Token) Side {
	return Side{Tokens: ts, Platforms: []string{"css"}, Files: map[string][]string{"css": {"build/vars.css"}}}
}

// kinds is each change as "kind token from->to", to compare with the
// expectations written by hand from the rules.
func kinds(r Report) []string {
	var out []string
	for _, c := range r.Changes {
		out = append(out, string(c.Kind)+" "+c.Token+" "+c.From+"->"+c.To)
	}
	return out
}

var red = tok("color.red", "color", "#ff0000", "color-red")

func TestCompare(t *testing.T) {
	blue := tok("color.blue", "color", "#0000ff", "color-blue")
	space := tok("size.space", "dimension", "4px", "size-space")
	for _, tc := range []struct {
		name     string
		old, new Side
		verdict  Level
		want     []string
	}{
		{"nothing", side(red), side(red), None, nil},
		{"added", side(red), side(red, blue), Minor, []string{"token-added color.blue ->#0000ff"}},
		{"removed", side(red, blue), side(red), Major, []string{"token-removed color.blue #0000ff->"}},
		{"value", side(red), side(tok("color.red", "color", "#ee0000", "color-red")), Patch,
			[]string{"value-changed color.red #ff0000->#ee0000"}},
		{"type", side(space), side(tok("size.space", "number", "4px", "size-space")), Major,
			[]string{"type-changed size.space dimension->number"}},
		{"name", side(red), side(tok("color.red", "color", "#ff0000", "red")), Major,
			[]string{"name-changed color.red color-red->red"}},
		{"renamed by value and path", side(red), side(tok("color.crimson", "color", "#ff0000", "color-crimson")), Major,
			[]string{"token-renamed color.red color.red->color.crimson"}},
		{"moved group keeps last segment", side(red), side(tok("brand.red", "color", "#ff0000", "brand-red")), Major,
			[]string{"token-renamed color.red color.red->brand.red"}},
		{"not a rename: other value", side(red), side(tok("color.crimson", "color", "#aa0000", "color-crimson")), Major,
			[]string{"token-removed color.red #ff0000->", "token-added color.crimson ->#aa0000"}},
		{"not a rename: other type", side(space), side(tok("size.gap", "number", "4px", "size-gap")), Major,
			[]string{"token-removed size.space 4px->", "token-added size.gap ->4px"}},
		{"deprecated", side(red), side(deprecated(red, "use {color.danger}")), Minor,
			[]string{"token-deprecated color.red ->use {color.danger}"}},
		{"undeprecated", side(deprecated(red, "")), side(red), Patch,
			[]string{"token-undeprecated color.red ->"}},
		{"renamed through $deprecated", side(deprecated(red, "use {color.danger}")),
			side(tok("color.danger", "color", "#dd0000", "color-danger")), Major,
			[]string{"token-renamed color.red color.red->color.danger", "value-changed color.danger #ff0000->#dd0000"}},
		{"renamed through $deprecated to a token there already", side(deprecated(red, "use color.blue instead"), blue),
			side(blue), Major,
			[]string{"token-renamed color.red color.red->color.blue"}},
		{"reference changed, value the same", side(red, withValue(tok("color.brand", "color", "{color.red}", "color-brand"), "#ff0000")),
			side(red, withValue(tok("color.brand", "color", "{color.error}", "color-brand"), "#ff0000")), Patch,
			[]string{"reference-changed color.brand {color.red}->{color.error}"}},
		{"platform removed", side(red), Side{Tokens: []Token{red}}, Major,
			[]string{"platform-removed  css->"}},
		{"file added and removed", side(red), Side{Tokens: []Token{red}, Platforms: []string{"css"}, Files: map[string][]string{"css": {"build/tokens.css"}}}, Major,
			[]string{"file-removed  build/vars.css->", "file-added  ->build/tokens.css"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Compare(tc.old, tc.new, Options{})
			if got := kinds(r); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("changes:\n got %q\nwant %q", got, tc.want)
			}
			if r.Verdict != tc.verdict {
				t.Errorf("verdict %s, want %s", r.Verdict, tc.verdict)
			}
			for _, c := range r.Changes {
				if c.Rule.Text == "" {
					t.Errorf("%s has no rule", c.Kind)
				}
			}
		})
	}
}

func deprecated(t Token, reason string) Token {
	t.Deprecated, t.Reason = true, reason
	return t
}

// A value changed on one platform only (a dark-only change shows the same
// way) lists that platform alone, with that platform's values.
func TestValueChangedOnSomePlatforms(t *testing.T) {
	two := func(cssValue, iosValue string) Side {
		return Side{Platforms: []string{"css", "ios"}, Tokens: []Token{{Path: "a", Type: "color", Value: "x",
			Names:  map[string]string{"css": "a", "ios": "A"},
			Values: map[string]string{"css": cssValue, "ios": iosValue}}}}
	}
	r := Compare(two("1px", "1"), two("1px", "2"), Options{})
	want := []Change{{Kind: ValueChanged, Token: "a", From: "1", To: "2", Platforms: []string{"ios"}, Rule: Rules[ValueChanged]}}
	if !reflect.DeepEqual(r.Changes, want) {
		t.Errorf("got %+v\nwant %+v", r.Changes, want)
	}
}

func TestEveryKindHasARuleAndAPlace(t *testing.T) {
	seen := map[Kind]bool{}
	for _, k := range KindOrder {
		if _, ok := Rules[k]; !ok {
			t.Errorf("%s has no rule", k)
		}
		seen[k] = true
	}
	for k := range Rules {
		if !seen[k] {
			t.Errorf("%s is missing from KindOrder", k)
		}
	}
}

// A value changed in the dark theme only is told for that permutation; a
// change in both themes once, for all.
func TestComparePermutations(t *testing.T) {
	perm := func(label, mode string, ts ...Token) Permutation {
		return Permutation{Label: label, Contexts: map[string]string{"theme": mode}, Side: side(ts...)}
	}
	ink := tok("color.ink", "color", "#000000", "color-ink")
	inkDark := tok("color.ink", "color", "#ffffff", "color-ink")
	inkDarker := tok("color.ink", "color", "#eeeeee", "color-ink")
	old := []Permutation{perm("theme=light", "light", ink, red), perm("theme=dark", "dark", inkDark, red)}
	new := []Permutation{perm("theme=light", "light", ink), perm("theme=dark", "dark", inkDarker)}
	r := ComparePermutations(old, new, Options{})
	want := []Change{
		{Kind: TokenRemoved, Token: "color.red", From: "#ff0000", Platforms: []string{"css"}, Rule: Rules[TokenRemoved]},
		{Kind: ValueChanged, Token: "color.ink", From: "#ffffff", To: "#eeeeee", Platforms: []string{"css"}, Rule: Rules[ValueChanged],
			Permutation: "theme=dark", Contexts: map[string]string{"theme": "dark"}},
	}
	if !reflect.DeepEqual(r.Changes, want) {
		t.Errorf("got %+v\nwant %+v", r.Changes, want)
	}
	if r.Verdict != Major {
		t.Errorf("verdict %s, want major", r.Verdict)
	}
}

// withValue sets the css platform's value of a token whose written value
// is a reference.
func withValue(t Token, css string) Token {
	t.Values = map[string]string{"css": css}
	return t
}

// --minor-values color makes a colour's value change minor, and leaves a
// dimension's patch.
func TestMinorValueTypes(t *testing.T) {
	old := side(red, tok("size.space", "dimension", "4px", "size-space"))
	new := side(tok("color.red", "color", "#ee0000", "color-red"), tok("size.space", "dimension", "8px", "size-space"))
	r := Compare(old, new, Options{MinorValueTypes: []string{"color"}})
	if r.Verdict != Minor {
		t.Errorf("verdict %s, want minor", r.Verdict)
	}
	levels := map[string]Level{}
	for _, c := range r.Changes {
		levels[c.Token] = c.Rule.Level
	}
	if want := map[string]Level{"color.red": Minor, "size.space": Patch}; !reflect.DeepEqual(levels, want) {
		t.Errorf("levels %v, want %v", levels, want)
	}
}
