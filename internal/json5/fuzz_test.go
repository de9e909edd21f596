package json5

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/tailscale/hujson"

	"github.com/tokengen/tokengen/tokenbuild"
)

// fuzzSeeds are inputs for every fuzz target of this package, besides the
// files in testdata/fuzz/<target>/: the shapes a token file can take and
// the ones that broke parsers before.
var fuzzSeeds = []string{
	``,
	"\uFEFF{\"a\": 1}",
	"{\r\n  // colour\r\n  \"a\": 1,\r\n  \"b\": [1, 2,],\r\n}\r\n",
	"{\r\"a\"\r:\r1\r}",
	`{"a":1,"b":2,"a":3}`,
	`{"10":1,"9":2,"b":3,"a":4,"4294967295":5,"4294967294":6,"01":7,"-1":8,"0":9}`,
	`/* x */ {// y` + "\n" + ` "a": /* z */ 1 // w` + "\n}",
	`{ café: 1, ᛮ: 2, \u0061b: 3, $_x: 4, 𐀀: 5 }`,
	`{unquoted: 'single', hex: 0xDEADbeef, lead: .5, trail: 8., plus: +1, inf: -Infinity, nan: NaN, multi: "a\` + "\n" + `b",}`,
	`["\ud800", "\udc00", "\ud800\ud800\udc00", "\ud83d\ude00"]`,
	`[1e400, -1e400, 1e-400, 4.9e-324, 123456789012345678901234567890, 0x1FFFFFFFFFFFFFFFFFFFFFFFF, -0]`,
	"[\"\u2028\u2029\", // line\u2028 1]",
	"\x00\xff\xfe{\"\xc3\x28\": \"\xe2\x82\"}",
	`"\x41\0\v\'\""`,
	`{"a": "\1"}`,
	`/* unterminated`,
	strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
	strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	strings.Repeat(`{"a":`, MaxDepth-1) + "[]" + strings.Repeat("}", MaxDepth-1),
}

