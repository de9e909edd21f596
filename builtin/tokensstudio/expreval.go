package tokensstudio

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// evalExpr is what sd-transforms asks of expr-eval-fork 3's
// Parser#evaluate, with the parser's defaults: a number when the
// expression evaluates to one, else an error (expr-eval throws, or gives
// a string, boolean, array, function or undefined, which sd-transforms
// then hands to the CSS calc reducer). It is a port of expr-eval's
// tokenizer, its parser to the same instruction lists and its evaluator,
// with JavaScript's values and coercions: every operator (+ - * / % ^ ||
// == != < > <= >= and or in ?: = ; !), prefix operator (- + not length
// and the math functions), function (random fac min max hypot pyt pow
// atan2 if gamma roundTo map fold filter indexOf join sum), function
// definitions, arrays, strings, members, and the constants E, PI, true
// and false.
func evalExpr(s string) (float64, error) {
	toks, err := tokenizeExpr(s)
	if err != nil {
		return 0, err
	}
	p := &exprParser{toks: toks}
	var prog []instr
	if err := p.parseExpression(&prog); err != nil {
		return 0, err
	}
	if p.peek().kind != tEOF {
		return 0, errExpr
	}
	v, err := evaluate(prog, map[string]any{}, evalCtx{steps: new(int)})
	if err != nil {
		return 0, err
	}
	if n, ok := v.(float64); ok {
		return n, nil
	}
	return 0, errExpr
}

var errExpr = errors.New("not an expression expr-eval evaluates to a number")

// maxEvalDepth bounds recursion through user functions (f(x) = f(x)),
// where node throws a RangeError.
const maxEvalDepth = 200

// maxEvalSteps bounds the instructions one expression runs: a function
// that calls itself twice per level (f(n)=n<1?0:f(n-1)+f(n-1);f(40))
// would take node hours; here it is no number.
const maxEvalSteps = 1_000_000

// evalCtx is an evaluation's call depth and its shared step count.
type evalCtx struct {
	depth int
	steps *int
}

func (ec evalCtx) deeper() evalCtx { return evalCtx{depth: ec.depth + 1, steps: ec.steps} }

type exprTokKind int

const (
	tEOF exprTokKind = iota
	tNum             // a number, or a constant (true is a TNUMBER too)
	tStr
	tOp
	tName
	tParen
	tBracket
	tComma
	tSemicolon
)

type exprTok struct {
	kind exprTokKind
	val  any    // tNum, tStr
	str  string // tOp, tName, tParen, tBracket
}

// unaryOpNames are the keys of expr-eval's unaryOps.
var unaryOpNames = map[string]bool{
	"sin": true, "cos": true, "tan": true, "asin": true, "acos": true, "atan": true, "sinh": true, "cosh": true,
	"tanh": true, "asinh": true, "acosh": true, "atanh": true, "sqrt": true, "cbrt": true, "log": true, "log2": true,
	"ln": true, "lg": true, "log10": true, "expm1": true, "log1p": true, "abs": true, "ceil": true, "floor": true,
	"round": true, "trunc": true, "-": true, "+": true, "exp": true, "not": true, "length": true, "!": true, "sign": true,
}

var namedBinaryOps = map[string]bool{"and": true, "or": true, "in": true}

var exprConsts = map[string]any{"E": math.E, "PI": math.Pi, "true": true, "false": false}

// isCased is JavaScript's c.toUpperCase() !== c.toLowerCase().
func isCased(r rune) bool { return unicode.ToUpper(r) != unicode.ToLower(r) }

func tokenizeExpr(s string) ([]exprTok, error) {
	src := []rune(s)
	var toks []exprTok
	pos := 0
	at := func(i int) rune {
		if i < len(src) {
			return src[i]
		}
		return 0
	}
	for pos < len(src) {
		c := src[pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			pos++
			continue
		case c == '/' && at(pos+1) == '*':
			end := strings.Index(string(src[pos:]), "*/")
			if end < 0 {
				pos = len(src)
			} else {
				pos += len([]rune(string(src[pos:])[:end])) + 2
			}
			continue
		}
		if n, l, ok := radixInteger(src, pos); ok {
			toks = append(toks, exprTok{kind: tNum, val: n})
			pos = l
			continue
		}
		if n, l, ok := scanNumber(src, pos); ok {
			toks = append(toks, exprTok{kind: tNum, val: n})
			pos = l
			continue
		}
		if op, l := scanOperator(src, pos); op != "" {
			toks = append(toks, exprTok{kind: tOp, str: op})
			pos = l
			continue
		}
		if c == '\'' || c == '"' {
			str, l, ok, err := scanString(src, pos)
			if err != nil {
				return nil, err
			}
			if ok {
				toks = append(toks, exprTok{kind: tStr, val: str})
				pos = l
				continue
			}
		}
		switch c {
		case '(', ')':
			toks = append(toks, exprTok{kind: tParen, str: string(c)})
			pos++
			continue
		case '[', ']':
			toks = append(toks, exprTok{kind: tBracket, str: string(c)})
			pos++
			continue
		case ',':
			toks = append(toks, exprTok{kind: tComma})
			pos++
			continue
		case ';':
			toks = append(toks, exprTok{kind: tSemicolon})
			pos++
			continue
		}
		// a named operator: letters, then digits and _
		i := pos
		for ; i < len(src); i++ {
			if !isCased(src[i]) && (i == pos || src[i] != '_' && (src[i] < '0' || src[i] > '9')) {
				break
			}
		}
		if word := string(src[pos:i]); i > pos && (namedBinaryOps[word] || unaryOpNames[word]) {
			toks = append(toks, exprTok{kind: tOp, str: word})
			pos = i
			continue
		}
		// a constant: letters, then digits, _ and .
		i = pos
		for ; i < len(src); i++ {
			if !isCased(src[i]) && (i == pos || src[i] != '_' && src[i] != '.' && (src[i] < '0' || src[i] > '9')) {
				break
			}
		}
		if v, ok := exprConsts[string(src[pos:i])]; ok && i > pos {
			toks = append(toks, exprTok{kind: tNum, val: v})
			pos = i
			continue
		}
		// a name: $ or _ first, letters, then digits and _
		i = pos
		hasLetter := false
		for ; i < len(src); i++ {
			r := src[i]
			if !isCased(r) {
				if i == pos && (r == '$' || r == '_') {
					if r == '_' {
						hasLetter = true
					}
					continue
				} else if i == pos || !hasLetter || r != '_' && (r < '0' || r > '9') {
					break
				}
			} else {
				hasLetter = true
			}
		}
		if hasLetter {
			toks = append(toks, exprTok{kind: tName, str: string(src[pos:i])})
			pos = i
			continue
		}
		return nil, errExpr // unknown character
	}
	return append(toks, exprTok{kind: tEOF}), nil
}

