package json5

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Locate finds the value at a key path in a document that Parse accepts and
// returns its byte span. Token paths may come from keys holding dots
// ("1.5" gives the segments "1" and "5"), so a key matches the next segment
// or several segments joined by dots. As in Parse, the last of duplicate
// keys wins. Positions are looked up only when a problem is reported, so
// the parser itself stays free of the bookkeeping.
func Locate(data []byte, path []string) (start, end int, ok bool) {
	p := &parser{src: data}
	if p.skipSpace() != nil || p.pos >= len(data) {
		return 0, 0, false
	}
	// the path joined once: a key with many dots would otherwise have the
	// rest of a long path joined again at every level
	joined := strings.Join(path, ".")
	for {
		start = p.pos
		if !p.skipValue() {
			return 0, 0, false
		}
		if len(path) == 0 {
			return start, p.pos, true
		}
		var next, used int
		var found bool
		switch data[start] {
		case '{':
			p.pos = start + 1
			next, used, found = p.member(joined)
		case '[':
			p.pos = start + 1
			next, found = p.element(path[0])
			used = 1
		}
		if !found {
			return 0, 0, false
		}
		if data[start] == '{' {
			used = segmentsCovering(path, used)
		}
		p.pos = next
		for _, seg := range path[:used] {
			joined = joined[min(len(seg)+1, len(joined)):]
		}
		path = path[used:]
	}
}

// element finds the offset of the array item with the given decimal index
// in the array whose '[' was just consumed.
func (p *parser) element(index string) (valueAt int, found bool) {
	n, err := strconv.Atoi(index)
	if err != nil || n < 0 {
		return 0, false
	}
	for i := 0; ; i++ {
		if p.skipSpace() != nil || p.pos >= len(p.src) || p.src[p.pos] == ']' {
			return 0, false
		}
		if i == n {
			return p.pos, true
		}
		if !p.skipValue() || p.skipSpace() != nil || p.pos >= len(p.src) || p.src[p.pos] != ',' {
			return 0, false
		}
		p.pos++
	}
}

// member scans the object whose '{' was just consumed for the last key
// matching a prefix of joined (the rest of the path, joined by dots); it
// returns the offset of that key's value and how many path segments the
// key stands for.
func (p *parser) member(joined string) (valueAt, used int, found bool) {
	for {
		if p.skipSpace() != nil || p.pos >= len(p.src) {
			return 0, 0, false
		}
		switch c := p.src[p.pos]; c {
		case '}':
			return valueAt, used, found
		case ',':
			p.pos++
			continue
		}
		key, ok := p.key()
		if !ok || p.skipSpace() != nil || p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return 0, 0, false
		}
		p.pos++
		if p.skipSpace() != nil {
			return 0, 0, false
		}
		if n := segmentsMatched(key, joined); n > 0 {
			valueAt, used, found = p.pos, n, true
		}
		if !p.skipValue() {
			return 0, 0, false
		}
	}
}

// segmentsMatched reports whether the key is a prefix of joined ending at
// a segment's end: its length plus one, or 0 when it is not.
func segmentsMatched(key, joined string) int {
	if !strings.HasPrefix(joined, key) || (len(joined) > len(key) && joined[len(key)] != '.') {
		return 0
	}
	return len(key) + 1
}

// segmentsCovering is how many segments of path a matched key of length
// n-1 stands for: the key's dots may be dots of the segments themselves
// ("../a.json" is one segment of a resolver document's place), so they
// are counted on the path, not on the key.
func segmentsCovering(path []string, n int) int {
	used, length := 0, 0
	for used < len(path) && length < n {
		length += len(path[used]) + 1
		used++
	}
	return used
}

// key reads a quoted or unquoted property name.
func (p *parser) key() (string, bool) {
	if q := p.src[p.pos]; q == '"' || q == '\'' {
		p.pos++
		s, err := p.str(q, true)
		return s, err == nil
	}
	s, err := p.identifier()
	return s, err == nil
}

