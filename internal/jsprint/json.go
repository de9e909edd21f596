package jsprint

import (
	"math"
	"unicode/utf8"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/textbuf"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Stringify is JavaScript's JSON.stringify(v, null, indent) for JSON-like
// values (*tokenbuild.Token values serialize as their ToObject()). indent ""
// gives the compact form.
func Stringify(v any, indent string) string {
	var b textbuf.Buffer
	writeJSON(&b, v, indent, 0)
	return b.String()
}

// WriteJSON writes Stringify(v, indent) for a value at the given depth of
// an indented tree into b.
func WriteJSON(b *textbuf.Buffer, v any, indent string, depth int) {
	writeJSON(b, v, indent, depth)
}

// WriteJSONMembers writes an object's braces and members as Stringify
// writes an *tokenbuild.Object at depth with keys in range order, the members'
// values written by value (at depth+1); an object without members is {}.
func WriteJSONMembers(b *textbuf.Buffer, o *tokenbuild.Object, indent string, depth int, value func(b *textbuf.Buffer, v any, depth int)) {
	if o.Len() == 0 {
		b.WriteString("{}")
		return
	}
	b.WriteByte('{')
	first := true
	o.Range(func(k string, e any) bool {
		if !first {
			b.WriteByte(',')
		}
		first = false
		if indent != "" {
			newline(b, indent, depth+1)
		}
		writeJSONQuote(b, k)
		b.WriteByte(':')
		if indent != "" {
			b.WriteByte(' ')
		}
		value(b, e, depth+1)
		return true
	})
	if indent != "" {
		newline(b, indent, depth)
	}
	b.WriteByte('}')
}

// newline starts a line indented depth times.
func newline(b *textbuf.Buffer, indent string, depth int) {
	b.WriteByte('\n')
	for range depth {
		b.WriteString(indent)
	}
}

func writeJSON(b *textbuf.Buffer, v any, indent string, depth int) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			b.WriteString("null")
		} else {
			b.WriteString(js.Format(x))
		}
	case int:
		b.WriteString(js.Format(float64(x)))
	case string:
		writeJSONQuote(b, x)
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if indent != "" {
				newline(b, indent, depth+1)
			}
			writeJSON(b, e, indent, depth+1)
		}
		if indent != "" {
			newline(b, indent, depth)
		}
		b.WriteByte(']')
	case *tokenbuild.Token:
		writeJSON(b, x.ToObject(), indent, depth)
	case *tokenbuild.Object:
		WriteJSONMembers(b, x, indent, depth, func(b *textbuf.Buffer, e any, depth int) { writeJSON(b, e, indent, depth) })
	default:
		b.WriteString("null")
	}
}

const hexDigits = "0123456789abcdef"

// jsonQuote quotes s as JSON.stringify does: \" \\ \b \f \n \r \t, other
// control characters and lone surrogates (WTF-8 encoded) as \uXXXX in
// lower case; everything else, U+2028 and U+2029 included, as is.
func jsonQuote(s string) string {
	if !needsJSONEscape(s) {
		return `"` + s + `"`
	}
	var b textbuf.Buffer
	b.Grow(len(s) + 2)
	writeJSONQuote(&b, s)
	return b.String()
}

// needsJSONEscape reports whether s has a byte jsonQuote does not copy as is.
func needsJSONEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c == 0xED || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// writeJSONQuote writes jsonQuote(s) to b.
func writeJSONQuote(b *textbuf.Buffer, s string) {
	if !needsJSONEscape(s) {
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case '"':
				b.WriteString(`\"`)
			case '\\':
				b.WriteString(`\\`)
			case '\b':
				b.WriteString(`\b`)
			case '\f':
				b.WriteString(`\f`)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				if c < 0x20 {
					b.WriteString(`\u00`)
					b.WriteByte(hexDigits[c>>4])
					b.WriteByte(hexDigits[c&0xF])
				} else {
					b.WriteByte(c)
				}
			}
			i++
			continue
		}
		// A surrogate code point encoded like a character (WTF-8): ED A0..BF xx.
		if c == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF {
			u := rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F)
			b.WriteString(`\u`)
			for shift := 12; shift >= 0; shift -= 4 {
				b.WriteByte(hexDigits[(u>>uint(shift))&0xF])
			}
			i += 3
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		b.WriteString(s[i : i+size])
		i += size
	}
	b.WriteByte('"')
}
