package builtin

import "github.com/tokengen/tokengen/internal/model"

// cssGroupTransforms is the css/scss group; less swaps color/css for color/hex.
func cssGroupTransforms(colorTransform string) []string {
	return []string{
		"attribute/cti", "name/kebab", "time/seconds", "html/icon", "size/rem", colorTransform, "asset/url",
		"fontFamily/css", "cubicBezier/css",
		// object-value tokens
		"strokeStyle/css/shorthand", "border/css/shorthand", "typography/css/shorthand",
		"transition/css/shorthand", "shadow/css/shorthand",
	}
}

// TransformGroups returns every built-in transform group in the reference's
// order, followed by the neutral spellings of the brand-named ones
// (android is also mobile-a, ios-swift also mobile-b-swift, ...).
func TransformGroups() []model.TransformGroup {
	swift := []string{"attribute/cti", "name/camel", "color/UIColorSwift", "content/swift/literal", "asset/swift/literal", "size/swift/remToCGFloat"}
	flutter := []string{"attribute/cti", "name/camel", "color/hex8flutter", "size/flutter/remToDouble", "content/flutter/literal", "asset/flutter/literal"}
	groups := []model.TransformGroup{
		{Name: "web", Transforms: []string{"attribute/cti", "name/kebab", "size/px", "color/css"}},
		{Name: "js", Transforms: []string{"attribute/cti", "name/pascal", "size/rem", "color/hex"}},
		{Name: "scss", Transforms: cssGroupTransforms("color/css")},
		{Name: "css", Transforms: cssGroupTransforms("color/css")},
		{Name: "less", Transforms: cssGroupTransforms("color/hex")},
		{Name: "html", Transforms: []string{"attribute/cti", "attribute/color", "name/human"}},
		{Name: "android", Transforms: []string{"attribute/cti", "name/snake", "color/hex8android", "size/remToSp", "size/remToDp"}},
		{Name: "compose", Transforms: []string{"attribute/cti", "name/camel", "color/composeColor", "size/compose/em", "size/compose/remToSp", "size/compose/remToDp"}},
		{Name: "ios", Transforms: []string{"attribute/cti", "name/pascal", "color/UIColor", "content/objC/literal", "asset/objC/literal", "size/remToFloat"}},
		{Name: "ios-swift", Transforms: swift},
		{Name: "ios-swift-separate", Transforms: append([]string(nil), swift...)},
		{Name: "assets", Transforms: []string{"attribute/cti"}},
		{Name: "flutter", Transforms: flutter},
		{Name: "flutter-separate", Transforms: append([]string(nil), flutter...)},
		{Name: "react-native", Transforms: []string{"name/camel", "color/css", "size/object"}},
	}
	for _, g := range groups[:len(groups):len(groups)] {
		if n := NeutralName(g.Name); n != "" {
			groups = append(groups, model.TransformGroup{Name: n, Transforms: append([]string(nil), g.Transforms...)})
		}
	}
	return groups
}
