package tokensstudio

import (
	"errors"
	"math"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
)

// evalExpr is what sd-transforms asks of expr-eval-fork 3's
// Parser#evaluate: numbers (decimal, exponent), + - * / % ^, unary - and
// +, parentheses, its one-argument math functions (prefix, with or without
// parentheses), min/max/pow/atan2/hypot, and the constants PI and E. It
// fails where expr-eval throws (a unit or any other name it does not
// know, a syntax error) and on what sd-transforms would not get a number
// from (comparisons, strings, arrays), which it then hands to the CSS
// calc reducer. The precedence is expr-eval's: ^ binds tighter than
// unary minus on its right only (-2^2 is -4), and is right-associative.
func evalExpr(s string) (float64, error) {
	p := &exprParser{src: s}
	if err := p.next(); err != nil {
		return 0, err
	}
	v, err := p.addSub()
	if err != nil {
		return 0, err
	}
	if p.tok.kind != tEOF {
		return 0, errExpr
	}
	if p.undefinedResult && p.ops == 0 {
		return 0, errExpr // undefined is no number
	}
	return v, nil
}

var errExpr = errors.New("not an expression expr-eval evaluates to a number")

type exprTokKind int

const (
	tEOF exprTokKind = iota
	tNum
	tOp
	tName
	tLParen
	tRParen
	tComma
)

type exprTok struct {
	kind exprTokKind
	num  float64
	str  string
}

type exprParser struct {
	src string
	pos int
	tok exprTok
	// undefinedResult is set when a member was read: the value is
	// undefined, and the whole expression too if nothing combines it.
	undefinedResult bool
	ops             int // operators applied, which turn undefined into NaN
}

// unaryFuncs are expr-eval's unary operators written as names.
var unaryFuncs = map[string]func(float64) float64{
	"sin": math.Sin, "cos": math.Cos, "tan": math.Tan, "asin": math.Asin, "acos": math.Acos, "atan": math.Atan,
	"sinh": math.Sinh, "cosh": math.Cosh, "tanh": math.Tanh, "asinh": math.Asinh, "acosh": math.Acosh, "atanh": math.Atanh,
	"sqrt": math.Sqrt, "cbrt": math.Cbrt, "log": math.Log, "ln": math.Log, "log2": math.Log2, "lg": math.Log10, "log10": math.Log10,
	"expm1": math.Expm1, "log1p": math.Log1p, "abs": math.Abs, "ceil": math.Ceil, "floor": math.Floor,
	"round": jsRound, "trunc": math.Trunc, "exp": math.Exp,
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

// binaryFuncs are expr-eval's functions of two arguments that give
// numbers.
var binaryFuncs = map[string]func(a, b float64) float64{
	"pow": jsPow, "atan2": math.Atan2,
}

func jsRound(x float64) float64 { return math.Floor(x + 0.5) }

// jsPow is JavaScript's ** for the cases Go's math.Pow answers otherwise.
func jsPow(x, y float64) float64 {
	if math.IsNaN(y) || ((x == 1 || x == -1) && math.IsInf(y, 0)) {
		return math.NaN()
	}
	return math.Pow(x, y)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 }

func (p *exprParser) next() error {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\n' || p.src[p.pos] == '\r') {
		p.pos++
	}
	if p.pos >= len(p.src) {
		p.tok = exprTok{kind: tEOF}
		return nil
	}
	c := p.src[p.pos]
	switch {
	case c == '.' && (p.pos+1 >= len(p.src) || p.src[p.pos+1] < '0' || p.src[p.pos+1] > '9'):
		// member access: "64.00.dp" is 64.00["dp"]
		p.tok = exprTok{kind: tOp, str: "."}
		p.pos++
	case c >= '0' && c <= '9' || c == '.':
		start := p.pos
		i := p.pos
		dot, digits := false, false
		for i < len(p.src) && (p.src[i] >= '0' && p.src[i] <= '9' || !dot && p.src[i] == '.') {
			if p.src[i] == '.' {
				dot = true
			} else {
				digits = true
			}
			i++
		}
		if !digits {
			return errExpr
		}
		end := i
		if i < len(p.src) && (p.src[i] == 'e' || p.src[i] == 'E') {
			j := i + 1
			if j < len(p.src) && (p.src[j] == '+' || p.src[j] == '-') {
				j++
			}
			k := j
			for k < len(p.src) && p.src[k] >= '0' && p.src[k] <= '9' {
				k++
			}
			if k > j {
				end = k
			}
		}
		v, _ := js.ParseFloat(p.src[start:end])
		p.tok = exprTok{kind: tNum, num: v}
		p.pos = end
	case strings.IndexByte("+-*/%^", c) >= 0:
		p.tok = exprTok{kind: tOp, str: string(c)}
		p.pos++
	case c == '(':
		p.tok = exprTok{kind: tLParen}
		p.pos++
	case c == ')':
		p.tok = exprTok{kind: tRParen}
		p.pos++
	case c == ',':
		p.tok = exprTok{kind: tComma}
		p.pos++
	case isLetter(c) || c == '_' || c == '$':
		i := p.pos + 1
		for i < len(p.src) && (isLetter(p.src[i]) || p.src[i] == '_' || p.src[i] >= '0' && p.src[i] <= '9') {
			i++
		}
		p.tok = exprTok{kind: tName, str: p.src[p.pos:i]}
		p.pos = i
	default:
		// comparison and logical operators, strings, arrays, members: not
		// numbers sd-transforms keeps
		return errExpr
	}
	return nil
}

