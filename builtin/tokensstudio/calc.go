package tokensstudio

import (
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// This file is postcss-calc-ast-parser 0.1.4's tokenizer, parser and
// reduceExpression, which sd-transforms uses for the expressions expr-eval
// refuses (those with units: "4rem * 2", "-2%"). It is ported step by
// step, quirks included: its parser merges an operator's operands only
// once per operator it meets, so "1 - 2 * 3 - 4" reduces to 1 - (6 - 4),
// and sd-transforms prints what it computes.

const ccEOF = -1

type calcToken struct {
	kind  string // word, string, operator, punctuator, whitespace, comment
	value string
}

type calcTokenizer struct {
	text            string
	offset          int
	lastCode        int
	rescan          bool
	token           *calcToken
	lastTokenType   string
	nextTokenOffset int
	state           string
}

func isCalcWhitespace(c int) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}
func isCalcDigit(c int) bool  { return c >= '0' && c <= '9' }
func isCalcLetter(c int) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func maybeNumber(c int) bool  { return isCalcDigit(c) || c == '.' }
func isPunctuator(c int) bool { return c == '(' || c == ')' || c == ',' }
func isQuote(c int) bool      { return c == '"' || c == '\'' }

func rightBracket(c int) int {
	switch c {
	case '(':
		return ')'
	case '{':
		return '}'
	}
	return ']'
}

func (t *calcTokenizer) nextToken() *calcToken {
	for t.token == nil {
		cc := t.scan()
		next := t.step(cc)
		if next == "" {
			next = "SCAN"
		}
		t.state = next
		if cc == ccEOF && !t.rescan {
			break
		}
	}
	tok := t.token
	t.token = nil
	return tok
}

func (t *calcTokenizer) scan() int {
	if t.rescan {
		t.rescan = false
		return t.lastCode
	}
	return t.next()
}

func (t *calcTokenizer) next() int {
	if t.offset < len(t.text) {
		t.offset++
	}
	if t.offset >= len(t.text) {
		t.lastCode = ccEOF
	} else {
		t.lastCode = int(t.text[t.offset])
	}
	return t.lastCode
}

func (t *calcTokenizer) back() { t.rescan = true }

// code is charCodeAt(nextTokenOffset + i): NaN (no character) is -2 here,
// which no test matches.
func (t *calcTokenizer) code(i int) int {
	j := t.nextTokenOffset + i
	if j < 0 || j >= len(t.text) {
		return -2
	}
	return int(t.text[j])
}

func (t *calcTokenizer) commit(kind string, indexOffset int) {
	start := t.nextTokenOffset
	end := t.offset + indexOffset + 1
	if end > len(t.text) {
		end = len(t.text)
	}
	val := ""
	if start < end {
		val = t.text[start:end]
	}
	t.token = &calcToken{kind: kind, value: val}
	t.nextTokenOffset = end
	t.lastTokenType = kind
}

func (t *calcTokenizer) step(cc int) string {
	switch t.state {
	case "", "SCAN":
		switch {
		case isCalcWhitespace(cc):
			return "WHITESPACE"
		case cc == '"':
			return "DQUOTE"
		case cc == '\'':
			return "SQUOTE"
		case cc == '/':
			return "SLASH"
		case cc == '-':
			return "MINUS"
		case cc == '+':
			return "PLUS"
		case cc == '*':
			t.commit("operator", 0)
			return "SCAN"
		case isPunctuator(cc):
			t.commit("punctuator", 0)
			return "SCAN"
		case cc == '[':
			return "LBRACKET"
		case cc == '{':
			return "LBRACE"
		case cc == ccEOF:
			return "SCAN"
		}
		return "WORD"
	case "WORD":
		for !isCalcWhitespace(cc) && !isPunctuator(cc) && cc != '+' && cc != '*' && cc != '/' && !isQuote(cc) && cc != ccEOF {
			if cc == '-' {
				st := t.code(0)
				if maybeNumber(st) || ((st == '-' || st == '+') && maybeNumber(t.code(1))) {
					t.commit("word", -1)
					return "MINUS"
				}
			} else if cc == '{' || cc == '[' || cc == '(' {
				t.skipBrackets(t.next(), rightBracket(cc))
			}
			cc = t.next()
		}
		t.commit("word", -1)
		t.back()
	case "LBRACKET":
		t.skipBrackets(cc, ']')
		return "WORD"
	case "LBRACE":
		t.skipBrackets(cc, '}')
		return "WORD"
	case "WHITESPACE":
		for isCalcWhitespace(cc) {
			cc = t.next()
		}
		t.commit("whitespace", -1)
		t.back()
	case "SLASH":
		if cc == '*' {
			return "COMMENT"
		}
		// inline comments are off (sd-transforms passes allowInlineCommnets: false)
		t.commit("operator", -1)
		t.back()
	case "COMMENT":
		for cc != ccEOF {
			if cc == '*' {
				cc = t.next()
				if cc == '/' {
					t.commit("comment", 0)
					return ""
				}
			}
			cc = t.next()
		}
		t.commit("comment", -1)
	case "MINUS":
		if t.lastTokenType == "word" || cc == ccEOF || (cc != '-' && !maybeNumber(cc) && !isCalcLetter(cc)) {
			t.commit("operator", -1)
			t.back()
			return ""
		}
		return "WORD"
	case "PLUS":
		if t.lastTokenType != "word" && maybeNumber(cc) {
			return "WORD"
		}
		t.commit("operator", -1)
		t.back()
	case "DQUOTE", "SQUOTE":
		end := '"'
		if t.state == "SQUOTE" {
			end = '\''
		}
		for cc != ccEOF {
			if cc == '\\' {
				t.next() // the escaped character
			} else if cc == int(end) {
				t.commit("string", 0)
				return ""
			}
			cc = t.next()
		}
		t.commit("string", -1)
	}
	return ""
}

