package builtin

import (
	"context"
	"strings"

	"github.com/tokengen/tokengen/internal/model"
)

func flutterFormats() []model.Format {
	return []model.Format{{Name: "flutter/class.dart", Format: flutterClassDart}}
}

func flutterClassDart(_ context.Context, args *model.FormatArgs) (string, error) {
	o := args.Options
	usesDtcg := o.UsesDtcg()
	warnings := &refWarnings{}
	pf := newPropertyFormatter(args, warnings, langDart, model.NewObject(), usesDtcg)
	tokens := sortForProperties(args, usesDtcg, warnings)
	header, err := mobileHeader(args, CommentShort)
	if err != nil {
		return "", err
	}
	className := ""
	if optTruthy(o, "className") {
		className = optString(o, "className") + " "
	}
	lines := mapTokens(tokens, func(t *model.Token) string { return "static const " + pf.format(t) })
	warnings.flush(warnFuncOf(o))
	return "\n//\n// " + destinationOrUndefined(args) + "\n//\n" + header + "\n\nimport 'dart:ui';\n\nclass " + className + "{\n    " +
		optString(o, "className") + "._();\n\n    " + strings.Join(lines, "\n    ") + "\n}", nil
}
