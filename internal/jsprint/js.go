package jsprint

import (
	"math"
	"strings"
	"unicode"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Builder makes documents for JSON-like values the way prettier prints the
// source text JSON.stringify produced for them.
type Builder struct {
	// TS selects the typescript parser's rules: number-like keys stay quoted.
	TS bool
	// Expanded says the source text had a newline after each non-empty
	// object's "{" (JSON.stringify with indentation), which prettier keeps.
	Expanded bool
	nextID   int
}

func (b *Builder) id() int { b.nextID++; return b.nextID }

// Value is the document of a JSON-like value: nil, bool, float64, string,
// []any, *tokenbuild.Object or *tokenbuild.Token (printed as its ToObject()).
func (b *Builder) Value(v any) Doc {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		if x {
			return "true"
		}
		return "false"
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "null" // what JSON.stringify writes
		}
		return Number(js.Format(x))
	case int:
		return Number(js.Format(float64(x)))
	case string:
		return String(x)
	case []any:
		return b.array(x)
	case *tokenbuild.Object:
		return b.object(x)
	case *tokenbuild.Token:
		return b.object(x.ToObject())
	}
	return "null"
}

// isNumberDoc reports whether v prints as a (possibly negative) number literal.
func isNumber(v any) bool {
	switch x := v.(type) {
	case float64:
		return !math.IsNaN(x) && !math.IsInf(x, 0)
	case int:
		return true
	}
	return false
}

func (b *Builder) array(arr []any) Doc {
	if len(arr) == 0 {
		return "[]"
	}
	id := b.id()
	concise := true
	for _, e := range arr {
		if !isNumber(e) {
			concise = false
			break
		}
	}
	shouldBreak := len(arr) > 1
	if shouldBreak {
		for i, e := range arr {
			n, kind := containerSize(e)
			if kind == 0 || n <= 1 {
				shouldBreak = false
				break
			}
			if i+1 < len(arr) {
				if _, k2 := containerSize(arr[i+1]); k2 != kind {
					shouldBreak = false
					break
				}
			}
		}
	}
	var body Doc
	if concise {
		parts := make([]Doc, 0, 2*len(arr))
		for i, e := range arr {
			if i == len(arr)-1 {
				parts = append(parts, []Doc{b.Value(e), IfBreak(",", "", id)})
			} else {
				parts = append(parts, []Doc{b.Value(e), ","}, Line)
			}
		}
		body = Fill(parts)
	} else {
		parts := make([]Doc, 0, 2*len(arr)+1)
		for i, e := range arr {
			parts = append(parts, Group(b.Value(e)))
			if i < len(arr)-1 {
				parts = append(parts, []Doc{",", Line})
			}
		}
		parts = append(parts, IfBreak(",", nil, 0))
		body = parts
	}
	g := &docGroup{contents: []Doc{"[", Indent(Softline, body), Softline, "]"}, brk: shouldBreak, id: id}
	return g
}

// containerSize returns the element count and kind (1 array, 2 object, 0 other) of v.
func containerSize(v any) (int, int) {
	switch x := v.(type) {
	case []any:
		return len(x), 1
	case *tokenbuild.Object:
		return x.Len(), 2
	case *tokenbuild.Token:
		return x.ToObject().Len(), 2
	}
	return 0, 0
}

func (b *Builder) object(o *tokenbuild.Object) Doc {
	if o.Len() == 0 {
		return "{}"
	}
	var parts []Doc
	for i, k := range o.Keys() {
		if i > 0 {
			parts = append(parts, ",", Line)
		}
		parts = append(parts, Group(b.property(k, o.Value(k))))
	}
	return &docGroup{
		contents: []Doc{"{", Indent(Line, parts), IfBreak(",", "", 0), Line, "}"},
		brk:      b.Expanded,
	}
}

// property prints key: value with prettier's assignment layouts.
func (b *Builder) property(k string, v any) Doc {
	key := b.Key(k)
	right := b.Value(v)
	short := StringWidth(key) < 5
	switch {
	case short:
		return Group(Group(key), ":", " ", right)
	case isString(v):
		return Group(Group(key), ":", Group(Indent(Line, right)))
	case isNumber(v) && !isNegative(v), isBool(v):
		return Group(Group(key), ":", " ", right)
	}
	return fluid(key, right, b.id())
}

