package builtin

import (
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// HTMLIcon is html/icon: an html token's "&#xE001;" character references
// as CSS content escapes ('\E001').
var HTMLIcon = valueTransform("html/icon", "html", htmlIcon)

// ContentQuote is content/quote: a content token's value in single quotes.
var ContentQuote = valueTransform("content/quote", "content", wrapValue("'", "'"))

// ContentObjCLiteral is content/objC/literal: a content token's value as
// an Objective-C string literal, @"...".
var ContentObjCLiteral = valueTransform("content/objC/literal", "content", wrapValue(`@"`, `"`))

// ContentSwiftLiteral is content/swift/literal: a content token's value in
// double quotes, a Swift string literal.
var ContentSwiftLiteral = valueTransform("content/swift/literal", "content", wrapValue(`"`, `"`))

// TimeSeconds is time/seconds: a time token's milliseconds as seconds
// ("200" becomes "0.20s"). A DTCG duration object {value, unit}, on a
// time or a duration token, is written with its authored unit ("200ms",
// "0.5s"), as style-dictionary's next release does: 5.5.5 writes "NaNs"
// for one on a time token and "[object Object]" on a duration token (its
// filter is type time only), neither of them CSS; duration strings stay
// as they are, as in the reference.
var TimeSeconds = tokenbuild.Transform{
	Name:              "time/seconds",
	Type:              tokenbuild.ValueTransform,
	Pure:              true,
	IgnoresAttributes: true,
	Filter: func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
		if t.Type == "time" {
			return true, nil
		}
		_, isObject := t.Value.(*tokenbuild.Object)
		return t.Type == "duration" && isObject, nil
	},
	TransformValue: timeSeconds,
}

// AssetURL is asset/url: an asset token's value as url("..."), double
// quotes escaped.
var AssetURL = valueTransform("asset/url", "asset", assetURL)

// AssetBase64 is asset/base64: an asset token's value, a file path, as the
// file's contents in base64. A relative path is read from the
// configuration's folder (the "configDir" option): the same file for every
// platform, so it is declared pure.
var AssetBase64 = valueTransform("asset/base64", "asset", assetBase64)

// AssetPath is asset/path: an asset token's value, a path, joined to the
// working directory. The working directory is the same for every platform
// of a build, so it is declared pure.
var AssetPath = valueTransform("asset/path", "asset", assetPath)

// AssetObjCLiteral is asset/objC/literal: an asset token's value as an
// Objective-C string literal, @"...".
var AssetObjCLiteral = valueTransform("asset/objC/literal", "asset", wrapValue(`@"`, `"`))

// AssetSwiftLiteral is asset/swift/literal: an asset token's value in
// double quotes, a Swift string literal.
var AssetSwiftLiteral = valueTransform("asset/swift/literal", "asset", wrapValue(`"`, `"`))

// ContentFlutterLiteral is content/flutter/literal: a content token's
// value in double quotes, a Dart string literal.
var ContentFlutterLiteral = valueTransform("content/flutter/literal", "content", wrapValue(`"`, `"`))

// AssetFlutterLiteral is asset/flutter/literal: an asset token's value in
// double quotes, a Dart string literal.
var AssetFlutterLiteral = valueTransform("asset/flutter/literal", "asset", wrapValue(`"`, `"`))

// miscTransforms: time, html, content and asset transforms.
func miscTransforms() []tokenbuild.Transform {
	return []tokenbuild.Transform{
		HTMLIcon, ContentQuote, ContentObjCLiteral, ContentSwiftLiteral, TimeSeconds, AssetURL, AssetBase64,
		AssetPath, AssetObjCLiteral, AssetSwiftLiteral, ContentFlutterLiteral, AssetFlutterLiteral,
	}
}

// valueTransform is a pure value transform of the tokens of one type that
// reads no attributes.
func valueTransform(name, tokenType string, f func(t *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error)) tokenbuild.Transform {
	return tokenbuild.Transform{
		Name:              name,
		Type:              tokenbuild.ValueTransform,
		Pure:              true,
		IgnoresAttributes: true,
		Filter:            tokenTypeIs(tokenType),
		TransformValue:    f,
	}
}