func (p *exprParser) addSub() (float64, error) {
	v, err := p.term()
	if err != nil {
		return 0, err
	}
	for p.tok.kind == tOp && (p.tok.str == "+" || p.tok.str == "-") {
		op := p.tok.str
		if err := p.next(); err != nil {
			return 0, err
		}
		r, err := p.term()
		if err != nil {
			return 0, err
		}
		p.ops++
		if op == "+" {
			v += r
		} else {
			v -= r
		}
	}
	return v, nil
}

func (p *exprParser) term() (float64, error) {
	v, err := p.factor()
	if err != nil {
		return 0, err
	}
	for p.tok.kind == tOp && (p.tok.str == "*" || p.tok.str == "/" || p.tok.str == "%") {
		op := p.tok.str
		if err := p.next(); err != nil {
			return 0, err
		}
		r, err := p.factor()
		if err != nil {
			return 0, err
		}
		p.ops++
		switch op {
		case "*":
			v *= r
		case "/":
			v /= r
		default:
			v = math.Mod(v, r)
		}
	}
	return v, nil
}

func (p *exprParser) factor() (float64, error) {
	if p.tok.kind == tOp && (p.tok.str == "-" || p.tok.str == "+") {
		op := p.tok.str
		if err := p.next(); err != nil {
			return 0, err
		}
		v, err := p.factor()
		if err != nil {
			return 0, err
		}
		p.ops++
		if op == "-" {
			return -v, nil
		}
		return v, nil
	}
	if p.tok.kind == tName {
		if f, ok := unaryFuncs[p.tok.str]; ok {
			// a prefix operator: "sqrt 16" applies to the factor after
			// it, "sqrt(16)" to the parenthesis.
			if err := p.next(); err != nil {
				return 0, err
			}
			if p.tok.kind == tLParen {
				// f(x) is a call whose result an exponent may follow
				v, err := p.call()
				if err != nil {
					return 0, err
				}
				p.ops++
				return p.power(f(v))
			}
			v, err := p.factor()
			if err != nil {
				return 0, err
			}
			p.ops++
			return f(v), nil
		}
	}
	return p.exponential()
}

func (p *exprParser) exponential() (float64, error) {
	v, err := p.call()
	if err != nil {
		return 0, err
	}
	return p.power(v)
}

// power reads "^ factor" after v, if it is there.
func (p *exprParser) power(v float64) (float64, error) {
	if p.tok.kind == tOp && p.tok.str == "^" {
		if err := p.next(); err != nil {
			return 0, err
		}
		r, err := p.factor()
		if err != nil {
			return 0, err
		}
		p.ops++
		return jsPow(v, r), nil
	}
	return v, nil
}

// call is an atom and the members read of it: a member of a number is
// undefined, which evaluates to NaN in arithmetic (and fails as the
// whole result, which is then no number); a member of that throws.
func (p *exprParser) call() (float64, error) {
	v, err := p.atom()
	if err != nil {
		return 0, err
	}
	members := 0
	for p.tok.kind == tOp && p.tok.str == "." {
		if err := p.next(); err != nil {
			return 0, err
		}
		if p.tok.kind != tName || members > 0 {
			return 0, errExpr
		}
		members++
		if err := p.next(); err != nil {
			return 0, err
		}
		v = math.NaN()
		p.undefinedResult = true
	}
	return v, nil
}

func (p *exprParser) atom() (float64, error) {
	switch p.tok.kind {
	case tNum:
		v := p.tok.num
		return v, p.next()
	case tLParen:
		if err := p.next(); err != nil {
			return 0, err
		}
		v, err := p.addSub()
		if err != nil {
			return 0, err
		}
		if p.tok.kind != tRParen {
			return 0, errExpr
		}
		return v, p.next()
	case tName:
		name := p.tok.str
		if err := p.next(); err != nil {
			return 0, err
		}
		switch name {
		case "PI":
			return math.Pi, nil
		case "E":
			return math.E, nil
		}
		if p.tok.kind != tLParen {
			return 0, errExpr // an undefined variable
		}
		if err := p.next(); err != nil {
			return 0, err
		}
		var args []float64
		for p.tok.kind != tRParen {
			v, err := p.addSub()
			if err != nil {
				return 0, err
			}
			args = append(args, v)
			if p.tok.kind == tComma {
				if err := p.next(); err != nil {
					return 0, err
				}
			} else if p.tok.kind != tRParen {
				return 0, errExpr
			}
		}
		if err := p.next(); err != nil {
			return 0, err
		}
		p.ops++
		switch name {
		case "min", "max":
			if len(args) == 0 {
				if name == "min" {
					return math.Inf(1), nil
				}
				return math.Inf(-1), nil
			}
			r := args[0]
			for _, a := range args[1:] {
				if math.IsNaN(a) || math.IsNaN(r) {
					r = math.NaN()
				} else if name == "min" {
					r = math.Min(r, a)
				} else {
					r = math.Max(r, a)
				}
			}
			return r, nil
		case "hypot":
			s := 0.0
			for _, a := range args {
				s += a * a
			}
			return math.Sqrt(s), nil
		}
		if f, ok := binaryFuncs[name]; ok && len(args) == 2 {
			return f(args[0], args[1]), nil
		}
		return 0, errExpr
	}
	return 0, errExpr
}
