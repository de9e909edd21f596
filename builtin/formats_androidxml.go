package builtin

import (
	"context"
	"strings"

	"github.com/tokengen/tokengen/internal/model"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/internal/textbuf"
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

func androidFormats() []model.Format {
	return []model.Format{
		{Name: "android/resources", Format: androidResources},
		androidTypedFormat("android/colors", "color", "color"),
		androidTypedFormat("android/dimens", "dimension", "dimen"),
		androidTypedFormat("android/fontDimens", "fontSize", "dimen"),
		androidTypedFormat("android/integers", "time", "integer"),
		androidTypedFormat("android/strings", "content", "string"),
	}
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
func androidEntry(tag string, t *model.Token, value string) string {
	var b textbuf.Buffer
	writeAndroidEntry(&b, tag, t, value)
	return b.String()
}

func writeAndroidEntry(b *textbuf.Buffer, tag string, t *model.Token, value string) {
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

// androidTypedFormat is one of the formats that keep only tokens of one type.
func androidTypedFormat(name, tokenType, tag string) model.Format {
	return model.Format{Name: name, Format: func(_ context.Context, args *model.FormatArgs) (string, error) {
		header, err := mobileHeader(args, CommentXML)
		if err != nil {
			return "", err
		}
		tokens := args.Dictionary.AllTokens
		count := 0
		for _, t := range tokens {
			if typeOf(t) == tokenType {
				count++
			}
		}
		// androidFrame's text, written around the entries in one builder
		const xmlDecl, open, closing = androidXMLDecl, androidOpen, androidClose
		var b textbuf.Buffer
		b.Stream(model.StreamOf(args))
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
			writeAndroidEntry(&b, tag, t, androidText(jsString(t.Value)))
			if written++; written == entrySample && count > entrySample {
				growForRest(&b, start, written, count-written, len(closing))
			}
			b.Spill()
		}
		b.WriteString(closing)
		return b.String(), b.Err()
	}}
}

func androidResources(_ context.Context, args *model.FormatArgs) (string, error) {
	header, err := mobileHeader(args, CommentXML)
	if err != nil {
		return "", err
	}
	var fileOpts model.Options
	if args.File != nil {
		fileOpts = args.File.Options
	}
	resourceType := ""
	if optTruthy(fileOpts, "resourceType") {
		resourceType = jsString(fileOpts["resourceType"])
	}
	resourceMap, _ := fileOpts["resourceMap"].(*model.Object)
	if !optTruthy(fileOpts, "resourceMap") {
		resourceMap = nil
	}
	tagOf := func(t *model.Token) string {
		if resourceType != "" {
			return resourceType
		}
		typ := typeOf(t)
		if typ == "" {
			return "string"
		}
		if resourceMap != nil {
			if v := resourceMap.Value(typ); jsTruthy(v) {
				return jsString(v)
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
		value := androidText(jsString(t.Value))
		if orig := originalValueOf(t, usesDtcg); outputRefs && refs.Uses(orig) {
			// only the file's tokens are searched, not the unfiltered ones
			found, missing := GetReferencesDtcg(orig, &model.Dictionary{AllTokens: args.Dictionary.AllTokens, TokenMap: args.Dictionary.TokenMap}, usesDtcg)
			if len(found) == 0 {
				return "", &model.Error{Token: t.PathString(), Msg: "android/resources: outputReferences needs the referenced token " + strings.Join(missing, ", ") + " in the same file"}
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
	case model.OutputReferencesFunc, func(*model.Token, *model.Dictionary, bool) bool:
		return true
	}
	return jsTruthy(v)
}