// FuzzMatchesEncodingJSON checks that Parse never panics and that valid
// JSON parses to what encoding/json gives.
func FuzzMatchesEncodingJSON(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,2.5,-3e4,"x\u00e9\n"],"b":{"c":null,"d":true}}`, `"\ud83d\ude00"`, `0`, `-0.0e-0`, `{"a":1,"a":2}`, `{"2":1,"1":0}`} {
		f.Add([]byte(s))
	}
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Parse(data) // any input: must not panic
		if !json.Valid(data) || !comparableWithGo(data) {
			return
		}
		var want any
		if json.Unmarshal(data, &want) != nil {
			return // e.g. 1e400, which encoding/json refuses and JSON5 reads as Infinity
		}
		if isTooDeep(err) {
			return // MaxDepth is ours; encoding/json allows 10000 levels
		}
		if err != nil {
			t.Fatalf("Parse(%q): %s", data, Message(err))
		}
		if !sameValue(got, want) {
			t.Fatalf("Parse(%q) = %s, encoding/json gives %#v", data, canon(got), want)
		}
	})
}

// FuzzJSONC checks Parse against hujson on the JSON-with-comments-and-
// trailing-commas inputs that hujson accepts: the values must be what
// encoding/json decodes from hujson's standardized text, and object keys
// must come in JavaScript's order of the keys as written. Plain JSON inputs
// are also read again with comments and trailing commas everywhere
// (checkCommentedCopy).
//
// Skipped are the inputs where encoding/json differs (comparableWithGo)
// and the one family where hujson and JSON5 rightly differ: JSON5 ends
// a line comment at a carriage return too (spec: LineTerminator), hujson
// only at "\n", so in "//x\r1" JSON5 reads the 1 and hujson does not (node's
// json5 parses "[//x\r1]" as [1]). A CR right before "\n" changes nothing.
// hujson refuses U+2028/U+2029 in line comments, so those need no skip.
func FuzzJSONC(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte("{\n  // a comment\n  \"a\": [1, 2, 3,], /* b */ \"b\": {\"c\": null,},\n}"))
	f.Add([]byte("[//x\r1]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Parse(data)
		ast, herr := hujson.Parse(data)
		if herr != nil {
			return
		}
		if bytes.Contains(data, []byte("//")) && hasBareCR(data) || !comparableWithGo(data) {
			return
		}
		ast.Standardize()
		std := ast.Pack()
		var want any
		if json.Unmarshal(std, &want) != nil {
			return
		}
		if isTooDeep(err) {
			return
		}
		if err != nil {
			t.Fatalf("Parse(%q): %s; hujson accepts it as %q", data, Message(err), std)
		}
		if !sameValue(got, want) {
			t.Fatalf("Parse(%q) = %s, hujson+encoding/json give %#v", data, canon(got), want)
		}
		checkCommentedCopy(t, data, got)
		reparsed, herr := hujson.Parse(data)
		if herr != nil {
			t.Fatalf("hujson.Parse not repeatable: %v", herr)
		}
		if msg := keyOrderDiff(got, reparsed.Value); msg != "" {
			t.Fatalf("Parse(%q): %s", data, msg)
		}
	})
}

// checkCommentedCopy rewrites the plain JSON data (which parsed to got) with
// a block comment after every opening bracket, key and colon, a line
// comment after every comma, and a trailing comma in every non-empty
// container, which hujson must accept and Parse must read as the same
// value: random inputs seldom hold comments that survive hujson, and
// this puts them everywhere.
func checkCommentedCopy(t *testing.T, data []byte, got any) {
	t.Helper()
	if !json.Valid(data) {
		return
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var b bytes.Buffer
	type frame struct {
		object bool
		n      int // tokens so far
	}
	var stack []frame
	// beforeValue writes what precedes a key, an array item or the root.
	beforeValue := func() {
		if len(stack) == 0 {
			return
		}
		f := &stack[len(stack)-1]
		if f.object && f.n%2 == 1 {
			b.WriteString(" /* key */ : /* colon */ ")
		} else if f.n > 0 {
			b.WriteString(", // comma\n")
		}
		f.n++
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			break // io.EOF: dec.More would not tell the root apart
		}
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				beforeValue()
				b.WriteString(string(v) + " /* open */ ")
				stack = append(stack, frame{object: v == '{'})
				continue
			}
			if stack[len(stack)-1].n > 0 {
				b.WriteString(", // trailing comma\n")
			}
			stack = stack[:len(stack)-1]
			b.WriteString("/* close */ " + string(v))
		case json.Number:
			beforeValue()
			b.WriteString(string(v))
		default:
			beforeValue()
			enc, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("re-encoding %#v: %v", v, err)
			}
			b.Write(enc)
		}
	}
	commented := b.Bytes()
	if _, err := hujson.Standardize(append([]byte(nil), commented...)); err != nil {
		t.Fatalf("%q rewritten as %q, which hujson refuses: %v", data, commented, err)
	}
	again, err := Parse(commented)
	if err != nil {
		t.Fatalf("%q rewritten as %q: %s", data, commented, Message(err))
	}
	if canon(again) != canon(got) {
		t.Fatalf("%q gives %s, but rewritten as %q %s", data, canon(got), commented, canon(again))
	}
}

// FuzzJSON5Errors checks, for any input, that Parse either returns a value
// whose objects list their keys in JavaScript's order and that reads back
// the same after printing, or a *tokenbuild.Diagnostic whose line and column lie
// inside the input.
func FuzzJSON5Errors(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data)
		if err != nil {
			checkErrorPosition(t, data, err)
			return
		}
		if msg := keysInJSOrder(v); msg != "" {
			t.Fatalf("Parse(%q): %s", data, msg)
		}
		// canon prints valid JSON5 (NaN, Infinity and -0 included) with
		// the keys in iteration order, so parsing it gives the same value.
		printed := canon(v)
		again, err := Parse([]byte(printed))
		if err != nil {
			t.Fatalf("Parse(%q) printed as %q, which does not parse: %s", data, printed, Message(err))
		}
		if reprinted := canon(again); reprinted != printed {
			t.Fatalf("Parse(%q) printed as %q reads back as %q", data, printed, reprinted)
		}
	})
}

// comparableWithGo is false for the inputs where encoding/json rightly
// differs from node's json5, which Parse follows: ill-formed UTF-8, where
// node's decoder gives one U+FFFD per maximal subpart and encoding/json one
// per byte; and decimal literals with more than 800 integer digits, which
// strconv.ParseFloat (and so encoding/json) can misplace by powers of ten
// (see pointAfterFirstDigit).
func comparableWithGo(data []byte) bool {
	if !utf8.Valid(data) {
		return false
	}
	run := 0
	for _, c := range data {
		if c >= '0' && c <= '9' {
			run++
			if run > 800 {
				return false
			}
		} else {
			run = 0
		}
	}
	return true
}

func isTooDeep(err error) bool {
	var me *tokenbuild.Diagnostic
	return errors.As(err, &me) && me.Msg == "nesting deeper than "+strconv.Itoa(MaxDepth)+" levels"
}

// hasBareCR reports whether data has a carriage return not followed by "\n".
func hasBareCR(data []byte) bool {
	for i, c := range data {
		if c == '\r' && (i+1 == len(data) || data[i+1] != '\n') {
			return true
		}
	}
	return false
}

// checkErrorPosition fails unless err is a *tokenbuild.Diagnostic at a line and
// column that exist in data. Lines count "\n" only and columns count UTF-16
// code units from 1; an error at a "\n" itself is at column 0 of the next
// line, as in node's json5 ("invalid character '\n' at 2:0").
func checkErrorPosition(t *testing.T, data []byte, err error) {
	t.Helper()
	var me *tokenbuild.Diagnostic
	if !errors.As(err, &me) {
		t.Fatalf("Parse(%q): error %T %v is not a *tokenbuild.Diagnostic", data, err, err)
	}
	if me.Msg == "" {
		t.Fatalf("Parse(%q): empty error message", data)
	}
	lines := bytes.Split(data, []byte("\n"))
	if me.Line < 1 || me.Line > len(lines) {
		t.Fatalf("Parse(%q): %s: line outside 1..%d", data, Message(err), len(lines))
	}
	width := len(utf16.Encode([]rune(string(lines[me.Line-1]))))
	if me.Col < 0 || me.Col > width+1 {
		t.Fatalf("Parse(%q): %s: column outside 0..%d", data, Message(err), width+1)
	}
	if me.Col == 0 && me.Line == 1 {
		t.Fatalf("Parse(%q): %s: column 0 on the first line, where no \\n was read", data, Message(err))
	}
	if want := "JSON5: " + me.Msg + " at " + strconv.Itoa(me.Line) + ":" + strconv.Itoa(me.Col); Message(err) != want {
		t.Fatalf("Message = %q, want %q", Message(err), want)
	}
}

// jsArrayIndex reports whether k is an array index in JavaScript's sense:
// the canonical decimal form of an integer from 0 to 2^32-2.
func jsArrayIndex(k string) (uint64, bool) {
	n, err := strconv.ParseUint(k, 10, 32)
	if err != nil || n == math.MaxUint32 || strconv.FormatUint(n, 10) != k {
		return 0, false
	}
	return n, true
}

// jsKeyOrder is the order in which JavaScript lists the keys of an object
// built by setting names one by one: array indices ascending, then the
// other keys in the order they were first set.
func jsKeyOrder(names []string) []string {
	seen := map[string]bool{}
	var indices, others []string
	for _, k := range names {
		if seen[k] {
			continue
		}
		seen[k] = true
		if _, ok := jsArrayIndex(k); ok {
			indices = append(indices, k)
		} else {
			others = append(others, k)
		}
	}
	slices.SortFunc(indices, func(a, b string) int {
		x, _ := jsArrayIndex(a)
		y, _ := jsArrayIndex(b)
		return cmp.Compare(x, y)
	})
	return append(indices, others...)
}

// keysInJSOrder checks every object in v: keys unique, array indices first
// and ascending.
func keysInJSOrder(v any) string {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if msg := keysInJSOrder(e); msg != "" {
				return msg
			}
		}
	case *tokenbuild.Object:
		keys := x.Keys()
		if got, want := keys, jsKeyOrder(keys); !slices.Equal(got, want) {
			return "keys " + strconv.Quote(strings.Join(got, ",")) + " not in JavaScript order " + strconv.Quote(strings.Join(want, ","))
		}
		for _, k := range keys {
			if msg := keysInJSOrder(x.Value(k)); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// keyOrderDiff compares the key order of every object in got with the
// order JavaScript gives the member names of the hujson tree.
func keyOrderDiff(got any, tree hujson.ValueTrimmed) string {
	switch x := tree.(type) {
	case *hujson.Array:
		a, ok := got.([]any)
		if !ok || len(a) != len(x.Elements) {
			return "array shape differs"
		}
		for i := range a {
			if msg := keyOrderDiff(a[i], x.Elements[i].Value); msg != "" {
				return msg
			}
		}
	case *hujson.Object:
		o, ok := got.(*tokenbuild.Object)
		if !ok {
			return "object shape differs"
		}
		var names []string
		last := map[string]hujson.ValueTrimmed{} // a repeated name keeps its last value
		for _, m := range x.Members {
			var name string
			if err := json.Unmarshal(m.Name.Value.(hujson.Literal), &name); err != nil {
				return "hujson member name " + string(m.Name.Value.(hujson.Literal)) + " does not decode"
			}
			names = append(names, name)
			last[name] = m.Value.Value
		}
		want := jsKeyOrder(names)
		if keys := o.Keys(); !slices.Equal(keys, want) {
			return "keys " + strconv.Quote(strings.Join(keys, ",")) + ", want " + strconv.Quote(strings.Join(want, ","))
		}
		for _, k := range want {
			if msg := keyOrderDiff(o.Value(k), last[k]); msg != "" {
				return msg
			}
		}
	}
	return ""
}
