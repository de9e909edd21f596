// Package jsprint prints JavaScript and TypeScript source the way prettier 3
// does with its default options, for the shapes tokengen's JS formats emit
// (object and array literals, strings, numbers, simple declarations and
// comments). It holds a Wadler-style document printer that follows
// prettier's algorithm (groups, indentation, lines, fill, if-break) and
// builders that produce the documents prettier's estree printer would.
package jsprint

// Doc is a document: a string, a slice of Docs, or one of the node types below.
type Doc any

type (
	docGroup struct {
		contents Doc
		brk      bool // broken: by request or by a hard line inside
		id       int  // 0: no id
	}
	docIndent  struct{ contents Doc }
	docLine    struct{ soft, hard bool }
	docFill    struct{ parts []Doc }
	docIfBreak struct {
		breakContents, flatContents Doc
		groupID                     int
	}
	docIndentIfBreak struct {
		contents Doc
		groupID  int
	}
	docLineSuffixBoundary struct{}
	docBreakParent        struct{}
	// docLineSuffix is prettier's lineSuffix, used for a trailing line
	// comment: fits() does not count it. Prettier defers it to the next
	// line break; it is only used right before one, so it prints in place.
	docLineSuffix struct{ contents Doc }
)

// Builders, named after prettier's.
var (
	Line               Doc = &docLine{}
	Softline           Doc = &docLine{soft: true}
	Hardline           Doc = []Doc{&docLine{hard: true}, &docBreakParent{}}
	lineSuffixBoundary Doc = &docLineSuffixBoundary{}
)

// Group tries to print contents on one line; if it does not fit, its lines break.
func Group(contents ...Doc) *docGroup { return &docGroup{contents: Doc(contents)} }

// Indent indents the lines inside contents by two spaces.
func Indent(contents ...Doc) Doc { return &docIndent{contents: Doc(contents)} }

// Fill puts as many parts on a line as fit; parts alternate content and separator.
func Fill(parts []Doc) Doc { return &docFill{parts: parts} }

// IfBreak prints breakContents when the group (id, or the enclosing one for 0) is broken.
func IfBreak(breakContents, flatContents Doc, groupID int) Doc {
	return &docIfBreak{breakContents: breakContents, flatContents: flatContents, groupID: groupID}
}

const printWidth = 80

type mode int

const (
	modeBreak mode = iota
	modeFlat
)

type command struct {
	indent int
	mode   mode
	doc    Doc
}

// Print renders doc at 80 columns, as prettier's printDocToString does.
func Print(doc Doc) string {
	propagateBreaks(doc)
	p := &printer{}
	return p.print(doc)
}

type printer struct {
	// groupModes[id] is 1 + the mode the group with that id was printed
	// in (0: not printed yet) in the current top-level document.
	groupModes []int8
	fitsStack  []command // reused by fitsWith
	// tail is what is left of a top-level list of documents (a program's
	// statements): printed one by one in break mode at indentation 0, as
	// if they were on the command stack below the current one, without
	// pushing them all at once.
	tail []Doc
}

func (p *printer) setMode(id int, m mode) {
	for id >= len(p.groupModes) {
		p.groupModes = append(p.groupModes, 0)
	}
	p.groupModes[id] = int8(m) + 1
}

// propagateBreaks marks every group that contains a hard line or a broken
// group as broken.
func propagateBreaks(doc Doc) bool {
	switch d := doc.(type) {
	case []Doc:
		any := false
		for _, c := range d {
			if propagateBreaks(c) {
				any = true
			}
		}
		return any
	case *docGroup:
		if propagateBreaks(d.contents) {
			d.brk = true
		}
		return d.brk
	case *docIndent:
		return propagateBreaks(d.contents)
	case *docIndentIfBreak:
		return propagateBreaks(d.contents)
	case *docFill:
		return propagateBreaks(d.parts)
	case *docIfBreak:
		a := propagateBreaks(d.breakContents)
		b := propagateBreaks(d.flatContents)
		return a || b
	case *docBreakParent:
		return true
	}
	return false
}

