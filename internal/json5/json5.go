// Package json5 parses JSON5 (https://spec.json5.org), and so also plain
// JSON and JSONC, into model values: nil, bool, float64, string, []any and
// *tokenbuild.Object. It follows the npm json5 2.2.3 parser that the reference
// uses for every .json, .jsonc and .json5 token file, including its error
// messages and positions.
//
// The parser is a hand-written byte scanner with an explicit stack, so deep
// nesting cannot overflow the Go stack; nesting deeper than MaxDepth is
// refused all the same, because everything downstream walks token trees
// by path and a pathological depth costs quadratic time and memory there.
package json5

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/tokengen/tokengen/internal/strset"
	"github.com/tokengen/tokengen/tokenbuild"
)

// tables.go holds the identifier character ranges of json5 2.2.3, from
// testdata/unicode.json (which testdata/unicode.js prints with node and the
// json5 package on NODE_PATH).
//go:generate go run gentables.go

// MaxDepth is the deepest nesting of objects and arrays Parse accepts.
// Real token files nest a few levels; node's json5 has no limit, but a file
// thousands of levels deep is a mistake or an attack, not a design system.
const MaxDepth = 1000

// Parse parses a JSON5 document. Errors are *tokenbuild.Diagnostic with Line and Col
// as node's json5 reports them (1-based line; the column counts UTF-16 code
// units and points at the offending character).
func Parse(data []byte) (any, error) { return parse(data, false) }

// ParseOwned is Parse for a buffer the caller hands over and never changes
// again (a file just read): the strings of the result share its memory
// instead of a copy of it.
func ParseOwned(data []byte) (any, error) { return parse(data, true) }

func parse(data []byte, owned bool) (any, error) {
	if !utf8.Valid(data) {
		return nil, invalidUTF8(data)
	}
	// Strings are cut out of one copy of the whole source instead of being
	// copied one by one: a token file is mostly strings, and the tokens
	// keep them for the whole build anyway.
	var text string
	if owned {
		text = ownedText(data) // no copy: see owned.go
	} else {
		text = string(data)
	}
	p := &parser{src: data, text: text}
	return p.parse()
}

// invalidUTF8 is the error for data that is not UTF-8 text. node decodes
// such a file with U+FFFD in place of each bad sequence and builds it, so
// the token quietly holds replacement characters; here the first bad byte
// is an error at its place. A syntax error before it comes first, as the
// parser would have met it first (the position is node's, on the text it
// decodes, which is the same text up to the bad byte).
func invalidUTF8(data []byte) error {
	bad := 0
	for bad < len(data) {
		r, n := utf8.DecodeRune(data[bad:])
		if r == utf8.RuneError && n == 1 {
			break
		}
		bad += n
	}
	p := &parser{src: data}
	line, col := p.position(bad)
	decoded := decodeUTF8(data)
	if _, err := (&parser{src: decoded, text: string(decoded)}).parse(); err != nil {
		if e, ok := err.(*tokenbuild.Diagnostic); ok && (e.Line < line || e.Line == line && e.Col < col) {
			return err
		}
	}
	return &tokenbuild.Diagnostic{Line: line, Col: col, Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x)", data[bad]), Hint: "the file must be saved as UTF-8 text"}
}

// decodeUTF8 replaces each maximal subpart of an ill-formed UTF-8 sequence
// with one U+FFFD, as node's (the WHATWG) UTF-8 decoder does: "\xE2\x82x"
// is "\uFFFDx", where utf8.DecodeRune would see two bad bytes.
func decodeUTF8(b []byte) []byte {
	out := make([]byte, 0, len(b)+len(b)/2)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r != utf8.RuneError || n > 1 {
			out = append(out, b[:n]...)
			b = b[n:]
			continue
		}
		out = utf8.AppendRune(out, utf8.RuneError)
		b = b[maximalSubpart(b):]
	}
	return out
}

