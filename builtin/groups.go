package builtin

import (
	"slices"

	"github.com/tokengen/tokengen/tokenbuild"
)

// cssGroupTransforms is the css/scss group; less swaps color/css for color/hex.
func cssGroupTransforms(colorTransform string) []string {
	return []string{
		"attribute/cti", "name/kebab", "time/seconds", "html/icon", "size/rem", colorTransform, "asset/url",
		"fontFamily/css", "cubicBezier/css",
		// DTCG weight names CSS does not know, before typography/css/shorthand
		// writes them (transforms_composite.go; not in the reference)
		"fontWeight/css",
		// object-value tokens
		"strokeStyle/css/shorthand", "border/css/shorthand", "typography/css/shorthand",
		"transition/css/shorthand", "shadow/css/shorthand",
		// DTCG gradients (transforms_composite.go; not in the reference)
		"gradient/css/shorthand",
	}
}

// swiftGroupTransforms is the ios-swift and ios-swift-separate group, a
// list of its own for each.
func swiftGroupTransforms() []string {
	return []string{"attribute/cti", "name/camel", "color/UIColorSwift", "content/swift/literal", "asset/swift/literal", "size/swift/remToCGFloat"}
}

// flutterGroupTransforms is the flutter and flutter-separate group, a list
// of its own for each.
func flutterGroupTransforms() []string {
	return []string{"attribute/cti", "name/camel", "color/hex8flutter", "size/flutter/remToDouble", "content/flutter/literal", "asset/flutter/literal"}
}

// GroupWeb is the web transform group: kebab-case names, px sizes, CSS
// colours.
var GroupWeb = tokenbuild.TransformGroup{Name: "web", Transforms: []string{"attribute/cti", "name/kebab", "size/px", "color/css"}}

// GroupJS is the js transform group: PascalCase names, rem sizes, hex
// colours.
var GroupJS = tokenbuild.TransformGroup{Name: "js", Transforms: []string{"attribute/cti", "name/pascal", "size/rem", "color/hex"}}

// GroupSCSS is the scss transform group: the css group's transforms.
var GroupSCSS = tokenbuild.TransformGroup{Name: "scss", Transforms: cssGroupTransforms("color/css")}

// GroupCSS is the css transform group: kebab-case names, CSS values and
// the CSS shorthands of composite tokens.
var GroupCSS = tokenbuild.TransformGroup{Name: "css", Transforms: cssGroupTransforms("color/css")}

// GroupLess is the less transform group: the css group's transforms with
// hex colours.
var GroupLess = tokenbuild.TransformGroup{Name: "less", Transforms: cssGroupTransforms("color/hex")}

// GroupHTML is the html transform group: colour attributes and names made
// of the item and subitem attributes.
var GroupHTML = tokenbuild.TransformGroup{Name: "html", Transforms: []string{"attribute/cti", "attribute/color", "name/human"}}

// GroupAndroid is the android transform group: snake_case names, #aarrggbb
// colours, sp and dp sizes.
var GroupAndroid = tokenbuild.TransformGroup{Name: "android", Transforms: []string{"attribute/cti", "name/snake", "color/hex8android", "size/remToSp", "size/remToDp"}}

// GroupCompose is the compose transform group: camelCase names and Jetpack
// Compose colours and sizes.
var GroupCompose = tokenbuild.TransformGroup{Name: "compose", Transforms: []string{"attribute/cti", "name/camel", "color/composeColor", "size/compose/em", "size/compose/remToSp", "size/compose/remToDp"}}

// GroupIOS is the ios transform group: PascalCase names and Objective-C
// colours, literals and sizes.
var GroupIOS = tokenbuild.TransformGroup{Name: "ios", Transforms: []string{"attribute/cti", "name/pascal", "color/UIColor", "content/objC/literal", "asset/objC/literal", "size/remToFloat"}}

// GroupIOSSwift is the ios-swift transform group: camelCase names and
// Swift colours, literals and sizes.
var GroupIOSSwift = tokenbuild.TransformGroup{Name: "ios-swift", Transforms: swiftGroupTransforms()}

// GroupIOSSwiftSeparate is the ios-swift-separate transform group: the
// ios-swift group's transforms, for one file per category.
var GroupIOSSwiftSeparate = tokenbuild.TransformGroup{Name: "ios-swift-separate", Transforms: swiftGroupTransforms()}

// GroupAssets is the assets transform group: attribute/cti only.
var GroupAssets = tokenbuild.TransformGroup{Name: "assets", Transforms: []string{"attribute/cti"}}

// GroupFlutter is the flutter transform group: camelCase names and Dart
// colours, sizes and literals.
var GroupFlutter = tokenbuild.TransformGroup{Name: "flutter", Transforms: flutterGroupTransforms()}

// GroupFlutterSeparate is the flutter-separate transform group: the
// flutter group's transforms, for one file per category.
var GroupFlutterSeparate = tokenbuild.TransformGroup{Name: "flutter-separate", Transforms: flutterGroupTransforms()}

// GroupReactNative is the react-native transform group: camelCase names,
// CSS colours and size objects.
var GroupReactNative = tokenbuild.TransformGroup{Name: "react-native", Transforms: []string{"name/camel", "color/css", "size/object"}}

// TransformGroups returns every built-in transform group in the reference's
// order, followed by the neutral spellings of the brand-named ones
// (android is also mobile-a, ios-swift also mobile-b-swift, ...). Each
// group gets its own copy of its list, so a caller may change it.
func TransformGroups() []tokenbuild.TransformGroup {
	groups := []tokenbuild.TransformGroup{
		GroupWeb, GroupJS, GroupSCSS, GroupCSS, GroupLess, GroupHTML, GroupAndroid, GroupCompose, GroupIOS,
		GroupIOSSwift, GroupIOSSwiftSeparate, GroupAssets, GroupFlutter, GroupFlutterSeparate, GroupReactNative,
	}
	for i := range groups {
		groups[i].Transforms = slices.Clone(groups[i].Transforms)
	}
	for _, g := range groups[:len(groups):len(groups)] {
		if n := NeutralName(g.Name); n != "" {
			groups = append(groups, tokenbuild.TransformGroup{Name: n, Transforms: slices.Clone(g.Transforms)})
		}
	}
	return groups
}
