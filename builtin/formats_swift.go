package builtin

import (
	"context"
	"io"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/textbuf"
	"github.com/tokengen/tokengen/tokenbuild"
)

// IOSSwiftClassSwift is ios-swift/class.swift: a Swift class with a static
// constant per token.
var IOSSwiftClassSwift = swiftFormat("ios-swift/class.swift", "class")

// IOSSwiftEnumSwift is ios-swift/enum.swift: a Swift enum with a static
// constant per token.
var IOSSwiftEnumSwift = swiftFormat("ios-swift/enum.swift", "enum")

// IOSSwiftAnySwift is ios-swift/any.swift: a Swift type of the objectType
// option (class by default) with a static constant per token.
var IOSSwiftAnySwift = swiftFormat("ios-swift/any.swift", "")

func swiftFormats() []tokenbuild.Format {
	return []tokenbuild.Format{IOSSwiftClassSwift, IOSSwiftEnumSwift, IOSSwiftAnySwift}
}

// swiftFormat is one of the Swift formats; objectType "" takes the
// objectType option (any.swift), and "class" when that is unset. They read
// no attributes.
func swiftFormat(name, objectType string) tokenbuild.Format {
	f := func(_ context.Context, args *tokenbuild.FormatArgs, stream io.Writer) (string, error) {
		sf, err := swiftFileOf(args, objectType)
		if err != nil {
			return "", err
		}
		tokens := sortForProperties(args, sf.usesDtcg, sf.warnings)
		var b textbuf.Buffer
		b.Stream(stream)
		b.WriteString(sf.head)
		start := b.Len()
		for i, t := range tokens {
			if i > 0 {
				b.WriteString(swiftSeparator)
			}
			if v, ok := sf.dynamic[t.Key]; ok {
				sf.declaration(&b, t, func(b *textbuf.Buffer, t *tokenbuild.Token) { sf.pf.writeLine(b, t, v, t.Comment()) })
			} else {
				sf.declaration(&b, t, sf.pf.write)
			}
			if i == entrySample-1 && len(tokens) > entrySample {
				growForRest(&b, start, entrySample, len(tokens)-entrySample, len(swiftTail))
			}
			b.Spill()
		}
		b.WriteString(swiftTail)
		sf.warnings.flush(args.Warn)
		return b.String(), b.Err()
	}
	// The shape: each token's declaration, in the order the file sorts
	// them in, which another permutation keeps when the tokens it changes
	// read the same to the sort (by reference or by name).
	shape := func(_ context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
		if len(args.Contexts) > 0 || !referencesAreData(args.Options["outputReferences"]) {
			return nil, nil
		}
		sf, err := swiftFileOf(args, objectType)
		if err != nil {
			return nil, err
		}
		flush := func() {
			sf.warnings.flush(args.Warn)
			sf.warnings.paths = nil
		}
		text := bufferedTexts(func(b *textbuf.Buffer, t *tokenbuild.Token) { sf.declaration(b, t, sf.pf.write) })
		sameFrame := sameName
		if outputReferencesOn(args.Options["outputReferences"]) {
			valueKey := valueKeyOf(sf.usesDtcg)
			sameFrame = func(was, now *tokenbuild.Token) bool { return sameSortFacts(was, now, valueKey) }
		}
		return &tokenbuild.FileShape{
			Head: sf.head, Tail: swiftTail,
			Text: func(t *tokenbuild.Token) (string, error) {
				s := text(t)
				flush()
				return s, nil
			},
			Frame: func() (tokenbuild.Frame, error) {
				tokens := sortForProperties(args, sf.usesDtcg, sf.warnings)
				flush()
				return joinedFrame("", tokens, swiftSeparator), nil
			},
			SameFrame: sameFrame,
		}, nil
	}
	return tokenbuild.Format{
		Name: name, LazyTrees: true, IgnoresAttributes: true, ColorScheme: true,
		Format: formatOf(f), Write: writeOf(f), Shape: shape,
	}
}

// What a Swift file holds between its declarations and after them.
const swiftSeparator, swiftTail = "\n    ", "\n}"

// swiftFile is what a Swift file is made of besides its tokens.
type swiftFile struct {
	dynamic      map[string]string // dynamicColors
	usesDtcg     bool
	warnings     *refWarnings
	pf           *propertyFormatter
	head         string // before the first declaration
	accessPrefix string
	args         *tokenbuild.FormatArgs
}

