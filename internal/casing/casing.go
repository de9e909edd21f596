// Package casing splits names into words and re-joins them in camel,
// pascal, kebab, snake and constant case exactly as change-case 5.4.4 (the
// library the reference uses) does, including JavaScript's full Unicode
// case mappings. It is on the hot path (one call per token and platform),
// so it avoids regular expressions and allocates only the result.
package casing

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tables.go holds the case mappings where node's differ from Go's, read
// from node itself (node on PATH needed).
//go:generate go run gen_tables.go

// appendWords appends the words of s to dst, split the way change-case's
// split does; the words are substrings of s.
//   - every run of characters that are neither letters (\p{L}) nor ASCII
//     digits separates words;
//   - a lowercase letter or digit followed by an uppercase letter starts a
//     new word ("fooBar", "2X");
//   - an uppercase letter followed by an uppercase and a lowercase letter
//     starts a new word before the second one ("XMLHttp" -> "XML", "Http");
//   - digits stay attached to letters ("2xl", "v1").
func appendWords(dst []string, s string) []string {
	start := -1 // start of the current word, -1 between words
	// prev is the rune before i within the current word.
	var prev rune
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if !isWordRune(r) {
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
			i += size
			continue
		}
		if start < 0 {
			start = i
		} else {
			switch {
			case (isLower(prev) || isDigit(prev)) && isUpper(r):
				dst = append(dst, s[start:i])
				start = i
			case isUpper(prev) && isUpper(r) && lowerFollows(s, i+size):
				// break between prev and r: "XMLHttp" -> "XML" + "Http"
				dst = append(dst, s[start:i])
				start = i
			}
		}
		prev = r
		i += size
	}
	if start >= 0 {
		dst = append(dst, s[start:])
	}
	return dst
}

// lowerFollows reports whether the rune starting at byte i of s is a lowercase letter.
func lowerFollows(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return isLower(r)
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func isLower(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z'
	}
	return unicode.IsLower(r)
}

func isUpper(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'A' && r <= 'Z'
	}
	return unicode.IsUpper(r)
}

// isWordRune reports what change-case keeps: letters and ASCII digits. Its
// strip pattern is case-insensitive, so U+0345 (which case-folds to the
// letter ι) is kept as well.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	return r == 0x345 || unicode.IsLetter(r)
}

// collect gathers the words of all parts, as if they were joined with spaces.
func collect(buf []string, parts []string) ([]string, int) {
	n := 0
	for _, p := range parts {
		buf = appendWords(buf, p)
		n += len(p)
	}
	return buf, n
}

// Camel is change-case's camelCase(parts.join(" "), {mergeAmbiguousCharacters: true}):
// the first word lowercased, every other word capitalized, no separator.
func Camel(parts ...string) string {
	var buf [16]string
	words, n := collect(buf[:0], parts)
	var b strings.Builder
	b.Grow(n)
	for i, w := range words {
		if i == 0 {
			writeLower(&b, w)
		} else {
			writeCapital(&b, w)
		}
	}
	return b.String()
}

// Pascal is Camel with its first character uppercased (the reference's
// upperFirst over camelCase).
func Pascal(parts ...string) string {
	var buf [16]string
	words, n := collect(buf[:0], parts)
	if len(words) > 0 && isASCII(words[0]) {
		// upperFirst(lower(w)) is upper(w[0]) + lower(w[1:]) for ASCII w
		var b strings.Builder
		b.Grow(n)
		for _, w := range words {
			writeCapital(&b, w)
		}
		return b.String()
	}
	return pascalOfCamel(parts)
}

// pascalOfCamel is Pascal the long way: upperFirst(Camel(parts)).
func pascalOfCamel(parts []string) string {
	c := Camel(parts...)
	if c == "" {
		return c
	}
	var b strings.Builder
	b.Grow(len(c) + 2)
	writeCapitalFirst(&b, c)
	return b.String()
}

// Kebab is change-case's kebabCase: lowercase words joined with "-".
func Kebab(parts ...string) string { return joinLower(parts, '-') }

// Snake is change-case's snakeCase: lowercase words joined with "_".
func Snake(parts ...string) string { return joinLower(parts, '_') }

// Constant is snakeCase(...).toUpperCase(), as the reference's name/constant does.
func Constant(parts ...string) string {
	s := Snake(parts...)
	var b strings.Builder
	b.Grow(len(s))
	writeUpper(&b, s)
	return b.String()
}

func joinLower(parts []string, sep byte) string {
	var buf [16]string
	words, n := collect(buf[:0], parts)
	var b strings.Builder
	b.Grow(n)
	for i, w := range words {
		if i > 0 {
			b.WriteByte(sep)
		}
		writeLower(&b, w)
	}
	return b.String()
}

// writeCapital writes w with its first character uppercased and the rest
// lowercased, like change-case's `upper(word[0]) + lower(word.slice(1))`.
func writeCapital(b *strings.Builder, w string) {
	r, size := utf8.DecodeRuneInString(w)
	if r > 0xFFFF {
		// word[0] is half of a surrogate pair: JavaScript leaves it as is
		b.WriteString(w[:size])
	} else {
		writeUpper(b, w[:size])
	}
	writeLower(b, w[size:])
}

// writeCapitalFirst writes s with only its first character uppercased.
func writeCapitalFirst(b *strings.Builder, s string) {
	r, size := utf8.DecodeRuneInString(s)
	if r > 0xFFFF {
		b.WriteString(s[:size])
	} else {
		writeUpper(b, s[:size])
	}
	b.WriteString(s[size:])
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// hasNoUpperOrNonASCII reports whether s is ASCII without uppercase
// letters, so that lowercasing leaves it as it is.
func hasNoUpperOrNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c >= 'A' && c <= 'Z' {
			return false
		}
	}
	return true
}

// writeLower writes JavaScript's s.toLowerCase().
func writeLower(b *strings.Builder, s string) {
	if hasNoUpperOrNonASCII(s) {
		b.WriteString(s)
		return
	}
	for i, r := range s {
		switch {
		case r < utf8.RuneSelf:
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteByte(byte(r))
		case r == 'Σ':
			b.WriteRune(lowerSigma(s, i))
		default:
			if m, ok := jsLowerExceptions[r]; ok {
				b.WriteString(m)
			} else {
				b.WriteRune(unicode.ToLower(r))
			}
		}
	}
}

// lowerSigma applies Unicode's Final_Sigma rule to the Σ at byte i of s:
// it becomes ς when a cased letter precedes it and none follows, skipping
// case-ignorable characters (combining marks, modifiers) on both sides;
// like ICU, a character that is both (U+0345) counts as ignorable.
func lowerSigma(s string, i int) rune {
	casedBefore := false
	for j := i; j > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:j])
		j -= size
		if isCaseIgnorable(r) {
			continue
		}
		casedBefore = isCased(r)
		break
	}
	if !casedBefore {
		return 'σ'
	}
	for _, r := range s[i+len("Σ"):] {
		if isCaseIgnorable(r) {
			continue
		}
		if isCased(r) {
			return 'σ'
		}
		break
	}
	return 'ς'
}

func isCased(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

// isCaseIgnorable covers the case-ignorable characters that can occur inside
// a word (letters and digits only): marks and modifier letters.
func isCaseIgnorable(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Lm)
}

// writeUpper writes JavaScript's s.toUpperCase().
func writeUpper(b *strings.Builder, s string) {
	for _, r := range s {
		if r < utf8.RuneSelf {
			if r >= 'a' && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteByte(byte(r))
			continue
		}
		if m, ok := jsUpperExceptions[r]; ok {
			b.WriteString(m)
		} else {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
}
