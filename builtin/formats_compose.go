package builtin

import (
	"context"
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

// ComposeObject is compose/object: a Kotlin object with a val per token,
// for Jetpack Compose.
var ComposeObject = tokenbuild.Format{Name: "compose/object", LazyTrees: true, Format: composeObject}

func composeFormats() []tokenbuild.Format {
	return []tokenbuild.Format{ComposeObject}
}

var composeDefaultImports = []string{"androidx.compose.ui.graphics.Color", "androidx.compose.ui.unit.*"}

func composeObject(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	o := args.Options
	usesDtcg := o.UsesDtcg()
	warnings := &refWarnings{}
	pf := newPropertyFormatter(args, warnings, langKotlin, tokenbuild.ObjectOf("suffix", "", "commentStyle", "none"), usesDtcg)
	var tokens []*tokenbuild.Token
	if outputReferencesOn(o["outputReferences"]) {
		// the reference sorts without usesDtcg here, so DTCG tokens keep their order
		tokens = sortTokensByReference(args.Dictionary.AllTokens, args.Dictionary, false, warnings, nil)
	} else {
		tokens = sortTokensByName(args.Dictionary.AllTokens)
	}
	imports := optionList(o, "import", composeDefaultImports)
	header, err := mobileHeader(args, CommentShort)
	if err != nil {
		return "", err
	}
	access := ""
	if optTruthy(o, "accessControl") {
		access = optString(o, "accessControl") + " "
	}
	var b strings.Builder
	b.WriteString("\n" + header + "\n\npackage " + optString(o, "packageName") + "\n\n" + importLines(imports) + "\n\n" + access)
	if optTruthy(o, "objectType") {
		b.WriteString(optString(o, "objectType") + " ")
	}
	b.WriteString("object ")
	if optTruthy(o, "className") {
		b.WriteString(optString(o, "className") + " ")
	}
	b.WriteString("{\n")
	lines := mapTokens(tokens, func(t *tokenbuild.Token) string {
		s := "  "
		if c := t.PlainComment(); c != "" {
			s += "/** " + blockComment(c) + " */\n  "
		}
		if reason, ok := args.Dictionary.Deprecated(t); ok {
			s += deprecatedAttribute(langKotlin, reason)
		}
		return s + access + "val " + pf.format(t)
	})
	b.WriteString(strings.Join(lines, "\n"))
	b.WriteString("\n}\n")
	warnings.flush(args.Warn)
	return b.String(), nil
}