func swiftFileOf(args *tokenbuild.FormatArgs, objectType string) (*swiftFile, error) {
	dynamic := dynamicColors(args)
	o := args.Options
	usesDtcg := o.UsesDtcg()
	warnings := &refWarnings{}
	pf := newPropertyFormatter(args, warnings, langSwift, tokenbuild.ObjectOf("suffix", ""), usesDtcg)

	// setSwiftFileProperties
	objType := objectType
	if v, ok := o["objectType"]; ok && v != nil {
		objType = js.String(v)
	} else if objType == "" {
		objType = "class"
	}
	imports := optionList(o, "import", nil)
	if imports == nil {
		imports = []string{"UIKit"}
		if tg := args.Platform; tg != nil && tg.TransformGroup != "" && tg.TransformGroup != "ios-swift" && tg.TransformGroup != "ios-swift-separate" {
			imports = []string{"SwiftUI"}
		}
	}
	access := "public"
	if v, ok := o["accessControl"]; ok {
		access = js.String(v)
	}

	header, err := mobileHeader(args, CommentShort)
	if err != nil {
		return nil, err
	}
	accessPrefix := ""
	if access != "" {
		accessPrefix = access + " "
	}
	head := "\n//\n// " + destinationOrUndefined(args) + "\n//\n" + header + "\n" + importLines(imports) + "\n\n" + accessPrefix
	if objType != "" {
		head += objType + " "
	}
	if optTruthy(o, "className") {
		head += optString(o, "className") + " "
	}
	head += "{\n    "
	return &swiftFile{dynamic: dynamic, usesDtcg: usesDtcg, warnings: warnings, pf: pf, head: head, accessPrefix: accessPrefix, args: args}, nil
}

// declaration writes a token's declaration, but for its value, which
// write writes.
func (sf *swiftFile) declaration(b *textbuf.Buffer, t *tokenbuild.Token, write func(b *textbuf.Buffer, t *tokenbuild.Token)) {
	if reason, ok := sf.args.Dictionary.Deprecated(t); ok {
		b.WriteString(deprecatedAttribute(langSwift, reason))
	}
	b.WriteString(sf.accessPrefix)
	b.WriteString("static let ")
	write(b, t)
}

// dynamicColors gives, for a file with "colorScheme", each UIKit color
// the light and dark contexts write differently as a dynamic color (by
// key): `UIColor { $0.userInterfaceStyle == .dark ? <dark> : <light> }`,
// UIColor(dynamicProvider:), which UIKit asks again whenever the trait
// collection changes. Other tokens keep the file's own permutation's
// value: a static let cannot follow the trait collection.
func dynamicColors(args *tokenbuild.FormatArgs) map[string]string {
	light, dark := schemeContexts(args)
	if light == nil || dark == nil {
		return nil // the engine gives both; a hand-made call may not
	}
	literalIn := func(d *tokenbuild.Dictionary) func(*tokenbuild.Token) string {
		a := *args
		a.Dictionary = d
		return newPropertyFormatter(&a, &refWarnings{}, langSwift, tokenbuild.ObjectOf("suffix", ""), args.Options.UsesDtcg()).literal
	}
	lightOf, darkOf := literalIn(light.Dictionary), literalIn(dark.Dictionary)
	out := map[string]string{}
	for _, t := range args.Dictionary.AllTokens {
		if t.Type != "color" {
			continue
		}
		lt, lok := light.Dictionary.TokenMap.Get(t.Key)
		dt, dok := dark.Dictionary.TokenMap.Get(t.Key)
		if !lok || !dok || !strings.HasPrefix(js.String(lt.Value), "UIColor(") {
			continue
		}
		if l, d := lightOf(lt), darkOf(dt); l != d {
			out[t.Key] = "UIColor { $0.userInterfaceStyle == .dark ? " + d + " : " + l + " }"
		}
	}
	return out
}

// destinationOrUndefined is `${file.destination}` without a fallback.
func destinationOrUndefined(args *tokenbuild.FormatArgs) string {
	if args.File == nil {
		return "undefined"
	}
	return args.File.Destination
}

// optionList reads an option that may be a string or a list of strings
// (the `import` option); def when it is unset.
func optionList(o tokenbuild.Options, k string, def []string) []string {
	v, ok := o[k]
	if !ok {
		return def
	}
	switch x := v.(type) {
	case string:
		return []string{x}
	case []string:
		return x
	case []any:
		out := make([]string, len(x))
		for i, e := range x {
			out[i] = js.String(e)
		}
		return out
	}
	return []string{js.String(v)}
}

func importLines(imports []string) string {
	lines := make([]string, len(imports))
	for i, s := range imports {
		lines[i] = "import " + s
	}
	return strings.Join(lines, "\n")
}

// sortForProperties orders the file's tokens by reference when
// outputReferences is on (a function counts as on) and by name otherwise.
func sortForProperties(args *tokenbuild.FormatArgs, usesDtcg bool, w *refWarnings) []*tokenbuild.Token {
	if outputReferencesOn(args.Options["outputReferences"]) {
		return sortTokensByReference(args.Dictionary.AllTokens, args.Dictionary, usesDtcg, w, nil)
	}
	return sortTokensByName(args.Dictionary.AllTokens)
}

// propertyFormatter ports the reference's createPropertyFormatter for
// formats without a CSS-like syntax (Swift, Dart, Kotlin).
type propertyFormatter struct {
	args                                   *tokenbuild.FormatArgs
	warnings                               *refWarnings
	refs                                   refTargets
	lang                                   int
	usesDtcg                               bool
	prefix, indentation, separator, suffix string
	commentStyle, commentPosition          string
}