// skipValue moves past one value. Containers are skipped by counting
// brackets outside strings and comments, without recursion.
func (p *parser) skipValue() bool {
	src := p.src
	if p.pos >= len(src) {
		return false
	}
	depth := 0
	for p.pos < len(src) {
		switch c := src[p.pos]; c {
		case '{', '[':
			depth++
			p.pos++
		case '}', ']':
			if depth == 0 {
				return true // the end of the enclosing container
			}
			depth--
			p.pos++
		case '"', '\'':
			p.pos++
			if _, err := p.str(c, false); err != nil {
				return false
			}
		case '/':
			if p.comment() != nil {
				return false
			}
		case ',':
			if depth == 0 {
				return true
			}
			p.pos++
		default:
			p.pos++
		}
		if depth == 0 && p.atScalarEnd() {
			return true
		}
	}
	return depth == 0
}

// atScalarEnd reports whether a value outside any container has ended:
// white space, a comment, a separator or the end of input follows.
func (p *parser) atScalarEnd() bool {
	if p.pos >= len(p.src) {
		return true
	}
	switch p.src[p.pos] {
	case ' ', '\t', '\n', '\r', '\v', '\f', ',', '}', ']', '/', ':':
		return true
	}
	return false
}

// Position converts a byte offset into a 1-based line and column, the
// column counting UTF-16 code units as editors do for JSON.
func Position(data []byte, offset int) (line, col int) {
	lines, cols := Positions(data, []int{offset})
	return lines[0], cols[0]
}

// Offsets maps the key path of every value in a document that Parse
// accepts (keys joined with ".", array items by index) to its start, for
// placing many problems with one scan. As in Locate, a key holding dots
// simply joins in, and the last of duplicate keys wins.
func Offsets(data []byte) map[string]int {
	out := map[string]int{}
	p := &parser{src: data}
	type open struct {
		path  string
		array bool
		index int
	}
	var stack []open
	at := func(prefix, key string) string {
		if prefix == "" {
			return key
		}
		return prefix + "." + key
	}
	if p.skipSpace() != nil {
		return out
	}
	// value reads the value at p.pos, whose path is path; containers are
	// opened on the stack.
	value := func(path string) bool {
		out[path] = p.pos
		if p.pos >= len(data) {
			return false
		}
		switch data[p.pos] {
		case '{', '[':
			stack = append(stack, open{path: path, array: data[p.pos] == '['})
			p.pos++
			return true
		}
		return p.skipValue()
	}
	if !value("") {
		return out
	}
	for len(stack) > 0 {
		if p.skipSpace() != nil || p.pos >= len(data) {
			return out
		}
		top := &stack[len(stack)-1]
		switch data[p.pos] {
		case '}', ']':
			p.pos++
			stack = stack[:len(stack)-1]
			continue
		case ',':
			p.pos++
			continue
		}
		if top.array {
			path := at(top.path, strconv.Itoa(top.index))
			top.index++
			if !value(path) {
				return out
			}
			continue
		}
		key, ok := p.key()
		if !ok || p.skipSpace() != nil || p.pos >= len(data) || data[p.pos] != ':' {
			return out
		}
		p.pos++
		if p.skipSpace() != nil || !value(at(top.path, key)) {
			return out
		}
	}
	return out
}

// Positions converts many byte offsets as Position does, with one pass
// over data.
func Positions(data []byte, offsets []int) (lines, cols []int) {
	order := make([]int, len(offsets))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return offsets[order[a]] < offsets[order[b]] })
	lines, cols = make([]int, len(offsets)), make([]int, len(offsets))
	line, col, pos := 1, 1, 0
	for _, i := range order {
		target := min(offsets[i], len(data))
		for pos < target {
			r, size := utf8.DecodeRune(data[pos:])
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col += utf16RuneLen(r)
			}
			pos += size
		}
		lines[i], cols[i] = line, col
	}
	return lines, cols
}

// ValueEnd returns the end of the value starting at offset start.
func ValueEnd(data []byte, start int) (int, bool) {
	p := &parser{src: data, pos: start}
	if !p.skipValue() {
		return 0, false
	}
	return p.pos, true
}
