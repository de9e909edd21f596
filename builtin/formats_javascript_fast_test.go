package builtin

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/jsprint"
)

// withCommentSplitFirst is withComment as first written: the comment split
// into lines up front, every line comment through the replacer.
func withCommentSplitFirst(stmt jsprint.Statement, comment string, cf commentFormat) jsprint.Statement {
	if comment == "" || cf.style == CommentNone {
		return stmt
	}
	safeLine := func(s string) string { return lineCommentBreaks.Replace(s) }
	lines := strings.Split(comment, "\n")
	above := cf.position == "above" || len(lines) > 1
	switch cf.style {
	case CommentShort:
		if cf.position == "inline" && !above {
			stmt.Trailing = "// " + safeLine(comment)
			return stmt
		}
		var cs []string
		for _, l := range lines {
			cs = append(cs, "// "+safeLine(l))
		}
		if above {
			stmt.Leading = cs
		} else {
			stmt.Trailing = cs[0]
		}
	case CommentLong:
		var c string
		if len(lines) > 1 {
			c = "/**\n"
			for _, l := range lines {
				c += " * " + safeBlockComment(l) + "\n"
			}
			c += " */"
		} else {
			c = "/** " + safeBlockComment(comment) + " */"
		}
		if above {
			stmt.Leading = []string{c}
		} else {
			stmt.Trailing = c
		}
	}
	return stmt
}

func TestWithCommentMatchesSplitFirst(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	pieces := []string{"a", " ", "\n", "\r", "\u2028", "\u2029", "*/", "é", ""}
	styles := []string{CommentShort, CommentLong, CommentNone, "other"}
	positions := []string{"inline", "above", "", "elsewhere"}
	for i := 0; i < 20000; i++ {
		var sb strings.Builder
		for n := rng.Intn(6); n > 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		cf := commentFormat{style: styles[rng.Intn(len(styles))], position: positions[rng.Intn(len(positions))]}
		got := withComment(jsprint.Statement{}, sb.String(), cf)
		want := withCommentSplitFirst(jsprint.Statement{}, sb.String(), cf)
		if got.Trailing != want.Trailing || !slices.Equal(got.Leading, want.Leading) {
			t.Fatalf("%q %+v: got %+v, want %+v", sb.String(), cf, got, want)
		}
	}
}

// checkBindingName's ASCII shortcut must accept exactly the names the
// general identifier check accepts.
func TestCheckBindingNameShortcut(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	pieces := []string{"a", "Z", "_", "$", "0", "9", "-", " ", "é", "class", "const", "Class", "let", "x1"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.Intn(4); n > 0; n-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		name := b.String()
		if got, want := checkBindingName(name) == nil, isBindingName(name); got != want {
			t.Fatalf("%q: accepted %v, want %v", name, got, want)
		}
	}
}
