package glob

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/dlclark/regexp2/v2"

	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// A segment is one path portion of a pattern (between slashes), compiled
// the way minimatch 10 compiles it for node-glob: a literal name when it
// has no magic, else a regular expression. The expression is built as
// minimatch builds its JavaScript one (extglobs, negation lookaheads, the
// rules that keep wildcards off dot files) and run by regexp2, whose
// lookaheads Go's regexp lacks. Names are matched as JavaScript matches
// them: as UTF-16 code units, or as code points when a POSIX class makes
// minimatch set the u flag.
type segment struct {
	literal string // when re is nil
	re      *regexp2.Regexp
	unicode bool
	fast    func(name string) bool // minimatch's fast test, used instead of re
}

func (s *segment) match(name string) bool {
	if s.re == nil {
		return s.literal == name
	}
	if s.fast != nil {
		return s.fast(name)
	}
	var units []rune
	if s.unicode {
		units = []rune(name)
	} else {
		for _, u := range utf16.Encode([]rune(name)) {
			units = append(units, rune(u))
		}
	}
	ok, err := s.re.MatchRunes(units)
	if err != nil {
		panic(errTooComplex) // recovered by Expand
	}
	return ok
}

// matchTimeout stops a portion whose backtracking would not end
// (+(a|aa)+(a|aa)... against a long name); node would hang on it.
const matchTimeout = 10 * time.Second

var errTooComplex = errors.New("a path portion takes too long to match (its extglobs backtrack without end); simplify it")

const (
	qmark            = `[^/]`
	star             = qmark + `*?`
	starNoEmpty      = qmark + `+?`
	startNoDot       = `(?!\.)`
	startNoTraversal = `(?!(?:^|/)\.\.?(?:\z|/))`
	maxExtglobDepth  = 2 // minimatch's maxExtglobRecursion default
)

// node is minimatch's AST: a plain node (kind 0) holds strings and
// extglobs; an extglob (kind one of !?+*@) holds one plain node for each
// alternative.
type node struct {
	kind        byte
	parts       []any // string or *node
	parent      *node
	root        *node
	parentIndex int
	emptyExt    bool
	negs        []*node // root only: the ! extglobs, to fill
	filledNegs  bool
	magic       bool
	uflag       bool
	unicode     bool // root only: emit for code-point matching
}

func newNode(kind byte, parent *node) *node {
	n := &node{kind: kind, parent: parent, magic: kind != 0}
	if parent == nil {
		n.root = n
	} else {
		n.root = parent.root
		n.parentIndex = len(parent.parts)
	}
	if kind == '!' && !n.root.filledNegs {
		n.root.negs = append(n.root.negs, n)
	}
	return n
}

func (n *node) push(parts ...any) {
	for _, p := range parts {
		if s, ok := p.(string); ok && s == "" {
			continue
		}
		n.parts = append(n.parts, p)
	}
}

func isExtglobKind(c byte) bool { return strings.IndexByte("!?+*@", c) >= 0 }

// literalScan is what parseAST keeps of escapes and character classes,
// in both of its loops: inside either, a character is literal text.
type literalScan struct {
	escaping, inBrace, braceNeg bool
	braceStart                  int
}

// take reports whether c, at position i (counted from 1), is literal
// text of an escape or a character class, and follows them.
func (l *literalScan) take(c rune, i int) bool {
	if l.escaping || c == '\\' {
		l.escaping = !l.escaping
		return true
	}
	if l.inBrace {
		if i == l.braceStart+1 {
			if c == '^' || c == '!' {
				l.braceNeg = true
			}
		} else if c == ']' && !(i == l.braceStart+2 && l.braceNeg) {
			l.inBrace = false
		}
		return true
	}
	if c == '[' {
		l.inBrace, l.braceStart, l.braceNeg = true, i, false
		return true
	}
	return false
}

