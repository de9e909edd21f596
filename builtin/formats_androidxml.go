package builtin

import (
	"context"
	"io"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/internal/textbuf"
	"github.com/tokengen/tokengen/tokenbuild"
)

// androidDefaultResourceMap maps a token type to its resource tag.
var androidDefaultResourceMap = map[string]string{
	"dimension": "dimen",
	"fontSize":  "dimen",
	"color":     "color",
	"string":    "string",
	"content":   "string",
	"time":      "integer",
	"number":    "integer",
}

// AndroidResources is android/resources: an Android resources file of
// every token, each element named by the token's type (resourceMap,
// resourceType), referencing other resources with outputReferences.
var AndroidResources = tokenbuild.Format{Name: "android/resources", LazyTrees: true, ColorScheme: true, Format: androidResources}

// AndroidColors is android/colors: an Android resources file of the
// colour tokens as <color> elements.
var AndroidColors = withColorScheme(androidTypedFormat("android/colors", "color", "color"))

// AndroidDimens is android/dimens: an Android resources file of the
// dimension tokens as <dimen> elements.
var AndroidDimens = androidTypedFormat("android/dimens", "dimension", "dimen")

// AndroidFontDimens is android/fontDimens: an Android resources file of
// the font size tokens as <dimen> elements.
var AndroidFontDimens = androidTypedFormat("android/fontDimens", "fontSize", "dimen")

// AndroidIntegers is android/integers: an Android resources file of the
// time tokens as <integer> elements.
var AndroidIntegers = androidTypedFormat("android/integers", "time", "integer")

// AndroidStrings is android/strings: an Android resources file of the
// content tokens as <string> elements.
var AndroidStrings = androidTypedFormat("android/strings", "content", "string")

func androidFormats() []tokenbuild.Format {
	return []tokenbuild.Format{AndroidResources, AndroidColors, AndroidDimens, AndroidFontDimens, AndroidIntegers, AndroidStrings}
}

// androidFrame wraps resource lines in the XML frame every android format
// shares; the XML declaration comes first, as XML requires.
func androidFrame(header, body string) string {
	return androidXMLDecl + header + androidOpen + body + androidClose
}

// androidFrame's text around the header and the entries.
const (
	androidXMLDecl = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\n"
	androidOpen    = "\n<resources>\n"
	androidClose   = "\n</resources>"
)

// androidEntry is one resource element with its optional trailing comment.
func androidEntry(tag string, t *tokenbuild.Token, value string) string {
	var b textbuf.Buffer
	writeAndroidEntry(&b, tag, t, value)
	return b.String()
}

func writeAndroidEntry(b *textbuf.Buffer, tag string, t *tokenbuild.Token, value string) {
	b.WriteString("<")
	b.WriteString(tag)
	b.WriteString(" name=\"")
	b.WriteString(xmlAttr(t.Name))
	b.WriteString("\">")
	b.WriteString(value)
	b.WriteString("</")
	b.WriteString(tag)
	b.WriteString(">")
	if c := t.PlainComment(); c != "" {
		b.WriteString("<!-- ")
		b.WriteString(xmlComment(c))
		b.WriteString(" -->")
	}
}

// androidTypedFormat is one of the formats that keep only tokens of one
// type. They read no attributes.
func androidTypedFormat(name, tokenType, tag string) tokenbuild.Format {
	f := func(_ context.Context, args *tokenbuild.FormatArgs, stream io.Writer) (string, error) {
		header, err := mobileHeader(args, CommentXML)
		if err != nil {
			return "", err
		}
		// androidFrame's text, written around the entries in one builder
		const xmlDecl, open, closing = androidXMLDecl, androidOpen, androidClose
		entry := func(b *textbuf.Buffer, t *tokenbuild.Token) {
			writeAndroidEntry(b, tag, t, androidText(js.String(t.Value)))
		}
		tokens := args.Dictionary.AllTokens
		count := 0
		for _, t := range tokens {
			if typeOf(t) == tokenType {
				count++
			}
		}
		var b textbuf.Buffer
		b.Stream(stream)
		b.Grow(len(xmlDecl) + len(header) + len(open) + 64*min(count, entrySample) + len(closing))
		b.WriteString(xmlDecl)
		b.WriteString(header)
		b.WriteString(open)
		start, written := b.Len(), 0
		for _, t := range tokens {
			if typeOf(t) != tokenType {
				continue
			}
			if written > 0 {
				b.WriteString("\n")
			}
			b.WriteString("  ")
			entry(&b, t)
			if written++; written == entrySample && count > entrySample {
				growForRest(&b, start, written, count-written, len(closing))
			}
			b.Spill()
		}
		b.WriteString(closing)
		return b.String(), b.Err()
	}
	// The shape: the entries of the tokens of the type, which another
	// permutation's file keeps when each token it changes is of the type
	// exactly when the token at its place was.
	shape := func(_ context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
		header, err := mobileHeader(args, CommentXML)
		if err != nil {
			return nil, err
		}
		return &tokenbuild.FileShape{
			Head: androidXMLDecl + header + androidOpen, Tail: androidClose,
			Text: shapeText(func(b *textbuf.Buffer, t *tokenbuild.Token) {
				writeAndroidEntry(b, tag, t, androidText(js.String(t.Value)))
			}),
			Frame: func() (tokenbuild.Frame, error) {
				var kept []*tokenbuild.Token
				for _, t := range args.Dictionary.AllTokens {
					if typeOf(t) == tokenType {
						kept = append(kept, t)
					}
				}
				return joinedFrame("  ", kept, "\n  "), nil
			},
			SameFrame: func(was, now *tokenbuild.Token) bool { return (typeOf(was) == tokenType) == (typeOf(now) == tokenType) },
		}, nil
	}
	return tokenbuild.Format{
		Name: name, LazyTrees: true, IgnoresAttributes: true,
		Format: formatOf(f), Write: writeOf(f), Shape: shape,
	}
}

