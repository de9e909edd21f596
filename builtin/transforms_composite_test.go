package builtin

import (
	"strings"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

func TestGradientCSS(t *testing.T) {
	stop := func(color any, pos ...any) *tokenbuild.Object {
		o := tokenbuild.ObjectOf("color", color)
		if len(pos) > 0 {
			o.Set("position", pos[0])
		}
		return o
	}
	red := tokenbuild.ObjectOf("colorSpace", "srgb", "components", []any{1.0, 0.0, 0.0}, "alpha", 0.5)
	cases := []struct {
		name  string
		value any
		want  any
	}{
		{"two stops", []any{stop("#0000ff", 0.0), stop("#ff0000", 1.0)}, "linear-gradient(90deg, #0000ff 0%, #ff0000 100%)"},
		{"clamped positions", []any{stop("#000000", -1.0), stop("#ffffff", 2.5)}, "linear-gradient(90deg, #000000 0%, #ffffff 100%)"},
		{"float positions", []any{stop("#000000", 0.07), stop("#ffffff", 1.0/3)}, "linear-gradient(90deg, #000000 7%, #ffffff 33.333333%)"},
		{"colour object with alpha", []any{stop(red, 0.25)}, "linear-gradient(90deg, rgb(100% 0% 0% / 0.5) 25%)"},
		{"stop without position", []any{stop("#000000"), stop("#ffffff", 1.0)}, "linear-gradient(90deg, #000000, #ffffff 100%)"},
		{"referenced gradient array", []any{[]any{stop("#000000", 0.0), stop("#111111", 0.5)}, stop("#ffffff", 1.0)}, "linear-gradient(90deg, #000000 0%, #111111 50%, #ffffff 100%)"},
		{"referenced gradient already CSS", []any{"linear-gradient(90deg, #000000 0%, #111111 50%)", stop("#ffffff", 1.0)}, "linear-gradient(90deg, #000000 0%, #111111 50%, #ffffff 100%)"},
		{"string gradient stays", "linear-gradient(45deg, red, blue)", "linear-gradient(45deg, red, blue)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runTransform(GradientCSSShorthand, &tokenbuild.Token{Type: "gradient", Value: c.value}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	for _, bad := range []any{[]any{5.0}, []any{nil}, []any{tokenbuild.ObjectOf("position", 0.0)}} {
		_, err := runTransform(GradientCSSShorthand, &tokenbuild.Token{Type: "gradient", Value: bad}, nil, nil)
		if err == nil || !strings.Contains(err.Error(), "gradient stop 0") {
			t.Errorf("%v: error %v, want one naming gradient stop 0", bad, err)
		}
	}
}

func TestFontWeightCSS(t *testing.T) {
	for value, want := range map[any]any{
		"semi-bold": 600.0, "hairline": 100.0, "extra-black": 950.0, "ultra-black": 950.0, "book": 400.0,
		// CSS keywords of the same weight, numbers, and names outside the
		// spec's case-sensitive table stay as written
		"bold": "bold", "normal": "normal", 450.0: 450.0, "Bold": "Bold", "semibold": "semibold",
	} {
		got, err := runTransform(FontWeightCSS, &tokenbuild.Token{Type: "fontWeight", Value: value}, nil, nil)
		if err != nil || got != want {
			t.Errorf("%v: got %v (%v), want %v", value, got, err, want)
		}
	}
	typo := tokenbuild.ObjectOf("fontFamily", "Inter", "fontWeight", "light")
	got, err := runTransform(FontWeightCSS, &tokenbuild.Token{Type: "typography", Value: typo}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if w := got.(*tokenbuild.Object).Value("fontWeight"); w != 300.0 {
		t.Errorf("typography fontWeight: got %v, want 300", w)
	}
	if typo.Value("fontWeight") != "light" {
		t.Error("the token's own value object was changed")
	}
}