// parseAST is minimatch's AST.#parseAST over the segment's characters.
func parseAST(str []rune, ast *node, pos, extDepth int) int {
	lit := literalScan{braceStart: -1}
	if ast.kind == 0 {
		i := pos
		acc := strings.Builder{}
		for i < len(str) {
			c := str[i]
			i++
			if lit.take(c, i) {
				acc.WriteRune(c)
				continue
			}
			if c < 128 && isExtglobKind(byte(c)) && i < len(str) && str[i] == '(' && extDepth <= maxExtglobDepth {
				ast.push(acc.String())
				acc.Reset()
				ext := newNode(byte(c), ast)
				i = parseAST(str, ext, i, extDepth+1)
				ast.push(ext)
				continue
			}
			acc.WriteRune(c)
		}
		ast.push(acc.String())
		return i
	}
	i := pos + 1
	part := newNode(0, ast)
	var parts []any
	acc := strings.Builder{}
	for i < len(str) {
		c := str[i]
		i++
		if lit.take(c, i) {
			acc.WriteRune(c)
			continue
		}
		if c < 128 && isExtglobKind(byte(c)) && i < len(str) && str[i] == '(' && (extDepth <= maxExtglobDepth || canAdoptAny(ast.kind, byte(c))) {
			depthAdd := 1
			if canAdoptAny(ast.kind, byte(c)) {
				depthAdd = 0
			}
			part.push(acc.String())
			acc.Reset()
			ext := newNode(byte(c), part)
			part.push(ext)
			i = parseAST(str, ext, i, extDepth+depthAdd)
			continue
		}
		if c == '|' {
			part.push(acc.String())
			acc.Reset()
			parts = append(parts, part)
			part = newNode(0, ast)
			continue
		}
		if c == ')' {
			if acc.Len() == 0 && len(ast.parts) == 0 {
				ast.emptyExt = true
			}
			part.push(acc.String())
			acc.Reset()
			ast.push(append(parts, part)...)
			return i
		}
		acc.WriteRune(c)
	}
	// an unfinished extglob is no extglob: its text is taken literally
	ast.kind = 0
	ast.magic = false
	ast.parts = []any{string(str[pos-1:])}
	return i
}

// canAdoptAny is minimatch's adoptionAnyMap: which nested extglobs do not
// count towards the nesting limit.
func canAdoptAny(parent, child byte) bool {
	switch parent {
	case '!', '?', '@':
		return child == '?' || child == '@'
	case '*':
		return child == '*' || child == '+' || child == '?' || child == '@'
	case '+':
		return child == '+' || child == '@' || child == '?' || child == '*'
	}
	return false
}

func (n *node) clone(parent *node) *node {
	c := newNode(n.kind, parent)
	for _, p := range n.parts {
		c.copyIn(p)
	}
	return c
}

func (n *node) copyIn(p any) {
	if s, ok := p.(string); ok {
		n.push(s)
	} else {
		n.push(p.(*node).clone(n))
	}
}

// fillNegs appends to each alternative of a !(...) everything that follows
// the extglob in the segment, so that its lookahead rejects a name only
// when an alternative and the rest of the pattern match all of it.
func (n *node) fillNegs() {
	if n.filledNegs {
		return
	}
	n.filledNegs = true
	for len(n.negs) > 0 {
		neg := n.negs[len(n.negs)-1]
		n.negs = n.negs[:len(n.negs)-1]
		if neg.kind != '!' {
			continue
		}
		p, pp := neg, neg.parent
		for pp != nil {
			for i := p.parentIndex + 1; pp.kind == 0 && i < len(pp.parts); i++ {
				for _, part := range neg.parts {
					part.(*node).copyIn(pp.parts[i])
				}
			}
			p, pp = pp, pp.parent
		}
	}
}

func (n *node) isStart() bool {
	if n.root == n {
		return true
	}
	if !n.parent.isStart() {
		return false
	}
	if n.parentIndex == 0 {
		return true
	}
	for i := 0; i < n.parentIndex; i++ {
		if pp, ok := n.parent.parts[i].(*node); !ok || pp.kind != '!' {
			return false
		}
	}
	return true
}

func (n *node) isEnd() bool {
	if n.root == n {
		return true
	}
	if n.parent.kind == '!' {
		return true
	}
	if !n.parent.isEnd() {
		return false
	}
	if n.kind == 0 {
		return n.parent.isEnd()
	}
	return n.parentIndex == len(n.parent.parts)-1
}

func (n *node) String() string {
	if n.kind == 0 {
		var b strings.Builder
		for _, p := range n.parts {
			fmt.Fprint(&b, p)
		}
		return b.String()
	}
	alts := make([]string, len(n.parts))
	for i, p := range n.parts {
		alts[i] = fmt.Sprint(p)
	}
	return string(n.kind) + "(" + strings.Join(alts, "|") + ")"
}