func (t *calcTokenizer) skipBrackets(cc, end int) {
	var stack []int
	for cc != ccEOF {
		if end == cc {
			if len(stack) == 0 {
				return
			}
			end = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
		} else if cc == '{' || cc == '[' || cc == '(' {
			if end != 0 {
				stack = append(stack, end)
			}
			end = rightBracket(cc)
		}
		cc = t.next()
	}
}

// calcNode is a node of the parsed expression.
type calcNode struct {
	kind  string // Number, Length, Percentage..., Word, String, Operator, Punctuator, Function, Parentheses, Root, MathExpression
	value float64
	unit  string
	text  string // the operator, punctuator or function name
	nodes []*calcNode
	left  *calcNode
	op    *calcNode
	right *calcNode
}

type calcState struct {
	container *calcNode
	parent    *calcState
	fnName    string
}

type scanned struct {
	tok  *calcToken
	raws string
}

type calcParser struct {
	tz      *calcTokenizer
	rescans []scanned
}

var precedence = map[string]int{"*": 3, "/": 3, "+": 2, "-": 2}

var maybeFunction = lazyregexp.New(`^([^-+0-9.]|-[^+0-9.])`)

func parseCalc(code string) *calcNode {
	p := &calcParser{tz: &calcTokenizer{text: code, offset: -1, state: "SCAN"}}
	root := &calcNode{kind: "Root"}
	state := &calcState{container: root}
	for state != nil {
		state = p.process(state)
	}
	return root
}

func (p *calcParser) scan() (scanned, bool) {
	if len(p.rescans) > 0 {
		s := p.rescans[0]
		p.rescans = p.rescans[1:]
		return s, true
	}
	raws := ""
	for tok := p.tz.nextToken(); tok != nil; tok = p.tz.nextToken() {
		if tok.kind == "whitespace" || tok.kind == "comment" {
			raws += tok.value
			continue
		}
		return scanned{tok, raws}, true
	}
	return scanned{}, false
}

func (p *calcParser) process(state *calcState) *calcState {
	for {
		s, ok := p.scan()
		if !ok {
			break
		}
		tok := s.tok
		switch tok.kind {
		case "word":
			if maybeFunction.MatchString(tok.value) {
				if next, ok := p.scan(); ok {
					if next.raws == "" && next.tok.kind == "punctuator" && next.tok.value == "(" {
						fn := &calcNode{kind: "Function", text: tok.value}
						state.container.nodes = append(state.container.nodes, fn)
						return &calcState{container: fn, parent: state, fnName: tok.value}
					}
					p.rescans = append([]scanned{next}, p.rescans...)
				}
			}
			state.container.nodes = append(state.container.nodes, wordNode(tok.value))
		case "string":
			state.container.nodes = append(state.container.nodes, &calcNode{kind: "String", text: tok.value})
		case "operator":
			prec, known := precedence[tok.value]
			p.checkAndMerge(state, prec, known)
			state.container.nodes = append(state.container.nodes, &calcNode{kind: "Operator", text: tok.value})
		case "punctuator":
			p.checkAndMerge(state, 0, false)
			return p.punctuator(tok, state)
		}
	}
	postStack(state)
	return nil
}

// checkAndMerge merges the last three nodes when the operator before the
// last one binds at least as tightly as the one read (always, when
// currKnown is false: a punctuator).
func (p *calcParser) checkAndMerge(state *calcState, curr int, currKnown bool) {
	nodes := state.container.nodes
	if len(nodes) >= 3 {
		bf := nodes[len(nodes)-2]
		if bf.kind == "Operator" {
			if prec, ok := precedence[bf.text]; ok && (!currKnown || curr <= prec) {
				if m := mergeMath(state); m != nil {
					state.container.nodes = append(state.container.nodes, m)
				}
			}
		}
	}
}

func (p *calcParser) punctuator(tok *calcToken, state *calcState) *calcState {
	if tok.value == "(" {
		n := &calcNode{kind: "Parentheses"}
		state.container.nodes = append(state.container.nodes, n)
		return &calcState{container: n, parent: state, fnName: state.fnName}
	}
	postStack(state)
	if tok.value == ")" && state.parent != nil {
		return state.parent
	}
	state.container.nodes = append(state.container.nodes, &calcNode{kind: "Punctuator", text: tok.value})
	return state
}

