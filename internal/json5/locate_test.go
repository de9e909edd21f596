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

// TestOffsets checks the one-scan index against Locate for every path it
// lists, and Positions against Position.
func TestOffsets(t *testing.T) {
	doc := []byte("\uFEFF{\r\n  // c\r\n  \"color\": {\n    red: {value: '#f00', /* x */ \"type\": \"color\"},\n" +
		"    \"1.5\": {\"value\": [1, {\"a\": \"}\"}, [], {}]},\n    \"red\": {\"value\": \"{color.1.5} 😀\"},\n  },\n  \"a.b\": {\"c\": {\"value\": 1e3}}\n}\n")
	offsets := Offsets(doc)
	want := []string{"", "color", "color.red", "color.red.value", "color.red.type", "color.1.5", "color.1.5.value",
		"color.1.5.value.0", "color.1.5.value.1", "color.1.5.value.1.a", "color.1.5.value.2", "color.1.5.value.3", "a.b", "a.b.c", "a.b.c.value"}
	if len(offsets) != len(want) {
		t.Errorf("%d paths, want %d: %v", len(offsets), len(want), offsets)
	}
	var all []int
	for _, path := range want {
		at, ok := offsets[path]
		if !ok {
			t.Errorf("%q missing", path)
			continue
		}
		if path != "" {
			// color.red.type belongs to the first of two "red" keys: the
			// parsed document has no such value, so nobody looks it up
			if start, _, ok := Locate(doc, strings.Split(path, ".")); ok && start != at || !ok && path != "color.red.type" {
				t.Errorf("%q at %d, Locate says %d", path, at, start)
			}
		}
		all = append(all, at)
	}
	lines, cols := Positions(doc, all)
	for i, off := range all {
		if l, c := Position(doc, off); l != lines[i] || c != cols[i] {
			t.Errorf("offset %d: Positions %d:%d, Position %d:%d", off, lines[i], cols[i], l, c)
		}
	}
}
