package builtin

// Token comments in CSS-like files: the reference's addComment.

import (
	"strings"

	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// Comment positions of token comments.
const (
	CommentAbove  = "above"
	CommentInline = "inline"
)

// commentLineBreak splits a comment into lines. The reference splits on
// "\n" only; a lone "\r" or "\f" (line ends for CSS-like parsers) would
// end a `//` comment early, so they split lines too.
var commentLineBreak = lazyregexp.New("\r\n|\n|\r|\f|\u2028|\u2029")

// addComment ports the reference's addComment: the comment goes after the
// declaration (inline) or on the lines above it (above, and always for
// multi-line comments). "*/" inside a long comment is written "*\/" so it
// cannot end the comment early.
func addComment(line, comment, style, position, indentation string) string {
	if comment == "" || style == CommentNone {
		return line
	}
	lines := splitCommentLines(comment)
	if len(lines) > 1 {
		position = CommentAbove
	}
	var processed string
	switch style {
	case CommentShort:
		if position == CommentInline {
			processed = "// " + comment
		} else {
			var b strings.Builder
			for i, l := range lines {
				if i > 0 {
					b.WriteString("\n")
				}
				b.WriteString(indentation + "// " + l)
			}
			processed = b.String()
		}
	case CommentLong:
		if len(lines) > 1 {
			var b strings.Builder
			b.WriteString(indentation + "/**\n")
			for _, l := range lines {
				b.WriteString(indentation + " * " + escapeBlockComment(l) + "\n")
			}
			b.WriteString(indentation + " */")
			processed = b.String()
		} else {
			if position == CommentAbove {
				processed = indentation
			}
			processed += "/** " + escapeBlockComment(comment) + " */"
		}
	default:
		// the reference leaves the comment undefined for unknown styles
		processed = "undefined"
	}
	if position == CommentAbove {
		return processed + "\n" + line
	}
	return line + " " + processed
}

// splitCommentLines splits on "\n" like the reference, keeping a "\r"
// before it, and also on lone "\r", "\f", U+2028 and U+2029.
func splitCommentLines(comment string) []string {
	if !strings.ContainsAny(comment, "\n\r\f\u2028\u2029") {
		return []string{comment}
	}
	parts := strings.Split(comment, "\n")
	var out []string
	for _, p := range parts {
		trail := ""
		if strings.HasSuffix(p, "\r") {
			p, trail = p[:len(p)-1], "\r"
		}
		sub := commentLineBreak.Split(p, -1)
		sub[len(sub)-1] += trail
		out = append(out, sub...)
	}
	return out
}

func escapeBlockComment(s string) string { return strings.ReplaceAll(s, "*/", `*\/`) }
