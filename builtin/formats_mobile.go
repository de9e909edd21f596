package builtin

import (
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// mobileFormats: android/*, compose/object, ios/*, ios-swift/*,
// flutter/class.dart and the sketch palettes.
func mobileFormats() []tokenbuild.Format {
	var fs []tokenbuild.Format
	fs = append(fs, androidFormats()...) // formats_androidxml.go
	fs = append(fs, composeFormats()...) // formats_compose.go
	fs = append(fs, iosFormats()...)     // formats_objc.go
	fs = append(fs, swiftFormats()...)   // formats_swift.go
	fs = append(fs, flutterFormats()...) // formats_flutter.go
	fs = append(fs, sketchFormats()...)  // formats_sketch.go
	return fs
}

// headerFormatting is the file's formatting without `prefix`, which the
// reference drops before rendering a file header.
func headerFormatting(o tokenbuild.Options) *tokenbuild.Object {
	f := o.Formatting().Clone()
	if f == nil {
		f = tokenbuild.NewObject()
	}
	f.Delete("prefix")
	return f
}

// mobileHeader renders the file header in the given comment style.
func mobileHeader(args *tokenbuild.FormatArgs, style string) (string, error) {
	return FileHeader(args, style, headerFormatting(args.Options))
}

// destination is the file's destination, "" when unknown.
func destination(args *tokenbuild.FormatArgs) string {
	if args.File == nil {
		return ""
	}
	return args.File.Destination
}

// optString reads a string option the way `${options.x ?? ”}` prints it.
func optString(o tokenbuild.Options, k string) string {
	v, ok := o[k]
	if !ok || v == nil {
		return ""
	}
	return js.String(v)
}

// optTruthy reports whether an option is set to a truthy JavaScript value.
func optTruthy(o tokenbuild.Options, k string) bool {
	return js.Truthy(o[k])
}

// typeOf is `usesDtcg ? token.$type : token.type`.
func typeOf(t *tokenbuild.Token) string { return t.Type }

// --- keeping generated files valid (docs/deviations.md) ---

// xmlComment keeps a comment from ending an XML comment early: "--" is not
// allowed inside one.
func xmlComment(s string) string {
	for strings.Contains(s, "--") {
		s = strings.ReplaceAll(s, "--", "- -")
	}
	return s
}

// blockComment keeps a comment from closing (or, in Swift, Kotlin and Dart,
// nesting) a /* */ comment.
func blockComment(s string) string {
	s = strings.ReplaceAll(s, "*/", "* /")
	return strings.ReplaceAll(s, "/*", "/ *")
}

// xmlAttr escapes an XML attribute value written inside double quotes.
func xmlAttr(s string) string { return xmlAttrEscaper.Replace(s) }

// Replacers are safe for concurrent use and immutable once built.
var xmlAttrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;")

// xmlText escapes XML character data; entity and character references
// already in the value are kept.
func xmlText(s string) string {
	if !strings.ContainsAny(s, "&<>") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			if n := entityLen(s[i:]); n > 0 {
				b.WriteString(s[i : i+n])
				i += n - 1
				continue
			}
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			if i >= 2 && s[i-2:i] == "]]" {
				b.WriteString("&gt;")
				continue
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// entityLen is the length of the entity or character reference at the start
// of s ("&amp;", "&#xE001;"), or 0.
func entityLen(s string) int {
	i := 1
	isName := func(c byte, first bool) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || !first && (c >= '0' && c <= '9' || c == '-' || c == '.')
	}
	if i < len(s) && s[i] == '#' {
		i++
		hex := i < len(s) && s[i] == 'x'
		if hex {
			i++
		}
		start := i
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || hex && (s[i] >= 'a' && s[i] <= 'f' || s[i] >= 'A' && s[i] <= 'F')) {
			i++
		}
		if i == start || i >= len(s) || s[i] != ';' {
			return 0
		}
		return i + 1
	}
	start := i
	for i < len(s) && isName(s[i], i == start) {
		i++
	}
	if i == start || i >= len(s) || s[i] != ';' {
		return 0
	}
	return i + 1
}

// androidText escapes a resource value: XML escaping plus the backslash
// escapes aapt wants for quotes. Backslash escapes already in the value are
// kept as written.
func androidText(s string) string {
	if !strings.ContainsAny(s, `\'"`) {
		return xmlText(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			b.WriteByte(c)
			if i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\'' || s[i+1] == '"') {
				i++
				b.WriteByte(s[i])
			}
		case '\'', '"':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return xmlText(b.String())
}

// Languages whose string literals stringLiteral re-escapes.
const (
	langObjC = iota
	langSwift
	langDart
	langKotlin
)

// stringLiteral re-escapes a value that the content and asset literal
// transforms wrapped in double quotes (with a leading @ for Objective-C)
// without escaping its inside. Other values are returned unchanged.
func stringLiteral(v string, lang int) string {
	open := `"`
	if lang == langObjC {
		open = `@"`
	}
	if len(v) < len(open)+1 || !strings.HasPrefix(v, open) || !strings.HasSuffix(v, `"`) {
		return v
	}
	inner := v[len(open) : len(v)-1]
	var b strings.Builder
	b.WriteString(open)
	for _, r := range inner {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '$':
			if lang == langDart || lang == langKotlin {
				b.WriteString(`\$`)
			} else {
				b.WriteRune(r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
