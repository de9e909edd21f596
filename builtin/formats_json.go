package builtin

import (
	"context"
	"strings"

	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/internal/model"
	"github.com/tokengen/tokengen/internal/textbuf"
)

// jsonFormats: json, json/asset, json/nested, json/flat. They are plain
// JSON.stringify(…, null, 2) output; prettier does not touch them.
func jsonFormats() []model.Format {
	return []model.Format{
		{Name: "json", Format: jsonFull},
		{Name: "json/asset", Format: jsonAsset},
		{Name: "json/nested", Nested: true, Format: jsonNested},
		{Name: "json/flat", Format: jsonFlat},
	}
}

func jsonFull(_ context.Context, args *model.FormatArgs) (string, error) {
	tokens := stripMetaProps(args.Dictionary.Tree(), args.Options)
	return jsprint.Stringify(tokens, "  ") + "\n", nil
}

func jsonAsset(_ context.Context, args *model.FormatArgs) (string, error) {
	wrapper := model.NewObject()
	if a, ok := args.Dictionary.Tree().Get("asset"); ok {
		wrapper.Set("asset", a)
	}
	return jsprint.Stringify(wrapper, "  "), nil
}

func jsonNested(_ context.Context, args *model.FormatArgs) (string, error) {
	var b textbuf.Buffer
	b.Stream(model.StreamOf(args))
	// about 28 bytes a token for a key, a short value and indentation
	b.Grow(28*len(args.Dictionary.AllTokens) + 16)
	valueKey := "value"
	if args.Options.UsesDtcg() {
		valueKey = "$value"
	}
	writeMinifiedJSON(&b, args.Dictionary.Tree(), valueKey, 0)
	b.WriteByte('\n')
	return b.String(), b.Err()
}

// writeMinifiedJSON writes jsprint.Stringify(minifyDictionary(v), "  ")
// at depth without building the minified tree.
func writeMinifiedJSON(b *textbuf.Buffer, v any, valueKey string, depth int) {
	switch x := v.(type) {
	case *model.Token:
		if x.Props.Has(valueKey) {
			jsprint.WriteJSON(b, x.Value, "  ", depth)
			return
		}
		writeMinifiedJSON(b, x.ToObject(), valueKey, depth)
		return
	case *model.Object:
		if x.Has(valueKey) {
			jsprint.WriteJSON(b, x.Value(valueKey), "  ", depth)
			return
		}
		jsprint.WriteJSONMembers(b, x, "  ", depth, func(b *textbuf.Buffer, e any, depth int) {
			writeMinifiedJSON(b, e, valueKey, depth)
			b.Spill()
		})
		return
	}
	jsprint.WriteJSON(b, v, "  ", depth)
}

func jsonFlat(_ context.Context, args *model.FormatArgs) (string, error) {
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
	case *model.Token:
		return x.ToObject().Clone()
	case *model.Object:
		o := model.NewObject()
		x.Range(func(k string, e any) bool {
			o.Set(k, plainTree(e))
			return true
		})
		return o
	}
	return model.CloneValue(v)
}

// minifyDictionary keeps only each token's value, as the reference's
// minifyDictionary helper does.
func minifyDictionary(v any, usesDtcg bool) any {
	valueKey := "value"
	if usesDtcg {
		valueKey = "$value"
	}
	switch x := v.(type) {
	case *model.Token:
		// the token's object form has the value key exactly when its
		// properties do (the other keys it adds are key, original, name,
		// attributes and path)
		if x.Props.Has(valueKey) {
			return x.Value
		}
		return minifyDictionary(x.ToObject(), usesDtcg)
	case *model.Object:
		if x.Has(valueKey) {
			return x.Value(valueKey)
		}
		o := model.NewObjectCap(x.Len())
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
func stripMetaProps(tokens *model.Object, o model.Options) any {
	var strip, keep []string
	hasStrip, hasKeep := false, false
	usesDtcg := o.UsesDtcg()
	switch sm := o["stripMeta"].(type) {
	case bool:
		if !sm {
			return tokens
		}
		strip, hasStrip = sdMetaProps, true
	case *model.Object:
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
	tree := plainTree(tokens).(*model.Object)
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
func stripMeta(obj *model.Object, strip, keep []string, hasStrip, hasKeep bool, valueKey string) {
	keys := append([]string(nil), obj.Keys()...)
	for _, k := range keys {
		if obj.Has(valueKey) {
			if hasStrip && inStringList(strip, k) {
				obj.Delete(k)
			}
			if hasKeep && !inStringList(keep, k) {
				obj.Delete(k)
			}
		}
		if child, ok := obj.Value(k).(*model.Object); ok {
			stripMeta(child, strip, keep, hasStrip, hasKeep, valueKey)
		}
	}
}