// maximalSubpart is the length of the longest start of b that begins a
// well-formed UTF-8 sequence without completing it (at least 1), for b
// that does not start with a valid sequence.
func maximalSubpart(b []byte) int {
	lo, hi, need := byte(0x80), byte(0xBF), 0
	switch c := b[0]; {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		lo, need = 0xA0, 2
	case c == 0xED:
		hi, need = 0x9F, 2
	case c >= 0xE1 && c <= 0xEF:
		need = 2
	case c == 0xF0:
		lo, need = 0x90, 3
	case c == 0xF4:
		hi, need = 0x8F, 3
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	}
	n := 1
	for ; n <= need && n < len(b); n++ {
		if b[n] < lo || b[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF // only the second byte has a narrower range
	}
	return n
}

type parser struct {
	src  []byte
	text string // string(src) when set: strings from the source are its substrings
	pos  int
	buf  []byte // scratch for strings with escapes
	// keys is a small direct-mapped cache of object keys: token files
	// repeat "value", "type", ... while most other keys (token and group
	// names) are unique, which an unbounded map would only grow with.
	keys [256]string
	// values is the same for short string values ("color", "dimension",
	// "1rem" repeat across tokens), holding them boxed so that a repeat
	// costs neither the string nor the interface allocation.
	values [64]any
	// noValueCache turns values off (tests compare with and without it).
	noValueCache bool
	// members holds the members of the objects being parsed (see frame)
	members []member
	// expect says what the parser is looking for, for error messages; it
	// is set where the state changes, so errors need no extra arguments.
	expect string
}

// maxCachedValue is the longest string value the value cache holds.
const maxCachedValue = 24

// cachedValue reads a string value (the opening quote q consumed) that is
// short plain ASCII without escapes, returning the boxed string from the
// cache when it is there. ok is false, with nothing consumed, for any
// other string: str reads those.
func (p *parser) cachedValue(q byte) (v any, ok bool) {
	if p.noValueCache {
		return nil, false
	}
	src := p.src
	start := p.pos
	h := uint32(2166136261) // FNV-1a
	for i := start; i < len(src) && i <= start+maxCachedValue; i++ {
		c := src[i]
		if c == q {
			b := src[start:i]
			slot := &p.values[h%uint32(len(p.values))]
			if s, isStr := (*slot).(string); isStr && s == string(b) {
				p.pos = i + 1
				return *slot, true
			}
			v = p.sourceString(start, i)
			*slot = v
			p.pos = i + 1
			return v, true
		}
		if c == '\\' || c == '\n' || c == '\r' || c >= utf8.RuneSelf {
			return nil, false
		}
		h = (h ^ uint32(c)) * 16777619
	}
	return nil, false
}

// frame is an open object or array. An object's members wait in the
// parser's member stack, from first, until its closing brace: then the
// object is made at its final size in one allocation.
type frame struct {
	isObj bool
	first int // the object's first member in members
	arr   []any
	key   string // the object key whose value is being parsed
}

// member is an object's key and value while the object is being parsed.
type member struct {
	key string
	val any
}

// distinctKeys reports whether the keys of ms (at most a few hundred)
// repeat none. It keeps fingerprints in a table on the stack; a chance
// match only answers false.
func distinctKeys(ms []member) bool {
	var table [512]uint32
	if len(ms) > len(table)/2 {
		return false
	}
	seen := strset.Over(table[:])
	for _, m := range ms {
		if seen.Add(m.key) {
			return false
		}
	}
	return true
}

// closeObject makes the object of the members from first on and drops them
// from the stack. A token object gets room for the two properties the
// loader adds to every token (filePath and isSource).
func (p *parser) closeObject(first int) *tokenbuild.Object {
	ms := p.members[first:]
	room := len(ms)
	for _, m := range ms {
		if m.key == "$value" || m.key == "value" {
			room += 2
			break
		}
	}
	o := tokenbuild.NewObjectCap(room)
	if len(ms) > 8 && distinctKeys(ms) {
		// a group's members: appended without Set's search for a repeat
		for _, m := range ms {
			o.AppendNew(m.key, m.val)
		}
	} else {
		for _, m := range ms {
			o.Set(m.key, m.val) // a repeated key keeps its place and takes the last value
		}
	}
	clear(ms) // the stack's memory is reused: let go of the values
	p.members = p.members[:first]
	return o
}

func (p *parser) parse() (any, error) {
	// frames are held by value; a *frame into stack is only used until
	// the next append
	var stack []frame
	var root any
	for {
		// A value is expected here: the root, an array item or a property value.
		p.expect = "a value"
		if err := p.skipSpace(); err != nil {
			return nil, err
		}
		if p.pos >= len(p.src) {
			return nil, p.errEOF()
		}
		var val any
		opened := false
		switch c := p.src[p.pos]; c {
		case '{', '[':
			if len(stack) == MaxDepth {
				return nil, p.errTooDeep(p.pos)
			}
			p.pos++
			opened = true
			nf := frame{isObj: c == '{', first: len(p.members)}
			if !nf.isObj {
				nf.arr = []any{}
			}
			stack = append(stack, nf)
		default:
			v, err := p.scalar()
			if err != nil {
				return nil, err
			}
			val = v
		}
		if opened {
			f := &stack[len(stack)-1]
			// An empty container or a first key may follow.
			if f.isObj {
				done, err := p.beforeKey(f)
				if err != nil {
					return nil, err
				}
				if !done {
					continue
				}
			} else {
				done, err := p.beforeArrayValue()
				if err != nil {
					return nil, err
				}
				if !done {
					continue
				}
			}
			// The container closed right away: pop it below.
			val = nil
		}
		// Attach val (or the container that just closed) and close every
		// container that ends after it.
		for {
			if opened {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if top.isObj {
					val = p.closeObject(top.first)
				} else {
					val = top.arr
				}
				opened = false
			}
			if len(stack) == 0 {
				root = val
				p.expect = "the end of the input"
				if err := p.skipSpace(); err != nil {
					return nil, err
				}
				if p.pos < len(p.src) {
					return nil, p.errChar(p.pos)
				}
				return root, nil
			}
			top := &stack[len(stack)-1]
			if top.isObj {
				p.members = append(p.members, member{top.key, val})
				closed, err := p.afterPropertyValue(top)
				if err != nil {
					return nil, err
				}
				if !closed {
					break
				}
			} else {
				top.arr = append(top.arr, val)
				closed, err := p.afterArrayValue()
				if err != nil {
					return nil, err
				}
				if !closed {
					break
				}
			}
			opened = true // pop the closed container on the next turn
		}
	}
}

// beforeKey reads an object's next key and its colon, or the closing brace
// (done is then true).
func (p *parser) beforeKey(f *frame) (done bool, err error) {
	p.expect = "a property name or '}'"
	if err := p.skipSpace(); err != nil {
		return false, err
	}
	if p.pos >= len(p.src) {
		return false, p.errEOF()
	}
	c := p.src[p.pos]
	switch {
	case c == '}':
		p.pos++
		return true, nil
	case c == '"' || c == '\'':
		p.pos++
		s, err := p.str(c, true)
		if err != nil {
			return false, err
		}
		f.key = s
	default:
		s, err := p.identifier()
		if err != nil {
			return false, err
		}
		f.key = s
	}
	p.expect = "':'"
	if err := p.skipSpace(); err != nil {
		return false, err
	}
	if p.pos >= len(p.src) {
		return false, p.errEOF()
	}
	if p.src[p.pos] != ':' {
		return false, p.errChar(p.pos)
	}
	p.pos++
	return false, nil
}

// afterPropertyValue reads "," (then the next key, or "}" after a trailing
// comma) or "}" (closed is then true).
func (p *parser) afterPropertyValue(f *frame) (closed bool, err error) {
	p.expect = "',' or '}'"
	if err := p.skipSpace(); err != nil {
		return false, err
	}
	if p.pos >= len(p.src) {
		return false, p.errEOF()
	}
	switch p.src[p.pos] {
	case '}':
		p.pos++
		return true, nil
	case ',':
		p.pos++
		return p.beforeKey(f)
	}
	return false, p.errChar(p.pos)
}

// beforeArrayValue consumes "]" if it comes next (done is then true).
func (p *parser) beforeArrayValue() (done bool, err error) {
	if err := p.skipSpace(); err != nil {
		return false, err
	}
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		return true, nil
	}
	return false, nil
}

