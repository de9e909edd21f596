package jsprint

import (
	"strings"
)

// Assignment prints `left = value` (an assignment or a variable
// declarator) with the layout prettier chooses for value's kind; right is
// value's document.
func (b *Builder) Assignment(left string, value any, right Doc) Doc {
	switch {
	case isString(value):
		return Group(Group(left), " =", Group(Indent(Line, right)))
	case isNumber(value) && !isNegative(value), isBool(value):
		return Group(Group(left), " =", " ", right)
	}
	id := b.id()
	return Group(Group(left), " =", &docGroup{contents: Indent(Line), id: id}, lineSuffixBoundary,
		&docIndentIfBreak{contents: right, groupID: id})
}

// Statement is one top-level statement with the comments written around it.
type Statement struct {
	Leading  []string // comments above it, as written (// or /* */)
	Doc      Doc
	Trailing string // a comment after it on the same line
	// BlankBefore keeps an empty line between it and the statement before.
	BlankBefore bool
}

// Program prints a file: the comments of header (a file header as
// fileHeader writes it) and the statements, one per line, as prettier
// formats them.
func Program(header string, stmts []Statement) string {
	comments, blankAfter := parseComments(header)
	// room for a comment and two line breaks per header comment, and a
	// line break, the statement and a trailing comment per statement
	parts := make([]Doc, 0, 3*len(comments)+3*len(stmts)+1)
	for i, c := range comments {
		parts = append(parts, formatComment(c))
		if i == len(comments)-1 && len(stmts) == 0 {
			break
		}
		parts = append(parts, Hardline)
		if blankAfter[i] {
			parts = append(parts, Hardline)
		}
	}
	for i, s := range stmts {
		if i > 0 {
			parts = append(parts, Hardline)
			if s.BlankBefore {
				parts = append(parts, Hardline)
			}
		}
		for _, c := range s.Leading {
			parts = append(parts, formatComment(c), Hardline)
		}
		parts = append(parts, s.Doc)
		if s.Trailing != "" {
			parts = append(parts, trailingComment(s.Trailing))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	parts = append(parts, Hardline)
	return Print(parts)
}

// parseComments splits a file header into its comments and reports, for
// each, whether a blank line follows it.
func parseComments(text string) ([]string, []bool) {
	var comments []string
	var blank []bool
	i := 0
	for i < len(text) {
		switch {
		case strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				end = len(text) - i - 4
			}
			comments = append(comments, text[i:i+2+end+2])
			i += 2 + end + 2
		case strings.HasPrefix(text[i:], "//"):
			end := strings.IndexAny(text[i:], "\n\r\u2028\u2029")
			if end < 0 {
				end = len(text) - i
			}
			comments = append(comments, text[i:i+end])
			i += end
		default:
			i++
			continue
		}
		// a blank line follows when two newlines come before the next non-blank
		j := i
		newlines := 0
		for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r') {
			if text[j] == '\n' {
				newlines++
			}
			j++
		}
		blank = append(blank, newlines >= 2)
	}
	return comments, blank
}

// trailingComment is a comment after a statement: a line comment does not
// count toward the statement's width (prettier prints it as a lineSuffix),
// a block comment does.
func trailingComment(c string) Doc {
	if strings.HasPrefix(c, "//") {
		return &docLineSuffix{contents: []Doc{" ", formatComment(c)}}
	}
	return []Doc{" ", formatComment(c)}
}

// commentText is formatComment for the comments that print as one
// string: line comments and block comments on one line (which need no
// re-aligning), without building anything. ok is false for other comments.
func commentText(c string) (text string, ok bool) {
	if strings.HasPrefix(c, "//") {
		return strings.TrimRight(c, " \t"), true
	}
	if !strings.Contains(c, "\n") {
		return c, true
	}
	text, ok = formatComment(c).(string)
	return text, ok
}

// formatComment prints a comment as prettier does: line comments without
// trailing blanks, block comments whose lines all start with "*" re-aligned.
func formatComment(c string) Doc {
	if strings.HasPrefix(c, "//") {
		return strings.TrimRight(c, " \t")
	}
	if !strings.Contains(c, "\n") {
		return c // one line: nothing to re-align (the check below needs two)
	}
	value := c[2 : len(c)-2]
	check := strings.Split("*"+value+"*", "\n")
	indentable := len(check) > 1
	for _, l := range check {
		if !strings.HasPrefix(strings.TrimLeft(l, " \t"), "*") {
			indentable = false
		}
	}
	if !indentable {
		return c // printed as written
	}
	lines := strings.Split(value, "\n")
	var parts []Doc
	parts = append(parts, "/*")
	for i, l := range lines {
		if i > 0 {
			parts = append(parts, Hardline)
		}
		switch {
		case i == 0:
			parts = append(parts, strings.TrimRight(l, " \t"))
		case i < len(lines)-1:
			parts = append(parts, " "+strings.TrimSpace(l))
		default:
			parts = append(parts, " "+strings.TrimLeft(l, " \t"))
		}
	}
	parts = append(parts, "*/")
	return parts
}

// SimpleAssignment lays out the top-level statement
// [prefix, b.Assignment(left, value, b.Value(value)), ";"] followed by the
// trailing comment exactly as Program prints it, without building the
// document, for the values whose layout has only two outcomes: a string
// (on the same line when the whole line fits, else on the next line
// indented) and a boolean or non-negative number (always on the same
// line). ok is false for other values and for trailing comments that
// print on several lines; use the document then.
func SimpleAssignment(prefix, left string, value any, trailing string) (doc Doc, ok bool) {
	if trailing != "" {
		if _, isText := commentText(trailing); !isText {
			return nil, false
		}
	}
	var right string
	switch {
	case isString(value):
		if str := value.(string); !needsJSONEscape(str) {
			return plainStringAssignment(prefix, left, str, trailing), true
		}
		right = String(value.(string))
	case isNumber(value) && !isNegative(value), isBool(value):
		right, _ = (&Builder{}).Value(value).(string)
		return prefix + left + " = " + right + ";", true
	default:
		return nil, false
	}
	// The group fits when everything up to the line's end does: the
	// statement; a trailing line comment does not count (prettier's lineSuffix).
	width := StringWidth(prefix) + StringWidth(left) + len(" =") + len(" ") + StringWidth(right) + len(";")
	if trailing != "" && !strings.HasPrefix(trailing, "//") {
		text, _ := commentText(trailing)
		width += len(" ") + StringWidth(text)
	}
	if width <= printWidth {
		return prefix + left + " = " + right + ";", true
	}
	return prefix + left + " =\n  " + right + ";", true
}

// plainStringAssignment is SimpleAssignment's string layout for a string
// that quotes as itself in double quotes (ASCII, nothing to escape), in a
// single concatenation: its width is its length plus the two quotes.
func plainStringAssignment(prefix, left, str, trailing string) string {
	width := StringWidth(prefix) + StringWidth(left) + len(" =") + len(" ") + len(str) + 2 + len(";")
	if trailing != "" && !strings.HasPrefix(trailing, "//") {
		text, _ := commentText(trailing)
		width += len(" ") + StringWidth(text)
	}
	if width <= printWidth {
		return prefix + left + ` = "` + str + `";`
	}
	return prefix + left + " =\n  \"" + str + `";`
}