func radixInteger(src []rune, pos int) (float64, int, bool) {
	if pos >= len(src)-2 || src[pos] != '0' {
		return 0, 0, false
	}
	base := 0
	switch src[pos+1] {
	case 'x':
		base = 16
	case 'b':
		base = 2
	default:
		return 0, 0, false
	}
	i := pos + 2
	start := i
	digits := "01"
	if base == 16 {
		digits = "0123456789abcdefABCDEF"
	}
	for i < len(src) && strings.ContainsRune(digits, src[i]) {
		i++
	}
	if i == start {
		return 0, 0, false
	}
	n, err := strconv.ParseUint(string(src[start:i]), base, 64)
	if err != nil {
		// past 2^64: parseInt gives a float
		f := 0.0
		for _, r := range src[start:i] {
			d, _ := strconv.ParseUint(string(r), base, 8)
			f = f*float64(base) + float64(d)
		}
		return f, i, true
	}
	return float64(n), i, true
}

// scanNumber is expr-eval's isNumber: digits with at most one dot, then
// an exponent if it has digits; ".5" is a number, "." is not.
func scanNumber(src []rune, pos int) (float64, int, bool) {
	i, start := pos, pos
	reset := pos
	foundDot, valid := false, false
	var c rune
	for i < len(src) {
		c = src[i]
		if c >= '0' && c <= '9' || !foundDot && c == '.' {
			if c == '.' {
				foundDot = true
			} else {
				valid = true
			}
			i++
		} else {
			break
		}
	}
	if valid {
		reset = i
	}
	if c == 'e' || c == 'E' {
		i++
		acceptSign, validExp := true, false
		for i < len(src) {
			c = src[i]
			if acceptSign && (c == '+' || c == '-') {
				acceptSign = false
			} else if c >= '0' && c <= '9' {
				validExp, acceptSign = true, false
			} else {
				break
			}
			i++
		}
		if !validExp {
			i = reset
		}
	}
	if !valid {
		return 0, 0, false
	}
	v, _ := js.ParseFloat(string(src[start:i]))
	return v, i, true
}

func scanOperator(src []rune, pos int) (string, int) {
	c := src[pos]
	next := rune(0)
	if pos+1 < len(src) {
		next = src[pos+1]
	}
	switch c {
	case '+', '-', '*', '/', '%', '^', '?', ':', '.':
		return string(c), pos + 1
	case '∙', '•':
		return "*", pos + 1
	case '>', '<', '=', '!':
		if next == '=' {
			return string(c) + "=", pos + 2
		}
		return string(c), pos + 1
	case '|':
		if next == '|' {
			return "||", pos + 2
		}
	}
	return "", pos
}

// scanString reads a quoted string whose closing quote is not after a
// backslash, and unescapes it as expr-eval does.
func scanString(src []rune, pos int) (string, int, bool, error) {
	quote := src[pos]
	for i := pos + 1; i < len(src); i++ {
		if src[i] != quote || src[i-1] == '\\' {
			continue
		}
		s, err := unescapeExprString(string(src[pos+1 : i]))
		return s, i + 1, err == nil, err
	}
	return "", pos, false, nil
}

var hex4 = lazyregexp.New(`^[0-9a-fA-F]{4}$`)

