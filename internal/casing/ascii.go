package casing

// Style names one of the casings, for callers that pick it at run time.
type Style uint8

const (
	CamelStyle Style = iota
	PascalStyle
	KebabStyle
	SnakeStyle
	ConstantStyle
)

// Path cases prefix followed by the segments of path, as the style's
// function does over [prefix, ...path] (an empty prefix adds no words).
// When everything is ASCII it writes the result in one pass into a stack
// buffer, so the only allocation is the returned string.
func Path(style Style, prefix string, path []string) string {
	var stack [128]byte
	if out, ok := appendASCII(stack[:0], style, prefix, path); ok {
		return string(out)
	}
	return general(style, prefix, path)
}

// AppendPath appends Path(style, prefix, path) to dst.
func AppendPath(dst []byte, style Style, prefix string, path []string) []byte {
	if out, ok := appendASCII(dst, style, prefix, path); ok {
		return out
	}
	return append(dst, general(style, prefix, path)...)
}

// general is Path for any text, through the word-splitting functions.
func general(style Style, prefix string, path []string) string {
	parts := make([]string, 0, len(path)+1)
	parts = append(parts, prefix)
	parts = append(parts, path...)
	switch style {
	case CamelStyle:
		return Camel(parts...)
	case PascalStyle:
		return Pascal(parts...)
	case KebabStyle:
		return Kebab(parts...)
	case SnakeStyle:
		return Snake(parts...)
	default:
		return Constant(parts...)
	}
}

// appendASCII appends the cased name to dst and reports true, or reports
// false when some part is not ASCII. Word boundaries follow appendWords
// restricted to ASCII: runs of non-alphanumerics separate words (as does
// the end of a part), "aB"/"1B" break before B, and "ABc" breaks before B.
func appendASCII(dst []byte, style Style, prefix string, path []string) ([]byte, bool) {
	if !isASCII(prefix) {
		return dst, false
	}
	for _, p := range path {
		if !isASCII(p) {
			return dst, false
		}
	}
	var sep byte
	switch style {
	case KebabStyle:
		sep = '-'
	case SnakeStyle, ConstantStyle:
		sep = '_'
	}
	words := 0
	dst, words = appendPartASCII(dst, prefix, style, sep, words)
	for _, p := range path {
		dst, words = appendPartASCII(dst, p, style, sep, words)
	}
	return dst, true
}

// asciiClass classifies bytes for appendPartASCII in one lookup.
var asciiClass = func() (t [256]uint8) {
	for c := '0'; c <= '9'; c++ {
		t[c] = classDigit
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = classLower
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = classUpper
	}
	return t
}()

const (
	classOther uint8 = iota
	classDigit
	classLower
	classUpper
)

// appendPartASCII appends the words of one ASCII part; words counts the
// words written so far, across parts.
func appendPartASCII(dst []byte, p string, style Style, sep byte, words int) ([]byte, int) {
	if style != ConstantStyle && simpleWord(p) {
		// One lowercase word ("color", "t42", "500"): copied whole.
		if words > 0 && sep != 0 {
			dst = append(dst, sep)
		}
		words++
		if style == PascalStyle || style == CamelStyle && words > 1 {
			return append(append(dst, toUpperASCII(p[0])), p[1:]...), words
		}
		return append(dst, p...), words
	}
	prevClass := classOther // classOther also means "not in a word"
	for i := 0; i < len(p); i++ {
		c := p[i]
		class := asciiClass[c]
		if class == classOther {
			prevClass = classOther
			continue
		}
		first := prevClass == classOther ||
			prevClass != classUpper && class == classUpper ||
			prevClass == classUpper && class == classUpper && i+1 < len(p) && asciiClass[p[i+1]] == classLower
		upper := style == ConstantStyle
		if first {
			if words > 0 && sep != 0 {
				dst = append(dst, sep)
			}
			words++
			upper = style == PascalStyle || style == CamelStyle && words > 1 || upper
		}
		switch {
		case upper && class == classLower:
			c -= 'a' - 'A'
		case !upper && class == classUpper:
			c += 'a' - 'A'
		}
		dst = append(dst, c)
		prevClass = class
	}
	return dst, words
}

// simpleWord reports whether p is one word of lowercase letters and digits.
func simpleWord(p string) bool {
	if p == "" {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := asciiClass[p[i]]; c != classLower && c != classDigit {
			return false
		}
	}
	return true
}

func isLowerASCII(c byte) bool { return c >= 'a' && c <= 'z' }

func toUpperASCII(c byte) byte {
	if isLowerASCII(c) {
		return c - ('a' - 'A')
	}
	return c
}
