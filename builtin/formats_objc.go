package builtin

import (
	"context"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/tokenbuild"
)

// IOSMacros is ios/macros: an Objective-C header with a #define per token.
var IOSMacros = tokenbuild.Format{Name: "ios/macros", LazyTrees: true, Format: iosMacros}

// IOSPlist is ios/plist: a property list of the tokens (colours as
// r, g, b, a dictionaries).
var IOSPlist = tokenbuild.Format{Name: "ios/plist", LazyTrees: true, Format: iosPlist}

// IOSSingletonM is ios/singleton.m: the implementation of an Objective-C
// class holding the token tree as nested dictionaries, with attributes.
var IOSSingletonM = tokenbuild.Format{Name: "ios/singleton.m", LazyTrees: true, Format: iosSingletonM}

// IOSSingletonH is ios/singleton.h: the header of ios/singleton.m's class.
var IOSSingletonH = tokenbuild.Format{Name: "ios/singleton.h", LazyTrees: true, Format: iosSingletonH}

// IOSStaticH is ios/static.h: an Objective-C header declaring a constant
// per token.
var IOSStaticH = tokenbuild.Format{Name: "ios/static.h", LazyTrees: true, Format: iosStaticH}

// IOSStaticM is ios/static.m: the Objective-C definitions of ios/static.h's
// constants.
var IOSStaticM = tokenbuild.Format{Name: "ios/static.m", LazyTrees: true, Format: iosStaticM}

// IOSColorsH is ios/colors.h: an Objective-C header with an enum of the
// colour tokens and a class returning their UIColors.
var IOSColorsH = tokenbuild.Format{Name: "ios/colors.h", LazyTrees: true, Format: iosColorsH}

// IOSColorsM is ios/colors.m: the implementation of ios/colors.h's class.
var IOSColorsM = tokenbuild.Format{Name: "ios/colors.m", LazyTrees: true, Format: iosColorsM}

// IOSStringsH is ios/strings.h: an Objective-C header declaring an
// NSString constant per token.
var IOSStringsH = tokenbuild.Format{Name: "ios/strings.h", LazyTrees: true, Format: iosStringsH}

// IOSStringsM is ios/strings.m: the definitions of ios/strings.h's
// constants and a class listing them with their attributes.
var IOSStringsM = tokenbuild.Format{Name: "ios/strings.m", LazyTrees: true, Format: iosStringsM}

// iosFormats: the Objective-C headers and implementations and the plist.
func iosFormats() []tokenbuild.Format {
	return []tokenbuild.Format{
		IOSMacros, IOSPlist, IOSSingletonM, IOSSingletonH, IOSStaticH, IOSStaticM, IOSColorsH, IOSColorsM,
		IOSStringsH, IOSStringsM,
	}
}

// objcValue is a token's value as Objective-C source: string literals made
// by the literal transforms get their inside escaped.
func objcValue(t *tokenbuild.Token) string { return stringLiteral(js.String(t.Value), langObjC) }

// objcString escapes text going inside an @"..." literal the format writes.
func objcString(s string) string { return objcStringEscaper.Replace(s) }

var objcStringEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`)

// objcIntro is the destination comment and header every Objective-C file starts with.
func objcIntro(args *tokenbuild.FormatArgs) (string, error) {
	header, err := mobileHeader(args, CommentShort)
	if err != nil {
		return "", err
	}
	return "\n//\n// " + destination(args) + "\n//\n" + header, nil
}

func mapTokens(ts []*tokenbuild.Token, f func(t *tokenbuild.Token) string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = f(t)
	}
	return out
}

func iosMacros(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	intro, err := objcIntro(args)
	if err != nil {
		return "", err
	}
	lines := mapTokens(args.Dictionary.AllTokens, func(t *tokenbuild.Token) string {
		return "#define " + t.Name + " " + objcValue(t)
	})
	return intro + "\n#import <Foundation/Foundation.h>\n#import <UIKit/UIKit.h>\n\n" + strings.Join(lines, "\n") + "\n", nil
}

func iosSingletonH(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	intro, err := objcIntro(args)
	if err != nil {
		return "", err
	}
	className := optString(args.Options, "className")
	if optTruthy(args.Options, "className") {
		className += " "
	}
	return intro + "\n#import <Foundation/Foundation.h>\n#import <UIKit/UIKit.h>\n\n@interface " + className +
		": NSObject\n\n+ (NSDictionary *)properties;\n+ (NSDictionary *)getProperty:(NSString *)keyPath;\n+ (nonnull)getValue:(NSString *)keyPath;\n\n@end", nil
}

func iosSingletonM(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	intro, err := objcIntro(args)
	if err != nil {
		return "", err
	}
	className := optString(args.Options, "className")
	return intro + "\n#import \"" + className + ".h\"\n\n@implementation " + className + `