// afterArrayValue reads "," (then a possible "]" after a trailing comma) or "]".
func (p *parser) afterArrayValue() (closed bool, err error) {
	p.expect = "',' or ']'"
	if err := p.skipSpace(); err != nil {
		return false, err
	}
	if p.pos >= len(p.src) {
		return false, p.errEOF()
	}
	switch p.src[p.pos] {
	case ']':
		p.pos++
		return true, nil
	case ',':
		p.pos++
		return p.beforeArrayValue()
	}
	return false, p.errChar(p.pos)
}

// skipSpace skips white space and comments.
func (p *parser) skipSpace() error {
	src, pos := p.src, p.pos // a local position: the loop runs over every indentation byte
	for pos < len(src) {
		c := src[pos]
		if asciiSpace[c] {
			pos++
			continue
		}
		if c == '/' {
			p.pos = pos
			if err := p.comment(); err != nil {
				return err
			}
			pos = p.pos
			continue
		}
		if c < utf8.RuneSelf {
			break
		}
		r, n := utf8.DecodeRune(src[pos:])
		if !isSpace(r) {
			break
		}
		pos += n
	}
	p.pos = pos
	return nil
}

// asciiSpace marks the ASCII white space JSON5 skips.
var asciiSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true}

func isSpace(r rune) bool {
	switch r {
	case '\u00A0', '\uFEFF', '\u2028', '\u2029':
		return true
	}
	return unicode.Is(unicode.Zs, r)
}