func isExpression(n *calcNode) bool {
	return n != nil && n.kind != "Punctuator" && n.kind != "Operator"
}

func mergeMath(state *calcState) *calcNode {
	nodes := state.container.nodes
	var right, op, left *calcNode
	right, nodes = nodes[len(nodes)-1], nodes[:len(nodes)-1]
	op, nodes = nodes[len(nodes)-1], nodes[:len(nodes)-1]
	if len(nodes) > 0 {
		left, nodes = nodes[len(nodes)-1], nodes[:len(nodes)-1]
	}
	state.container.nodes = nodes
	restore := func() *calcNode {
		if left != nil {
			state.container.nodes = append(state.container.nodes, left)
		}
		state.container.nodes = append(state.container.nodes, op, right)
		return nil
	}
	if op.kind == "Punctuator" && op.text == "," || left == nil || !isExpression(left) || op.kind != "Operator" || !isExpression(right) {
		return restore()
	}
	return &calcNode{kind: "MathExpression", left: left, op: op, right: right}
}

func postStack(state *calcState) {
	for len(state.container.nodes) > 1 {
		m := mergeMath(state)
		if m == nil {
			return
		}
		state.container.nodes = append(state.container.nodes, m)
	}
}

var unitKinds = func() map[string][2]string {
	m := map[string][2]string{"%": {"Percentage", "%"}}
	add := func(kind string, units ...string) {
		for _, u := range units {
			m[strings.ToLower(u)] = [2]string{kind, u}
		}
	}
	add("Length", "em", "ex", "ch", "rem", "vw", "vh", "vmin", "vmax", "px", "mm", "cm", "in", "pt", "pc", "Q", "vm")
	add("Angle", "deg", "grad", "turn", "rad")
	add("Time", "s", "ms")
	add("Frequency", "Hz", "kHz")
	add("Resolution", "dpi", "dpcm", "dppm")
	add("Flex", "fr")
	return m
}()

// wordNode is newValueNode: a number with a known unit, or a word.
func wordNode(v string) *calcNode {
	if num, unit, ok := valueParserUnit(v); ok {
		n, _ := js.ParseFloat(num)
		if unit == "" {
			return &calcNode{kind: "Number", value: n}
		}
		if k, ok := unitKinds[strings.ToLower(unit)]; ok {
			return &calcNode{kind: k[0], value: n, unit: k[1]}
		}
	}
	return &calcNode{kind: "Word", text: v}
}

// valueParserUnit is postcss-value-parser's unit(): a leading number and
// the rest.
func valueParserUnit(v string) (num, unit string, ok bool) {
	pos, dotted, sci, hasNum := 0, false, -1, false
	for pos < len(v) {
		c := v[pos]
		switch {
		case c >= '0' && c <= '9':
			hasNum = true
		case c == 'e' || c == 'E':
			if sci > -1 {
				goto done
			}
			sci = pos
		case c == '.':
			if dotted {
				goto done
			}
			dotted = true
		case c == '+' || c == '-':
			if pos != 0 {
				goto done
			}
		default:
			goto done
		}
		pos++
	}
done:
	if sci+1 == pos {
		pos--
	}
	if !hasNum {
		return "", "", false
	}
	return v[:pos], v[pos:], true
}

var calcName = lazyregexp.New(`(?i)^(-(webkit|mox)-)?calc`)

// reduceCalc is reduceExpression: nil when it does not reduce.
func reduceCalc(n *calcNode) *calcNode {
	switch n.kind {
	case "Number", "Length", "Angle", "Time", "Frequency", "Resolution", "Percentage", "Flex":
		return n
	case "MathExpression":
		l, r := reduceCalc(n.left), reduceCalc(n.right)
		if l == nil || r == nil {
			return nil
		}
		switch n.op.text {
		case "+", "-":
			if l.kind != r.kind {
				return nil
			}
			v := l.value + r.value
			if n.op.text == "-" {
				v = l.value - r.value
			}
			if l.kind == "Number" {
				return &calcNode{kind: "Number", value: v}
			}
			if l.unit == r.unit {
				return &calcNode{kind: l.kind, value: v, unit: l.unit}
			}
			return nil
		case "/":
			if r.kind != "Number" {
				return nil
			}
			return &calcNode{kind: l.kind, value: l.value / r.value, unit: l.unit}
		case "*":
			if l.kind == "Number" {
				return &calcNode{kind: r.kind, value: l.value * r.value, unit: r.unit}
			}
			if r.kind == "Number" {
				return &calcNode{kind: l.kind, value: l.value * r.value, unit: l.unit}
			}
		}
		return nil
	case "Parentheses", "Root":
		if len(n.nodes) == 1 {
			return reduceCalc(n.nodes[0])
		}
	case "Function":
		if calcName.MatchString(n.text) {
			// getFunctionArguments: a single argument, no commas
			if len(n.nodes) == 1 && !(n.nodes[0].kind == "Punctuator" && n.nodes[0].text == ",") {
				return reduceCalc(n.nodes[0])
			}
		}
	}
	return nil
}