// tokenTypeIs matches tokens whose type ($type or type) is typ.
func tokenTypeIs(typ string) tokenbuild.FilterFunc {
	return func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) { return t.Type == typ, nil }
}

// wrapValue surrounds the value, stringified as JavaScript does, with before and after.
func wrapValue(before, after string) func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	return func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
		return before + js.String(t.Value) + after, nil
	}
}

// errNoReplace is V8's message when .replace is called on a non-string.
var errNoReplace = errors.New("(intermediate value)(intermediate value)(intermediate value).replace is not a function")

// htmlIcon replaces every "&#x<hex>;" with "'\<hex>'" (a CSS content escape).
func htmlIcon(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	s, ok := t.Value.(string)
	if !ok {
		return nil, errNoReplace
	}
	const open = "&#x"
	var b strings.Builder
	pos := 0
	for {
		i := strings.Index(s[pos:], open)
		if i < 0 {
			break
		}
		i += pos
		j := strings.IndexByte(s[i+len(open):], ';')
		if j < 0 {
			break // no later "&#x" can be closed either
		}
		if j == 0 { // "&#x;" holds no code; look for the next "&#x"
			b.WriteString(s[pos : i+1])
			pos = i + 1
			continue
		}
		end := i + len(open) + j
		b.WriteString(s[pos:i])
		b.WriteString(`'\`)
		b.WriteString(s[i+len(open) : end])
		b.WriteString(`'`)
		pos = end + 1
	}
	if pos == 0 {
		return s, nil
	}
	b.WriteString(s[pos:])
	return b.String(), nil
}

// timeSeconds turns milliseconds into seconds: "200ms" -> "0.20s".
func timeSeconds(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	if d, ok := t.Value.(*tokenbuild.Object); ok {
		if s, ok := durationObject(d); ok {
			return s, nil
		}
		if t.Type == "duration" {
			return t.Value, nil // not a duration: left as the reference leaves it
		}
	}
	ms, _ := js.ParseFloat(js.String(t.Value)) // NaN prints "NaNs", like the reference
	return js.ToFixed(ms/1000, 2) + "s", nil
}

// durationObject is a DTCG duration {value, unit} written with its unit
// ("200ms"), if d is one: a number value and the unit ms or s.
func durationObject(d *tokenbuild.Object) (string, bool) {
	v, ok := d.Value("value").(float64)
	u, _ := d.Value("unit").(string)
	if !ok || (u != "ms" && u != "s") {
		return "", false
	}
	return js.String(v) + u, true
}

// assetURL wraps the value in url("..."), escaping double quotes.
func assetURL(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	s, ok := t.Value.(string)
	if !ok {
		return nil, errNoReplace
	}
	return `url("` + strings.ReplaceAll(s, `"`, `\"`) + `")`, nil
}

// assetBase64 replaces the value, a file path, with the file's contents in
// base64. A relative path resolves against the configuration's folder (the
// pipeline passes it as the "configDir" option), or the working directory
// when that is unset, as the reference resolves against process.cwd().
func assetBase64(t *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error) {
	file, ok := t.Value.(string)
	if !ok {
		return nil, errors.New("Token filePath name must be a string")
	}
	if !filepath.IsAbs(file) {
		if dir := optionsOf(args).String("configDir", ""); dir != "" {
			file = filepath.Join(dir, file)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return base64.StdEncoding.EncodeToString(data), nil
}

// optionsOf is the options a transform runs with (nil without args).
func optionsOf(args *tokenbuild.TransformArgs) tokenbuild.Options {
	if args == nil {
		return nil
	}
	return args.Options
}

// assetPath joins the working directory and the value with POSIX rules.
func assetPath(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (any, error) {
	s, ok := t.Value.(string)
	if !ok {
		return nil, fmt.Errorf(`The "path" argument must be of type string. Received %s`, js.Typeof(t.Value))
	}
	cwd, err := os.Getwd()
	if err != nil {
		cwd = "/"
	}
	return posixJoin(filepath.ToSlash(cwd), s), nil
}

// posixJoin is node's path.posix.join: like path.Join, but a trailing
// slash of the last segment is kept.
func posixJoin(a, b string) string {
	joined := path.Join(a, b)
	if strings.HasSuffix(b, "/") && !strings.HasSuffix(joined, "/") {
		joined += "/"
	}
	return joined
}