// comment skips a comment starting at the '/' under the cursor.
func (p *parser) comment() error {
	src := p.src
	outer := p.expect
	defer func() { p.expect = outer }()
	p.expect = "'//' or '/*'"
	p.pos++
	if p.pos >= len(src) {
		return p.errEOF()
	}
	switch src[p.pos] {
	case '/':
		p.pos++
		for p.pos < len(src) {
			c := src[p.pos]
			if c == '\n' || c == '\r' {
				p.pos++
				return nil
			}
			if c == 0xE2 && p.pos+2 < len(src) && src[p.pos+1] == 0x80 && (src[p.pos+2] == 0xA8 || src[p.pos+2] == 0xA9) {
				p.pos += 3 // U+2028, U+2029
				return nil
			}
			p.pos++
		}
		return nil
	case '*':
		p.expect = "'*/'"
		p.pos++
		for p.pos < len(src) {
			if src[p.pos] == '*' && p.pos+1 < len(src) && src[p.pos+1] == '/' {
				p.pos += 2
				return nil
			}
			p.pos++
		}
		return p.errEOF()
	}
	return p.errChar(p.pos)
}

// scalar reads a string, number, boolean or null.
func (p *parser) scalar() (any, error) {
	src := p.src
	c := src[p.pos]
	switch c {
	case '"', '\'':
		p.pos++
		if v, ok := p.cachedValue(c); ok {
			return v, nil
		}
		return p.str(c, false)
	case 'n':
		return nil, p.literal("null")
	case 't':
		return true, p.literal("true")
	case 'f':
		return false, p.literal("false")
	case 'I':
		return math.Inf(1), p.literal("Infinity")
	case 'N':
		return math.NaN(), p.literal("NaN")
	}
	return p.number()
}