func unescapeExprString(v string) (string, error) {
	if !strings.Contains(v, `\`) {
		return v, nil
	}
	r := []rune(v)
	var b strings.Builder
	for i := 0; i < len(r); i++ {
		if r[i] != '\\' {
			b.WriteRune(r[i])
			continue
		}
		i++
		if i >= len(r) {
			return "", errExpr
		}
		switch r[i] {
		case '\'', '"', '\\', '/':
			b.WriteRune(r[i])
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			if i+5 > len(r) || !hex4.MatchString(string(r[i+1:i+5])) {
				return "", errExpr
			}
			n, _ := strconv.ParseUint(string(r[i+1:i+5]), 16, 16)
			b.WriteRune(rune(n))
			i += 4
		default:
			return "", errExpr
		}
	}
	return b.String(), nil
}

// Instructions, as expr-eval's: a postfix program.
type instrKind int

const (
	iNumber       instrKind = iota // a constant value (number, string, boolean)
	iOp1                           // unary operator
	iOp2                           // binary operator
	iOp3                           // ternary ?:
	iVar                           // a name's value
	iVarName                       // a name as a string (assignment, definitions)
	iFunCall                       // call with n arguments
	iFunDef                        // define a function of n parameters
	iExpr                          // a sub-program, evaluated lazily
	iMember                        // .name
	iEndStatement                  // ; drops the value before it
	iArray                         // an array of n values
)

type instr struct {
	kind instrKind
	val  any    // iNumber
	str  string // operator or name
	n    int    // iFunCall, iFunDef, iArray
	sub  []instr
}

type exprParser struct {
	toks []exprTok
	pos  int // index of the next token
	cur  exprTok
}

func (p *exprParser) peek() exprTok { return p.toks[p.pos] }

func (p *exprParser) accept(kind exprTokKind, match func(exprTok) bool) bool {
	t := p.toks[p.pos]
	if t.kind == kind && (match == nil || match(t)) {
		p.cur = t
		if p.pos < len(p.toks)-1 {
			p.pos++
		}
		return true
	}
	return false
}

func is(s ...string) func(exprTok) bool {
	return func(t exprTok) bool { return slices.Contains(s, t.str) }
}

func isPrefixOp(t exprTok) bool { return unaryOpNames[t.str] }

func (p *exprParser) expect(kind exprTokKind, match func(exprTok) bool) error {
	if !p.accept(kind, match) {
		return errExpr
	}
	return nil
}

func (p *exprParser) parseExpression(out *[]instr) error {
	var expr []instr
	if done, err := p.parseUntilEndStatement(out, &expr); done || err != nil {
		return err
	}
	if err := p.parseAssignment(&expr); err != nil {
		return err
	}
	if done, err := p.parseUntilEndStatement(out, &expr); done || err != nil {
		return err
	}
	*out = append(*out, expr...)
	return nil
}

func (p *exprParser) parseUntilEndStatement(out, expr *[]instr) (bool, error) {
	if !p.accept(tSemicolon, nil) {
		return false, nil
	}
	next := p.peek()
	if next.kind != tEOF && !(next.kind == tParen && next.str == ")") {
		*expr = append(*expr, instr{kind: iEndStatement})
	}
	if next.kind != tEOF {
		if err := p.parseExpression(expr); err != nil {
			return true, err
		}
	}
	*out = append(*out, instr{kind: iExpr, sub: *expr})
	return true, nil
}

func (p *exprParser) parseAssignment(out *[]instr) error {
	if err := p.parseConditional(out); err != nil {
		return err
	}
	for p.accept(tOp, is("=")) {
		if len(*out) == 0 {
			return errExpr
		}
		name := (*out)[len(*out)-1]
		*out = (*out)[:len(*out)-1]
		last := len(*out) - 1
		var value []instr
		if name.kind == iFunCall {
			for i := 0; i < name.n+1; i++ {
				if idx := last - i; idx >= 0 && (*out)[idx].kind == iVar {
					(*out)[idx] = instr{kind: iVarName, str: (*out)[idx].str}
				}
			}
			if err := p.parseAssignment(&value); err != nil {
				return err
			}
			*out = append(*out, instr{kind: iExpr, sub: value}, instr{kind: iFunDef, n: name.n})
			continue
		}
		if name.kind != iVar && name.kind != iMember {
			return errExpr
		}
		if err := p.parseAssignment(&value); err != nil {
			return err
		}
		*out = append(*out, instr{kind: iVarName, str: name.str}, instr{kind: iExpr, sub: value}, instr{kind: iOp2, str: "="})
	}
	return nil
}

func (p *exprParser) parseConditional(out *[]instr) error {
	if err := p.parseOr(out); err != nil {
		return err
	}
	for p.accept(tOp, is("?")) {
		var yes, no []instr
		if err := p.parseConditional(&yes); err != nil {
			return err
		}
		if err := p.expect(tOp, is(":")); err != nil {
			return err
		}
		if err := p.parseConditional(&no); err != nil {
			return err
		}
		*out = append(*out, instr{kind: iExpr, sub: yes}, instr{kind: iExpr, sub: no}, instr{kind: iOp3, str: "?"})
	}
	return nil
}

func (p *exprParser) parseOr(out *[]instr) error {
	if err := p.parseAnd(out); err != nil {
		return err
	}
	for p.accept(tOp, is("or")) {
		var rhs []instr
		if err := p.parseAnd(&rhs); err != nil {
			return err
		}
		*out = append(*out, instr{kind: iExpr, sub: rhs}, instr{kind: iOp2, str: "or"})
	}
	return nil
}

func (p *exprParser) parseAnd(out *[]instr) error {
	if err := p.parseComparison(out); err != nil {
		return err
	}
	for p.accept(tOp, is("and")) {
		var rhs []instr
		if err := p.parseComparison(&rhs); err != nil {
			return err
		}
		*out = append(*out, instr{kind: iExpr, sub: rhs}, instr{kind: iOp2, str: "and"})
	}
	return nil
}

// binaryLevel parses operands with next, joined by the operators ops.
func (p *exprParser) binaryLevel(out *[]instr, ops []string, next func(*[]instr) error) error {
	if err := next(out); err != nil {
		return err
	}
	for p.accept(tOp, is(ops...)) {
		op := p.cur.str
		if err := next(out); err != nil {
			return err
		}
		*out = append(*out, instr{kind: iOp2, str: op})
	}
	return nil
}

func (p *exprParser) parseComparison(out *[]instr) error {
	return p.binaryLevel(out, []string{"==", "!=", "<", "<=", ">=", ">", "in"}, p.parseAddSub)
}

func (p *exprParser) parseAddSub(out *[]instr) error {
	return p.binaryLevel(out, []string{"+", "-", "||"}, p.parseTerm)
}

func (p *exprParser) parseTerm(out *[]instr) error {
	return p.binaryLevel(out, []string{"*", "/", "%"}, p.parseFactor)
}

func (p *exprParser) parseFactor(out *[]instr) error {
	saved := p.pos
	if p.accept(tOp, isPrefixOp) {
		op := p.cur.str
		if op != "-" && op != "+" {
			next := p.peek()
			if next.kind == tParen && next.str == "(" {
				p.pos = saved
				return p.parseExponential(out)
			}
			if next.kind == tSemicolon || next.kind == tComma || next.kind == tEOF || next.kind == tParen && next.str == ")" {
				p.pos = saved
				return p.parseAtom(out)
			}
		}
		if err := p.parseFactor(out); err != nil {
			return err
		}
		*out = append(*out, instr{kind: iOp1, str: op})
		return nil
	}
	return p.parseExponential(out)
}

func (p *exprParser) parseExponential(out *[]instr) error {
	if err := p.parsePostfix(out); err != nil {
		return err
	}
	for p.accept(tOp, is("^")) {
		if err := p.parseFactor(out); err != nil {
			return err
		}
		*out = append(*out, instr{kind: iOp2, str: "^"})
	}
	return nil
}

func (p *exprParser) parsePostfix(out *[]instr) error {
	if err := p.parseFunctionCall(out); err != nil {
		return err
	}
	for p.accept(tOp, is("!")) {
		*out = append(*out, instr{kind: iOp1, str: "!"})
	}
	return nil
}

func (p *exprParser) parseFunctionCall(out *[]instr) error {
	if p.accept(tOp, isPrefixOp) {
		op := p.cur.str
		if err := p.parseAtom(out); err != nil {
			return err
		}
		*out = append(*out, instr{kind: iOp1, str: op})
		return nil
	}
	if err := p.parseMember(out); err != nil {
		return err
	}
	for p.accept(tParen, is("(")) {
		n := 0
		if !p.accept(tParen, is(")")) {
			var err error
			if n, err = p.parseList(out, tParen, ")"); err != nil {
				return err
			}
		}
		*out = append(*out, instr{kind: iFunCall, n: n})
	}
	return nil
}

// parseList reads comma-separated expressions up to the closing token.
func (p *exprParser) parseList(out *[]instr, kind exprTokKind, closing string) (int, error) {
	n := 0
	for !p.accept(kind, is(closing)) {
		if p.peek().kind == tEOF {
			return 0, errExpr
		}
		if err := p.parseExpression(out); err != nil {
			return 0, err
		}
		n++
		for p.accept(tComma, nil) {
			if err := p.parseExpression(out); err != nil {
				return 0, err
			}
			n++
		}
	}
	return n, nil
}

func (p *exprParser) parseMember(out *[]instr) error {
	if err := p.parseAtom(out); err != nil {
		return err
	}
	for {
		switch {
		case p.accept(tOp, is(".")):
			if err := p.expect(tName, nil); err != nil {
				return err
			}
			*out = append(*out, instr{kind: iMember, str: p.cur.str})
		case p.accept(tBracket, is("[")):
			if err := p.parseExpression(out); err != nil {
				return err
			}
			if err := p.expect(tBracket, is("]")); err != nil {
				return err
			}
			*out = append(*out, instr{kind: iOp2, str: "["})
		default:
			return nil
		}
	}
}

func (p *exprParser) parseAtom(out *[]instr) error {
	switch {
	case p.accept(tName, nil) || p.accept(tOp, isPrefixOp):
		*out = append(*out, instr{kind: iVar, str: p.cur.str})
	case p.accept(tNum, nil) || p.accept(tStr, nil):
		*out = append(*out, instr{kind: iNumber, val: p.cur.val})
	case p.accept(tParen, is("(")):
		if err := p.parseExpression(out); err != nil {
			return err
		}
		return p.expect(tParen, is(")"))
	case p.accept(tBracket, is("[")):
		n := 0
		if !p.accept(tBracket, is("]")) {
			var err error
			if n, err = p.parseList(out, tBracket, "]"); err != nil {
				return err
			}
		}
		*out = append(*out, instr{kind: iArray, n: n})
	default:
		return errExpr
	}
	return nil
}

// Values while evaluating: float64, string, bool, []any, js.Undefined,
// *exprFunc and *lazyExpr.

// exprFunc is a function value: one of expr-eval's (builtin), a unary
// operator taken as a value, or one the expression defines.
type exprFunc struct {
	name    string
	call    func(args []any, ec evalCtx) (any, error)
	allowed bool // may be called: expr-eval's functions and defined ones
}

// lazyExpr is an IEXPREVAL: a sub-program run when its value is needed.
type lazyExpr struct {
	prog []instr
}

func resolve(v any, scope map[string]any, ec evalCtx) (any, error) {
	if l, ok := v.(*lazyExpr); ok {
		return evaluate(l.prog, scope, ec)
	}
	return v, nil
}

// isProtoName reports whether expr-eval refuses a name as one that could
// reach an object's prototype: its regular expression
// /^__proto__|prototype|constructor$/ (a name starting __proto__,
// containing prototype, or ending constructor).
func isProtoName(name string) bool {
	return strings.HasPrefix(name, "__proto__") || strings.Contains(name, "prototype") || strings.HasSuffix(name, "constructor")
}

// evaluate runs a program as expr-eval's evaluate does: its instructions
// push and pop values on a stack, whose one value left is the result.
func evaluate(prog []instr, scope map[string]any, ec evalCtx) (any, error) {
	if ec.depth > maxEvalDepth {
		return nil, errExpr
	}
	*ec.steps += len(prog)
	if *ec.steps > maxEvalSteps {
		return nil, errExpr
	}
	m := &exprMachine{scope: scope, ec: ec}
	for _, in := range prog {
		if err := m.step(in); err != nil {
			return nil, err
		}
	}
	if len(m.stack) > 1 {
		return nil, errExpr
	}
	if len(m.stack) == 0 {
		return js.Undefined, nil
	}
	if f, ok := m.stack[0].(float64); ok && f == 0 {
		return 0.0, nil // -0 is 0
	}
	return resolve(m.stack[0], scope, ec)
}

// exprMachine is one run of a program: its value stack, the variables
// it reads and assigns, and its depth and step budget.
type exprMachine struct {
	stack []any
	scope map[string]any
	ec    evalCtx
}

func (m *exprMachine) push(v any) { m.stack = append(m.stack, v) }

// pop takes the top value; an empty stack gives undefined, as
// expr-eval's nstack.pop() does.
func (m *exprMachine) pop() any {
	if len(m.stack) == 0 {
		return js.Undefined
	}
	v := m.stack[len(m.stack)-1]
	m.stack = m.stack[:len(m.stack)-1]
	return v
}

// resolve is the value v stands for, running it if it is lazy.
func (m *exprMachine) resolve(v any) (any, error) { return resolve(v, m.scope, m.ec) }

// step runs one instruction.
func (m *exprMachine) step(in instr) error {
	switch in.kind {
	case iNumber:
		m.push(in.val)
	case iVarName:
		m.push(in.str)
	case iOp2:
		return m.binary(in.str)
	case iOp3:
		n3, n2, n1 := m.pop(), m.pop(), m.pop()
		branch := n3
		if js.Truthy(n1) {
			branch = n2
		}
		v, err := m.resolve(branch)
		if err != nil {
			return err
		}
		m.push(v)
	case iVar:
		return m.variable(in.str)
	case iOp1:
		v, err := m.resolve(m.pop())
		if err != nil {
			return err
		}
		m.push(unaryOp(in.str, v))
	case iFunCall:
		return m.call(in.n)
	case iFunDef:
		m.define(in.n)
	case iExpr:
		m.push(&lazyExpr{prog: in.sub})
	case iMember:
		v, err := member(m.pop(), in.str)
		if err != nil {
			return err
		}
		m.push(v)
	case iEndStatement:
		m.pop()
	case iArray:
		arr := make([]any, in.n)
		for i := in.n - 1; i >= 0; i-- {
			arr[i] = m.pop()
		}
		m.push(arr)
	}
	return nil
}

// binary runs a binary operator: and, or (which evaluate their right
// side only when needed), an assignment, or one of binaryOp's.
func (m *exprMachine) binary(op string) error {
	n2, n1 := m.pop(), m.pop()
	switch op {
	case "and":
		if !js.Truthy(n1) {
			m.push(false)
			return nil
		}
		v, err := m.resolve(n2)
		if err != nil {
			return err
		}
		m.push(js.Truthy(v))
	case "or":
		if js.Truthy(n1) {
			m.push(true)
			return nil
		}
		v, err := m.resolve(n2)
		if err != nil {
			return err
		}
		m.push(js.Truthy(v))
	case "=":
		v, err := m.resolve(n2)
		if err != nil {
			return err
		}
		if name, ok := n1.(string); ok {
			m.scope[name] = v
		} else {
			m.scope[js.String(n1)] = v
		}
		m.push(v)
	default:
		a, err := m.resolve(n1)
		if err != nil {
			return err
		}
		b, err := m.resolve(n2)
		if err != nil {
			return err
		}
		v, err := binaryOp(op, a, b)
		if err != nil {
			return err
		}
		m.push(v)
	}
	return nil
}

// variable pushes what a name stands for: one of expr-eval's functions,
// a unary operator as a function, or a variable of the scope; anything
// else is an error, as an undefined variable is in expr-eval.
func (m *exprMachine) variable(name string) error {
	if isProtoName(name) {
		return errExpr
	}
	if f, ok := builtinFuncs()[name]; ok {
		m.push(f)
	} else if unaryOpNames[name] {
		m.push(unaryAsFunc(name))
	} else if v, ok := m.scope[name]; ok && v != js.Undefined {
		m.push(v)
	} else {
		return errExpr // undefined variable
	}
	return nil
}

// call calls the function under its n arguments, which may only be one
// expr-eval allows to be called.
func (m *exprMachine) call(n int) error {
	args := make([]any, n)
	for i := n - 1; i >= 0; i-- {
		v, err := m.resolve(m.pop())
		if err != nil {
			return err
		}
		args[i] = v
	}
	f, ok := m.pop().(*exprFunc)
	if !ok || !f.allowed {
		return errExpr
	}
	v, err := f.call(args, m.ec.deeper())
	if err != nil {
		return err
	}
	m.push(v)
	return nil
}

// define makes the function an expression defines (name, n parameters,
// body), assigns it to its name and pushes it. It runs in a copy of the
// scope it was defined in, with its parameters set.
func (m *exprMachine) define(n int) {
	body := m.pop()
	params := make([]string, n)
	for i := n - 1; i >= 0; i-- {
		params[i] = js.String(m.pop())
	}
	name := js.String(m.pop())
	defScope := m.scope
	f := &exprFunc{name: name, allowed: true}
	f.call = func(args []any, ec evalCtx) (any, error) {
		inner := make(map[string]any, len(defScope)+len(params))
		for k, v := range defScope {
			inner[k] = v
		}
		for i, p := range params {
			if i < len(args) {
				inner[p] = args[i]
			} else {
				inner[p] = js.Undefined
			}
		}
		return resolve(body, inner, ec)
	}
	m.scope[name] = f
	m.push(f)
}

// member reads .name of a value: only what a number, string or array
// has that is not a function matters (a function member throws).
func member(v any, name string) (any, error) {
	if isProtoName(name) {
		return nil, errExpr
	}
	switch x := v.(type) {
	case js.UndefinedType, nil:
		return nil, errExpr // TypeError
	case string:
		u := utf16.Encode([]rune(x))
		if name == "length" {
			return float64(len(u)), nil
		}
		if i, err := strconv.Atoi(name); err == nil && i >= 0 && i < len(u) && strconv.Itoa(i) == name {
			return string(utf16.Decode(u[i : i+1])), nil
		}
		if stringMethods[name] {
			return nil, errExpr
		}
	case []any:
		if name == "length" {
			return float64(len(x)), nil
		}
		if arrayMethods[name] {
			return nil, errExpr
		}
	case float64:
		if numberMethods[name] {
			return nil, errExpr
		}
	case bool:
		if name == "toString" || name == "valueOf" {
			return nil, errExpr
		}
	}
	if objectMethods[name] {
		return nil, errExpr
	}
	return js.Undefined, nil
}

var (
	objectMethods = setOf("toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString",
		"__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__")
	numberMethods = setOf("toFixed", "toExponential", "toPrecision")
	stringMethods = setOf("at", "charAt", "charCodeAt", "codePointAt", "concat", "endsWith", "includes", "indexOf",
		"lastIndexOf", "localeCompare", "match", "matchAll", "normalize", "padEnd", "padStart", "repeat", "replace",
		"replaceAll", "search", "slice", "split", "startsWith", "substr", "substring", "toLowerCase", "toUpperCase",
		"toLocaleLowerCase", "toLocaleUpperCase", "trim", "trimStart", "trimEnd", "trimLeft", "trimRight", "isWellFormed",
		"toWellFormed", "anchor", "big", "blink", "bold", "fixed", "fontcolor", "fontsize", "italics", "link", "small",
		"strike", "sub", "sup")
	arrayMethods = setOf("at", "concat", "copyWithin", "entries", "every", "fill", "filter", "find", "findIndex", "findLast",
		"findLastIndex", "flat", "flatMap", "forEach", "includes", "indexOf", "join", "keys", "lastIndexOf", "map", "pop",
		"push", "reduce", "reduceRight", "reverse", "shift", "slice", "some", "sort", "splice", "toReversed", "toSorted",
		"toSpliced", "unshift", "values", "with")
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// jsAdd is JavaScript's + (strings concatenate).
func jsAdd(a, b any) any {
	pa, pb := toPrimitive(a), toPrimitive(b)
	_, sa := pa.(string)
	_, sb := pb.(string)
	if sa || sb {
		return js.String(pa) + js.String(pb)
	}
	return js.ToNumber(pa) + js.ToNumber(pb)
}

func toPrimitive(v any) any {
	switch v.(type) {
	case []any:
		return js.String(v)
	case *exprFunc, *lazyExpr:
		return "function"
	}
	return v
}

func num(v any) float64 {
	switch v.(type) {
	case *exprFunc, *lazyExpr:
		return math.NaN()
	}
	return js.ToNumber(v)
}

func binaryOp(op string, a, b any) (any, error) {
	switch op {
	case "+":
		return num(a) + num(b), nil
	case "-":
		return num(a) - num(b), nil
	case "*":
		return num(a) * num(b), nil
	case "/":
		return num(a) / num(b), nil
	case "%":
		return jsMod(num(a), num(b)), nil
	case "^":
		return jsPow(num(a), num(b)), nil
	case "||":
		if x, ok := a.([]any); ok {
			if y, ok := b.([]any); ok {
				return append(slices.Clone(x), y...), nil
			}
		}
		return js.String(toPrimitive(a)) + js.String(toPrimitive(b)), nil
	case "==":
		return js.StrictEqual(a, b), nil
	case "!=":
		return !js.StrictEqual(a, b), nil
	case "<", ">", "<=", ">=":
		return compare(op, a, b), nil
	case "in":
		switch list := b.(type) {
		case []any:
			for _, e := range list {
				if js.StrictEqual(e, a) {
					return true, nil
				}
			}
		case string:
			for _, u := range utf16.Encode([]rune(list)) {
				if s, ok := a.(string); ok && s == string(utf16.Decode([]uint16{u})) {
					return true, nil
				}
			}
		case js.UndefinedType, nil:
			return nil, errExpr
		}
		return false, nil
	case "[":
		idx := int(int32(toInt32(num(b))))
		switch list := a.(type) {
		case []any:
			if idx >= 0 && idx < len(list) {
				return list[idx], nil
			}
		case string:
			u := utf16.Encode([]rune(list))
			if idx >= 0 && idx < len(u) {
				return string(utf16.Decode(u[idx : idx+1])), nil
			}
		case js.UndefinedType, nil:
			return nil, errExpr
		}
		return js.Undefined, nil
	}
	return nil, errExpr
}

// toInt32 is JavaScript's ToInt32 (x | 0).
func toInt32(x float64) int64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	n := math.Mod(math.Trunc(x), 1<<32)
	if n < 0 {
		n += 1 << 32
	}
	u := uint32(n)
	return int64(int32(u))
}

// compare is JavaScript's relational comparison.
func compare(op string, a, b any) bool {
	pa, pb := toPrimitive(a), toPrimitive(b)
	if sa, ok := pa.(string); ok {
		if sb, ok := pb.(string); ok {
			c := slices.Compare(utf16.Encode([]rune(sa)), utf16.Encode([]rune(sb)))
			switch op {
			case "<":
				return c < 0
			case ">":
				return c > 0
			case "<=":
				return c <= 0
			}
			return c >= 0
		}
	}
	x, y := js.ToNumber(pa), js.ToNumber(pb)
	switch op {
	case "<":
		return x < y
	case ">":
		return x > y
	case "<=":
		return x <= y
	}
	return x >= y
}

func jsMod(a, b float64) float64 {
	if b == 0 || math.IsInf(a, 0) || math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	if math.IsInf(b, 0) {
		return a
	}
	return math.Mod(a, b)
}

// jsPow is JavaScript's Math.pow for the cases Go's math.Pow answers
// otherwise.
func jsPow(x, y float64) float64 {
	if math.IsNaN(y) || ((x == 1 || x == -1) && math.IsInf(y, 0)) {
		return math.NaN()
	}
	return math.Pow(x, y)
}

// mathFuncs are the unary operators that are Math functions of a number.
var mathFuncs = map[string]func(float64) float64{
	"sin": math.Sin, "cos": math.Cos, "tan": math.Tan, "asin": math.Asin, "acos": math.Acos, "atan": math.Atan,
	"sinh": math.Sinh, "cosh": math.Cosh, "tanh": math.Tanh, "asinh": math.Asinh, "acosh": math.Acosh, "atanh": math.Atanh,
	"sqrt": math.Sqrt, "cbrt": math.Cbrt, "log": math.Log, "ln": math.Log, "log2": math.Log2, "lg": math.Log10,
	"log10": math.Log10, "expm1": math.Expm1, "log1p": math.Log1p, "abs": math.Abs, "ceil": math.Ceil,
	"floor": math.Floor, "round": js.Round, "trunc": math.Trunc, "exp": math.Exp,
	"sign": func(x float64) float64 {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return x
	},
}

func unaryOp(op string, v any) any {
	switch op {
	case "-":
		return -num(v)
	case "+":
		return num(v)
	case "not":
		return !js.Truthy(v)
	case "length":
		if a, ok := v.([]any); ok {
			return float64(len(a))
		}
		return float64(len(utf16.Encode([]rune(js.String(toPrimitive(v))))))
	case "!":
		return gamma(num(jsAdd(v, 1.0)))
	}
	return mathFuncs[op](num(v))
}

// unaryAsFunc is a unary operator named as a value (map(sqrt, [4])): a
// function, which expr-eval does not allow to be called directly.
func unaryAsFunc(op string) *exprFunc {
	return &exprFunc{name: op, call: func(args []any, _ evalCtx) (any, error) {
		var v any = js.Undefined
		if len(args) > 0 {
			v = args[0]
		}
		return unaryOp(op, v), nil
	}}
}

func argAt(args []any, i int) any {
	if i < len(args) {
		return args[i]
	}
	return js.Undefined
}

// builtinFuncs are expr-eval's functions, made when an expression first
// names one rather than when the program starts.
var builtinFuncs = sync.OnceValue(func() map[string]*exprFunc {
	funcs := map[string]*exprFunc{}
	add := func(name string, call exprCall) {
		funcs[name] = &exprFunc{name: name, call: call, allowed: true}
	}
	addNumberFuncs(add)
	addListFuncs(add)
	return funcs
})

// exprCall is the Go side of one of expr-eval's functions.
type exprCall = func(args []any, ec evalCtx) (any, error)

// addNumberFuncs adds expr-eval's functions of numbers: random fac min
// max hypot pyt pow atan2 if gamma roundTo.
func addNumberFuncs(add func(string, exprCall)) {
	add("random", func(args []any, _ evalCtx) (any, error) {
		scale := 1.0
		if a := argAt(args, 0); js.Truthy(a) {
			scale = num(a)
		}
		return rand.Float64() * scale, nil
	})
	add("fac", func(args []any, _ evalCtx) (any, error) { return gamma(num(jsAdd(argAt(args, 0), 1.0))), nil })
	add("min", exprMinMax(true))
	add("max", exprMinMax(false))
	hypot := func(args []any, _ evalCtx) (any, error) { return jsHypot(args), nil }
	add("hypot", hypot)
	add("pyt", hypot)
	add("pow", func(args []any, _ evalCtx) (any, error) { return jsPow(num(argAt(args, 0)), num(argAt(args, 1))), nil })
	add("atan2", func(args []any, _ evalCtx) (any, error) {
		return math.Atan2(num(argAt(args, 0)), num(argAt(args, 1))), nil
	})
	add("if", func(args []any, _ evalCtx) (any, error) {
		if js.Truthy(argAt(args, 0)) {
			return argAt(args, 1), nil
		}
		return argAt(args, 2), nil
	})
	add("gamma", func(args []any, _ evalCtx) (any, error) { return gamma(num(argAt(args, 0))), nil })
	add("roundTo", func(args []any, _ evalCtx) (any, error) { return roundTo(argAt(args, 0), argAt(args, 1)), nil })
}

// exprMinMax is min (isMin) or max: of its arguments, or of the one array
// it is given.
func exprMinMax(isMin bool) exprCall {
	return func(args []any, _ evalCtx) (any, error) {
		list := args
		if len(args) == 1 {
			if a, ok := args[0].([]any); ok {
				list = a
			}
		}
		r := math.Inf(1)
		if !isMin {
			r = math.Inf(-1)
		}
		for _, a := range list {
			x := num(a)
			if math.IsNaN(x) {
				return math.NaN(), nil
			}
			if isMin {
				r = math.Min(r, x)
			} else {
				r = math.Max(r, x)
			}
		}
		return r, nil
	}
}

// addListFuncs adds expr-eval's functions of arrays: map fold filter
// indexOf join sum.
func addListFuncs(add func(string, exprCall)) {
	add("map", exprMap)
	add("fold", exprFold)
	add("filter", exprFilter)
	add("indexOf", exprIndexOf)
	add("join", func(args []any, _ evalCtx) (any, error) {
		list, ok := argAt(args, 1).([]any)
		if !ok {
			return nil, errExpr
		}
		sep := ","
		if s := argAt(args, 0); s != js.Undefined {
			sep = js.String(toPrimitive(s))
		}
		return js.Join(list, sep), nil
	})
	add("sum", func(args []any, _ evalCtx) (any, error) {
		list, ok := argAt(args, 0).([]any)
		if !ok {
			return nil, errExpr
		}
		var total any = 0.0
		for _, v := range list {
			total = jsAdd(total, num(v))
		}
		return total, nil
	})
}

// exprMap is map(f, list): f(x, i) of each item.
func exprMap(args []any, ec evalCtx) (any, error) {
	f, ok := argAt(args, 0).(*exprFunc)
	list, isList := argAt(args, 1).([]any)
	if !ok || !isList {
		return nil, errExpr
	}
	out := make([]any, len(list))
	for i, x := range list {
		v, err := f.call([]any{x, float64(i)}, ec)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// exprFold is fold(f, init, list): f(acc, x, i) over the items.
func exprFold(args []any, ec evalCtx) (any, error) {
	f, ok := argAt(args, 0).(*exprFunc)
	list, isList := argAt(args, 2).([]any)
	if !ok || !isList {
		return nil, errExpr
	}
	acc := argAt(args, 1)
	for i, x := range list {
		v, err := f.call([]any{acc, x, float64(i)}, ec)
		if err != nil {
			return nil, err
		}
		acc = v
	}
	return acc, nil
}

// exprFilter is filter(f, list): the items for which f(x, i) is truthy.
func exprFilter(args []any, ec evalCtx) (any, error) {
	f, ok := argAt(args, 0).(*exprFunc)
	list, isList := argAt(args, 1).([]any)
	if !ok || !isList {
		return nil, errExpr
	}
	var out []any
	for i, x := range list {
		v, err := f.call([]any{x, float64(i)}, ec)
		if err != nil {
			return nil, err
		}
		if js.Truthy(v) {
			out = append(out, x)
		}
	}
	return out, nil
}

// exprIndexOf is indexOf(target, arrayOrString), in UTF-16 units for a
// string, as JavaScript's.
func exprIndexOf(args []any, _ evalCtx) (any, error) {
	target := argAt(args, 0)
	switch s := argAt(args, 1).(type) {
	case []any:
		for i, e := range s {
			if js.StrictEqual(e, target) {
				return float64(i), nil
			}
		}
		return -1.0, nil
	case string:
		hay := utf16.Encode([]rune(s))
		needle := utf16.Encode([]rune(js.String(toPrimitive(target))))
		for i := 0; i+len(needle) <= len(hay); i++ {
			if slices.Equal(hay[i:i+len(needle)], needle) {
				return float64(i), nil
			}
		}
		return -1.0, nil
	}
	return nil, errExpr
}

// jsHypot is V8's Math.hypot: scaled by the largest argument, with a
// compensated sum.
func jsHypot(args []any) float64 {
	xs := make([]float64, len(args))
	largest := 0.0
	oneNaN := false
	for i, a := range args {
		x := math.Abs(num(a))
		if math.IsInf(x, 0) {
			return math.Inf(1)
		}
		if math.IsNaN(x) {
			oneNaN = true
		} else if x > largest {
			largest = x
		}
		xs[i] = x
	}
	if oneNaN {
		return math.NaN()
	}
	if largest == 0 {
		return 0
	}
	sum, comp := 0.0, 0.0
	for _, x := range xs {
		n := x / largest
		s := n*n - comp
		prelim := sum + s
		comp = (prelim - sum) - s
		sum = prelim
	}
	return math.Sqrt(sum) * largest
}

var gammaP = []float64{
	0.99999999999999709182,
	57.156235665862923517, -59.597960355475491248,
	14.136097974741747174, -0.49191381609762019978,
	0.33994649984811888699e-4,
	0.46523628927048575665e-4, -0.98374475304879564677e-4,
	0.15808870322491248884e-3, -0.21026444172410488319e-3,
	0.21743961811521264320e-3, -0.16431810653676389022e-3,
	0.84418223983852743293e-4, -0.26190838401581408670e-4,
	0.36899182659531622704e-5,
}

// gamma is expr-eval's: exact products for integers, Lanczos otherwise.
func gamma(n float64) float64 {
	if !math.IsInf(n, 0) && !math.IsNaN(n) && n == js.Round(n) {
		if n <= 0 {
			return math.Inf(1)
		}
		if n > 171 {
			return math.Inf(1)
		}
		value, res := n-2, n-1
		for value > 1 {
			res *= value
			value--
		}
		if res == 0 {
			res = 1
		}
		return res
	}
	if math.IsNaN(n) {
		return math.NaN()
	}
	if n < 0.5 {
		return math.Pi / (math.Sin(math.Pi*n) * gamma(1-n))
	}
	if n >= 171.35 {
		return math.Inf(1)
	}
	if n > 85.0 {
		two := n * n
		three := two * n
		four := three * n
		five := four * n
		return math.Sqrt(2*math.Pi/n) * math.Pow(n/math.E, n) *
			(1 + 1/(12*n) + 1/(288*two) - 139/(51840*three) - 571/(2488320*four) + 163879/(209018880*five) + 5246819/(75246796800*five*n))
	}
	n--
	x := gammaP[0]
	for i := 1; i < len(gammaP); i++ {
		x += gammaP[i] / (n + float64(i))
	}
	t := n + 4.7421875 + 0.5
	return math.Sqrt(2*math.Pi) * math.Pow(t, n+0.5) * math.Exp(-t) * x
}

// roundTo is expr-eval's decimal adjustment, which shifts the exponent of
// the number's JavaScript text: roundTo(1.005, 2) is 1.01.
func roundTo(value, exp any) any {
	if exp == js.Undefined || num(exp) == 0 {
		return js.Round(num(value))
	}
	v := num(value)
	e := -num(exp)
	if math.IsNaN(v) || math.Mod(e, 1) != 0 {
		return math.NaN()
	}
	shift := func(x, by float64) float64 {
		mant, ex, has := strings.Cut(js.Format(x), "e")
		p := -by
		if has {
			p = js.ToNumber(ex) - by
		}
		return js.ToNumber(mant + "e" + js.Format(p))
	}
	r := js.Round(shift(v, e))
	return shift(r, -e)
}