func (p *printer) print(doc Doc) string {
	var out []byte
	pos := 0
	var cmds []command
	if list, ok := doc.([]Doc); ok {
		p.tail = list
	} else {
		cmds = append(cmds, command{0, modeBreak, doc})
	}
	shouldRemeasure := false
	for len(cmds) > 0 || len(p.tail) > 0 {
		if len(cmds) == 0 {
			// Each top-level document comes from its own Builder, whose
			// ids restart at 1: forget the modes of the groups printed
			// before, or an if-break looking ahead at a group not printed
			// yet would see an earlier statement's group with the same id.
			clear(p.groupModes)
			cmds = append(cmds, command{0, modeBreak, p.tail[0]})
			p.tail = p.tail[1:]
		}
		c := cmds[len(cmds)-1]
		cmds = cmds[:len(cmds)-1]
		switch d := c.doc.(type) {
		case nil:
		case string:
			out = append(out, d...)
			pos += StringWidth(d)
		case []Doc:
			for i := len(d) - 1; i >= 0; i-- {
				cmds = append(cmds, command{c.indent, c.mode, d[i]})
			}
		case *docIndent:
			cmds = append(cmds, command{c.indent + 2, c.mode, d.contents})
		case *docGroup:
			if c.mode == modeFlat && !shouldRemeasure {
				m := modeFlat
				if d.brk {
					m = modeBreak
				}
				cmds = append(cmds, command{c.indent, m, d.contents})
			} else {
				shouldRemeasure = false
				next := command{c.indent, modeFlat, d.contents}
				if !d.brk && p.fits(next, cmds, printWidth-pos, false) {
					cmds = append(cmds, next)
				} else {
					cmds = append(cmds, command{c.indent, modeBreak, d.contents})
				}
			}
			if d.id != 0 {
				p.setMode(d.id, cmds[len(cmds)-1].mode)
			}
		case *docFill:
			cmds = p.fill(c, d, cmds, printWidth-pos)
		case *docIfBreak:
			m := c.mode
			if d.groupID != 0 {
				m = p.modeOf(d.groupID)
			}
			if m == modeBreak && d.breakContents != nil {
				cmds = append(cmds, command{c.indent, c.mode, d.breakContents})
			}
			if m == modeFlat && d.flatContents != nil {
				cmds = append(cmds, command{c.indent, c.mode, d.flatContents})
			}
		case *docIndentIfBreak:
			if p.modeOf(d.groupID) == modeBreak {
				cmds = append(cmds, command{c.indent + 2, c.mode, d.contents})
			} else {
				cmds = append(cmds, command{c.indent, c.mode, d.contents})
			}
		case *docLineSuffix:
			cmds = append(cmds, command{c.indent, c.mode, d.contents})
		case *docLineSuffixBoundary, *docBreakParent:
		case *docLine:
			if c.mode == modeFlat {
				if !d.hard {
					if !d.soft {
						out = append(out, ' ')
						pos++
					}
					break
				}
				shouldRemeasure = true
			}
			// a line in break mode: trim trailing blanks, then newline and indentation
			for len(out) > 0 && (out[len(out)-1] == ' ' || out[len(out)-1] == '\t') {
				out = out[:len(out)-1]
			}
			out = append(out, '\n')
			for range c.indent {
				out = append(out, ' ')
			}
			pos = c.indent
		}
	}
	return string(out)
}

func (p *printer) modeOf(id int) mode {
	if id < len(p.groupModes) && p.groupModes[id] != 0 {
		return mode(p.groupModes[id] - 1)
	}
	return modeFlat
}

// fill lays out the next content/separator pair of a fill, as prettier does.
func (p *printer) fill(c command, d *docFill, cmds []command, rem int) []command {
	parts := d.parts
	if len(parts) == 0 {
		return cmds
	}
	content := parts[0]
	contentFlat := command{c.indent, modeFlat, content}
	contentBreak := command{c.indent, modeBreak, content}
	contentFits := p.fitsFlat(contentFlat, rem)
	if len(parts) == 1 {
		if contentFits {
			return append(cmds, contentFlat)
		}
		return append(cmds, contentBreak)
	}
	ws := parts[1]
	wsFlat := command{c.indent, modeFlat, ws}
	wsBreak := command{c.indent, modeBreak, ws}
	if len(parts) == 2 {
		if contentFits {
			return append(cmds, wsFlat, contentFlat)
		}
		return append(cmds, wsBreak, contentBreak)
	}
	remaining := command{c.indent, c.mode, &docFill{parts: parts[2:]}}
	both := command{c.indent, modeFlat, []Doc{content, ws, parts[2]}}
	switch {
	case p.fitsFlat(both, rem):
		return append(cmds, remaining, wsFlat, contentFlat)
	case contentFits:
		return append(cmds, remaining, wsBreak, contentFlat)
	default:
		return append(cmds, remaining, wsBreak, contentBreak)
	}
}

func (p *printer) fitsFlat(next command, width int) bool {
	return p.fitsWith(next, nil, nil, width, true)
}

