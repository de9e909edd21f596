package builtin

import (
	"context"
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

// FlutterClassDart is flutter/class.dart: a Dart class with a static
// constant per token.
var FlutterClassDart = tokenbuild.Format{Name: "flutter/class.dart", LazyTrees: true, Format: flutterClassDart}

func flutterFormats() []tokenbuild.Format {
	return []tokenbuild.Format{FlutterClassDart}
}

func flutterClassDart(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	o := args.Options
	usesDtcg := o.UsesDtcg()
	warnings := &refWarnings{}
	pf := newPropertyFormatter(args, warnings, langDart, tokenbuild.NewObject(), usesDtcg)
	tokens := sortForProperties(args, usesDtcg, warnings)
	header, err := mobileHeader(args, CommentShort)
	if err != nil {
		return "", err
	}
	className := ""
	if optTruthy(o, "className") {
		className = optString(o, "className") + " "
	}
	lines := mapTokens(tokens, func(t *tokenbuild.Token) string {
		if reason, ok := args.Dictionary.Deprecated(t); ok {
			return deprecatedAttribute(langDart, reason) + "static const " + pf.format(t)
		}
		return "static const " + pf.format(t)
	})
	warnings.flush(args.Warn)
	return "\n//\n// " + destinationOrUndefined(args) + "\n//\n" + header + "\n\nimport 'dart:ui';\n\nclass " + className + "{\n    " +
		optString(o, "className") + "._();\n\n    " + strings.Join(lines, "\n    ") + "\n}", nil
}

// deprecatedAttribute is the language's mark of a deprecated declaration,
// with the reason, and a space, to go before a token's declaration on its
// line, for a token whose $deprecated marks it (DTCG 2025.10 §5.2.5):
// compilers then warn where it is used. style-dictionary writes nothing
// for it.
func deprecatedAttribute(lang int, reason string) string {
	reason = strings.Join(strings.Fields(reason), " ") // one line
	switch lang {
	case langSwift:
		if reason == "" {
			return "@available(*, deprecated) "
		}
		r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
		return `@available(*, deprecated, message: "` + r.Replace(reason) + `") `
	case langKotlin:
		r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`)
		return `@Deprecated("` + r.Replace(reason) + `") `
	case langDart:
		if reason == "" {
			return "@deprecated "
		}
		r := strings.NewReplacer(`\`, `\\`, "'", `\'`, "$", `\$`)
		return "@Deprecated('" + r.Replace(reason) + "') "
	}
	return ""
}