// fluid is prettier's "fluid" assignment layout: break after the operator
// only when the right side cannot start on the same line.
func fluid(left, right Doc, id int) Doc {
	return Group(Group(left), ":", &docGroup{contents: Indent(Line), id: id}, lineSuffixBoundary,
		&docIndentIfBreak{contents: right, groupID: id})
}

func isString(v any) bool { _, ok := v.(string); return ok }
func isBool(v any) bool   { _, ok := v.(bool); return ok }
func isNegative(v any) bool {
	switch x := v.(type) {
	case float64:
		return x < 0 || (x == 0 && math.Signbit(x) && false)
	case int:
		return x < 0
	}
	return false
}

// Key prints an object key the way prettier's quoteProps "as-needed" does
// for a key JSON.stringify quoted.
func (b *Builder) Key(k string) string {
	raw := jsonQuote(k)
	if printString(raw)[1:len(printString(raw))-1] == k {
		if isES5IdentifierName(k) {
			return k
		}
		if !b.TS && simpleNumber.MatchString(k) && js.Format(parseSimple(k)) == k {
			return Number(k)
		}
	}
	return printString(raw)
}

var simpleNumber = lazyregexp.New(`^(?:\d+|\d+\.\d+)$`)

func parseSimple(s string) float64 {
	v, _ := js.ParseFloat(s)
	return v
}

// isES5IdentifierName approximates ES5's IdentifierName with Unicode categories.
func isES5IdentifierName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		start := r == '$' || r == '_' || unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl)
		if i == 0 {
			if !start {
				return false
			}
			continue
		}
		if !start && !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) && r != 0x200C && r != 0x200D {
			return false
		}
	}
	return true
}

// String prints s as JSON.stringify quotes it, requoted by prettier.
func String(s string) string { return printString(jsonQuote(s)) }

// printString is prettier's printString for a string literal's raw text:
// double quotes unless the content holds more double than single quotes.
func printString(raw string) string {
	content := raw[1 : len(raw)-1]
	if raw[0] == '"' && !strings.ContainsAny(content, `"\`) {
		return raw // double quotes, nothing to requote
	}
	doubles := strings.Count(content, `"`)
	singles := strings.Count(content, `'`)
	enclosing, other := byte('"'), byte('\'')
	if doubles > singles {
		enclosing, other = '\'', '"'
	}
	var out strings.Builder
	out.WriteByte(enclosing)
	for i := 0; i < len(content); i++ {
		c := content[i]
		switch {
		case c == '\\' && i+1 < len(content):
			e := content[i+1]
			i++
			if e == other {
				out.WriteByte(e)
			} else if strings.IndexByte("\n\r\"'01234567\\bfnrtuvx", e) >= 0 {
				out.WriteByte('\\')
				out.WriteByte(e)
			} else {
				out.WriteByte(e) // an unnecessary escape
			}
		case c == enclosing:
			out.WriteByte('\\')
			out.WriteByte(c)
		default:
			out.WriteByte(c)
		}
	}
	out.WriteByte(enclosing)
	return out.String()
}

// Number is prettier's printNumber applied to a number's source text.
func Number(raw string) string {
	s := strings.ToLower(raw)
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		mant, exp := s[:i], s[i+1:]
		neg := strings.HasPrefix(exp, "-")
		exp = strings.TrimLeft(exp, "+-")
		exp = strings.TrimLeft(exp, "0")
		mant = trimFraction(mant)
		if exp == "" {
			return mant
		}
		if neg {
			exp = "-" + exp
		}
		return mant + "e" + exp
	}
	return trimFraction(s)
}

func trimFraction(s string) string {
	if strings.HasPrefix(s, ".") {
		s = "0" + s
	}
	if strings.Contains(s, ".") {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	return s
}

// TypeLiteral prints a TypeScript object type whose leaves are type names:
// v is an *tokenbuild.Object of nested *tokenbuild.Object and string (a type name).
func (b *Builder) TypeLiteral(v any) Doc {
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		s, _ := v.(string)
		return s
	}
	if o.Len() == 0 {
		return "{}"
	}
	var parts []Doc
	for i, k := range o.Keys() {
		if i > 0 {
			parts = append(parts, ";", Line)
		}
		parts = append(parts, Group(b.Key(k), ": ", b.TypeLiteral(o.Value(k))))
	}
	return &docGroup{
		contents: []Doc{"{", Indent(Line, parts), IfBreak(";", "", 0), Line, "}"},
		brk:      b.Expanded,
	}
}

