// Package builtin holds every built-in transform, transform group, format,
// filter and action as plain values of the public hook types. Nothing here
// registers itself: tokenbuild adds these lists to each new instance.
package builtin

import "github.com/tokengen/tokengen/internal/model"

// Hooks returns all built-in hooks, in the reference's order.
func Hooks() model.Hooks {
	return model.Hooks{
		Transforms:      Transforms(),
		TransformGroups: TransformGroups(),
		Formats:         Formats(),
		Filters:         Filters(),
		Actions:         Actions(),
	}
}

// Formats returns every built-in format.
func Formats() []model.Format {
	var all []model.Format
	all = append(all, cssFormats()...)    // formats_css.go
	all = append(all, jsonFormats()...)   // formats_json.go
	all = append(all, jsFormats()...)     // formats_js.go
	all = append(all, mobileFormats()...) // formats_mobile.go
	all = append(all, goFormats()...)     // formats_go.go
	return withAliases(all)
}

// Filters returns the built-in filters.
func Filters() []model.Filter {
	return []model.Filter{{
		Name: "removePrivate",
		Filter: func(t *model.Token, _ model.Options) (bool, error) {
			p, _ := t.Prop("private").(bool)
			return !p, nil
		},
	}}
}