+ (NSDictionary *)getProperty:(NSString *)keyPath {
  return [[self properties] valueForKeyPath:keyPath];
}

+ (nonnull)getValue:(NSString *)keyPath {
  return [[self properties] valueForKeyPath:[NSString stringWithFormat:@"%@.value", keyPath]];
}

+ (NSDictionary *)properties {
  static NSDictionary * dictionary;
  static dispatch_once_t onceToken;

  dispatch_once(&onceToken, ^{
    dictionary = ` + objcDictionary(args.Dictionary.Tree(), "  ") + `;
  });

  return dictionary;
}

@end

`, nil
}

// objcDictionary renders a token tree as nested NSDictionary literals
// (the reference's buildDictionary).
func objcDictionary(node any, indent string) string {
	s := "@{\n"
	switch x := node.(type) {
	case *tokenbuild.Token:
		value := objcValue(x)
		switch typeOf(x) {
		case "dimension", "fontSize", "time":
			value = "@" + value
		}
		s += indent + `@"value": ` + value + ",\n"
		s += indent + `@"name": @"` + objcString(x.Name) + "\",\n"
		s += objcAttributes(x, indent)
	case *tokenbuild.Object:
		for _, k := range x.Keys() {
			s += indent + `@"` + objcString(k) + `": ` + objcDictionary(x.Value(k), indent+"  ") + ",\n"
		}
	}
	// drop the last ",\n" (or the "{\n" of an empty group, as the reference does)
	return s[:len(s)-2] + "\n" + indent + "}"
}

func objcAttributes(t *tokenbuild.Token, indent string) string {
	var s string
	t.Attributes.Range(func(k string, v any) bool {
		if js.Truthy(v) {
			s += indent + `@"` + objcString(k) + `": @"` + objcString(js.String(v)) + "\",\n"
		}
		return true
	})
	return s
}

func iosStaticH(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	header, err := mobileHeader(args, CommentShort)
	if err != nil {
		return "", err
	}
	typ := ""
	if optTruthy(args.Options, "type") {
		typ = optString(args.Options, "type") + " "
	}
	lines := mapTokens(args.Dictionary.AllTokens, func(t *tokenbuild.Token) string {
		return "extern " + typ + "const " + t.Name + ";"
	})
	return "\n// " + destination(args) + "\n//\n" + header + "\n#import <Foundation/Foundation.h>\n\n\n" + strings.Join(lines, "\n"), nil
}

func iosStaticM(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	intro, err := objcIntro(args)
	if err != nil {
		return "", err
	}
	typ := ""
	if optTruthy(args.Options, "type") {
		typ = optString(args.Options, "type") + " "
	}
	lines := mapTokens(args.Dictionary.AllTokens, func(t *tokenbuild.Token) string {
		return typ + "const " + t.Name + " = " + objcValue(t) + ";"
	})
	return intro + "\n#import \"" + optString(args.Options, "className") + ".h\"\n\n\n" + strings.Join(lines, "\n"), nil
}

