package expand

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// testFuncs mirror the functions of testdata/gen.mjs.
var testFuncs = map[string]tokenbuild.ExpandFunc{
	"keyHasBorderOrTypo": func(t *tokenbuild.Token, c *tokenbuild.Config, p *tokenbuild.Platform) bool {
		return strings.Contains(t.Key, "border") || strings.Contains(t.Key, "typo")
	},
	"typeIsShadow": func(t *tokenbuild.Token, c *tokenbuild.Config, p *tokenbuild.Platform) bool {
		typ, _ := t.Props.Value("$type").(string)
		if typ == "" {
			typ, _ = t.Props.Value("type").(string)
		}
		return typ == "shadow"
	},
}

// expandConfig turns a case.json expand value into the model, treating
// values the reference's shouldRunExpansion rejects (false, or an object
// whose values are all false, {} included) as nil.
func expandConfig(t *testing.T, v any) *tokenbuild.Expand {
	switch x := v.(type) {
	case nil:
		return nil
	case bool:
		if x {
			return &tokenbuild.Expand{}
		}
		return nil
	case string:
		return &tokenbuild.Expand{Func: testFuncs[strings.TrimPrefix(x, "fn:")]}
	case *tokenbuild.Object:
		allFalse := true
		e := &tokenbuild.Expand{}
		x.Range(func(k string, val any) bool {
			if b, ok := val.(bool); !ok || b {
				allFalse = false
			}
			switch k {
			case "include", "exclude":
				var list []string
				var fn tokenbuild.ExpandFunc
				switch l := val.(type) {
				case []any:
					list = []string{}
					for _, s := range l {
						list = append(list, s.(string))
					}
				case string:
					fn = testFuncs[strings.TrimPrefix(l, "fn:")]
				}
				if k == "include" {
					e.Include, e.IncludeFunc = list, fn
				} else {
					e.Exclude, e.ExcludeFunc = list, fn
				}
			case "typesMap":
				e.TypesMap = val.(*tokenbuild.Object)
			}
			return true
		})
		if allFalse {
			return nil
		}
		return e
	}
	t.Fatalf("bad expand config %#v", v)
	return nil
}

// inputTokens rebuilds the tokens the pipeline holds before expansion from
// the reference's dump: properties in order, with the value as written.
func inputTokens(list []any, dtcg bool) []*tokenbuild.Token {
	valueKey, typeKey := "value", "type"
	if dtcg {
		valueKey, typeKey = "$value", "$type"
	}
	var out []*tokenbuild.Token
	for _, item := range list {
		d := item.(*tokenbuild.Object)
		original := d.Value("original").(*tokenbuild.Object)
		key := d.Value("key").(string)
		props := tokenbuild.NewObject()
		for _, k := range d.Value("keys").([]any) {
			k := k.(string)
			switch k {
			case "key", "original", "name", "attributes", "path":
				continue
			case "filePath":
				props.Set(k, "tokens.json")
			case "isSource":
				props.Set(k, true)
			default:
				if original.Has(k) { // other keys come from the tree the reference rebuilds
					props.Set(k, original.Value(k))
				}
			}
		}
		path := keyPath(key)
		typ, _ := props.Value(typeKey).(string)
		out = append(out, &tokenbuild.Token{
			Key: key, Path: path, Name: path[len(path)-1], Value: props.Value(valueKey), Type: typ,
			FilePath: "tokens.json", IsSource: true, DTCG: dtcg, Props: props,
		})
	}
	return out
}

func TestAgainstReference(t *testing.T) {
	dirs, err := filepath.Glob("testdata/cases/*")
	if err != nil || len(dirs) == 0 {
		t.Fatal("no cases", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			spec := readJSON(t, filepath.Join(dir, "case.json"))
			want := readJSON(t, filepath.Join(dir, "expected.json"))
			tokensFile, err := os.ReadFile(filepath.Join(dir, "tokens.json"))
			if err != nil {
				t.Fatal(err)
			}
			dtcg := strings.Contains(string(tokensFile), `"$value"`)
			input := inputTokens(want.Value("input").([]any), dtcg)
			before := snapshot(input)
			cfg := &tokenbuild.Config{}
			global := expandConfig(t, spec.Value("expand"))
			shared, err := Tokens(input, global, cfg, nil, dtcg)
			if err != nil {
				t.Fatal(err)
			}
			platforms := spec.Value("platforms").(*tokenbuild.Object)
			for _, name := range platforms.Keys() {
				t.Run(name, func(t *testing.T) {
					p := &tokenbuild.Platform{Name: name}
					got, err := Tokens(shared, expandConfig(t, platforms.Value(name)), cfg, p, dtcg)
					exp := want.Value("platforms").(*tokenbuild.Object).Value(name)
					if e, ok := exp.(*tokenbuild.Object); ok {
						if err == nil || err.Error() != e.Value("error") {
							t.Fatalf("error = %v, want %v", err, e.Value("error"))
						}
						return
					}
					if err != nil {
						t.Fatal(err)
					}
					compare(t, got, exp.([]any))
				})
			}
			if after := snapshot(input); after != before {
				t.Errorf("input tokens were modified")
			}
		})
	}
}

