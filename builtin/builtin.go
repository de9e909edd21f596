// Package builtin holds every built-in transform, transform group, format,
// filter, sort and action of the reference tool, style-dictionary, each an
// exported value of the public hook types of package tokenbuild: NameKebab
// is name/kebab, GroupCSS the css transform group, CSSVariables
// css/variables, RemovePrivate the removePrivate filter, SortName the
// "name" sort, CopyAssets the copy_assets action, and so on. Nothing here
// registers itself: the driver (package tokengen) registers the lists
// Hooks returns on every Builder, before a config's own hooks, and a Go
// config can use the values directly (a built-in format, say, wrapped by a
// format of its own).
//
// The engine knows nothing about built-ins by name: what it may do with a
// hook it learns from the capabilities the hook declares, and these values
// declare theirs like any other hook.
//
//   - Transform.Pure: every built-in transform depends only on the token,
//     the platform's prefix and base font size and the transform options,
//     so platforms that agree on those may share one transformed result.
//     asset/base64 and asset/path read a file or the working directory,
//     the same for every platform; typography/css/shorthand also reports a
//     warning through TransformArgs.Warn, as much a result of the token as
//     its value.
//   - Transform.IgnoresAttributes: every built-in transform but name/human,
//     which names tokens by their attributes, and attribute/cti, which
//     reads the token's attributes to let them win over its own.
//   - Format.LazyTrees: every built-in format reads the token trees through
//     Dictionary.Tree and UnfilteredTree, so the engine builds a tree only
//     for the formats that ask for it.
//   - Format.IgnoresAttributes: the formats whose text never depends on
//     token attributes (css/variables, json/nested, android/colors, ...).
//   - Format.Write: the formats that write long files (css/variables and
//     the other variables formats, javascript/es6, json/nested,
//     android/colors and its siblings, the ios-swift formats) write into
//     the output file as they go; Format gives the same text as a string.
//
// Every hook named with a platform's brand (android, ios, compose,
// flutter, sketch) is also listed under a neutral name (mobile-a,
// mobile-b, declarative-ui, cross-ui, palette-tool): see NeutralName. The
// copies carry the same declarations.
package builtin

import "github.com/tokengen/tokengen/tokenbuild"

// Hooks returns all built-in hooks, in the reference's order.
func Hooks() tokenbuild.Hooks {
	return tokenbuild.Hooks{
		Transforms:      Transforms(),
		TransformGroups: TransformGroups(),
		Formats:         Formats(),
		Filters:         Filters(),
		Actions:         Actions(),
		Sorts:           Sorts(),
	}
}

// Formats returns every built-in format, followed by a neutral-named copy
// of each whose name carries a brand word (see NeutralName).
func Formats() []tokenbuild.Format {
	var all []tokenbuild.Format
	all = append(all, cssFormats()...)    // formats_css.go
	all = append(all, jsonFormats()...)   // formats_json.go
	all = append(all, jsFormats()...)     // formats_javascript.go
	all = append(all, mobileFormats()...) // formats_mobile.go
	all = append(all, goFormats()...)     // formats_go.go
	return withAliases(all)
}

// RemovePrivate is the removePrivate filter: it leaves out the tokens
// whose private property is true.
var RemovePrivate = tokenbuild.Filter{
	Name: "removePrivate",
	Filter: func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
		p, _ := t.Prop("private").(bool)
		return !p, nil
	},
}

// Filters returns the built-in filters.
func Filters() []tokenbuild.Filter {
	return []tokenbuild.Filter{RemovePrivate}
}

// Sorts returns the built-in sorts, which the sort option names: "name"
// (the reference's next release adds them as hooks.sorts).
func Sorts() []tokenbuild.Sort {
	return []tokenbuild.Sort{SortName}
}
