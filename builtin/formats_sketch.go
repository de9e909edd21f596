package builtin

import (
	"context"
	"strconv"
	"unicode/utf16"

	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/tokenbuild"
)

// SketchPalette is sketchPalette: a Sketch palette (version 1) of the
// colour tokens' values. It is also named sketch/palette.
var SketchPalette = tokenbuild.Format{Name: "sketchPalette", LazyTrees: true, Format: sketchPaletteV1}

// SketchPaletteV2 is sketch/palette/v2: a Sketch palette (version 2) of
// every token, its name and its value's keys.
var SketchPaletteV2 = tokenbuild.Format{Name: "sketch/palette/v2", LazyTrees: true, Format: sketchPaletteV2}

func sketchFormats() []tokenbuild.Format {
	// sketch/palette is sketchPalette spelled like the other formats
	slashed := SketchPalette
	slashed.Name = "sketch/palette"
	return []tokenbuild.Format{SketchPalette, slashed, SketchPaletteV2}
}

func sketchPaletteV1(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
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
	out := tokenbuild.ObjectOf("compatibleVersion", "1.0", "pluginVersion", "1.1", "colors", colors)
	return jsprint.Stringify(out, "  ") + "\n", nil
}

func sketchPaletteV2(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	colors := make([]any, 0, len(args.Dictionary.AllTokens))
	for _, t := range args.Dictionary.AllTokens {
		c := tokenbuild.ObjectOf("name", t.Name)
		assignInto(c, t.Value)
		colors = append(colors, c)
	}
	out := tokenbuild.ObjectOf("compatibleVersion", "2.0", "pluginVersion", "2.2", "colors", colors)
	return jsprint.Stringify(out, "  ") + "\n", nil
}

// assignInto is Object.assign(dst, v): an object's keys, a string's
// characters or an array's items, each under its index.
func assignInto(dst *tokenbuild.Object, v any) {
	switch x := v.(type) {
	case *tokenbuild.Object:
		x.Range(func(k string, e any) bool {
			dst.Set(k, tokenbuild.CloneValue(e))
			return true
		})
	case []any:
		for i, e := range x {
			dst.Set(strconv.Itoa(i), tokenbuild.CloneValue(e))
		}
	case string:
		for i, u := range utf16.Encode([]rune(x)) {
			dst.Set(strconv.Itoa(i), string(utf16.Decode([]uint16{u})))
		}
	}
}
