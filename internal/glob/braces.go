package glob

import (
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// maxExpansions is how many patterns one brace pattern may expand to:
// node-glob passes braceExpandMax 10,000 to minimatch, which gives it to
// brace-expansion as its max; expansions past it are dropped.
const maxExpansions = 10000

// Placeholders for escaped brace characters while expanding. They hold a
// NUL, which a pattern (a path) cannot hold.
const (
	escSlash  = "\x00SLASH\x00"
	escOpen   = "\x00OPEN\x00"
	escClose  = "\x00CLOSE\x00"
	escComma  = "\x00COMMA\x00"
	escPeriod = "\x00PERIOD\x00"
)

var (
	hasBraceSet       = lazyregexp.New(`\{[^{\n\r\x{2028}\x{2029}]*\}`)
	numericSequence   = lazyregexp.New(`^-?\d+\.\.-?\d+(?:\.\.-?\d+)?$`)
	alphaSequence     = lazyregexp.New(`^[a-zA-Z]\.\.[a-zA-Z](?:\.\.-?\d+)?$`)
	paddedNumber      = lazyregexp.New(`^-?0\d`)
	escapeBraceChars  = strings.NewReplacer(`\\`, escSlash, `\{`, escOpen, `\}`, escClose, `\,`, escComma, `\.`, escPeriod)
	unescapeBraceChar = strings.NewReplacer(escSlash, `\`, escOpen, "{", escClose, "}", escComma, ",", escPeriod, ".")
)

// expandBraces expands {a,b} sets and {1..3} / {a..c} sequences the way
// minimatch's braceExpand (brace-expansion 5) does, Bash-like: a set with
// one member ({a}) stays literal, as does a set after a $ (${a,b}); an
// escaped brace, comma or period (\{ \} \, \.) is literal and loses its
// backslash in the expansion.
func expandBraces(pattern string) []string {
	if !hasBraceSet.MatchString(pattern) {
		return []string{pattern}
	}
	if strings.HasPrefix(pattern, "{}") {
		pattern = `\{\}` + pattern[2:]
	}
	out := expandBraceSets(escapeBraceChars.Replace(pattern), 0, true)
	for i, s := range out {
		out[i] = unescapeBraceChar.Replace(s)
	}
	return out
}

// braceRange is balanced-match's range: the first { and the } that
// closes it, or, when braces do not balance, the widest balanced pair.
func braceRange(str string) (int, int, bool) {
	ai := strings.IndexByte(str, '{')
	if ai < 0 {
		return 0, 0, false
	}
	bi := indexFrom(str, '}', ai+1)
	if bi <= 0 {
		return 0, 0, false
	}
	var begs []int
	left, right := len(str), -1
	i := ai
	for i >= 0 {
		if i == ai {
			begs = append(begs, i)
			ai = indexFrom(str, '{', i+1)
		} else if len(begs) == 1 {
			return begs[0], bi, true
		} else {
			beg := begs[len(begs)-1]
			begs = begs[:len(begs)-1]
			if beg < left {
				left, right = beg, bi
			}
			bi = indexFrom(str, '}', i+1)
		}
		if ai < bi && ai >= 0 {
			i = ai
		} else {
			i = bi
		}
	}
	if len(begs) > 0 && right >= 0 {
		return left, right, true
	}
	return 0, 0, false
}

func indexFrom(s string, c byte, from int) int {
	if from > len(s) {
		return -1
	}
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return -1
}

type braceMatch struct {
	pre, body, post string
	end             int
	unmatched       bool
}

func balanced(str, masked string) (braceMatch, bool) {
	s, e, ok := braceRange(masked)
	if !ok {
		return braceMatch{}, false
	}
	return braceMatch{pre: str[:s], body: str[s+1 : e], post: str[e+1:], end: e,
		unmatched: strings.IndexByte(masked, '{') < s}, true
}

// maskUnmatchedOpens hides the { that no } closes, so that the next
// search finds the sets after them.
func maskUnmatchedOpens(masked string) string {
	var open []int
	for i := 0; i < len(masked); i++ {
		switch masked[i] {
		case '{':
			open = append(open, i)
		case '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	b := []byte(masked)
	for _, at := range open {
		b[at] = 0
	}
	return string(b)
}

// commaSetFollows reports whether a later set with a comma follows: {a},b}
// is then read as a set of "{a}" and "b".
func commaSetFollows(str string) bool {
	closed := false
	for i := len(str) - 1; i >= 0; i-- {
		switch c := str[i]; {
		case c == '}':
			closed = true
		case c == '\n' || c == '\r':
			closed = false
		case c == ',' && closed && (i+1 >= len(str) || str[i+1] != ','):
			return true
		}
	}
	return false
}

// parseCommaParts splits a set's body at its top-level commas.
func parseCommaParts(str string) []string {
	var parts []string
	carry := ""
	for {
		m, ok := balanced(str, str)
		if !ok {
			tail := strings.Split(str, ",")
			tail[0] = carry + tail[0]
			return append(parts, tail...)
		}
		p := strings.Split(m.pre, ",")
		p[0] = carry + p[0]
		p[len(p)-1] += "{" + m.body + "}"
		if m.post == "" {
			return append(parts, p...)
		}
		carry = p[len(p)-1]
		parts = append(parts, p[:len(p)-1]...)
		str = m.post
	}
}

func combine(acc []string, pre string, values []string, dropEmpties bool) []string {
	var out []string
	var nonEmpty []string
	for _, a := range acc {
		prefix := a + pre
		vs := values
		if dropEmpties && prefix == "" {
			if nonEmpty == nil {
				nonEmpty = []string{}
				for _, v := range values {
					if v != "" {
						nonEmpty = append(nonEmpty, v)
					}
				}
			}
			vs = nonEmpty
		}
		for _, v := range vs {
			if len(out) >= maxExpansions {
				return out
			}
			out = append(out, prefix+v)
		}
	}
	return out
}

// numeric is brace-expansion's numeric: the number a sequence end
// spells, or its first character's code.
func numeric(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	u := utf16.Encode([]rune(s))
	if len(u) == 0 {
		return 0
	}
	return int(u[0])
}

func expandSequence(body string, alpha bool) []string {
	n := strings.Split(body, "..")
	x, y := numeric(n[0]), numeric(n[1])
	width := max(len(n[0]), len(n[1]))
	incr := 1
	if len(n) == 3 {
		incr = max(abs(numeric(n[2])), 1)
	}
	reverse := y < x
	if reverse {
		incr = -incr
	}
	pad := false
	for _, e := range n {
		pad = pad || paddedNumber.MatchString(e)
	}
	var out []string
	for i := x; (!reverse && i <= y || reverse && i >= y) && len(out) < maxExpansions; i += incr {
		var c string
		if alpha {
			c = string(rune(i))
			if c == `\` {
				c = ""
			}
		} else {
			c = strconv.Itoa(i)
			if pad {
				if need := width - len(c); need > 0 {
					z := strings.Repeat("0", need)
					if i < 0 {
						c = "-" + z + c[1:]
					} else {
						c = z + c
					}
				}
			}
		}
		out = append(out, c)
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

const maxBraceDepth = 1000

func expandBraceSets(str string, depth int, isTop bool) []string {
	if depth > maxBraceDepth {
		return []string{str}
	}
	acc := []string{""}
	dropEmpties := false
	firstGroup := true
	masked := str
	rewrites := 0
	for {
		m, ok := balanced(str, masked)
		if !ok {
			return combine(acc, str, []string{""}, dropEmpties)
		}
		if m.unmatched {
			masked = maskUnmatchedOpens(masked)
		}
		literal := func() []string {
			return combine(acc, m.pre+"{"+m.body+"}"+m.post, []string{""}, dropEmpties)
		}
		if strings.HasSuffix(m.pre, "$") {
			acc = combine(acc, m.pre+"{"+m.body+"}", []string{""}, dropEmpties && m.post == "")
			firstGroup = false
			if m.post == "" {
				break
			}
			str, masked = m.post, masked[m.end+1:]
			continue
		}
		isAlpha := alphaSequence.MatchString(m.body)
		isSequence := isAlpha || numericSequence.MatchString(m.body)
		if !isSequence && !strings.Contains(m.body, ",") {
			if rewrites < 1000 && commaSetFollows(m.post) {
				rewrites++
				str = m.pre + "{" + m.body + escClose + m.post
				masked = masked[:m.end] + escClose + masked[m.end+1:]
				isTop = true
				continue
			}
			return literal()
		}
		if firstGroup {
			dropEmpties = isTop && !isSequence
			firstGroup = false
		}
		var values []string
		if isSequence {
			values = expandSequence(m.body, isAlpha)
		} else {
			n := parseCommaParts(m.body)
			if len(n) == 1 {
				inner := expandBraceSets(n[0], depth+1, false)
				for i := range inner {
					inner[i] = "{" + inner[i] + "}"
				}
				n = inner
				if len(n) == 1 {
					acc = combine(acc, m.pre+n[0], []string{""}, dropEmpties && m.post == "")
					if m.post == "" {
						break
					}
					str, masked = m.post, masked[m.end+1:]
					continue
				}
			}
			dropsEmpties := dropEmpties && m.post == "" && m.pre == ""
			for _, a := range acc {
				if a != "" {
					dropsEmpties = false
				}
			}
			for _, part := range n {
				for _, v := range expandBraceSets(part, depth+1, false) {
					if dropsEmpties && v == "" {
						continue
					}
					if len(values) >= maxExpansions {
						break
					}
					values = append(values, v)
				}
			}
		}
		acc = combine(acc, m.pre, values, dropEmpties && m.post == "")
		if m.post == "" {
			break
		}
		str, masked = m.post, masked[m.end+1:]
	}
	return acc
}