func androidResources(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	args = nightArgs(args)
	header, err := mobileHeader(args, CommentXML)
	if err != nil {
		return "", err
	}
	var fileOpts tokenbuild.Options
	if args.File != nil {
		fileOpts = args.File.Options
	}
	resourceType := ""
	if optTruthy(fileOpts, "resourceType") {
		resourceType = js.String(fileOpts["resourceType"])
	}
	resourceMap, _ := fileOpts["resourceMap"].(*tokenbuild.Object)
	if !optTruthy(fileOpts, "resourceMap") {
		resourceMap = nil
	}
	tagOf := func(t *tokenbuild.Token) string {
		if resourceType != "" {
			return resourceType
		}
		typ := typeOf(t)
		if typ == "" {
			return "string"
		}
		if resourceMap != nil {
			if v := resourceMap.Value(typ); js.Truthy(v) {
				return js.String(v)
			}
			return "string"
		}
		if tag, ok := androidDefaultResourceMap[typ]; ok {
			return tag
		}
		return "string"
	}
	// A function counts as true here, as in the reference: only the file's
	// own outputReferences option is read.
	outputRefs := fileOpts != nil && fileOptionSet(fileOpts["outputReferences"])
	usesDtcg := args.Options.UsesDtcg()
	lines := make([]string, 0, len(args.Dictionary.AllTokens))
	for _, t := range args.Dictionary.AllTokens {
		tag := tagOf(t)
		value := androidText(js.String(t.Value))
		if orig := originalValueOf(t, usesDtcg); outputRefs && refs.Uses(orig) {
			// only the file's tokens are searched, not the unfiltered ones
			found, missing := GetReferencesDtcg(orig, &tokenbuild.Dictionary{AllTokens: args.Dictionary.AllTokens, TokenMap: args.Dictionary.TokenMap}, usesDtcg)
			if len(found) == 0 {
				return "", &tokenbuild.Diagnostic{Token: t.PathString(), Msg: "android/resources: outputReferences needs the referenced token " + strings.Join(missing, ", ") + " in the same file"}
			}
			value = "@" + tag + "/" + found[0].Name
		}
		lines = append(lines, androidEntry(tag, t, value))
	}
	return androidFrame(header, "  "+strings.Join(lines, "\n  ")), nil
}

// fileOptionSet is JavaScript truthiness, with any Go function counting as true.
func fileOptionSet(v any) bool {
	switch v.(type) {
	case tokenbuild.OutputReferencesFunc, func(*tokenbuild.Token, *tokenbuild.Dictionary, bool) bool, tokenbuild.OutputReferencesWithArgs:
		return true
	}
	return js.Truthy(v)
}

// A file with "colorScheme" holds night resources (values-night/): the
// tokens of the dark context whose value differs from the light
// context's, or that the light context has not. Android takes a resource
// from values-night/ in night mode and from values/ otherwise, so
// values/colors.xml built from the light permutation and this file give
// each mode its permutation's values; references (@color/x) resolve in
// the night configuration too. A token only the light context has stays
// in night mode (a qualifier cannot remove a resource).

// withColorScheme is f reading a file's colorScheme as night resources.
func withColorScheme(f tokenbuild.Format) tokenbuild.Format {
	format, write := f.Format, f.Write
	f.ColorScheme = true
	f.Format = func(ctx context.Context, args *tokenbuild.FormatArgs) (string, error) {
		return format(ctx, nightArgs(args))
	}
	f.Write = func(ctx context.Context, args *tokenbuild.FormatArgs, w io.Writer) error {
		return write(ctx, nightArgs(args), w)
	}
	return f
}

// nightArgs is args with the night resources of its colorScheme as its
// tokens, or args itself without one.
func nightArgs(args *tokenbuild.FormatArgs) *tokenbuild.FormatArgs {
	light, dark := schemeContexts(args)
	if light == nil || dark == nil {
		return args // the engine gives both; a hand-made call may not
	}
	var night []*tokenbuild.Token
	for _, t := range dark.Dictionary.AllTokens {
		lt, ok := light.Dictionary.TokenMap.Get(t.Key)
		if !ok || js.String(lt.Value) != js.String(t.Value) {
			night = append(night, t)
		}
	}
	a := *args
	// references are looked up among all the dark tokens
	a.Dictionary = &tokenbuild.Dictionary{AllTokens: night, TokenMap: dark.Dictionary.TokenMap,
		UnfilteredAllTokens: dark.Dictionary.UnfilteredAllTokens, UnfilteredTokenMap: dark.Dictionary.UnfilteredTokenMap}
	return &a
}