// literal consumes word, reporting the first character that differs.
func (p *parser) literal(word string) error {
	p.expect = "'" + word + "'"
	for i := 0; i < len(word); i++ {
		if p.pos >= len(p.src) {
			return p.errEOF()
		}
		if p.src[p.pos] != word[i] {
			return p.errChar(p.pos)
		}
		p.pos++
	}
	return nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// number reads a number with an optional sign: decimal, hexadecimal,
// Infinity or NaN. The character after it is left for the caller, as in
// json5 ("01" fails on the second digit).
func (p *parser) number() (any, error) {
	src := p.src
	p.expect = "a value"
	if c := src[p.pos]; c == '+' || c == '-' || c == '.' {
		p.expect = "a digit"
	}
	neg := false
	if c := src[p.pos]; c == '+' || c == '-' {
		neg = c == '-'
		p.pos++
		if p.pos >= len(src) {
			return nil, p.errEOF()
		}
		switch src[p.pos] {
		case 'I':
			if err := p.literal("Infinity"); err != nil {
				return nil, err
			}
			if neg {
				return math.Inf(-1), nil
			}
			return math.Inf(1), nil
		case 'N':
			return math.NaN(), p.literal("NaN")
		}
	}
	start := p.pos
	if p.pos >= len(src) {
		return nil, p.errEOF()
	}
	c := src[p.pos]
	switch {
	case c == '.':
		p.pos++
		if p.pos >= len(src) {
			return nil, p.errEOF()
		}
		if !isDigit(src[p.pos]) {
			return nil, p.errChar(p.pos)
		}
		p.digits()
		if err := p.exponent(); err != nil {
			return nil, err
		}
	case c == '0' && p.pos+1 < len(src) && (src[p.pos+1] == 'x' || src[p.pos+1] == 'X'):
		p.pos += 2
		if p.pos >= len(src) {
			return nil, p.errEOF()
		}
		if !isHex(src[p.pos]) {
			return nil, p.errChar(p.pos)
		}
		hs := p.pos
		for p.pos < len(src) && isHex(src[p.pos]) {
			p.pos++
		}
		v := hexValue(src[hs:p.pos])
		if neg {
			v = -v
		}
		return v, nil
	case isDigit(c):
		p.pos++
		if c != '0' {
			p.digits()
		}
		if p.pos < len(src) && src[p.pos] == '.' {
			p.pos++
			p.digits()
		}
		if err := p.exponent(); err != nil {
			return nil, err
		}
	default:
		return nil, p.errChar(p.pos)
	}
	v := decimalValue(src[start:p.pos])
	if neg {
		v = -v
	}
	return v, nil
}

// decimalValue converts a decimal literal whose syntax number checked to
// the nearest float64, as Number() does (±Infinity on overflow, which is
// the only error ParseFloat then reports).
func decimalValue(lit []byte) float64 {
	if len(lit) > 400 {
		lit = pointAfterFirstDigit(lit)
	}
	v, _ := strconv.ParseFloat(string(lit), 64)
	return v
}

// pointAfterFirstDigit rewrites a long decimal literal as d.ddd…e±x.
// strconv.ParseFloat (Go 1.26) keeps at most 800 digits when it falls back
// to exact decimal arithmetic, and then places the decimal point of a
// literal with more integer digits than that at digit 800:
// "9"×900+"e-900" gives 1e-100 instead of 1. With one integer digit
// the point is always counted right, and digits past the 800th still round.
func pointAfterFirstDigit(lit []byte) []byte {
	mantissa, exp := lit, 0
	if i := bytes.IndexAny(lit, "eE"); i >= 0 {
		mantissa = lit[:i]
		e := lit[i+1:]
		sign := 1
		if len(e) > 0 && (e[0] == '+' || e[0] == '-') {
			if e[0] == '-' {
				sign = -1
			}
			e = e[1:]
		}
		for _, c := range e {
			if exp < 1e9 { // far past where any float64 overflows or vanishes
				exp = exp*10 + int(c-'0')
			}
		}
		exp *= sign
	}
	intDigits := len(mantissa)
	if i := bytes.IndexByte(mantissa, '.'); i >= 0 {
		intDigits = i
	}
	digits := make([]byte, 0, len(mantissa))
	for _, c := range mantissa {
		if c == '.' || c == '0' && len(digits) == 0 {
			if c == '0' {
				intDigits-- // a leading zero moves the point left
			}
			continue
		}
		digits = append(digits, c)
	}
	if len(digits) == 0 {
		return []byte("0")
	}
	out := append(make([]byte, 0, len(digits)+24), digits[0], '.')
	out = append(out, digits[1:]...)
	out = append(out, 'e')
	return strconv.AppendInt(out, int64(intDigits-1+exp), 10)
}

func (p *parser) digits() {
	for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
		p.pos++
	}
}

// exponent reads an optional exponent part.
func (p *parser) exponent() error {
	src := p.src
	if p.pos >= len(src) || (src[p.pos] != 'e' && src[p.pos] != 'E') {
		return nil
	}
	p.pos++
	if p.pos < len(src) && (src[p.pos] == '+' || src[p.pos] == '-') {
		p.pos++
	}
	if p.pos >= len(src) {
		return p.errEOF()
	}
	if !isDigit(src[p.pos]) {
		return p.errChar(p.pos)
	}
	p.digits()
	return nil
}

