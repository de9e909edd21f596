package dtcg

import (
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// TestStrays checks which entries of a token file are reported as neither
// token nor group, and that metadata never is.
func TestStrays(t *testing.T) {
	for _, tc := range []struct {
		name string
		dtcg bool
		doc  string
		want []string
	}{
		{"dtcg metadata is not a stray", true,
			`{"$schema": "x", "g": {"$type": "color", "$description": "d", "$extensions": {"com.figma": {"hidden": true, "v": {"value": 1}}}, "a": {"$value": "#fff"}}}`,
			nil},
		{"dtcg value under a group", true,
			`{"g": {"$type": "color", "red": "#f00", "a": {"$value": "#fff", "extra": 1}}}`,
			[]string{`g.red: "#f00" is neither a token (no "$value") nor a group, and is ignored`}},
		{"classic group metadata is not a stray", false,
			`{"version": "1", "g": {"comment": "c", "description": "d", "type": "color", "a": {"value": "#fff"}}}`,
			nil},
		{"token in the other syntax", false,
			`{"g": {"a": {"$value": "#fff"}, "b": {"value": 1}}}`,
			[]string{`g.a: is written with "$value", but this build reads "value" tokens (the first token file decides), so it is ignored`}},
		// the driver sums them up in one line unless verbose, and then
		// lists every one
		{"every one", true,
			`{"a": 1, "b": 2, "c": 3, "d": 4, "e": {"$value": 5}}`,
			[]string{`a: 1 is neither a token (no "$value") nor a group, and is ignored`,
				`b: 2 is neither a token (no "$value") nor a group, and is ignored`,
				`c: 3 is neither a token (no "$value") nor a group, and is ignored`,
				`d: 4 is neither a token (no "$value") nor a group, and is ignored`}},
		// style-dictionary 5.5.5 builds size.value and opacity.value.small
		// as tokens (checked: --size-value: 4px)
		{"dtcg token or group named value", true,
			`{"size": {"value": {"$value": "4px"}}, "opacity": {"value": {"small": {"$value": 0.5}}}}`,
			nil},
		// the Format module: tools SHOULD tell an incomplete token from an
		// intended empty group
		{"dtcg token with a misspelt $value", true,
			`{"$schema": "x", "c": {"$type": "color", "a": {"$valeu": "#fff"}, "b": {"$value": "#000"}}}`,
			[]string{`c.a: "$valeu" is no DTCG property; without a $value this object is a group, not a token: is its $value misspelt?`}},
		{"dtcg group with a $type and nothing else", true,
			`{"c": {"$type": "color", "a": {"$type": "color", "$description": "x"}, "e": {"$description": "empty on purpose"}, "$root": {"$value": "#000"}}, "x": {"$type": "color", "$extends": "{c}"}}`,
			[]string{`c.a: has a $type but no $value and no tokens: a token without its $value is a group, and builds nothing`}},
		{"dtcg build, classic token with an object value", true,
			`{"a": {"value": {"fontSize": "16px"}, "type": "typography"}, "b": {"$value": 1}}`,
			[]string{`a: is written with "value", but this build reads "$value" tokens (the first token file decides), so it is ignored`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := json5.Parse([]byte(tc.doc))
			if err != nil {
				t.Fatal(err)
			}
			valueKey := "value"
			if tc.dtcg {
				valueKey = "$value"
			}
			var got []string
			for _, e := range Strays(v.(*tokenbuild.Object), "t.json", valueKey, tc.dtcg) {
				got = append(got, e.Token+": "+e.Msg)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestUnknownTypes checks that the $type values real design systems write
// are known, each list with its source, and that a typo is not.
func TestUnknownTypes(t *testing.T) {
	for _, row := range otherKnownTypes {
		if row.source == "" || row.types == "" {
			t.Errorf("%q: a known type needs its source", row.types)
		}
	}
	var tokens []*tokenbuild.Token
	// Kong's breakpoint and font, Sage's txtDecoration and Tokens Studio
	// types (realworld/kong, realworld/sage), the reference's fontSize
	for _, typ := range []string{"breakpoint", "font", "txtDecoration", "fontSizes", "boxShadow", "sizing", "fontSize", "color", "colour", "dimensions", "colour"} {
		tokens = append(tokens, &tokenbuild.Token{Key: "{" + typ + "}", Path: []string{typ}, Type: typ})
	}
	var got []string
	for _, e := range UnknownTypes(tokens) {
		got = append(got, e.Msg)
	}
	want := []string{
		`unknown $type "colour" (on 2 tokens); transforms for DTCG types will not apply. Did you mean "color"?`,
		`unknown $type "dimensions"; transforms for DTCG types will not apply. Did you mean "dimension"?`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