func compare(t *testing.T, got []*tokenbuild.Token, want []any) {
	t.Helper()
	var gotKeys, wantKeys []string
	for _, g := range got {
		gotKeys = append(gotKeys, g.Key)
	}
	for _, w := range want {
		wantKeys = append(wantKeys, w.(*tokenbuild.Object).Value("key").(string))
	}
	if strings.Join(gotKeys, " ") != strings.Join(wantKeys, " ") {
		t.Fatalf("token order\n got %v\nwant %v", gotKeys, wantKeys)
	}
	for i, g := range got {
		w := want[i].(*tokenbuild.Object)
		if gp, wp := canon(toAny(g.Path)), canon(w.Value("path")); gp != wp {
			t.Errorf("%s: path %s, want %s", g.Key, gp, wp)
		}
		orig := w.Value("original").(*tokenbuild.Object)
		if go_, wo := canon(g.Original()), canon(orig); go_ != wo {
			t.Errorf("%s: original\n got %s\nwant %s", g.Key, go_, wo)
		}
		if gv, wv := canon(g.Value), canon(orig.Value(g.ValueKey())); gv != wv {
			t.Errorf("%s: value %s, want %s", g.Key, gv, wv)
		}
		if wt, _ := orig.Value(g.TypeKey()).(string); g.Type != wt {
			t.Errorf("%s: type %q, want %q", g.Key, g.Type, wt)
		}
		if gk, wk := strings.Join(g.ToObject().Keys(), ","), canonKeys(w.Value("keys"), orig); gk != wk {
			t.Errorf("%s: property order\n got %s\nwant %s", g.Key, gk, wk)
		}
	}
}

func TestDTCGTypesMapIsFresh(t *testing.T) {
	m := DTCGTypesMap()
	m.Value("border").(*tokenbuild.Object).Set("style", "changed")
	if got := DTCGTypesMap().Value("border").(*tokenbuild.Object).Value("style"); got != "strokeStyle" {
		t.Fatalf("DTCGTypesMap shares state: %v", got)
	}
	if got := canon(DTCGTypesMap()); got != `{"border":{"style":"strokeStyle","width":"dimension"},"transition":{"delay":"duration","timingFunction":"cubicBezier"},"shadow":{"offsetX":"dimension","offsetY":"dimension","blur":"dimension","spread":"dimension"},"gradient":{"position":"number"},"typography":{"fontSize":"dimension","letterSpacing":"dimension","lineHeight":"number"},"strokeStyle":{"dashArray":"dimension"}}` {
		t.Fatal(got)
	}
}

func TestIncludeWithExcludeFails(t *testing.T) {
	tok := &tokenbuild.Token{Key: "{b}", Path: []string{"b"}, Value: tokenbuild.ObjectOf("w", "1px"), Props: tokenbuild.ObjectOf("value", tokenbuild.ObjectOf("w", "1px"))}
	_, err := Tokens([]*tokenbuild.Token{tok}, &tokenbuild.Expand{Include: []string{"x"}, Exclude: []string{"y"}}, &tokenbuild.Config{}, nil, false)
	if err == nil || err.Error() != "expand.include should not be combined with expand.exclude, use one or the other." {
		t.Fatalf("err = %v", err)
	}
}

func TestCircularObjectReferenceDoesNotHang(t *testing.T) {
	v := tokenbuild.ObjectOf("p", "{a}")
	tok := &tokenbuild.Token{Key: "{a}", Path: []string{"a"}, Value: v, Props: tokenbuild.ObjectOf("value", v)}
	if _, err := Tokens([]*tokenbuild.Token{tok}, &tokenbuild.Expand{}, &tokenbuild.Config{}, nil, false); err != nil {
		t.Logf("error (acceptable): %v", err)
	}
}

func readJSON(t *testing.T, path string) *tokenbuild.Object {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := json5.Parse(data)
	if err != nil {
		t.Fatal(path, err)
	}
	return v.(*tokenbuild.Object)
}

// snapshot prints tokens fully, to detect mutation.
func snapshot(list []*tokenbuild.Token) string {
	var b strings.Builder
	for _, t := range list {
		b.WriteString(t.Key + canon(t.Value) + t.Type + canon(t.Props) + "\n")
	}
	return b.String()
}

func toAny(p []string) []any {
	out := make([]any, len(p))
	for i, s := range p {
		out[i] = s
	}
	return out
}

// canonKeys lists a token's property names, without those that only the
// reference's nested tree adds (a token "a.b" next to a token "a" becomes a
// property b of a).
func canonKeys(v any, original *tokenbuild.Object) string {
	var s []string
	for _, k := range v.([]any) {
		k := k.(string)
		switch k {
		case "key", "filePath", "isSource", "original", "name", "attributes", "path":
		default:
			if !original.Has(k) {
				continue
			}
		}
		s = append(s, k)
	}
	return strings.Join(s, ",")
}

func canon(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		if x {
			return "true"
		}
		return "false"
	case float64:
		return js.Format(x)
	case string:
		return `"` + x + `"`
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = canon(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case *tokenbuild.Object:
		parts := make([]string, 0, x.Len())
		for _, k := range x.Keys() {
			parts = append(parts, `"`+k+`":`+canon(x.Value(k)))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return "?"
}

func BenchmarkTokens50k(b *testing.B) {
	var list []*tokenbuild.Token
	for i := 0; i < 50000; i++ {
		key := "{t.n" + js.Format(float64(i)) + "}"
		var v any = "#fff"
		typ := "color"
		switch i % 5 {
		case 0:
			v, typ = tokenbuild.ObjectOf("color", "{t.n1}", "width", "1px", "style", "solid"), "border"
		case 1:
			v, typ = "{t.n0}", "border"
		}
		props := tokenbuild.ObjectOf("$value", v, "$type", typ, "filePath", "tokens.json", "isSource", true)
		list = append(list, &tokenbuild.Token{Key: key, Path: keyPath(key), Value: v, Type: typ, DTCG: true, Props: props})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Tokens(list, &tokenbuild.Expand{}, &tokenbuild.Config{}, nil, true); err != nil {
			b.Fatal(err)
		}
	}
}
