package jsprint

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// decodeOrdered parses JSON into model values, keeping key order.
func decodeOrdered(t *testing.T, raw json.RawMessage) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch x := tok.(type) {
	case json.Delim:
		switch x {
		case '{':
			o := tokenbuild.NewObject()
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				o.Set(k.(string), v)
			}
			_, err := dec.Token()
			return o, err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
	case json.Number:
		return x.Float64()
	}
	return tok, nil
}

type prettierCase struct {
	Kind     string          `json:"kind"`
	Name     string          `json:"name"`
	Value    json.RawMessage `json:"value"`
	Expected string          `json:"expected"`
}

// TestAgainstPrettier compares with prettier's output for random values
// (testdata/prettier_cases.json, made by testdata/gen.mjs).
func TestAgainstPrettier(t *testing.T) {
	data, err := os.ReadFile("testdata/prettier_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []prettierCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	failures := 0
	for i, c := range cases {
		v := decodeOrdered(t, c.Value)
		var got string
		switch c.Kind {
		case "module":
			b := &Builder{Expanded: true}
			got = Program("", []Statement{{Doc: []Doc{b.Assignment("module.exports", v, b.Value(v)), ";"}}})
		case "es6":
			b := &Builder{}
			got = Program("", []Statement{{Doc: []Doc{"export const ", b.Assignment(c.Name, v, b.Value(v)), ";"}}})
		case "ts-module":
			b := &Builder{Expanded: true, TS: true}
			got = Program("", []Statement{{Doc: []Doc{"declare const tokens: ", b.TypeLiteral(v), ";"}}})
		}
		if got != c.Expected {
			failures++
			if failures <= 5 {
				t.Errorf("case %d (%s): got\n%s\nwant\n%s", i, c.Kind, got, c.Expected)
			}
		}
	}
	if failures > 0 {
		t.Errorf("%d of %d cases differ", failures, len(cases))
	}
}

// The string literal types of typescript/es6-declarations: as the reference
// writes them for plain values, and escaped so that the type is the runtime
// value when the value holds a backslash or a line break (each checked with
// tsc: `const v: <type> = <JSON.stringify(value)>` compiles).
func TestTSTypeStringLiterals(t *testing.T) {
	cases := []struct{ value, want string }{
		{"hello world", `"hello world"`},
		{"It's", `"It's"`},
		{`Say "hi"`, `'Say "hi"'`},
		{`It's "x"`, `'It\'s "x"'`},
		{`\e001`, `"\\e001"`},
		{`back \ slash \n`, `"back \\ slash \\n"`},
		{"a\nb\r\nc", `"a\nb\r\nc"`},
		{"tab\there", "\"tab\there\""},
	}
	for _, c := range cases {
		if got := Print(TSType(c.value, true)); got != c.want {
			t.Errorf("TSType(%q) = %s, want %s", c.value, got, c.want)
		}
	}
}

// Each statement comes from its own Builder, so group ids repeat between
// statements: an if-break in the second statement must not see the mode of
// the first statement's group with the same id (here the first array
// broke, which made the 80-column property line of the second break too).
// Expected output from prettier 3.
func TestGroupIdsPerStatement(t *testing.T) {
	first := make([]any, 30)
	for i := range first {
		first[i] = float64(i * 100)
	}
	color := tokenbuild.ObjectOf("colorSpace", "srgb-linear", "components", []any{0.5, 0.2, 120.0}, "alpha", 0.6)
	second := tokenbuild.ObjectOf("color", color, "offsetX", "4px")
	var stmts []Statement
	for _, s := range []struct {
		name  string
		value any
	}{{"first", first}, {"second", second}} {
		b := &Builder{}
		stmts = append(stmts, Statement{Doc: []Doc{"export const ", b.Assignment(s.name, s.value, b.Value(s.value)), ";"}})
	}
	want := "export const first = [\n  0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400,\n  1500, 1600, 1700, 1800, 1900, 2000, 2100, 2200, 2300, 2400, 2500, 2600, 2700,\n  2800, 2900,\n];\nexport const second = {\n  color: { colorSpace: \"srgb-linear\", components: [0.5, 0.2, 120], alpha: 0.6 },\n  offsetX: \"4px\",\n};\n"
	if got := Program("", stmts); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
