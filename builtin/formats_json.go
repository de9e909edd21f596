package builtin

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/internal/textbuf"
	"github.com/tokengen/tokengen/tokenbuild"
)

// JSON is json: the token tree as JSON, each token with all its
// properties (stripMeta leaves some out).
var JSON = tokenbuild.Format{Name: "json", LazyTrees: true, Format: jsonFull}

// JSONAsset is json/asset: the asset group of the token tree as JSON.
var JSONAsset = tokenbuild.Format{Name: "json/asset", LazyTrees: true, Format: jsonAsset}

// JSONNested is json/nested: the token tree as JSON, each token as its
// value.
var JSONNested = tokenbuild.Format{
	Name: "json/nested", Nested: true, LazyTrees: true, IgnoresAttributes: true,
	Format: formatOf(jsonNested), Write: writeOf(jsonNested), Shape: jsonNestedShape,
}

// JSONFlat is json/flat: one JSON object of token names and values.
var JSONFlat = tokenbuild.Format{Name: "json/flat", LazyTrees: true, IgnoresAttributes: true, Contexts: true, Format: jsonFlat}

// jsonFormats: json, json/asset, json/nested, json/flat. They are plain
// JSON.stringify(…, null, 2) output; prettier does not touch them.
func jsonFormats() []tokenbuild.Format {
	return []tokenbuild.Format{JSON, JSONAsset, JSONNested, JSONFlat}
}

func jsonFull(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	tokens := stripMetaProps(args.Dictionary.Tree(), args.Options)
	return jsprint.Stringify(tokens, "  ") + "\n", nil
}

func jsonAsset(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	wrapper := tokenbuild.NewObject()
	if a, ok := args.Dictionary.Tree().Get("asset"); ok {
		wrapper.Set("asset", a)
	}
	return jsprint.Stringify(wrapper, "  "), nil
}

func jsonNested(_ context.Context, args *tokenbuild.FormatArgs, stream io.Writer) (string, error) {
	var b textbuf.Buffer
	b.Stream(stream)
	// about 28 bytes a token for a key, a short value and indentation
	b.Grow(28*len(args.Dictionary.AllTokens) + 16)
	valueKey := valueKeyOf(args.Options.UsesDtcg())
	writeMinifiedJSON(&b, args.Dictionary.Tree(), valueKey, 0, nil)
	b.WriteByte('\n')
	return b.String(), b.Err()
}

// jsonNestedShape is json/nested's shape: each token's value, written at
// the depth of its path, and the tree around them, which depends on the
// tokens' paths alone.
func jsonNestedShape(_ context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
	valueKey := valueKeyOf(args.Options.UsesDtcg())
	return &tokenbuild.FileShape{
		Text: shapeText(func(b *textbuf.Buffer, t *tokenbuild.Token) { writeTokenJSON(b, t, valueKey, len(t.Path)) }),
		Frame: func() (tokenbuild.Frame, error) {
			var b textbuf.Buffer
			b.Grow(16*len(args.Dictionary.AllTokens) + 16)
			var frame tokenbuild.Frame
			mark := 0
			deep := false
			writeMinifiedJSON(&b, args.Dictionary.Tree(), valueKey, 0, func(t *tokenbuild.Token, depth int) {
				deep = deep || depth != len(t.Path)
				gap, _ := b.Since(mark)
				frame.Tokens = append(frame.Tokens, t)
				frame.Gaps = append(frame.Gaps, gap)
				mark = b.Mark()
			})
			if deep {
				return frame, errors.New("json/nested: a token of the tree is not at the depth of its path")
			}
			b.WriteByte('\n')
			gap, _ := b.Since(mark)
			frame.Gaps = append(frame.Gaps, gap)
			return frame, nil
		},
		SameFrame: func(was, now *tokenbuild.Token) bool { return slices.Equal(was.Path, now.Path) },
	}, nil
}

// writeTokenJSON writes a token of a minified tree at depth (its path's
// length).
func writeTokenJSON(b *textbuf.Buffer, t *tokenbuild.Token, valueKey string, depth int) {
	if t.Props.Has(valueKey) {
		jsprint.WriteJSON(b, t.Value, "  ", depth)
	} else {
		writeMinifiedJSON(b, t.ToObject(), valueKey, depth, nil)
	}
}