// toRegExpSource is minimatch's AST.toRegExpSource: the expression, the
// literal text (meaningful without magic), whether it has magic.
func (n *node) toRegExpSource(allowDot bool) (string, string, bool) {
	dot := allowDot // glob runs minimatch with dot:false
	if n.root == n {
		n.fillNegs()
	}
	if n.kind == 0 {
		noEmpty := n.isStart() && n.isEnd()
		for _, p := range n.parts {
			if _, ok := p.(string); !ok {
				noEmpty = false
			}
		}
		var src, lit strings.Builder
		for _, p := range n.parts {
			var re, l string
			var magic bool
			if s, ok := p.(string); ok {
				re, l, magic = n.parseGlob(s, noEmpty)
			} else {
				re, l, magic = p.(*node).toRegExpSource(allowDot)
			}
			n.magic = n.magic || magic
			src.WriteString(re)
			lit.WriteString(l)
		}
		start := ""
		if n.isStart() {
			if first, ok := n.partAt(0).(string); ok {
				if !(len(n.parts) == 1 && (first == "." || first == "..")) {
					s := src.String()
					aps := func(i int) bool { return i < len(s) && (s[i] == '[' || s[i] == '.') }
					needNoTrav := (dot && aps(0)) ||
						(strings.HasPrefix(s, `\.`) && aps(2)) ||
						(strings.HasPrefix(s, `\.\.`) && aps(4))
					needNoDot := !dot && !allowDot && aps(0)
					switch {
					case needNoTrav:
						start = startNoTraversal
					case needNoDot:
						start = startNoDot
					}
				}
			}
		}
		end := ""
		if n.isEnd() && n.root.filledNegs && n.parent != nil && n.parent.kind == '!' {
			end = `(?:\z|/)`
		}
		return start + src.String() + end, lit.String(), n.magic
	}
	repeated := n.kind == '*' || n.kind == '+'
	open := "(?:"
	if n.kind == '!' {
		open = "(?:(?!(?:"
	}
	body := n.partsToRegExp(dot)
	if n.isStart() && n.isEnd() && body == "" && n.kind != '!' {
		// an empty extglob that is the whole segment is literal text
		s := n.String()
		n.parts, n.kind, n.magic = []any{s}, 0, false
		re, lit, _ := n.parseGlob(s, false)
		_ = re
		return escapeLiteral(lit, n.root.unicode), lit, false
	}
	bodyDotAllowed := ""
	if repeated && !allowDot && !dot {
		bodyDotAllowed = n.partsToRegExp(true)
	}
	if bodyDotAllowed == body {
		bodyDotAllowed = ""
	}
	if bodyDotAllowed != "" {
		body = "(?:" + body + ")(?:" + bodyDotAllowed + ")*?"
	}
	var final string
	if n.kind == '!' && n.emptyExt {
		if n.isStart() && !dot {
			final = startNoDot
		}
		final += starNoEmpty
	} else {
		var closing string
		switch {
		case n.kind == '!':
			closing = "))"
			if n.isStart() && !dot && !allowDot {
				closing += startNoDot
			}
			closing += star + ")"
		case n.kind == '@':
			closing = ")"
		case n.kind == '?':
			closing = ")?"
		case n.kind == '+' && bodyDotAllowed != "":
			closing = ")"
		case n.kind == '*' && bodyDotAllowed != "":
			closing = ")?"
		default:
			closing = ")" + string(n.kind)
		}
		final = open + body + closing
	}
	return final, "", true
}

func (n *node) partAt(i int) any {
	if i < len(n.parts) {
		return n.parts[i]
	}
	return nil
}

func (n *node) partsToRegExp(dot bool) string {
	var alts []string
	for _, p := range n.parts {
		re, _, _ := p.(*node).toRegExpSource(dot)
		if n.isStart() && n.isEnd() && re == "" {
			continue
		}
		alts = append(alts, re)
	}
	return strings.Join(alts, "|")
}

// parseGlob is minimatch's AST.#parseGlob for the plain text of a node.
func (n *node) parseGlob(glob string, noEmpty bool) (string, string, bool) {
	g := []rune(glob)
	var re, lit strings.Builder
	escaping, inStar, magic := false, false, false
	allStars := strings.Trim(glob, "*") == "" && glob != ""
	for i := 0; i < len(g); i++ {
		c := g[i]
		if escaping {
			escaping = false
			re.WriteString(escapeLiteral(string(c), n.root.unicode))
			lit.WriteRune(c)
			continue
		}
		if c == '*' {
			if inStar {
				continue
			}
			inStar, magic = true, true
			if noEmpty && allStars {
				re.WriteString(starNoEmpty)
			} else {
				re.WriteString(star)
			}
			continue
		}
		inStar = false
		if c == '\\' {
			if i == len(g)-1 {
				re.WriteString(`\\`)
				lit.WriteRune('\\')
			} else {
				escaping = true
			}
			continue
		}
		if c == '[' {
			src, u, consumed, classMagic, classLit := parseClass(g, i, n.root.unicode)
			if consumed > 0 {
				re.WriteString(src)
				lit.WriteString(classLit)
				n.root.uflag = n.root.uflag || u
				i += consumed - 1
				magic = magic || classMagic
				continue
			}
		}
		if c == '?' {
			re.WriteString(qmark)
			magic = true
			continue
		}
		re.WriteString(escapeLiteral(string(c), n.root.unicode))
		lit.WriteRune(c)
	}
	return re.String(), lit.String(), magic
}

