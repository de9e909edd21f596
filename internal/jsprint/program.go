package jsprint

import (
	"io"
	"strings"

	"github.com/tokengen/tokengen/internal/textbuf"
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
	var b textbuf.Buffer
	if !writeSimpleAssignment(&b, prefix, left, value, trailing) {
		return nil, false
	}
	return b.String(), true
}

// writeSimpleAssignment writes SimpleAssignment's text into b, or nothing
// (and reports false) when the value or the comment needs the document.
func writeSimpleAssignment(b *textbuf.Buffer, prefix, left string, value any, trailing string) bool {
	if !simpleLayoutApplies(value, trailing) {
		return false
	}
	var right, quote string
	switch {
	case isString(value):
		right = value.(string)
		if needsJSONEscape(right) {
			right = String(right)
		} else {
			quote = `"` // quotes as itself in double quotes: width is its length plus two
		}
	case isNumber(value) && !isNegative(value), isBool(value):
		right, _ = (&Builder{}).Value(value).(string)
		b.Grow(len(prefix) + len(left) + len(" = ;") + len(right))
		b.WriteString(prefix)
		b.WriteString(left)
		b.WriteString(" = ")
		b.WriteString(right)
		b.WriteByte(';')
		return true
	}
	// The group fits when everything up to the line's end does: the
	// statement; a trailing line comment does not count (prettier's lineSuffix).
	width := StringWidth(prefix) + StringWidth(left) + len(" =") + len(" ") + len(";")
	if quote != "" {
		width += len(right) + 2
	} else {
		width += StringWidth(right)
	}
	if trailing != "" && !strings.HasPrefix(trailing, "//") {
		text, _ := commentText(trailing)
		width += len(" ") + StringWidth(text)
	}
	b.Grow(len(prefix) + len(left) + len(" =\n  ;") + len(right) + 2*len(quote))
	b.WriteString(prefix)
	b.WriteString(left)
	if width <= printWidth {
		b.WriteString(" = ")
	} else {
		b.WriteString(" =\n  ")
	}
	b.WriteString(quote)
	b.WriteString(right)
	b.WriteString(quote)
	b.WriteByte(';')
	return true
}

// simpleLayoutApplies reports whether SimpleAssignment lays out value
// with trailing: a string, boolean or non-negative number, and a comment
// that prints as one string.
func simpleLayoutApplies(value any, trailing string) bool {
	if trailing != "" {
		if _, isText := commentText(trailing); !isText {
			return false
		}
	}
	return isString(value) || isNumber(value) && !isNegative(value) || isBool(value)
}

// ProgramWriter writes what Program(header, stmts) prints, one statement
// at a time: simple assignments as text, the others through the document
// printer. The pieces concatenate to Program's text because every
// top-level statement is laid out on its own: it starts after a hard line
// at column 0, the printer forgets group modes between statements, and a
// fits check stops at the hard line that ends the statement.
type ProgramWriter struct {
	b            textbuf.Buffer
	headerBlank  bool // a blank line follows the header's last comment
	hasHeader    bool
	wroteAnyStmt bool
	// Record asks for each statement's own text (without the line breaks
	// before it, which depend on its place) in Last, so that a format can
	// write it again with StatementText; Last is "" for a statement handed
	// on to the stream before it ended.
	Record bool
	Last   string
	start  int    // the Mark where the statement being written starts
	head   string // what comes before the first statement (Head)
}

// NewProgramWriter starts a program with header's comments; sizeHint is the
// expected length of the text.
func NewProgramWriter(header string, sizeHint int) *ProgramWriter {
	w := &ProgramWriter{}
	w.b.Grow(sizeHint)
	comments, blankAfter := parseComments(header)
	if len(comments) > 0 {
		w.hasHeader = true
		w.headerBlank = blankAfter[len(blankAfter)-1]
		w.head = Program(header, nil) // the comments and a line break
		w.b.WriteString(w.head)
		if w.headerBlank {
			w.head += "\n" // startStatement's, before the first statement
		}
	}
	return w
}

// Head is the program's text before its first statement.
func (w *ProgramWriter) Head() string { return w.head }

// startStatement writes the line breaks Program puts before a statement.
func (w *ProgramWriter) startStatement(blankBefore bool) {
	defer func() { w.start = w.b.Mark() }()
	if !w.wroteAnyStmt {
		if w.hasHeader && w.headerBlank {
			w.b.WriteByte('\n')
		}
		w.wroteAnyStmt = true
		return
	}
	if blankBefore {
		w.b.WriteByte('\n')
	}
}

// endStatement keeps the statement's text when asked (Record), before it
// may be handed on.
func (w *ProgramWriter) endStatement() {
	if w.Record {
		w.Last, _ = w.b.Since(w.start)
	}
	w.b.Spill()
}

// StatementText writes a statement's own text as Last gave it, after the
// line breaks its place needs (none before it is blank).
func (w *ProgramWriter) StatementText(text string) {
	w.startStatement(false)
	w.b.WriteString(text)
	w.endStatement()
}

// SimpleAssignment writes the statement Statement{Doc: SimpleAssignment(
// prefix, left, value, trailing), Trailing: trailing} when SimpleAssignment
// lays it out; ok is false (and nothing is written) otherwise.
func (w *ProgramWriter) SimpleAssignment(prefix, left string, value any, trailing string) (ok bool) {
	if !simpleLayoutApplies(value, trailing) {
		return false
	}
	w.startStatement(false)
	writeSimpleAssignment(&w.b, prefix, left, value, trailing)
	if trailing != "" {
		// the hard line after the statement trims trailing blanks; the
		// comment is the last thing on the line (it is never blank: it
		// starts with a slash)
		text, _ := commentText(trailing)
		w.b.WriteByte(' ')
		w.b.WriteString(strings.TrimRight(text, " \t"))
	}
	w.b.WriteByte('\n')
	w.endStatement()
	return true
}

// Statement writes a statement through the document printer.
func (w *ProgramWriter) Statement(s Statement) {
	w.startStatement(s.BlankBefore)
	s.BlankBefore = false
	w.b.WriteString(Program("", []Statement{s}))
	w.endStatement()
}

// Stream hands the program's text on to out as it is written (see
// textbuf.Buffer.Stream): String then returns only the rest. Call it
// before writing statements.
func (w *ProgramWriter) Stream(out io.Writer) {
	if out == nil {
		return
	}
	start := w.b.String() // the header, written already
	w.b = textbuf.Buffer{}
	w.b.Stream(out)
	w.b.WriteString(start)
}

// String returns the program's text (the rest of it, when streaming).
func (w *ProgramWriter) String() string { return w.b.String() }

// Err is the first error writing to the stream.
func (w *ProgramWriter) Err() error { return w.b.Err() }
