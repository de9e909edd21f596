package dtcg_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/dtcg"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/load"
	"github.com/tokengen/tokengen/tokenbuild"
)

// specFindings flattens a DTCG document and lists its spec violations as
// "token: message".
func specFindings(t *testing.T, doc string) []string {
	t.Helper()
	v, err := json5.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	tree := v.(*tokenbuild.Object)
	tokens, dotted, _, _ := load.Flatten(tree, true, true)
	byKey := map[string]*tokenbuild.Token{}
	for _, tk := range tokens {
		byKey[tk.Key] = tk
	}
	found, _, _ := dtcg.SpecViolations(tokens, tree, dotted, func(_ int, ref string, _ bool) *tokenbuild.Token { return byKey[ref] }, nil)
	var out []string
	for _, d := range found {
		out = append(out, d.Token+": "+d.Msg)
	}
	return out
}

// TestSpecValues checks the value rules against the spec's tables: every
// font weight name of Format §8.4 is valid and nothing else is, the
// Color module's ranges (hue [0, 360), "none" components), cubicBezier y
// values unbounded.
func TestSpecValues(t *testing.T) {
	names := []string{"thin", "hairline", "extra-light", "ultra-light", "light", "normal", "regular", "book",
		"medium", "semi-bold", "demi-bold", "bold", "extra-bold", "ultra-bold", "black", "heavy", "extra-black", "ultra-black"}
	var b strings.Builder
	b.WriteString(`{"w": {"$type": "fontWeight"`)
	for i, n := range names {
		fmt.Fprintf(&b, `, "n%d": {"$value": %q}`, i, n)
	}
	b.WriteString(`, "one": {"$value": 1}, "max": {"$value": 1000}}, ` +
		`"c": {"$type": "color", "hue": {"$value": {"colorSpace": "oklch", "components": [0.5, 0.2, 359.9]}}, ` +
		`"none": {"$value": {"colorSpace": "hsl", "components": ["none", 0, 100], "alpha": 0, "hex": "#A0b0C0"}}}, ` +
		`"e": {"$type": "cubicBezier", "$value": [0, -5, 1, 5]}, ` +
		`"d": {"$type": "duration", "$value": {"value": 0.5, "unit": "s"}}}`)
	if got := specFindings(t, b.String()); len(got) != 0 {
		t.Errorf("valid values reported: %q", got)
	}
	got := specFindings(t, `{"w": {"$type": "fontWeight", "a": {"$value": "Bold"}, "b": {"$value": "semibold"}, "c": {"$value": 0}},
		"c": {"$type": "color", "h": {"$value": {"colorSpace": "hsl", "components": [360, 0, 0]}}, "x": {"$value": {"colorSpace": "cmyk", "components": [0, 0, 0]}}},
		"d": {"$type": "duration", "$value": {"value": 1, "unit": "min"}}}`)
	want := []string{
		`w.a: its value "Bold" is not a DTCG 2025.10 font weight name (names are case-sensitive: "bold")`,
		`w.b: its value "semibold" is not a DTCG 2025.10 font weight name`,
		`w.c: its value 0 is outside [1, 1000], the DTCG font weights`,
		`c.h: its value has the hsl component 360 outside [0, 360)`,
		`c.x: its value has the colorSpace "cmyk", which DTCG 2025.10 does not define`,
		`d: its value has the unit "min"; a DTCG 2025.10 duration's unit is ms or s`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSpecNamesOnce checks that a group's bad name is reported once for
// all of its tokens, however many chunks they are checked in.
func TestSpecNamesOnce(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"$bad": {"$type": "number"`)
	for i := range 10000 {
		fmt.Fprintf(&b, `, "t%d": {"$value": %d}`, i, i)
	}
	b.WriteString(`}}`)
	got := specFindings(t, b.String())
	want := `$bad: the name "$bad" starts with "$", which DTCG 2025.10 names must not`
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %d findings, first %q; want one: %q", len(got), got[:min(1, len(got))], want)
	}
}
