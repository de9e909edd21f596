package json5

import (
	"strings"
	"testing"
)

func TestLocate(t *testing.T) {
	doc := "\uFEFF{\r\n  // comment\r\n  \"color\": {\n    red: {value: '#f00', /* x */ \"type\": \"color\"},\n" +
		"    \"1.5\": {\"value\": [1, {\"a\": \"}\"}]},\n    \"red\": {\"value\": \"{color.1.5} 😀\"},\n  },\n  \"a.b\": {\"c\": {\"value\": 1e3}}\n}\n"
	if _, err := Parse([]byte(doc)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path      string
		text      string // the value's source text
		line, col int
	}{
		{"color.red.value", `"{color.1.5} 😀"`, 6, 22}, // the last duplicate key wins
		{"color.1.5.value", `[1, {"a": "}"}]`, 5, 22}, // a key holding a dot
		{"color.1.5", `{"value": [1, {"a": "}"}]}`, 5, 12},
		{"a.b.c.value", `1e3`, 8, 26},
		{"color", "", 3, 12},
		{"color.1.5.value.1.a", `"}"`, 5, 32}, // array items by index
	} {
		path := strings.Split(tc.path, ".")
		start, end, ok := Locate([]byte(doc), path)
		if !ok {
			t.Errorf("%s: not found", tc.path)
			continue
		}
		if tc.text != "" && doc[start:end] != tc.text {
			t.Errorf("%s: span %q, want %q", tc.path, doc[start:end], tc.text)
		}
		if line, col := Position([]byte(doc), start); line != tc.line || col != tc.col {
			t.Errorf("%s: at %d:%d, want %d:%d", tc.path, line, col, tc.line, tc.col)
		}
	}
	for _, missing := range []string{"color.blue", "color.red.value.x", "a", "color.1", "color.1.5.value.2", "color.1.5.value.x"} {
		if _, _, ok := Locate([]byte(doc), strings.Split(missing, ".")); ok {
			t.Errorf("%s: found, want not found", missing)
		}
	}
}