// hexValue converts hex digits to the nearest float64, as Number("0x…") does.
func hexValue(h []byte) float64 {
	if len(h) <= 13 { // < 2^52: exact
		n, _ := strconv.ParseUint(string(h), 16, 64)
		return float64(n)
	}
	n, ok := new(big.Int).SetString(string(h), 16)
	if !ok {
		return math.NaN()
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return f
}

// str reads a string body after its opening quote q.
func (p *parser) str(q byte, isKey bool) (string, error) {
	src := p.src
	start := p.pos
	// Fast path: no escapes.
	pos := start
	for pos < len(src) {
		c := src[pos]
		if c == q {
			p.pos = pos + 1
			if isKey {
				return p.intern(src[start:pos], start), nil
			}
			return p.sourceString(start, pos), nil
		}
		if c == '\\' || c == '\n' || c == '\r' {
			break
		}
		pos++
	}
	p.pos = pos
	buf := append(p.buf[:0], src[start:p.pos]...)
	for {
		p.expect = "a closing quote"
		if p.pos >= len(src) {
			return "", p.errEOF()
		}
		c := src[p.pos]
		switch c {
		case q:
			p.pos++
			p.buf = buf
			return string(buf), nil
		case '\n', '\r':
			p.expect = "a closing quote (a string cannot span lines)"
			return "", p.errChar(p.pos)
		case '\\':
			p.pos++
			var err error
			buf, err = p.escape(buf)
			if err != nil {
				return "", err
			}
			continue
		}
		buf = append(buf, c)
		p.pos++
	}
}

// sourceString is src[start:end] as a string.
func (p *parser) sourceString(start, end int) string {
	if p.text != "" {
		return p.text[start:end]
	}
	return string(p.src[start:end])
}

// intern returns b as a string from the key cache; start is b's offset in
// the source, or -1 when b is not a piece of it.
func (p *parser) intern(b []byte, start int) string {
	h := uint32(2166136261) // FNV-1a
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	slot := &p.keys[h%uint32(len(p.keys))]
	if *slot == string(b) {
		return *slot
	}
	var s string
	if start >= 0 {
		s = p.sourceString(start, start+len(b))
	} else {
		s = string(b)
	}
	*slot = s
	return s
}

// escape decodes the escape sequence after a backslash and appends it to buf.
func (p *parser) escape(buf []byte) ([]byte, error) {
	src := p.src
	p.expect = "an escape sequence"
	if p.pos >= len(src) {
		return buf, p.errEOF()
	}
	c := src[p.pos]
	switch c {
	case 'b':
		p.pos++
		return append(buf, '\b'), nil
	case 'f':
		p.pos++
		return append(buf, '\f'), nil
	case 'n':
		p.pos++
		return append(buf, '\n'), nil
	case 'r':
		p.pos++
		return append(buf, '\r'), nil
	case 't':
		p.pos++
		return append(buf, '\t'), nil
	case 'v':
		p.pos++
		return append(buf, '\v'), nil
	case '0':
		p.pos++
		if p.pos < len(src) && isDigit(src[p.pos]) {
			return buf, p.errChar(p.pos)
		}
		return append(buf, 0), nil
	case 'x':
		p.pos++
		n, err := p.hexDigits(2)
		if err != nil {
			return buf, err
		}
		return utf8.AppendRune(buf, rune(n)), nil
	case 'u':
		p.pos++
		r, err := p.unicodeEscape()
		if err != nil {
			return buf, err
		}
		return utf8.AppendRune(buf, r), nil
	case '\n': // line continuation
		p.pos++
		return buf, nil
	case '\r':
		p.pos++
		if p.pos < len(src) && src[p.pos] == '\n' {
			p.pos++
		}
		return buf, nil
	}
	if isDigit(c) {
		return buf, p.errChar(p.pos)
	}
	if c < utf8.RuneSelf {
		p.pos++
		return append(buf, c), nil
	}
	r, n := utf8.DecodeRune(src[p.pos:])
	p.pos += n
	if r == '\u2028' || r == '\u2029' {
		return buf, nil // line continuation
	}
	return utf8.AppendRune(buf, r), nil
}

// hexDigits reads n hex digits.
func (p *parser) hexDigits(n int) (rune, error) {
	p.expect = "2 hexadecimal digits"
	if n == 4 {
		p.expect = "4 hexadecimal digits"
	}
	var v rune
	for i := 0; i < n; i++ {
		if p.pos >= len(p.src) {
			return 0, p.errEOF()
		}
		c := p.src[p.pos]
		switch {
		case isDigit(c):
			v = v<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | rune(c-'A'+10)
		default:
			return 0, p.errChar(p.pos)
		}
		p.pos++
	}
	return v, nil
}

// unicodeEscape reads the 4 hex digits of \uXXXX. A high surrogate followed
// by a \u low surrogate combines into one code point, as the JavaScript
// string would; a lone surrogate becomes U+FFFD, which is what writing that
// string as UTF-8 produces.
func (p *parser) unicodeEscape() (rune, error) {
	r, err := p.hexDigits(4)
	if err != nil {
		return 0, err
	}
	if r >= 0xD800 && r < 0xDC00 {
		src := p.src
		if p.pos+6 <= len(src) && src[p.pos] == '\\' && src[p.pos+1] == 'u' &&
			isHex(src[p.pos+2]) && isHex(src[p.pos+3]) && isHex(src[p.pos+4]) && isHex(src[p.pos+5]) {
			save := p.pos
			p.pos += 2
			lo, _ := p.hexDigits(4)
			if lo >= 0xDC00 && lo < 0xE000 {
				return 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00), nil
			}
			p.pos = save
		}
		return utf8.RuneError, nil
	}
	if r >= 0xDC00 && r < 0xE000 {
		return utf8.RuneError, nil
	}
	return r, nil
}

