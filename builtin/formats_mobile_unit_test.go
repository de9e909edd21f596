package builtin

import (
	"context"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

func mobileFormat(t *testing.T, name string) tokenbuild.Format {
	t.Helper()
	for _, f := range Formats() {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("format %q is not registered", name)
	return tokenbuild.Format{}
}

func TestMobileFormatAliases(t *testing.T) {
	for _, name := range []string{
		"mobile-a/resources", "mobile-a/colors", "mobile-a/dimens", "mobile-a/fontDimens", "mobile-a/integers", "mobile-a/strings",
		"declarative-ui/object", "mobile-b/macros", "mobile-b/plist", "mobile-b/singleton.h", "mobile-b/singleton.m",
		"mobile-b/static.h", "mobile-b/static.m", "mobile-b/colors.h", "mobile-b/colors.m", "mobile-b/strings.h", "mobile-b/strings.m",
		"mobile-b-swift/class.swift", "mobile-b-swift/enum.swift", "mobile-b-swift/any.swift", "cross-ui/class.dart",
		"sketch/palette", "palette-tool/palette", "palette-tool/palette/v2",
	} {
		mobileFormat(t, name)
	}
}

// legacyColorDictionary is color.a (#ff0000) and color.b ({color.a}) as the
// android group transforms them.
func legacyColorDictionary() *tokenbuild.Dictionary {
	a := &tokenbuild.Token{Key: "{color.a}", Path: []string{"color", "a"}, Name: "color_a", Value: "#ffff0000", Type: "color",
		Props: tokenbuild.ObjectOf("value", "#ff0000", "type", "color")}
	b := &tokenbuild.Token{Key: "{color.b}", Path: []string{"color", "b"}, Name: "color_b", Value: "#ffff0000", Type: "color",
		Props: tokenbuild.ObjectOf("value", "{color.a}", "type", "color")}
	all := []*tokenbuild.Token{a, b}
	m := tokenbuild.IndexTokens([]*tokenbuild.Token{a, b})
	return &tokenbuild.Dictionary{Tokens: tokenbuild.TreeOf(all), AllTokens: all, TokenMap: m,
		UnfilteredTokens: tokenbuild.TreeOf(all), UnfilteredAllTokens: all, UnfilteredTokenMap: m}
}

func TestAndroidResourcesOutputReferencesFunction(t *testing.T) {
	// the reference tests the option for truthiness only: a function that
	// returns false still turns references on
	never := tokenbuild.OutputReferencesFunc(func(*tokenbuild.Token, *tokenbuild.Dictionary, bool) bool { return false })
	opts := tokenbuild.Options{"outputReferences": never, "showFileHeader": false}
	args := &tokenbuild.FormatArgs{Dictionary: legacyColorDictionary(), Platform: &tokenbuild.Platform{}, File: &tokenbuild.File{Options: opts}, Options: opts}
	got, err := mobileFormat(t, "android/resources").Format(context.Background(), args)
	if err != nil {
		t.Fatal(err)
	}
	want := "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\n\n<resources>\n  <color name=\"color_a\">#ffff0000</color>\n  <color name=\"color_b\">@color/color_a</color>\n</resources>"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestAndroidResourcesReferenceOutsideFileFails(t *testing.T) {
	d := legacyColorDictionary()
	b := d.AllTokens[1]
	d.AllTokens = []*tokenbuild.Token{b}
	d.Tokens = tokenbuild.TreeOf(d.AllTokens)
	d.TokenMap = tokenbuild.IndexTokens([]*tokenbuild.Token{b})
	opts := tokenbuild.Options{"outputReferences": true}
	args := &tokenbuild.FormatArgs{Dictionary: d, Platform: &tokenbuild.Platform{}, File: &tokenbuild.File{Options: opts}, Options: opts}
	if _, err := mobileFormat(t, "android/resources").Format(context.Background(), args); err == nil || !strings.Contains(err.Error(), "color.a") {
		t.Errorf("want an error naming color.a, got %v", err)
	}
}

func TestSketchPaletteAlias(t *testing.T) {
	opts := tokenbuild.Options{}
	args := &tokenbuild.FormatArgs{Dictionary: legacyColorDictionary(), Platform: &tokenbuild.Platform{}, File: &tokenbuild.File{}, Options: opts}
	a, _ := mobileFormat(t, "sketchPalette").Format(context.Background(), args)
	b, _ := mobileFormat(t, "sketch/palette").Format(context.Background(), args)
	if a != b || !strings.Contains(a, `"#ffff0000"`) {
		t.Errorf("sketch/palette must write what sketchPalette writes:\n%s\n%s", a, b)
	}
}

func TestStringLiteral(t *testing.T) {
	cases := []struct {
		in   string
		lang int
		want string
	}{
		{`"plain"`, langSwift, `"plain"`},
		{`"a "b" \c` + "\n" + `$d"`, langSwift, `"a \"b\" \\c\n$d"`},
		{`"$x"`, langDart, `"\$x"`},
		{`"$x"`, langKotlin, `"\$x"`},
		{`@"say "hi""`, langObjC, `@"say \"hi\""`},
		{`"no objc prefix"`, langObjC, `"no objc prefix"`},
		{`Roboto`, langSwift, `Roboto`},
		{`"`, langSwift, `"`},
	}
	for _, c := range cases {
		if got := stringLiteral(c.in, c.lang); got != c.want {
			t.Errorf("stringLiteral(%q, %d) = %q, want %q", c.in, c.lang, got, c.want)
		}
	}
}

func TestAndroidText(t *testing.T) {
	cases := map[string]string{
		`Don't`:          `Don\'t`,
		`Don\'t`:         `Don\'t`,
		`"q"`:            `\"q\"`,
		`a & b < c`:      `a &amp; b &lt; c`,
		`&#xE001;&amp;x`: `&#xE001;&amp;x`,
		`#ff00ff00`:      `#ff00ff00`,
	}
	for in, want := range cases {
		if got := androidText(in); got != want {
			t.Errorf("androidText(%q) = %q, want %q", in, got, want)
		}
	}
}
