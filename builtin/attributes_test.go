package builtin

import (
	"context"
	"fmt"
	"testing"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/tokenbuild"
)

// A build skips attribute/cti where nothing reads attributes, which it
// learns from the transforms' IgnoresAttributes declarations. Every
// built-in transform declaring it must give the same result (filter,
// value, error) for a token with and without attributes, and every one not
// declaring it must show that it reads them: name/human, which does, shows
// the check can tell.
func TestTransformsIgnoringAttributes(t *testing.T) {
	samples := []struct {
		typ string
		v   any
	}{
		{"color", "#ff8000"}, {"color", "rgba(10, 20, 30, 0.5)"}, {"dimension", "12px"}, {"dimension", "1.5rem"},
		{"dimension", 4.0}, {"fontSize", "2rem"}, {"duration", "150ms"}, {"time", 200.0}, {"content", "hello"},
		{"asset", "a/b.png"}, {"fontFamily", []any{"Inter", "sans-serif"}}, {"cubicBezier", []any{0.1, 0.2, 0.3, 1.0}},
		{"shadow", tokenbuild.ObjectOf("color", "#000", "offsetX", "1px", "offsetY", "2px", "blur", "3px", "spread", "0px")},
		{"border", tokenbuild.ObjectOf("color", "#000", "width", "1px", "style", "solid")},
		{"typography", tokenbuild.ObjectOf("fontFamily", "Inter", "fontSize", "16px", "fontWeight", 400.0, "lineHeight", 1.5, "letterSpacing", "1px")},
		{"transition", tokenbuild.ObjectOf("duration", "100ms", "delay", "0ms", "timingFunction", []any{0.0, 0.0, 1.0, 1.0})},
		{"strokeStyle", "dashed"}, {"html", "&#xE001;"}, {"", "plain"},
	}
	attrs := tokenbuild.ObjectOf("category", "color", "type", "base", "item", "red", "subitem", "light", "state", "hover")
	run := func(tf tokenbuild.Transform, tok tokenbuild.Token) string {
		defer func() { recover() }()
		if !keeps(tf, &tok, tokenbuild.Options{}) {
			return "filtered out"
		}
		var warnings []tokenbuild.Warning
		args := &tokenbuild.TransformArgs{Platform: &tokenbuild.Platform{Name: "p", Prefix: "pre"}, Options: tokenbuild.Options{},
			Warn: func(w tokenbuild.Warning) { warnings = append(warnings, w) }}
		v, err := runTransformArgs(tf, &tok, args)
		return fmt.Sprintf("%s %v %v", jsprint.Stringify(v, ""), err, warnings)
	}
	differs := map[string]bool{}
	for _, tf := range Transforms() {
		for _, s := range samples {
			for _, dtcg := range []bool{false, true} {
				vk := "value"
				if dtcg {
					vk = "$value"
				}
				tok := tokenbuild.Token{Key: "{color.base.red}", Path: []string{"color", "base", "red"}, Name: "red",
					Value: s.v, Type: s.typ, DTCG: dtcg, Props: tokenbuild.ObjectOf(vk, s.v, "type", s.typ)}
				with := tok
				with.Attributes = attrs
				if run(tf, tok) != run(tf, with) {
					differs[tf.Name] = true
				}
			}
		}
	}
	for _, tf := range Transforms() {
		switch {
		case tf.IgnoresAttributes && differs[tf.Name]:
			t.Errorf("transform %s declares IgnoresAttributes but its results depend on them", tf.Name)
		case !tf.IgnoresAttributes && !differs[tf.Name]:
			t.Errorf("transform %s gives the same results with and without attributes: declare IgnoresAttributes", tf.Name)
		}
	}
	if !differs["name/human"] {
		t.Error("name/human gave the same results with and without attributes: the check cannot tell")
	}
}

// Every format declaring IgnoresAttributes must write the same text (or
// fail the same way) whether the tokens have attributes, none, or other
// ones, on every test token set, with and without outputReferences. json,
// which prints the attributes, shows the check can tell.
func TestFormatsIgnoringAttributes(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000") // the same header line in every run
	cases := formatTestCases(t)
	variants := map[string]func(a *tokenbuild.Object) *tokenbuild.Object{
		"none": func(*tokenbuild.Object) *tokenbuild.Object { return nil },
		"other": func(a *tokenbuild.Object) *tokenbuild.Object {
			o := tokenbuild.NewObject()
			a.Range(func(k string, v any) bool {
				o.Set(k, "other-"+js.String(v))
				return true
			})
			o.Set("item", "icon")
			o.Set("extra", 1.0)
			return o
		},
	}
	differs := map[string]bool{}
	checked := 0
	for _, f := range originalFormats() {
		if !f.IgnoresAttributes && f.Name != "json" {
			continue
		}
		checked++
		for _, c := range cases {
			for _, refs := range []any{nil, true, false} {
				format := func(attrs func(*tokenbuild.Object) *tokenbuild.Object) string {
					args := c.args()
					if refs != nil {
						args.Options = withOption(args.Options, "outputReferences", refs)
					}
					if attrs != nil {
						for _, list := range [][]*tokenbuild.Token{args.Dictionary.AllTokens, args.Dictionary.UnfilteredAllTokens} {
							for _, tk := range list {
								tk.Attributes = attrs(tk.Attributes)
							}
						}
					}
					text, err := f.Format(context.Background(), args)
					return fmt.Sprintf("%s\n%v", text, err)
				}
				want := format(nil)
				for name, attrs := range variants {
					if got := format(attrs); got != want {
						differs[f.Name] = true
						if f.IgnoresAttributes {
							t.Errorf("%s on %s (outputReferences %v, attributes %s): the text depends on the attributes%s",
								f.Name, c.name, refs, name, firstLineDiff(got, want))
						}
					}
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d formats checked", checked)
	}
	if !differs["json"] {
		t.Error("json wrote the same text with and without attributes: the check cannot tell")
	}
}

// withOption is a copy of o with k set to v.
func withOption(o tokenbuild.Options, k string, v any) tokenbuild.Options {
	c := tokenbuild.Options{}
	for kk, vv := range o {
		c[kk] = vv
	}
	c[k] = v
	return c
}