// writeMinifiedJSON writes jsprint.Stringify(minifyDictionary(v), "  ")
// at depth without building the minified tree. With frame set, a token's
// text is left out and frame called in its place (a shape's frame).
func writeMinifiedJSON(b *textbuf.Buffer, v any, valueKey string, depth int, frame func(t *tokenbuild.Token, depth int)) {
	switch x := v.(type) {
	case *tokenbuild.Token:
		if frame != nil {
			frame(x, depth)
			return
		}
		writeTokenJSON(b, x, valueKey, depth)
		return
	case *tokenbuild.Object:
		if x.Has(valueKey) {
			jsprint.WriteJSON(b, x.Value(valueKey), "  ", depth)
			return
		}
		jsprint.WriteJSONMembers(b, x, "  ", depth, func(b *textbuf.Buffer, e any, depth int) {
			writeMinifiedJSON(b, e, valueKey, depth, frame)
			b.Spill()
		})
		return
	}
	jsprint.WriteJSON(b, v, "  ", depth)
}

func jsonFlat(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	if len(args.Contexts) > 0 {
		return jsonFlatContexts(args), nil
	}
	var b strings.Builder
	b.WriteString("{\n")
	for i, t := range args.Dictionary.AllTokens {
		if i > 0 {
			b.WriteString(",\n")
		}
		// the name is written unescaped, as the reference does
		b.WriteString(`  "` + t.Name + `": ` + jsprint.Stringify(t.Value, ""))
	}
	b.WriteString("\n}\n")
	return b.String(), nil
}

// plainTree turns a token tree into plain objects: tokens become their
// serialized form, everything is copied.
func plainTree(v any) any {
	switch x := v.(type) {
	case *tokenbuild.Token:
		return x.ToObject().Clone()
	case *tokenbuild.Object:
		o := tokenbuild.NewObject()
		x.Range(func(k string, e any) bool {
			o.Set(k, plainTree(e))
			return true
		})
		return o
	}
	return tokenbuild.CloneValue(v)
}

// minifyDictionary keeps only each token's value, as the reference's
// minifyDictionary helper does.
func minifyDictionary(v any, usesDtcg bool) any {
	valueKey := "value"
	if usesDtcg {
		valueKey = "$value"
	}
	switch x := v.(type) {
	case *tokenbuild.Token:
		// the token's object form has the value key exactly when its
		// properties do (the other keys it adds are key, original, name,
		// attributes and path)
		if x.Props.Has(valueKey) {
			return x.Value
		}
		return minifyDictionary(x.ToObject(), usesDtcg)
	case *tokenbuild.Object:
		if x.Has(valueKey) {
			return x.Value(valueKey)
		}
		o := tokenbuild.NewObjectCap(x.Len())
		x.Range(func(k string, e any) bool {
			o.Set(k, minifyDictionary(e, usesDtcg))
			return true
		})
		return o
	}
	return v
}

// sdMetaProps are the properties stripMeta: true removes.
var sdMetaProps = []string{"attributes", "filePath", "name", "path", "comment"}

// stripMetaProps applies the stripMeta option (true, or {strip, keep,
// usesDtcg}) to a copy of the token tree; without it the tree is returned
// unchanged.
func stripMetaProps(tokens *tokenbuild.Object, o tokenbuild.Options) any {
	var strip, keep []string
	hasStrip, hasKeep := false, false
	usesDtcg := o.UsesDtcg()
	switch sm := o["stripMeta"].(type) {
	case bool:
		if !sm {
			return tokens
		}
		strip, hasStrip = sdMetaProps, true
	case *tokenbuild.Object:
		if v, ok := sm.Get("usesDtcg"); ok {
			b, _ := v.(bool)
			usesDtcg = b
		}
		if v, ok := sm.Value("strip").([]any); ok {
			strip, hasStrip = stringList(v), true
		}
		if v, ok := sm.Value("keep").([]any); ok {
			keep, hasKeep = stringList(v), true
		}
	default:
		return tokens
	}
	valueKey := "value"
	if usesDtcg {
		valueKey = "$value"
	}
	tree := plainTree(tokens).(*tokenbuild.Object)
	stripMeta(tree, strip, keep, hasStrip, hasKeep, valueKey)
	return tree
}

func stringList(v []any) []string {
	out := make([]string, 0, len(v))
	for _, e := range v {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// stripMeta ports the reference's _stripMeta: in every object holding a
// value, delete the keys in strip / not in keep; recurse into objects.
func stripMeta(obj *tokenbuild.Object, strip, keep []string, hasStrip, hasKeep bool, valueKey string) {
	keys := append([]string(nil), obj.Keys()...)
	for _, k := range keys {
		if obj.Has(valueKey) {
			if hasStrip && slices.Contains(strip, k) {
				obj.Delete(k)
			}
			if hasKeep && !slices.Contains(keep, k) {
				obj.Delete(k)
			}
		}
		if child, ok := obj.Value(k).(*tokenbuild.Object); ok {
			stripMeta(child, strip, keep, hasStrip, hasKeep, valueKey)
		}
	}
}