func (p *printer) fits(next command, rest []command, width int, _ bool) bool {
	return p.fitsWith(next, rest, p.tail, width, false)
}

// fitsWith reports whether next, followed by the rest commands up to their
// first line break, fits in width columns.
func (p *printer) fitsWith(next command, rest []command, tail []Doc, width int, mustBeFlat bool) bool {
	restIdx := len(rest)
	cmds := append(p.fitsStack[:0], next)
	defer func() { p.fitsStack = cmds[:0] }()
	for width >= 0 {
		if len(cmds) == 0 {
			switch {
			case restIdx > 0:
				restIdx--
				cmds = append(cmds, rest[restIdx])
			case len(tail) > 0:
				cmds = append(cmds, command{0, modeBreak, tail[0]})
				tail = tail[1:]
			default:
				return true
			}
			continue
		}
		c := cmds[len(cmds)-1]
		cmds = cmds[:len(cmds)-1]
		switch d := c.doc.(type) {
		case string:
			width -= StringWidth(d)
		case []Doc:
			for i := len(d) - 1; i >= 0; i-- {
				cmds = append(cmds, command{c.indent, c.mode, d[i]})
			}
		case *docFill:
			for i := len(d.parts) - 1; i >= 0; i-- {
				cmds = append(cmds, command{c.indent, c.mode, d.parts[i]})
			}
		case *docIndent:
			cmds = append(cmds, command{c.indent, c.mode, d.contents})
		case *docIndentIfBreak:
			cmds = append(cmds, command{c.indent, c.mode, d.contents})
		case *docGroup:
			if mustBeFlat && d.brk {
				return false
			}
			m := c.mode
			if d.brk {
				m = modeBreak
			}
			cmds = append(cmds, command{c.indent, m, d.contents})
		case *docIfBreak:
			m := c.mode
			if d.groupID != 0 {
				m = p.modeOf(d.groupID)
			}
			contents := d.flatContents
			if m == modeBreak {
				contents = d.breakContents
			}
			if contents != nil {
				cmds = append(cmds, command{c.indent, c.mode, contents})
			}
		case *docLine:
			if c.mode == modeBreak || d.hard {
				return true
			}
			if !d.soft {
				width--
			}
		}
	}
	return false
}

// StringWidth is prettier's getStringWidth: East Asian wide and fullwidth
// characters count two columns, combining marks none.
func StringWidth(s string) int {
	n := 0
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return len(s)
	}
	for _, r := range s {
		if r < 0x20 || (r >= 0x7F && r <= 0x9F) {
			continue
		}
		if r >= 0x300 && r <= 0x36F { // combining diacritical marks
			continue
		}
		if isWide(r) {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// wideRanges are the main East Asian Wide/Fullwidth blocks and emoji.
var wideRanges = [][2]rune{
	{0x1100, 0x115F}, {0x231A, 0x231B}, {0x2329, 0x232A}, {0x23E9, 0x23EC},
	{0x25FD, 0x25FE}, {0x2614, 0x2615}, {0x2648, 0x2653}, {0x26AA, 0x26AB},
	{0x26BD, 0x26BE}, {0x26C4, 0x26C5}, {0x26F2, 0x26F5}, {0x2705, 0x2705},
	{0x270A, 0x270B}, {0x2728, 0x2728}, {0x274C, 0x274C}, {0x2753, 0x2755},
	{0x2757, 0x2757}, {0x2795, 0x2797}, {0x27B0, 0x27B0}, {0x2B1B, 0x2B1C},
	{0x2B50, 0x2B50}, {0x2B55, 0x2B55}, {0x2E80, 0x303E}, {0x3041, 0x33FF},
	{0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xA000, 0xA4CF}, {0xA960, 0xA97F},
	{0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE10, 0xFE19}, {0xFE30, 0xFE6F},
	{0xFF00, 0xFF60}, {0xFFE0, 0xFFE6}, {0x16FE0, 0x18CFF}, {0x1B000, 0x1B2FF},
	{0x1F004, 0x1F004}, {0x1F0CF, 0x1F0CF}, {0x1F18E, 0x1F18E}, {0x1F191, 0x1F19A},
	{0x1F200, 0x1F251}, {0x1F300, 0x1F64F}, {0x1F680, 0x1F6FF}, {0x1F7E0, 0x1F7EB},
	{0x1F90C, 0x1F9FF}, {0x1FA70, 0x1FAFF}, {0x20000, 0x3FFFD},
}

func isWide(r rune) bool {
	for _, w := range wideRanges {
		if r >= w[0] && r <= w[1] {
			return true
		}
	}
	return false
}