// Entries prints an object literal from parallel keys and values (keys
// may repeat, as in hand-built source); expanded as for Builder.Expanded.
func (b *Builder) Entries(keys []string, values []any, expanded bool) Doc {
	if len(keys) == 0 {
		return "{}"
	}
	var parts []Doc
	for i, k := range keys {
		if i > 0 {
			parts = append(parts, ",", Line)
		}
		parts = append(parts, Group(b.property(k, values[i])))
	}
	return &docGroup{
		contents: []Doc{"{", Indent(Line, parts), IfBreak(",", "", 0), Line, "}"},
		brk:      expanded,
	}
}

// RawString requotes a string literal's source text (quotes included) as prettier does.
func RawString(raw string) string { return printString(raw) }

// TSType is the TypeScript type the reference's getTypeScriptType writes
// for a value, as prettier prints it: tuples for arrays of one type,
// unions of arrays otherwise, object types, string literals when
// stringLiterals is set, else string, number, boolean or any.
func TSType(v any, stringLiterals bool) Doc {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return "any[]"
		}
		first := tsTypeText(x[0])
		same := true
		for _, e := range x[1:] {
			if tsTypeText(e) != first {
				same = false
				break
			}
		}
		if same {
			parts := make([]Doc, 0, 2*len(x)+1)
			for i, e := range x {
				if i > 0 {
					parts = append(parts, ",", Line)
				}
				parts = append(parts, Group(TSType(e, false)))
			}
			parts = append(parts, IfBreak(",", "", 0))
			return Group("[", Indent(Softline, parts), Softline, "]")
		}
		// The reference dedupes "T | " strings, so only repeats that are
		// not last collapse, and the last member is always kept.
		var members []Doc
		seen := map[string]bool{}
		for i, e := range x {
			key := tsTypeText(e)
			if i < len(x)-1 {
				key += " | "
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			if len(members) > 0 {
				members = append(members, Line, "| ")
			}
			members = append(members, Indent(TSType(e, false)))
		}
		// a parenthesized union: one member per line, each after "| ", when too long
		union := Group(Indent(IfBreak([]Doc{Line, "| "}, "", 0), members), Softline)
		return []Doc{"(", union, ")[]"}
	case *tokenbuild.Object:
		if x.Len() == 0 {
			return "{}"
		}
		var parts []Doc
		for i, k := range x.Keys() {
			if i > 0 {
				parts = append(parts, ";", Line)
			}
			parts = append(parts, Group(tsPropertyName(k), ": ", TSType(x.Value(k), false)))
		}
		return Group("{", Indent(Line, parts), IfBreak(";", "", 0), Line, "}")
	case string:
		if stringLiterals {
			return printString(tsStringLiteral(x))
		}
		return "string"
	case float64, int:
		return "number"
	case bool:
		return "boolean"
	}
	return "any"
}

// tsPropertyName is how an object type names the property k. The
// reference writes every key raw, which prettier then fails to parse
// unless it is an identifier or a number, and prints a number as a number
// literal (1.50 as 1.5: another property). So identifiers and keys that
// are a number's canonical form ("100", "1.5") are written as the
// reference writes them, and every other key is quoted ("font-family",
// "2xl", "1.50"), which keeps the file valid TypeScript and declares the
// property the value has (docs/deviations.md).
func tsPropertyName(k string) string {
	if isES5IdentifierName(k) {
		return k
	}
	if k != "" && k[0] >= '0' && k[0] <= '9' && js.Format(js.ToNumber(k)) == k {
		return Number(k)
	}
	return String(k)
}

// tsStringLiteral quotes a string literal type whose value is s. The
// reference only escapes '"', so a backslash in s started an escape and the
// type was not the runtime value (docs/deviations.md); backslash, newline
// and carriage return are escaped too. Other characters stay raw, as in the
// reference.
func tsStringLiteral(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tsTypeText is a type's text on one line, for comparing element types.
func tsTypeText(v any) string { return Print(TSType(v, false)) }