// newPropertyFormatter merges the defaults, the format's own defaults and
// the formatting option, in that order.
func newPropertyFormatter(args *tokenbuild.FormatArgs, w *refWarnings, lang int, formatDefaults *tokenbuild.Object, usesDtcg bool) *propertyFormatter {
	pf := &propertyFormatter{args: args, warnings: w, lang: lang, usesDtcg: usesDtcg,
		separator: " =", suffix: ";", commentStyle: CommentLong, commentPosition: "inline"}
	set := func(o *tokenbuild.Object) {
		for k, dst := range map[string]*string{"prefix": &pf.prefix, "indentation": &pf.indentation, "separator": &pf.separator,
			"suffix": &pf.suffix, "commentStyle": &pf.commentStyle, "commentPosition": &pf.commentPosition} {
			if v, ok := o.Get(k); ok {
				*dst = js.String(v)
			}
		}
	}
	set(formatDefaults)
	set(args.Options.Formatting())
	return pf
}

func (pf *propertyFormatter) format(t *tokenbuild.Token) string {
	var b textbuf.Buffer
	pf.write(&b, t)
	return b.String()
}

// write appends the property line of t (with its comment) to b.
func (pf *propertyFormatter) write(b *textbuf.Buffer, t *tokenbuild.Token) {
	pf.writeLine(b, t, pf.literal(t), t.Comment())
}

// literal is the value t's line holds: its value, or its references.
func (pf *propertyFormatter) literal(t *tokenbuild.Token) string {
	d := pf.args.Dictionary
	var value any = t.Value
	if shouldOutputRefs(t, d, pf.args.Options["outputReferences"], pf.usesDtcg, pf.warnings) {
		orig := originalValueOf(t, pf.usesDtcg)
		var buf [4]refHit
		hits := appendReferences(buf[:0], t, orig, d, pf.usesDtcg, &pf.refs)
		for _, h := range hits {
			if h.filtered {
				pf.warnings.add(h.path)
			}
		}
		_, origIsArr := orig.([]any)
		_, origIsObj := orig.(*tokenbuild.Object)
		origIsObject := origIsArr || origIsObj
		if !origIsObject {
			value = orig
		}
		for _, h := range hits {
			ref := h.token
			if ref == nil || ref.DTCG != pf.usesDtcg {
				continue // the reference checks for the value key the format reads
			}
			replacement := pf.prefix + ref.Name
			s := js.String(value)
			if origIsObject {
				value = strings.Replace(s, js.String(ref.Value), replacement, 1)
				continue
			}
			// the path is quoted here, so the reference's pattern is literal
			value = replaceLiteralReference(s, strings.Join(ref.Path, "."), replacement)
		}
	}
	return stringLiteral(js.String(value), pf.lang)
}

func (pf *propertyFormatter) writeLine(b *textbuf.Buffer, t *tokenbuild.Token, literal, comment string) {
	simple := comment == "" || pf.commentStyle == "none"
	inline := !simple && pf.commentPosition == "inline" && (pf.commentStyle == CommentLong || pf.commentStyle == CommentShort) &&
		!strings.Contains(comment, "\n")
	if !simple && !inline {
		line := pf.indentation + pf.prefix + t.Name + pf.separator + " " + literal + pf.suffix
		b.WriteString(pf.addComment(line, comment))
		return
	}
	b.WriteString(pf.indentation)
	b.WriteString(pf.prefix)
	b.WriteString(t.Name)
	b.WriteString(pf.separator)
	b.WriteByte(' ')
	b.WriteString(literal)
	b.WriteString(pf.suffix)
	if inline {
		// addComment's single-line inline forms
		if pf.commentStyle == CommentShort {
			b.WriteString(" // ")
			b.WriteString(comment)
		} else {
			b.WriteString(" /** ")
			b.WriteString(blockComment(comment))
			b.WriteString(" */")
		}
	}
}

// addComment ports the reference's addComment; the comment text is made
// safe for the comment syntax it goes into.
func (pf *propertyFormatter) addComment(line, comment string) string {
	if comment == "" || pf.commentStyle == "none" {
		return line
	}
	commentLines := strings.Split(comment, "\n")
	position := pf.commentPosition
	if len(commentLines) > 1 {
		position = "above"
	}
	var processed string
	switch pf.commentStyle {
	case CommentShort:
		if position == "inline" {
			processed = "// " + comment
		} else {
			for _, l := range commentLines {
				processed += pf.indentation + "// " + l + "\n"
			}
			processed = strings.TrimSuffix(processed, "\n")
		}
	case CommentLong:
		if len(commentLines) > 1 {
			processed = pf.indentation + "/**\n"
			for _, l := range commentLines {
				processed += pf.indentation + " * " + blockComment(l) + "\n"
			}
			processed += pf.indentation + " */"
		} else {
			if position == "above" {
				processed = pf.indentation
			}
			processed += "/** " + blockComment(comment) + " */"
		}
	default:
		processed = "undefined"
	}
	if position == "above" {
		return processed + "\n" + line
	}
	return line + " " + processed
}
