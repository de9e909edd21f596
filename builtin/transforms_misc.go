package builtin

import (
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/jsnum"
	"github.com/tokengen/tokengen/internal/model"
)

// miscTransforms: time, html, content and asset transforms.
func miscTransforms() []model.Transform {
	return []model.Transform{
		{Name: "html/icon", Type: model.ValueTransform, Filter: tokenTypeIs("html"), Transform: htmlIcon},
		{Name: "content/quote", Type: model.ValueTransform, Filter: tokenTypeIs("content"), Transform: wrapValue("'", "'")},
		{Name: "content/objC/literal", Type: model.ValueTransform, Filter: tokenTypeIs("content"), Transform: wrapValue(`@"`, `"`)},
		{Name: "content/swift/literal", Type: model.ValueTransform, Filter: tokenTypeIs("content"), Transform: wrapValue(`"`, `"`)},
		{Name: "time/seconds", Type: model.ValueTransform, Filter: tokenTypeIs("time"), Transform: timeSeconds},
		{Name: "asset/url", Type: model.ValueTransform, Filter: tokenTypeIs("asset"), Transform: assetURL},
		{Name: "asset/base64", Type: model.ValueTransform, Filter: tokenTypeIs("asset"), Transform: assetBase64},
		{Name: "asset/path", Type: model.ValueTransform, Filter: tokenTypeIs("asset"), Transform: assetPath},
		{Name: "asset/objC/literal", Type: model.ValueTransform, Filter: tokenTypeIs("asset"), Transform: wrapValue(`@"`, `"`)},
		{Name: "asset/swift/literal", Type: model.ValueTransform, Filter: tokenTypeIs("asset"), Transform: wrapValue(`"`, `"`)},
		{Name: "content/flutter/literal", Type: model.ValueTransform, Filter: tokenTypeIs("content"), Transform: wrapValue(`"`, `"`)},
		{Name: "asset/flutter/literal", Type: model.ValueTransform, Filter: tokenTypeIs("asset"), Transform: wrapValue(`"`, `"`)},
	}
}

// tokenTypeIs matches tokens whose type ($type or type) is typ.
func tokenTypeIs(typ string) func(t *model.Token, _ model.Options) bool {
	return func(t *model.Token, _ model.Options) bool { return t.Type == typ }
}

// wrapValue surrounds the value, stringified as JavaScript does, with before and after.
func wrapValue(before, after string) func(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	return func(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
		return before + model.JSString(t.Value) + after, nil
	}
}

// errNoReplace is V8's message when .replace is called on a non-string.
var errNoReplace = errors.New("(intermediate value)(intermediate value)(intermediate value).replace is not a function")

// htmlIcon replaces every "&#x<hex>;" with "'\<hex>'" (a CSS content escape).
func htmlIcon(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
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
func timeSeconds(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	ms, _ := jsnum.ParseFloat(model.JSString(t.Value)) // NaN prints "NaNs", like the reference
	return jsnum.ToFixed(ms/1000, 2) + "s", nil
}

// assetURL wraps the value in url("..."), escaping double quotes.
func assetURL(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
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
func assetBase64(t *model.Token, _ *model.Platform, o model.Options) (any, error) {
	file, ok := t.Value.(string)
	if !ok {
		return nil, errors.New("Token filePath name must be a string")
	}
	if !filepath.IsAbs(file) {
		if dir := o.String("configDir", ""); dir != "" {
			file = filepath.Join(dir, file)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return base64.StdEncoding.EncodeToString(data), nil
}

// assetPath joins the working directory and the value with POSIX rules.
func assetPath(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	s, ok := t.Value.(string)
	if !ok {
		return nil, fmt.Errorf(`The "path" argument must be of type string. Received %s`, model.JSTypeof(t.Value))
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

// joinElementString is how Array#join prints an item: null as "".
func joinElementString(v any) string {
	if v == nil {
		return ""
	}
	return model.JSString(v)
}
