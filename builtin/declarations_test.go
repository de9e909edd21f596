package builtin

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/tokenbuild"
)

// originalFormats are the built-in formats without their neutral-named
// copies, which TestAliasesKeepDeclarations checks are copies.
func originalFormats() []tokenbuild.Format {
	all := Formats()
	aliases := map[string]bool{}
	for _, f := range all {
		if n := NeutralName(f.Name); n != "" {
			aliases[n] = true
		}
	}
	var out []tokenbuild.Format
	for _, f := range all {
		if !aliases[f.Name] {
			out = append(out, f)
		}
	}
	return out
}

// funcID identifies a function value (nil is 0).
func funcID(f any) uintptr {
	v := reflect.ValueOf(f)
	if !v.IsValid() || v.IsNil() {
		return 0
	}
	return v.Pointer()
}

// Every neutral-named hook is its brand-named original under another name:
// the same functions and the same declarations.
func TestAliasesKeepDeclarations(t *testing.T) {
	formats := map[string]tokenbuild.Format{}
	for _, f := range Formats() {
		formats[f.Name] = f
	}
	aliases := 0
	for _, f := range Formats() {
		n := NeutralName(f.Name)
		if n == "" {
			continue
		}
		aliases++
		a, ok := formats[n]
		if !ok {
			t.Errorf("format %s has no alias %s", f.Name, n)
			continue
		}
		if a.Nested != f.Nested || a.LazyTrees != f.LazyTrees || a.IgnoresAttributes != f.IgnoresAttributes ||
			funcID(a.Format) != funcID(f.Format) || funcID(a.Write) != funcID(f.Write) {
			t.Errorf("format %s is not a copy of %s", n, f.Name)
		}
	}
	transforms := map[string]tokenbuild.Transform{}
	for _, tr := range Transforms() {
		transforms[tr.Name] = tr
	}
	for _, tr := range Transforms() {
		n := NeutralName(tr.Name)
		if n == "" {
			continue
		}
		aliases++
		a, ok := transforms[n]
		if !ok {
			t.Errorf("transform %s has no alias %s", tr.Name, n)
			continue
		}
		if a.Type != tr.Type || a.Transitive != tr.Transitive || a.Pure != tr.Pure || a.IgnoresAttributes != tr.IgnoresAttributes ||
			funcID(a.Filter) != funcID(tr.Filter) || funcID(a.TransformName) != funcID(tr.TransformName) ||
			funcID(a.TransformValue) != funcID(tr.TransformValue) || funcID(a.TransformAttributes) != funcID(tr.TransformAttributes) {
			t.Errorf("transform %s is not a copy of %s", n, tr.Name)
		}
	}
	if aliases < 30 {
		t.Errorf("only %d aliases", aliases)
	}
}

// Each built-in transform sets the one function its type calls, and
// declares itself pure.
func TestTransformDeclarations(t *testing.T) {
	for _, tr := range Transforms() {
		want := map[tokenbuild.TransformType][3]bool{
			tokenbuild.NameTransform:      {true, false, false},
			tokenbuild.ValueTransform:     {false, true, false},
			tokenbuild.AttributeTransform: {false, false, true},
		}[tr.Type]
		if got := [3]bool{tr.TransformName != nil, tr.TransformValue != nil, tr.TransformAttributes != nil}; got != want {
			t.Errorf("transform %s of type %q sets %v of TransformName, TransformValue, TransformAttributes", tr.Name, tr.Type, got)
		}
		if !tr.Pure {
			t.Errorf("transform %s is not declared pure", tr.Name)
		}
	}
}

// Pure transforms give the same results on platforms that differ in all
// but their prefix and base font size.
func TestPureTransformsReadOnlyPrefixAndBaseSize(t *testing.T) {
	a := &tokenbuild.Platform{Name: "a", Prefix: "pre", BasePxFontSize: 10, TransformGroup: "css", BuildPath: "a/",
		Options: tokenbuild.Options{"outputReferences": true}, Files: []tokenbuild.File{{Destination: "a.css", Format: "css/variables"}}}
	b := &tokenbuild.Platform{Name: "b", Prefix: "pre", BasePxFontSize: 10, TransformGroup: "ios", BuildPath: "b/",
		Transforms: []string{"name/camel"}, Extra: tokenbuild.Options{"x": 1.0}}
	samples := []*tokenbuild.Token{
		{Path: []string{"color", "base", "red"}, Type: "color", Value: "#ff0000"},
		{Path: []string{"size", "font", "base"}, Type: "fontSize", Value: "1.5rem"},
		{Path: []string{"size", "space"}, Type: "dimension", Value: "12px"},
		{Path: []string{"time", "fast"}, Type: "time", Value: "200"},
		{Path: []string{"font", "body"}, Type: "typography", Value: tokenbuild.ObjectOf("fontFamily", "Inter", "letterSpacing", "1px")},
		{Path: []string{"content", "hi"}, Type: "content", Value: "hi"},
	}
	for _, tr := range Transforms() {
		if !tr.Pure {
			continue
		}
		for _, s := range samples {
			run := func(p *tokenbuild.Platform) string {
				tok := *s
				tok.Name = s.Path[len(s.Path)-1]
				tok.Props = tokenbuild.ObjectOf("value", s.Value, "type", s.Type)
				if !keeps(tr, &tok, nil) {
					return "filtered out"
				}
				var warnings []tokenbuild.Warning
				v, err := runTransformArgs(tr, &tok, &tokenbuild.TransformArgs{Platform: p,
					Warn: func(w tokenbuild.Warning) { warnings = append(warnings, w) }})
				return fmt.Sprintf("%s %v %v", jsprint.Stringify(v, ""), err, warnings)
			}
			if ra, rb := run(a), run(b); ra != rb {
				t.Errorf("transform %s on %v: %s on one platform, %s on the other", tr.Name, s.Path, ra, rb)
			}
		}
	}
}