func iosColorsH(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	intro, err := objcIntro(args)
	if err != nil {
		return "", err
	}
	typ := optString(args.Options, "type")
	className := optString(args.Options, "className")
	if optTruthy(args.Options, "className") {
		className += " "
	}
	names := mapTokens(args.Dictionary.AllTokens, func(t *tokenbuild.Token) string { return t.Name })
	return intro + "\n#import <UIKit/UIKit.h>\n\ntypedef NS_ENUM(NSInteger, " + typ + ") {\n" + strings.Join(names, ",\n") +
		"\n};\n\n@interface " + className + ": NSObject\n+ (NSArray *)values;\n+ (UIColor *)color:(" + typ + ")color;\n@end", nil
}

func iosColorsM(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	intro, err := objcIntro(args)
	if err != nil {
		return "", err
	}
	className := optString(args.Options, "className")
	values := mapTokens(args.Dictionary.AllTokens, objcValue)
	return intro + "\n#import \"" + className + ".h\"\n\n@implementation " + className + "\n\n+ (UIColor *)color:(" + optString(args.Options, "type") + `)colorEnum{
  return [[self values] objectAtIndex:colorEnum];
}

+ (NSArray *)values {
  static NSArray* colorArray;
  static dispatch_once_t onceToken;

  dispatch_once(&onceToken, ^{
    colorArray = @[
` + strings.Join(values, ",\n") + `
    ];
  });

  return colorArray;
}

@end`, nil
}

func iosStringsH(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	intro, err := objcIntro(args)
	if err != nil {
		return "", err
	}
	lines := mapTokens(args.Dictionary.AllTokens, func(t *tokenbuild.Token) string {
		return "extern NSString * const " + t.Name + ";"
	})
	return intro + "\n#import <Foundation/Foundation.h>\n\n\n" + strings.Join(lines, "\n") + "\n\n@interface " +
		optString(args.Options, "className") + " : NSObject\n+ (NSArray *)values;\n@end", nil
}

func iosStringsM(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	intro, err := objcIntro(args)
	if err != nil {
		return "", err
	}
	className := optString(args.Options, "className")
	consts := mapTokens(args.Dictionary.AllTokens, func(t *tokenbuild.Token) string {
		return "NSString * const " + t.Name + " = " + objcValue(t) + ";"
	})
	entries := mapTokens(args.Dictionary.AllTokens, func(t *tokenbuild.Token) string {
		s := "@{\n  @\"value\": " + objcValue(t) + ",\n  @\"name\": @\"" + objcString(t.Name) + "\",\n"
		s += objcAttributes(t, "    ")
		return s[:len(s)-2] + "\n  }"
	})
	return intro + "\n#import \"" + className + ".h\"\n\n\n" + strings.Join(consts, "\n") + "\n\n@implementation " + className + `

+ (NSArray *)values {
  static NSArray* array;
  static dispatch_once_t onceToken;

  dispatch_once(&onceToken, ^{
    array = @[
      ` + strings.Join(entries, ",\n") + `
    ];
  });

  return array;
}

@end

`, nil
}

// iosPlist writes a property list. Unlike the reference (which puts a blank
// line before the XML declaration and prints NaN for every colour that is
// not an [r, g, b] array) it writes a plist that parses: colours are read
// from their value, dimensions that are not integers become <real>, and
// text is XML-escaped.
func iosPlist(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	header, err := mobileHeader(args, CommentXML)
	if err != nil {
		return "", err
	}
	var entries []string
	for _, t := range args.Dictionary.AllTokens {
		switch typeOf(t) {
		case "asset", "border", "shadow", "transition":
			continue
		}
		entries = append(entries, plistEntry(t))
	}
	return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n" +
		header + "\n<plist version=\"1.0\">\n  <dict>\n  " + strings.Join(entries, "\n") + "\n  </dict>\n</plist>", nil
}

