package builtin

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// tokenAtDottedPath must find what tokenAtPath finds with the split path,
// including empty segments.
func TestTokenAtDottedPathMatchesSplit(t *testing.T) {
	a, b, empty := &tokenbuild.Token{Name: "a"}, &tokenbuild.Token{Name: "b"}, &tokenbuild.Token{Name: "empty"}
	tree := tokenbuild.ObjectOf(
		"x", tokenbuild.ObjectOf("y", a, "", tokenbuild.ObjectOf("z", b)),
		"", tokenbuild.ObjectOf("", empty),
		"t", a,
	)
	rng := rand.New(rand.NewSource(6))
	segs := []string{"x", "y", "z", "", "t", "q"}
	for i := 0; i < 5000; i++ {
		parts := make([]string, 1+rng.Intn(4))
		for j := range parts {
			parts[j] = segs[rng.Intn(len(segs))]
		}
		dotted := strings.Join(parts, ".")
		if got, want := tokenAtDottedPath(tree, dotted), tokenAtPath(tree, strings.Split(dotted, ".")); got != want {
			t.Fatalf("%q: got %v, want %v", dotted, got, want)
		}
	}
}

// tokenAtKey looks references up by key where the reference walks its
// tree: whatever the tree walk finds, the key finds too, for random token
// sets with empty segments, repeated paths and tokens nested under tokens.
func TestTokenAtKeyFindsWhatTheTreeHolds(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	segs := []string{"x", "y", "z", "", "t"}
	for round := 0; round < 300; round++ {
		var tokens []*tokenbuild.Token
		for n := 1 + rng.Intn(12); n > 0; n-- {
			path := make([]string, 1+rng.Intn(3))
			for j := range path {
				path[j] = segs[rng.Intn(len(segs))]
			}
			tokens = append(tokens, &tokenbuild.Token{Key: "{" + strings.Join(path, ".") + "}", Path: path, Name: strings.Join(path, "-")})
		}
		tree, byKey := tokenbuild.TreeOf(tokens), tokenbuild.IndexTokens(tokens)
		for i := 0; i < 50; i++ {
			parts := make([]string, 1+rng.Intn(4))
			for j := range parts {
				parts[j] = segs[rng.Intn(len(segs))]
			}
			dotted := strings.Join(parts, ".")
			if want := tokenAtPath(tree, parts); want != nil {
				if got := tokenAtKey(byKey, nil, "{"+dotted+"}", dotted); got != want {
					t.Fatalf("%q: the key finds %v, the tree %v", dotted, got, want)
				}
			}
		}
	}
}

// The property writer's direct forms must equal the line built in one
// piece and passed through addComment, for random comments and formatting.
func TestPropertyWriterMatchesAddComment(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	commentPieces := []string{"a", " ", "*/", "\n", "\r", "\r\n", "\f", "\u2028", "é", "//", ""}
	styles := []string{CommentLong, CommentShort, CommentNone, "other"}
	positions := []string{CommentInline, CommentAbove, "elsewhere"}
	formats := []string{PropertyCSS, PropertySass, "less", "stylus", ""}
	for i := 0; i < 20000; i++ {
		var cb strings.Builder
		for n := rng.Intn(5); n > 0; n-- {
			cb.WriteString(commentPieces[rng.Intn(len(commentPieces))])
		}
		props := tokenbuild.ObjectOf("value", "1px")
		if rng.Intn(4) > 0 {
			key := []string{"comment", "$description"}[rng.Intn(2)]
			props.Set(key, cb.String())
		}
		if rng.Intn(3) == 0 {
			props.Set("themeable", rng.Intn(2) == 0)
		}
		tok := &tokenbuild.Token{Name: "tok-name", Value: "1px", Props: props}
		formatting := tokenbuild.ObjectOf("commentStyle", styles[rng.Intn(len(styles))], "commentPosition", positions[rng.Intn(len(positions))])
		if rng.Intn(2) == 0 {
			formatting.Set("indentation", "    ")
		}
		o := PropertyFormatOptions{Format: formats[rng.Intn(len(formats))], Formatting: formatting, Themeable: rng.Intn(2) == 0}
		got := PropertyFormatter(o)(tok)

		f := propertyFormatting(o.Format, o.Formatting)
		themeable := o.Themeable
		if b, ok := tok.Prop("themeable").(bool); ok {
			themeable = b
		}
		sassDefault := ""
		if o.Format == PropertySass && js.Truthy(themeable) {
			sassDefault = " !default"
		}
		line := f.indentation + f.prefix + tok.Name + f.separator + " " + "1px" + sassDefault + f.suffix
		want := addComment(line, tok.Comment(), f.commentStyle, f.commentPosition, f.indentation)
		if got != want {
			t.Fatalf("comment %q, formatting %v: got %q, want %q", tok.Comment(), formatting.Keys(), got, want)
		}
	}
}

// tokenAtPath, the plain walk tokenAtDottedPath must agree with, walks a token tree by path segments (getValueByPath) and
// returns the token found there, or nil for a group or nothing.
func tokenAtPath(tree *tokenbuild.Object, path []string) *tokenbuild.Token {
	var cur any = tree
	for _, seg := range path {
		o, ok := cur.(*tokenbuild.Object)
		if !ok {
			return nil
		}
		next, ok := o.Get(seg)
		if !ok {
			return nil
		}
		cur = next
	}
	t, _ := cur.(*tokenbuild.Token)
	return t
}