// typography/css/shorthand reports the properties the font shorthand
// leaves out, as the reference's grouped warning has them.
func TestTypographyShorthandWarns(t *testing.T) {
	tok := &tokenbuild.Token{Path: []string{"font", "body"}, Type: "typography",
		Value: tokenbuild.ObjectOf("fontFamily", "Inter", "letterSpacing", "1px", "fontSize", "16px", "textCase", "upper")}
	var warnings []tokenbuild.Warning
	v, err := TypographyCSSShorthand.TransformValue(tok, &tokenbuild.TransformArgs{Warn: func(w tokenbuild.Warning) { warnings = append(warnings, w) }})
	if err != nil || v != "16px Inter" {
		t.Fatalf("got %v, %v", v, err)
	}
	want := []tokenbuild.Warning{{
		Summary: "Unknown CSS Font Shorthand properties found for %d tokens, CSS output for Font values will be missing some typography token properties as a result:",
		Message: "the CSS font shorthand leaves out letterSpacing, textCase",
		Near:    `"letterSpacing"`,
	}}
	if !slices.Equal(warnings, want) {
		t.Errorf("warnings %#v, want %#v", warnings, want)
	}
	// without Warn (a test, a config's own code) it only transforms
	if v, err := TypographyCSSShorthand.TransformValue(tok, &tokenbuild.TransformArgs{}); err != nil || v != "16px Inter" {
		t.Errorf("without Warn: %v, %v", v, err)
	}
}

// The formats that never read attributes, and the only ones declared so.
var attributeFreeFormats = []string{
	"css/variables", "scss/variables", "less/variables",
	"javascript/es6", "json/nested", "json/flat",
	"android/colors", "android/dimens", "android/fontDimens", "android/integers", "android/strings",
	"ios-swift/class.swift", "ios-swift/enum.swift", "ios-swift/any.swift",
}

// Every built-in format reads the trees lazily; the ones in
// attributeFreeFormats, and their aliases, declare IgnoresAttributes.
func TestFormatDeclarations(t *testing.T) {
	free := map[string]bool{}
	for _, n := range attributeFreeFormats {
		free[n] = true
		if a := NeutralName(n); a != "" {
			free[a] = true
		}
	}
	for _, f := range Formats() {
		if !f.LazyTrees {
			t.Errorf("format %s does not declare LazyTrees", f.Name)
		}
		if f.IgnoresAttributes != free[f.Name] {
			t.Errorf("format %s declares IgnoresAttributes %v", f.Name, f.IgnoresAttributes)
		}
		if f.Format == nil {
			t.Errorf("format %s has no Format", f.Name)
		}
	}
}

// Formats declaring LazyTrees read the trees only through Tree and
// UnfilteredTree: they write the same text from a dictionary whose tree
// fields are unset and whose trees are made when asked for.
func TestFormatsReadTreesLazily(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	for _, c := range formatTestCases(t) {
		for _, f := range originalFormats() {
			if !f.LazyTrees {
				continue
			}
			want, wantErr := f.Format(context.Background(), c.args())
			args := c.args()
			d := *args.Dictionary
			tree, unfiltered := d.Tokens, d.UnfilteredTokens
			d.DeferTrees(func() *tokenbuild.Object { return tree }, func() *tokenbuild.Object { return unfiltered })
			args.Dictionary = &d
			got, err := f.Format(context.Background(), args)
			if got != want || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Errorf("%s on %s: the text differs with trees made when asked for%s", f.Name, c.name, firstLineDiff(got, want))
			}
		}
	}
}

// attribute/cti runs for every token of nearly every platform: its object
// costs two allocations, whatever the path's length.
func TestAttributeCTIAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	for _, path := range [][]string{{"color"}, {"color", "base", "red"}, {"size", "font", "base", "large", "hover", "extra"}} {
		tok := &tokenbuild.Token{Path: path}
		var attrs *tokenbuild.Object
		allocs := testing.AllocsPerRun(100, func() {
			attrs, _ = AttributeCTI.TransformAttributes(tok, nil)
		})
		if allocs > 2 {
			t.Errorf("%v: %v allocations", path, allocs)
		}
		for i, k := range attrs.Keys() {
			if attrs.Value(k) != path[i] || k != ctiAttributeNames[i] {
				t.Errorf("%v: attributes %v", path, attrs)
			}
		}
		if attrs.Len() != min(len(path), 5) {
			t.Errorf("%v: attributes %v", path, attrs)
		}
	}
	// the token's own attributes win, after cti's in cti's order
	tok := &tokenbuild.Token{Path: []string{"a", "b", "c"}, Attributes: tokenbuild.ObjectOf("x", 1.0, "type", "own")}
	attrs, _ := AttributeCTI.TransformAttributes(tok, nil)
	if got := jsprint.Stringify(attrs, ""); got != `{"category":"a","type":"own","item":"c","x":1}` {
		t.Errorf("got %s", got)
	}
}
