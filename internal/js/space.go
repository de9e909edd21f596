package js

// White space: the one set trim, Number(string), parseFloat and the
// regular expression \s all use.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsSpace reports the characters JavaScript treats as white space:
// WhiteSpace (§12.2: tab, vertical tab, form feed, U+FEFF and every Zs
// space separator, U+00A0 included) and LineTerminator (§12.3: \n, \r,
// U+2028, U+2029). Unlike unicode.IsSpace it includes U+FEFF and excludes
// U+0085 (NEL).
func IsSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || r >= '\t' && r <= '\r'
	}
	switch r {
	case 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A || unicode.Is(unicode.Zs, r)
}

// SpaceClass is IsSpace's set written for a regular expression's
// character class ("[" + SpaceClass + "]"): JavaScript's \s, which Go's
// \s (ASCII only) is not.
const SpaceClass = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// Trim is String.prototype.trim (§22.1.3.32): s without the IsSpace
// characters at either end.
func Trim(s string) string {
	if s != "" && isPlain(s[0]) && isPlain(s[len(s)-1]) {
		return s // the common case, nothing to trim: no call, no decoding
	}
	return strings.TrimFunc(s, IsSpace)
}

// isPlain reports an ASCII byte that is not white space.
func isPlain(c byte) bool { return c > ' ' && c < utf8.RuneSelf }
