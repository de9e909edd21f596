package tokensstudio

import (
	"regexp"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/tokenbuild"
)

// DefaultFractionDigits is the number of decimals math results are
// rounded to when the platform sets no mathFractionDigits.
const DefaultFractionDigits = 4

var mathChars = map[string]bool{"+": true, "-": true, "*": true, "/": true}

// checkIfInsideGroup reports whether a piece of a multi-value expression
// sits inside ( ) in the whole expression (the package's /\(.*?piece.*?\)/,
// whose dots match no line terminator), or opens a group itself.
func checkIfInsideGroup(piece, full string) bool {
	if strings.Contains(piece, "(") {
		return true
	}
	if !strings.Contains(full, "(") {
		return false
	}
	if strings.ContainsAny(piece, lineTerminators) {
		re, err := regexp.Compile(`\(.*?` + regexp.QuoteMeta(piece) + `.*?\)`)
		return err == nil && re.MatchString(full)
	}
	for _, line := range splitLines(full) {
		// the earliest "(", then the earliest piece after it, leave the
		// most room for a ")" after that
		i := strings.IndexByte(line, '(')
		if i < 0 {
			continue
		}
		j := strings.Index(line[i+1:], piece)
		if j < 0 {
			continue
		}
		if strings.IndexByte(line[i+1+j+len(piece):], ')') >= 0 {
			return true
		}
	}
	return false
}

// lineTerminators are what JavaScript's "." does not match.
const lineTerminators = "\n\r\u2028\u2029"

func splitLines(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(lineTerminators, r) })
}

var endsInParen = lazyregexp.New(`\)$`)

// splitMultiIntoSingleValues splits "8 / 4 * 7px 8 * 5px" into the
// space-separated values it holds: a space with no math operator left or
// right of it separates two values.
func splitMultiIntoSingleValues(expr string) []string {
	toks := strings.Split(expr, " ")
	var indexes []int
	skipNext := false
	for i, tok := range toks {
		left, right := "", ""
		if i > 0 {
			left = toks[i-1]
		}
		if i+1 < len(toks) {
			right = toks[i+1]
		}
		valid := mathChars[tok] ||
			mathChars[right] && mathChars[left] ||
			left == "" && mathChars[right] ||
			right == "" && mathChars[left] ||
			len(toks) <= 1 ||
			endsInParen.MatchString(tok) && mathChars[right] ||
			checkIfInsideGroup(tok, expr)
		if valid {
			continue
		}
		if !skipNext {
			indexes = append(indexes, i)
			if !strings.ContainsAny(tok, "+-*/") {
				skipNext = true
			}
		} else {
			skipNext = false
		}
	}
	if len(indexes) == 0 {
		return []string{expr}
	}
	indexes = append(indexes, len(toks))
	var out []string
	cur := 0
	for _, i := range indexes {
		end := min(i+1, len(toks))
		if cur < end {
			if v := strings.Join(toks[cur:end], " "); v != "" {
				out = append(out, v)
			}
		}
		cur = i + 1
	}
	return out
}

var unitRegex = lazyregexp.New(`(\d+\.?\d*)(([a-zA-Z]|%)+)`)
var nonMultiplyOperators = lazyregexp.New(`[/+%-]`)

// ParseAndReduce evaluates one math expression as sd-transforms'
// parseAndReduce does: px is dropped and put back, one other unit may be
// used throughout, the result is rounded to fractionDigits decimals. It
// returns the expression itself (a string) when it is a plain number or
// cannot be evaluated, else the result: a float64, or a string when it has
// a unit.
func ParseAndReduce(expr string, fractionDigits int) any {
	if !isNaNNumber(expr) {
		return expr
	}
	hasPx := strings.Contains(expr, "px")
	noPx := strings.ReplaceAll(expr, "px", "")
	var units []string
	for _, m := range unitRegex.FindAllStringSubmatch(noPx, -1) {
		u := m[2]
		found := false
		for _, x := range units {
			found = found || x == u
		}
		if !found {
			units = append(units, u)
		}
	}
	if len(units) > 1 {
		return expr
	}
	unit := ""
	if len(units) == 1 {
		unit = units[0]
	} else if hasPx {
		unit = "px"
	}
	var result float64
	ok := false
	if !isNaNNumber(noPx) {
		result, ok = js.ToNumber(noPx), true
	}
	if !ok {
		if v, err := evalExpr(noPx); err == nil {
			result, ok = v, true
		}
	}
	if !ok {
		toParse := noPx
		if !nonMultiplyOperators.MatchString(toParse) && unit != "" {
			toParse = strings.ReplaceAll(toParse, unit, "")
		}
		if r := reduceCalc(parseCalc(toParse)); r != nil && r.value == r.value {
			result, ok = r.value, true
		}
	}
	if !ok {
		return expr
	}
	fixed, _ := js.ParseFloat(js.Format(result))
	rounded := js.ToNumber(js.ToFixed(fixed, fractionDigits))
	if unit != "" {
		return js.Format(rounded) + unit
	}
	return rounded
}

// isNaNNumber is isNaN(Number(s)).
func isNaNNumber(s string) bool {
	n := js.ToNumber(s)
	return n != n
}

// resolveMath evaluates each value of a space-separated multi-value.
func resolveMath(v any, fractionDigits int) any {
	s, ok := v.(string)
	if !ok {
		return v
	}
	parts := splitMultiIntoSingleValues(s)
	if len(parts) == 1 {
		return ParseAndReduce(parts[0], fractionDigits)
	}
	strs := make([]any, len(parts))
	for i, p := range parts {
		strs[i] = ParseAndReduce(p, fractionDigits)
	}
	return js.Join(strs, " ")
}

// CheckAndEvaluateMath is checkAndEvaluateMath(token, fractionDigits): the
// math in a value (each property of a typography or border object, each
// property of a shadow object or of each shadow in an array) evaluated.
// Objects are copied, never changed in place.
func CheckAndEvaluateMath(value any, typ string, fractionDigits int) any {
	switch typ {
	case "typography", "border":
		return mapProps(value, func(_ string, v any) any { return resolveMath(v, fractionDigits) })
	case "shadow":
		if arr, ok := value.([]any); ok {
			out := make([]any, len(arr))
			for i, item := range arr {
				// the items' properties, then (a second pass over the
				// array) the items that are strings themselves
				if _, isString := item.(string); isString {
					out[i] = resolveMath(item, fractionDigits)
					continue
				}
				out[i] = mapProps(item, func(_ string, v any) any { return resolveMath(v, fractionDigits) })
			}
			return out
		}
		return mapProps(value, func(_ string, v any) any { return resolveMath(v, fractionDigits) })
	}
	return resolveMath(value, fractionDigits)
}

// mapProps returns a copy of an object with each property passed through
// f (of an array, each item: Object.keys lists its indexes); anything else
// is returned as it is.
func mapProps(v any, f func(k string, v any) any) any {
	if arr, ok := v.([]any); ok {
		out := make([]any, len(arr))
		for i, x := range arr {
			out[i] = f("", x)
		}
		return out
	}
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		return v
	}
	if o.Aliased() {
		// in place, as the package changes it (setInPlace)
		for _, k := range o.Keys() {
			o.Set(k, f(k, o.Value(k)))
		}
		return o
	}
	out := tokenbuild.NewObjectCap(o.Len())
	o.Range(func(k string, x any) bool {
		out.Set(k, f(k, x))
		return true
	})
	return out
}