// identifier reads an unquoted property name (an ES5 IdentifierName).
func (p *parser) identifier() (string, error) {
	src := p.src
	start := p.pos
	// Fast path: plain ASCII names.
	for p.pos < len(src) {
		c := src[p.pos]
		if c == '$' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (p.pos > start && isDigit(c)) {
			p.pos++
			continue
		}
		break
	}
	if p.pos < len(src) && (src[p.pos] == '\\' || src[p.pos] >= utf8.RuneSelf) {
		return p.identifierSlow(start)
	}
	if p.pos == start {
		if p.pos >= len(src) {
			return "", p.errEOF()
		}
		return "", p.errChar(p.pos)
	}
	return p.intern(src[start:p.pos], start), nil
}

// identifierSlow continues an identifier that has escapes or non-ASCII
// characters; start is where it began.
func (p *parser) identifierSlow(start int) (string, error) {
	src := p.src
	buf := append(p.buf[:0], src[start:p.pos]...)
	for p.pos < len(src) {
		first := p.pos == start
		c := src[p.pos]
		if c == '\\' {
			slash := p.pos
			p.pos++
			if p.pos >= len(src) {
				return "", p.errEOF()
			}
			if src[p.pos] != 'u' {
				return "", p.errChar(p.pos)
			}
			p.pos++
			r, err := p.hexDigits(4)
			if err != nil {
				return "", err
			}
			if first && !isIDStart(r) || !first && !isIDContinue(r) {
				return "", p.errIdentifier(slash)
			}
			buf = utf8.AppendRune(buf, r)
			continue
		}
		r, n := rune(c), 1
		if c >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(src[p.pos:])
		}
		if first && !isIDStart(r) || !first && !isIDContinue(r) {
			if first {
				return "", p.errChar(p.pos)
			}
			break
		}
		buf = append(buf, src[p.pos:p.pos+n]...)
		p.pos += n
	}
	p.buf = buf
	return p.intern(buf, -1), nil
}

// isIDStart is ES5's IdentifierStart without the escape: $, _ or a
// letter of json5's Unicode tables.
func isIDStart(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '$' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
	}
	return inRanges(idStartRanges, r)
}

// isIDContinue is ES5's IdentifierPart without the escape.
func isIDContinue(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '$' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
	}
	return r == '\u200C' || r == '\u200D' || inRanges(idContinueRanges, r)
}

type runeRange struct{ lo, hi rune }

func inRanges(rs []runeRange, r rune) bool {
	i, j := 0, len(rs)
	for i < j {
		h := int(uint(i+j) >> 1)
		switch {
		case r < rs[h].lo:
			j = h
		case r > rs[h].hi:
			i = h + 1
		default:
			return true
		}
	}
	return false
}
