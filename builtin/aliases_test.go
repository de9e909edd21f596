package builtin

import "testing"

// The seed spells brand names neutrally; both spellings must resolve.
func TestNeutralNames(t *testing.T) {
	for in, want := range map[string]string{
		"android/resources":     "mobile-a/resources",
		"ios-swift/class.swift": "mobile-b-swift/class.swift",
		"ios/macros":            "mobile-b/macros",
		"compose/object":        "declarative-ui/object",
		"flutter/class.dart":    "cross-ui/class.dart",
		"sketchPalette":         "palette-tool/palette",
		"sketch/palette/v2":     "palette-tool/palette/v2",
		"color/sketch":          "color/palette-tool",
		"color/hex8android":     "color/hex8mobile-a",
		"color/hex8flutter":     "color/hex8cross-ui",
		"size/compose/em":       "size/declarative-ui/em",
		"size/remToSp":          "",
		"css/variables":         "",
	} {
		if got := NeutralName(in); got != want {
			t.Errorf("NeutralName(%q) = %q, want %q", in, got, want)
		}
	}
}