func plistEntry(t *tokenbuild.Token) string {
	s := "  <key>" + xmlText(t.Name) + "</key>\n"
	switch typeOf(t) {
	case "color":
		if r, g, b, a, ok := plistColor(t.Value); ok {
			s += "    <dict>\n      <key>r</key>\n      <real>" + js.Format(r) + "</real>\n      <key>g</key>\n      <real>" + js.Format(g) +
				"</real>\n      <key>b</key>\n      <real>" + js.Format(b) + "</real>\n      <key>a</key>\n      <real>" + js.Format(a) + "</real>\n    </dict>"
		} else {
			s += "<string>" + xmlText(js.String(t.Value)) + "</string>"
		}
	case "dimension":
		s += plistNumber(js.String(t.Value))
	default:
		s += "<string>" + xmlText(js.String(t.Value)) + "</string>"
	}
	if c := t.PlainComment(); c != "" {
		s += "\n    <!-- " + xmlComment(c) + " -->"
	}
	return s
}

var (
	plistIntegerRe = lazyregexp.New(`^[+-]?\d+$`)
	plistRealRe    = lazyregexp.New(`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`)
)

// plistNumber writes an integer as the reference does; any other value
// that starts with a number (a unit such as the "f" of "16.00f" dropped)
// as <real>, and the rest as <string>.
func plistNumber(v string) string {
	if plistIntegerRe.MatchString(v) {
		return "<integer>" + v + "</integer>"
	}
	if m := plistRealRe.FindString(v); m != "" {
		return "<real>" + m + "</real>"
	}
	return "<string>" + xmlText(v) + "</string>"
}

var (
	uiColorRe = lazyregexp.New(`(?:colorWithRed:|red:)\s*([\d.]+)f?[\s,]*green:\s*([\d.]+)f?[\s,]*blue:\s*([\d.]+)f?[\s,]*alpha:\s*([\d.]+)`)
	rgbRe     = lazyregexp.New(`^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$`)
)

// plistColor reads r, g, b (0..1) and alpha from a colour value: an
// [r, g, b] array of 0..255 channels (alpha 1, as the reference writes), a
// UIColor expression, a hex colour or rgb()/rgba().
func plistColor(v any) (r, g, b, a float64, ok bool) {
	if arr, isArr := v.([]any); isArr && len(arr) >= 3 {
		var ch [3]float64
		for i := 0; i < 3; i++ {
			n, isNum := arr[i].(float64)
			if !isNum {
				return 0, 0, 0, 0, false
			}
			ch[i] = n / 255
		}
		return ch[0], ch[1], ch[2], 1, true
	}
	s, isStr := v.(string)
	if !isStr {
		return 0, 0, 0, 0, false
	}
	s = strings.TrimSpace(s)
	num := func(x string) float64 { f, _ := strconv.ParseFloat(x, 64); return f }
	if m := uiColorRe.FindStringSubmatch(s); m != nil {
		return num(m[1]), num(m[2]), num(m[3]), num(m[4]), true
	}
	if m := rgbRe.FindStringSubmatch(s); m != nil {
		a = 1
		if m[4] != "" {
			if strings.HasSuffix(m[4], "%") {
				a = num(strings.TrimSuffix(m[4], "%")) / 100
			} else {
				a = num(m[4])
			}
		}
		return num(m[1]) / 255, num(m[2]) / 255, num(m[3]) / 255, a, true
	}
	if strings.HasPrefix(s, "#") {
		h := s[1:]
		if len(h) == 3 || len(h) == 4 {
			var e strings.Builder
			for _, c := range h {
				e.WriteRune(c)
				e.WriteRune(c)
			}
			h = e.String()
		}
		if len(h) != 6 && len(h) != 8 {
			return 0, 0, 0, 0, false
		}
		n, err := strconv.ParseUint(h, 16, 64)
		if err != nil {
			return 0, 0, 0, 0, false
		}
		if len(h) == 6 {
			n = n<<8 | 0xff
		}
		return float64(n>>24&0xff) / 255, float64(n>>16&0xff) / 255, float64(n>>8&0xff) / 255, float64(n&0xff) / 255, true
	}
	return 0, 0, 0, 0, false
}