// escapeLiteral writes text for regexp2 to match literally, as UTF-16
// code units unless unicode is set.
func escapeLiteral(s string, unicode bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r > 0xFFFF && !unicode:
			for _, u := range utf16.Encode([]rune{r}) {
				fmt.Fprintf(&b, `\u%04X`, u)
			}
		case r > 0xFFFF:
			b.WriteRune(r)
		case strings.ContainsRune(`-[]{}()*+?.,\^$|#`, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x21 || r == 0x7f || r == 0x85 || r == 0xa0 || r == 0x2028 || r == 0x2029 || r == 0xfeff:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// posixClasses is minimatch's table: what each [:name:] admits, whether it
// needs the u flag, and whether it is a negated set.
var posixClasses = []struct {
	name, src string
	u, neg    bool
}{
	{"[:alnum:]", `\p{L}\p{Nl}\p{Nd}`, true, false},
	{"[:alpha:]", `\p{L}\p{Nl}`, true, false},
	{"[:ascii:]", `\x00-\x7f`, false, false},
	{"[:blank:]", `\p{Zs}\t`, true, false},
	{"[:cntrl:]", `\p{Cc}`, true, false},
	{"[:digit:]", `\p{Nd}`, true, false},
	{"[:graph:]", `\p{Z}\p{C}`, true, true},
	{"[:lower:]", `\p{Ll}`, true, false},
	{"[:print:]", `\p{C}`, true, false},
	{"[:punct:]", `\p{P}`, true, false},
	{"[:space:]", `\p{Z}\t\r\n\v\f`, true, false},
	{"[:upper:]", `\p{Lu}`, true, false},
	{"[:word:]", `\p{L}\p{Nl}\p{Nd}\p{Pc}`, true, false},
	{"[:xdigit:]", `A-Fa-f0-9`, false, false},
}

// classChar writes one character of a bracket expression, escaped there.
func classChar(c rune, unicode bool) string {
	if c > 0xFFFF && !unicode {
		var b strings.Builder
		for _, u := range utf16.Encode([]rune{c}) {
			fmt.Fprintf(&b, `\u%04X`, u)
		}
		return b.String()
	}
	if c == '[' || c == ']' || c == '\\' || c == '-' {
		return `\` + string(c)
	}
	if c < 0x21 || c == 0x7f {
		return fmt.Sprintf(`\u%04X`, c)
	}
	return string(c)
}

// parseClass is minimatch's parseClass: a bracket expression at pos, as
// (source, needs u flag, characters consumed, magic, literal text when
// it is a single character).
func parseClass(g []rune, pos int, unicode bool) (string, bool, int, bool, string) {
	var ranges, negs []string
	i := pos + 1
	sawStart, uflag, escaping, negate := false, false, false, false
	endPos := pos
	var rangeStart rune = -1
	single := []rune{}
outer:
	for i < len(g) {
		c := g[i]
		if (c == '!' || c == '^') && i == pos+1 {
			negate = true
			i++
			continue
		}
		if c == ']' && sawStart && !escaping {
			endPos = i + 1
			break
		}
		sawStart = true
		if c == '\\' && !escaping {
			escaping = true
			i++
			continue
		}
		if c == '[' && !escaping {
			for _, pc := range posixClasses {
				if strings.HasPrefix(string(g[i:]), pc.name) {
					if rangeStart >= 0 {
						return `$.`, false, len(g) - pos, true, ""
					}
					i += len([]rune(pc.name))
					if pc.neg {
						negs = append(negs, pc.src)
					} else {
						ranges = append(ranges, pc.src)
					}
					uflag = uflag || pc.u
					continue outer
				}
			}
		}
		escaping = false
		if rangeStart >= 0 {
			if c > rangeStart {
				ranges = append(ranges, classChar(rangeStart, unicode)+"-"+classChar(c, unicode))
			} else if c == rangeStart {
				ranges = append(ranges, classChar(c, unicode))
				single = append(single, c)
			}
			rangeStart = -1
			i++
			continue
		}
		if i+2 < len(g)+1 && strings.HasPrefix(string(g[i+1:]), "-]") {
			ranges = append(ranges, classChar(c, unicode)+classChar('-', unicode))
			i += 2
			continue
		}
		if i+1 < len(g) && g[i+1] == '-' {
			rangeStart = c
			i += 2
			continue
		}
		ranges = append(ranges, classChar(c, unicode))
		single = append(single, c)
		i++
	}
	if endPos < i {
		return "", false, 0, false, ""
	}
	if len(ranges) == 0 && len(negs) == 0 {
		return `$.`, false, len(g) - pos, true, ""
	}
	// a class of one character that is not negated is that character
	if len(negs) == 0 && len(ranges) == 1 && len(single) == 1 && !negate && single[0] <= 0xFFFF {
		return escapeLiteral(string(single[0]), unicode), false, endPos - pos, false, string(single[0])
	}
	not := ""
	if negate {
		not = "^"
	}
	sranges := "[" + not + strings.Join(ranges, "") + "]"
	notNeg := "^"
	if negate {
		notNeg = ""
	}
	snegs := "[" + notNeg + strings.Join(negs, "") + "]"
	switch {
	case len(ranges) > 0 && len(negs) > 0:
		return "(" + sranges + "|" + snegs + ")", uflag, endPos - pos, true, ""
	case len(ranges) > 0:
		return sranges, uflag, endPos - pos, true, ""
	}
	return snegs, uflag, endPos - pos, true, ""
}

// compileSegment compiles one path portion (not "**", not "").
func compileSegment(glob string) (*segment, error) {
	build := func(unicode bool) (*node, string, string, bool) {
		root := newNode(0, nil)
		root.unicode = unicode
		parseAST([]rune(glob), root, 0, 0)
		re, lit, magic := root.toRegExpSource(false)
		return root, re, lit, magic || root.magic
	}
	root, re, lit, magic := build(false)
	if !magic {
		return &segment{literal: lit}, nil
	}
	if root.uflag {
		root, re, _, _ = build(true)
		_ = root
	}
	compiled, err := regexp2.Compile(`^`+re+`\z`, regexp2.None)
	if err != nil {
		return nil, fmt.Errorf("pattern portion %q: %v", glob, err)
	}
	compiled.MatchTimeout = matchTimeout
	return &segment{re: compiled, unicode: root.uflag, fast: fastTest(glob)}, nil
}

// The shapes of portion for which minimatch tests names with a shortcut
// instead of its expression. The shortcuts differ from the expressions
// in places (an escape in *\ b.json is compared as written, so it never
// matches), and the reference is what they do.
var (
	starShape       = lazyregexp.New(`^\*+$`)
	starDotExtShape = lazyregexp.New(`^\*+([^+@!?*\[(]*)$`)
	qmarksShape     = lazyregexp.New(`^\?+([^+@!?*\[(]*)?$`)
	starDotStar     = lazyregexp.New(`^\*+\.\*+$`)
	dotStarShape    = lazyregexp.New(`^\.\*+$`)
)

// fastTest is minimatch's fast test for glob (dot and nocase off), or nil.
func fastTest(glob string) func(string) bool {
	noDot := func(f string) bool { return !strings.HasPrefix(f, ".") }
	switch {
	case starShape.MatchString(glob):
		return func(f string) bool { return f != "" && noDot(f) }
	case starDotExtShape.MatchString(glob):
		ext := starDotExtShape.FindStringSubmatch(glob)[1]
		return func(f string) bool { return noDot(f) && strings.HasSuffix(f, ext) }
	case qmarksShape.MatchString(glob):
		// the length compared is the whole portion's, in UTF-16 units
		n := utf16Len(glob)
		ext := qmarksShape.FindStringSubmatch(glob)[1]
		return func(f string) bool { return utf16Len(f) == n && noDot(f) && strings.HasSuffix(f, ext) }
	case starDotStar.MatchString(glob):
		return func(f string) bool { return noDot(f) && strings.Contains(f, ".") }
	case dotStarShape.MatchString(glob):
		return func(f string) bool { return f != "." && f != ".." && strings.HasPrefix(f, ".") }
	}
	return nil
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}
