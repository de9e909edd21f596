package builtin

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// The Swift/Dart/Kotlin property writer's direct forms must equal the line
// built in one piece and passed through addComment.
func TestSwiftPropertyWriterMatchesAddComment(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	commentPieces := []string{"a", " ", "*/", "\n", "\r", "é", "//", ""}
	styles := []string{CommentLong, CommentShort, "none", "other"}
	positions := []string{"inline", "above", "elsewhere"}
	for i := 0; i < 20000; i++ {
		var cb strings.Builder
		for n := rng.Intn(5); n > 0; n-- {
			cb.WriteString(commentPieces[rng.Intn(len(commentPieces))])
		}
		props := tokenbuild.ObjectOf("value", "x")
		if rng.Intn(4) > 0 {
			props.Set([]string{"comment", "$description"}[rng.Intn(2)], cb.String())
		}
		value := []string{"1.0", `"quoted $x"`, "UIColor(red: 1)"}[rng.Intn(3)]
		tok := &tokenbuild.Token{Name: "tokName", Value: value, Props: props}
		formatting := tokenbuild.ObjectOf("commentStyle", styles[rng.Intn(len(styles))], "commentPosition", positions[rng.Intn(len(positions))])
		if rng.Intn(2) == 0 {
			formatting.Set("indentation", "  ")
		}
		args := &tokenbuild.FormatArgs{Dictionary: &tokenbuild.Dictionary{}, Options: tokenbuild.Options{"formatting": formatting}}
		lang := []int{langSwift, langDart, langKotlin}[rng.Intn(3)]
		pf := newPropertyFormatter(args, &refWarnings{}, lang, tokenbuild.ObjectOf("suffix", ""), false)
		got := pf.format(tok)
		line := pf.indentation + pf.prefix + tok.Name + pf.separator + " " + stringLiteral(value, lang) + pf.suffix
		if want := pf.addComment(line, tok.Comment()); got != want {
			t.Fatalf("comment %q: got %q, want %q", tok.Comment(), got, want)
		}
	}
}
