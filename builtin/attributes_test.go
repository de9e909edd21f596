package builtin

import (
	"fmt"
	"testing"

	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/internal/model"
)

// A build skips attribute/cti where nothing reads attributes, and treats
// every built-in transform but the listed ones as not reading them: each
// must give the same result (filter, value, error) for a token with and
// without attributes. name/human, which reads them, shows the check can
// tell.
func TestTransformsIgnoringAttributes(t *testing.T) {
	samples := []struct {
		typ string
		v   any
	}{
		{"color", "#ff8000"}, {"color", "rgba(10, 20, 30, 0.5)"}, {"dimension", "12px"}, {"dimension", "1.5rem"},
		{"dimension", 4.0}, {"fontSize", "2rem"}, {"duration", "150ms"}, {"time", 200.0}, {"content", "hello"},
		{"asset", "a/b.png"}, {"fontFamily", []any{"Inter", "sans-serif"}}, {"cubicBezier", []any{0.1, 0.2, 0.3, 1.0}},
		{"shadow", model.ObjectOf("color", "#000", "offsetX", "1px", "offsetY", "2px", "blur", "3px", "spread", "0px")},
		{"border", model.ObjectOf("color", "#000", "width", "1px", "style", "solid")},
		{"typography", model.ObjectOf("fontFamily", "Inter", "fontSize", "16px", "fontWeight", 400.0, "lineHeight", 1.5)},
		{"transition", model.ObjectOf("duration", "100ms", "delay", "0ms", "timingFunction", []any{0.0, 0.0, 1.0, 1.0})},
		{"strokeStyle", "dashed"}, {"html", "&#xE001;"}, {"", "plain"},
	}
	attrs := model.ObjectOf("category", "color", "type", "base", "item", "red", "subitem", "light", "state", "hover")
	run := func(tf model.Transform, tok model.Token) string {
		defer func() { recover() }()
		pass := tf.Filter == nil
		if !pass {
			pass = tf.Filter(&tok, model.Options{})
		}
		if !pass {
			return "filtered out"
		}
		v, err := tf.Transform(&tok, &model.Platform{Name: "p", Prefix: "pre"}, model.Options{})
		return fmt.Sprintf("%s %v", jsprint.Stringify(v, ""), err)
	}
	differs := map[string]bool{}
	for _, tf := range Transforms() {
		if tf.Type == model.AttributeTransform {
			continue
		}
		for _, s := range samples {
			for _, dtcg := range []bool{false, true} {
				vk := "value"
				if dtcg {
					vk = "$value"
				}
				tok := model.Token{Key: "{color.base.red}", Path: []string{"color", "base", "red"}, Name: "red",
					Value: s.v, Type: s.typ, DTCG: dtcg, Props: model.ObjectOf(vk, s.v, "type", s.typ)}
				with := tok
				with.Attributes = attrs
				if run(tf, tok) != run(tf, with) {
					differs[tf.Name] = true
				}
			}
		}
	}
	for name := range differs {
		if !TransformReadsAttributes(name) {
			t.Errorf("transform %s reads attributes: list it in attributeReadingTransforms", name)
		}
	}
	for name := range attributeReadingTransforms {
		if !differs[name] {
			t.Errorf("transform %s gave the same results with and without attributes", name)
		}
	}
}
