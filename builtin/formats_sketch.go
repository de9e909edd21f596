package builtin

import (
	"context"
	"strconv"
	"unicode/utf16"

	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/internal/model"
)

func sketchFormats() []model.Format {
	v1 := func(_ context.Context, args *model.FormatArgs) (string, error) {
		colors := []any{}
		for _, t := range args.Dictionary.AllTokens {
			// the reference reads `token.type` even for DTCG tokens, so
			// their $type never matches
			typ, _ := t.Prop("type").(string)
			if !args.Options.UsesDtcg() {
				typ = t.Type
			}
			if typ == "color" {
				colors = append(colors, t.Value)
			}
		}
		out := model.ObjectOf("compatibleVersion", "1.0", "pluginVersion", "1.1", "colors", colors)
		return jsprint.Stringify(out, "  ") + "\n", nil
	}
	v2 := func(_ context.Context, args *model.FormatArgs) (string, error) {
		colors := make([]any, 0, len(args.Dictionary.AllTokens))
		for _, t := range args.Dictionary.AllTokens {
			c := model.ObjectOf("name", t.Name)
			assignInto(c, t.Value)
			colors = append(colors, c)
		}
		out := model.ObjectOf("compatibleVersion", "2.0", "pluginVersion", "2.2", "colors", colors)
		return jsprint.Stringify(out, "  ") + "\n", nil
	}
	return []model.Format{
		{Name: "sketchPalette", Format: v1},
		{Name: "sketch/palette", Format: v1},
		{Name: "sketch/palette/v2", Format: v2},
	}
}

// assignInto is Object.assign(dst, v): an object's keys, a string's
// characters or an array's items, each under its index.
func assignInto(dst *model.Object, v any) {
	switch x := v.(type) {
	case *model.Object:
		x.Range(func(k string, e any) bool {
			dst.Set(k, model.CloneValue(e))
			return true
		})
	case []any:
		for i, e := range x {
			dst.Set(strconv.Itoa(i), model.CloneValue(e))
		}
	case string:
		for i, u := range utf16.Encode([]rune(x)) {
			dst.Set(strconv.Itoa(i), string(utf16.Decode([]uint16{u})))
		}
	}
}
