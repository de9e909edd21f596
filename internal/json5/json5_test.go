package json5

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// canon prints a parse result the way testdata/gen.js does.
func canon(v any) string {
	var b strings.Builder
	writeCanon(&b, v)
	return b.String()
}

func writeCanon(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case float64:
		if x == 0 && math.Signbit(x) {
			b.WriteString("-0")
		} else {
			b.WriteString(js.Format(x))
		}
	case string:
		writeJSString(b, x)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanon(b, e)
		}
		b.WriteByte(']')
	case *tokenbuild.Object:
		b.WriteByte('{')
		for i, k := range x.Keys() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSString(b, k)
			b.WriteByte(':')
			writeCanon(b, x.Value(k))
		}
		b.WriteByte('}')
	default:
		fmt.Fprintf(b, "<%T>", v)
	}
}

// writeJSString quotes s as JSON.stringify does.
func writeJSString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
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
			if r < 0x20 {
				fmt.Fprintf(b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

type corpusCase struct {
	Name  string  `json:"name"`
	Input string  `json:"input"`
	Value *string `json:"value"`
	Error *string `json:"error"`
}

// TestCorpus checks Parse against node's json5 on testdata/expected.json
// (regenerate with testdata/gen.js).
func TestCorpus(t *testing.T) {
	data, err := os.ReadFile("testdata/expected.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []corpusCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 100 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			v, err := Parse([]byte(c.Input))
			if c.Error != nil {
				if err == nil {
					t.Fatalf("want error %q, got value %s", *c.Error, canon(v))
				}
				var me *tokenbuild.Diagnostic
				if !errors.As(err, &me) {
					t.Fatalf("error %T is not *tokenbuild.Diagnostic", err)
				}
				if got := Message(err); got != *c.Error {
					t.Fatalf("error\n got %q\nwant %q", got, *c.Error)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v (%s)", err, Message(err))
			}
			if got := canon(v); got != *c.Value {
				t.Fatalf("value\n got %s\nwant %s", got, *c.Value)
			}
		})
	}
}

func TestLoneSurrogateEscapes(t *testing.T) {
	v, err := Parse([]byte(`["\ud800", "\udc00x", "\ud800\u0041"]`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := canon(v), "[\"\uFFFD\",\"\uFFFDx\",\"\uFFFDA\"]"; got != want {
		t.Fatalf("got %s want %s", got, want)
	}
}

func TestDeepNesting(t *testing.T) {
	src := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if _, err := Parse([]byte(src)); err != nil {
		t.Fatal(err)
	}
	if _, err := Parse([]byte(strings.Repeat(`{"a":`, MaxDepth))); err == nil {
		t.Fatal("want error for unclosed objects")
	}
}

// nested builds depth levels that alternate objects (with a non-ASCII key,
// so that columns count UTF-16 code units) and arrays, with a CRLF after
// every seventh opening, and reports where its last opening bracket stands:
// 1-based line, and 1-based column in UTF-16 code units.
func nested(depth int) (src string, line, col int) {
	var b strings.Builder
	lineStart := 0
	var closers []string
	for i := range depth {
		opening := b.Len()
		if i%2 == 0 {
			b.WriteString(`{"é😀":`)
			closers = append(closers, "}")
		} else {
			b.WriteString("[1, ")
			closers = append(closers, "]")
		}
		line = 1 + strings.Count(b.String(), "\n")
		col = len(utf16.Encode([]rune(b.String()[lineStart:opening]))) + 1
		if i%7 == 6 {
			b.WriteString("\r\n")
			lineStart = b.Len()
		}
	}
	b.WriteString("true")
	for i := len(closers) - 1; i >= 0; i-- {
		b.WriteString(closers[i])
	}
	return b.String(), line, col
}

func TestNestingLimit(t *testing.T) {
	src, _, _ := nested(MaxDepth)
	v, err := Parse([]byte(src))
	if err != nil {
		t.Fatalf("%d levels: %s", MaxDepth, Message(err))
	}
	depth := 0
	for {
		if o, ok := v.(*tokenbuild.Object); ok {
			v = o.Value("é😀")
		} else if a, ok := v.([]any); ok {
			v = a[1]
		} else {
			break
		}
		depth++
	}
	if depth != MaxDepth || v != true {
		t.Fatalf("parsed %d levels down to %v, want %d levels down to true", depth, v, MaxDepth)
	}

	src, line, col := nested(MaxDepth + 1)
	_, err = Parse([]byte(src))
	var me *tokenbuild.Diagnostic
	if !errors.As(err, &me) {
		t.Fatalf("%d levels: want *tokenbuild.Diagnostic, got %v", MaxDepth+1, err)
	}
	if me.Line != line || me.Col != col {
		t.Fatalf("error at %d:%d, want %d:%d", me.Line, me.Col, line, col)
	}
	if got, want := Message(err), fmt.Sprintf("JSON5: nesting deeper than 1000 levels at %d:%d", line, col); got != want {
		t.Fatalf("message %q, want %q", got, want)
	}
}

func TestNestingLimitOnOneLine(t *testing.T) {
	_, err := Parse([]byte(" " + strings.Repeat("[", MaxDepth+1)))
	if got, want := Message(err), "JSON5: nesting deeper than 1000 levels at 1:1002"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestMillionLevelsAreRefused(t *testing.T) {
	for _, opening := range []string{"[", `{"x":`, "[{a:"} {
		src := strings.Repeat(opening, 1_000_000)
		if _, err := Parse([]byte(src)); err == nil {
			t.Fatalf("%q × 1e6: want an error", opening)
		}
		closed := src + "0" + strings.Repeat("]", 1_000_000)
		if _, err := Parse([]byte(closed)); err == nil {
			t.Fatalf("%q × 1e6 closed: want an error", opening)
		}
	}
}

// TestUnicodeTables compares the identifier and space classes with the
// ranges node's json5 uses (testdata/unicode.json from testdata/unicode.js).
func TestUnicodeTables(t *testing.T) {
	data, err := os.ReadFile("testdata/unicode.json")
	if err != nil {
		t.Fatal(err)
	}
	var tables struct {
		IDStart    [][2]rune `json:"idStart"`
		IDContinue [][2]rune `json:"idContinue"`
		Space      [][2]rune `json:"space"`
	}
	if err := json.Unmarshal(data, &tables); err != nil {
		t.Fatal(err)
	}
	check := func(name string, ranges [][2]rune, f func(rune) bool) {
		in := map[rune]bool{}
		for _, r := range ranges {
			for c := r[0]; c <= r[1]; c++ {
				in[c] = true
			}
		}
		var diffs []string
		for c := rune(0); c <= utf8.MaxRune; c++ {
			if c >= 0xD800 && c < 0xE000 {
				continue
			}
			if f(c) != in[c] {
				diffs = append(diffs, fmt.Sprintf("U+%04X(node %v)", c, in[c]))
			}
		}
		if len(diffs) > 0 {
			t.Errorf("%s: %d differences: %s", name, len(diffs), strings.Join(diffs[:min(len(diffs), 20)], " "))
		}
	}
	check("idStart", tables.IDStart, isIDStart)
	check("idContinue", tables.IDContinue, isIDContinue)
	check("space", tables.Space, func(r rune) bool {
		return r != '\u00A0' && r != ' ' && r != '\uFEFF' && isSpace(r) && r != '\u2028' && r != '\u2029'
	})
}

func sameValue(got, want any) bool {
	switch w := want.(type) {
	case map[string]any:
		o, ok := got.(*tokenbuild.Object)
		if !ok || o.Len() != len(w) {
			return false
		}
		for k, v := range w {
			gv, ok := o.Get(k)
			if !ok || !sameValue(gv, v) {
				return false
			}
		}
		return true
	case []any:
		a, ok := got.([]any)
		if !ok || len(a) != len(w) {
			return false
		}
		for i := range w {
			if !sameValue(a[i], w[i]) {
				return false
			}
		}
		return true
	case float64:
		g, ok := got.(float64)
		return ok && g == w
	default:
		return got == want
	}
}

func bigTokenFile(n int) []byte {
	var b bytes.Buffer
	b.WriteString("{\n  // generated\n  \"color\": {\n")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "    \"c%d\": {\"$value\": \"#%06x\", \"$type\": \"color\", \"$description\": \"Colour number %d with \\\"quotes\\\"\", \"$extensions\": {\"x\": [1, 2.5, true]}, ref: '{color.c%d}'}", i, i*97%0xffffff, i, i/2)
	}
	b.WriteString(",\n  }\n}\n")
	return b.Bytes()
}

func BenchmarkParse50k(b *testing.B) {
	data := bigTokenFile(50000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLongNumbers checks decimal literals past strconv's 800-digit buffer;
// the expected values are node's json5 (JSON5.parse) on the same text.
func TestLongNumbers(t *testing.T) {
	for _, c := range []struct {
		lit  string
		want float64
	}{
		{strings.Repeat("9", 900) + "e-900", 1},
		{strings.Repeat("9", 1500) + "." + strings.Repeat("1", 1500) + "e-1500", 1},
		{strings.Repeat("1", 801) + "e-800", 1.1111111111111112},
		{"0." + strings.Repeat("0", 900) + "1e901", 1},
		{"1" + strings.Repeat("0", 1000) + "1e-1001", 1},
		{strings.Repeat("2", 850) + "5e-851", 0.2222222222222222},
		{"-" + strings.Repeat("7", 820), math.Inf(-1)},
		{"1" + strings.Repeat("0", 900) + ".5e-900", 1},
		{"." + strings.Repeat("3", 500) + "e1", 3.3333333333333335},
		{strings.Repeat("4", 810) + "e-99999999999999999999", 0},
		{strings.Repeat("4", 810) + "e99999999999999999999", math.Inf(1)},
		{"17976931348623157" + strings.Repeat("0", 292) + "." + strings.Repeat("0", 200), 1.7976931348623157e308},
		// exactly half the smallest subnormal: ties to even, 0
		{"2470328229206232720882778" + strings.Repeat("0", 875) + "e-1223", 0},
	} {
		v, err := Parse([]byte(c.lit))
		if err != nil {
			t.Fatalf("%.40s…: %s", c.lit, Message(err))
		}
		if v != c.want {
			t.Errorf("%.40s… (%d chars) = %v, want %v", c.lit, len(c.lit), v, c.want)
		}
	}
}

// TestInvalidUTF8IsAnError checks that ill-formed UTF-8 is an error at its
// first bad byte (node would decode it to U+FFFD and go on), unless a
// syntax error comes before it. Columns count UTF-16 code units from 1.
func TestInvalidUTF8IsAnError(t *testing.T) {
	for _, c := range []struct{ in, err string }{
		{in: "{\"a\xff\": \"b\xfe\\n\"}", err: "JSON5: invalid UTF-8 (byte 0xff) at 1:4"},
		{in: "[\"a\xe2\x82x\xff\"]", err: "JSON5: invalid UTF-8 (byte 0xe2) at 1:4"},
		{in: "{\n  \"é😀\": \"\xc0\xaf\"\n}", err: "JSON5: invalid UTF-8 (byte 0xc0) at 2:11"},
		{in: "//\xe2\x82\xe2\x82", err: "JSON5: invalid UTF-8 (byte 0xe2) at 1:3"},
		{in: "\"\xe2\x82\"\xe2\x82", err: "JSON5: invalid UTF-8 (byte 0xe2) at 1:2"},
		{in: "[\xed\xa0\x80]", err: "JSON5: invalid UTF-8 (byte 0xed) at 1:2"}, // an encoded surrogate
		{in: "[1 2, \"\xff\"]", err: "JSON5: invalid character '2' at 1:4"},    // the syntax error comes first
		{in: "\x00\xff", err: "JSON5: invalid character '\\0' at 1:1"},
	} {
		v, err := Parse([]byte(c.in))
		if Message(err) != c.err {
			t.Errorf("%q: got %v (%s), want error %s", c.in, canon(v), Message(err), c.err)
		}
	}
}

// Objects of more than eight members take a path that appends their keys
// without searching for repeats; with repeated keys and array-index keys
// among them they must still come out as Set makes them (the last value in
// the first place, index keys first in numeric order).
func TestLargeObjectsMatchSet(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "1", "02", "10", "$value"}
	for round := 0; round < 2000; round++ {
		n := 1 + rng.Intn(30)
		want := tokenbuild.NewObject()
		var b strings.Builder
		b.WriteString("{")
		for i := 0; i < n; i++ {
			k := keys[rng.Intn(len(keys))]
			if rng.Intn(2) == 0 {
				k += strconv.Itoa(i) // mostly distinct
			}
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "%q:%d", k, i)
			want.Set(k, float64(i))
		}
		b.WriteString("}")
		got, err := Parse([]byte(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		o := got.(*tokenbuild.Object)
		if !slices.Equal(o.Keys(), want.Keys()) {
			t.Fatalf("%s: keys %q, want %q", b.String(), o.Keys(), want.Keys())
		}
		for _, k := range want.Keys() {
			if o.Value(k) != want.Value(k) {
				t.Fatalf("%s: %s = %v, want %v", b.String(), k, o.Value(k), want.Value(k))
			}
		}
	}
}
