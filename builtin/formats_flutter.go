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
	lines := mapTokens(tokens, func(t *tokenbuild.Token) string { return "static const " + pf.format(t) })
	warnings.flush(args.Warn)
	return "\n//\n// " + destinationOrUndefined(args) + "\n//\n" + header + "\n\nimport 'dart:ui';\n\nclass " + className + "{\n    " +
		optString(o, "className") + "._();\n\n    " + strings.Join(lines, "\n    ") + "\n}", nil
}
