package builtin

import "github.com/tokengen/tokengen/tokenbuild"

// Transforms returns every built-in transform in the reference's order,
// followed by a neutral-named copy of each whose name carries a brand word
// (see NeutralName); a copy keeps the original's functions and declared
// capabilities.
func Transforms() []tokenbuild.Transform {
	var all []tokenbuild.Transform
	all = append(all, nameTransforms()...)         // transforms_name.go
	all = append(all, colorTransforms()...)        // transforms_color.go
	all = append(all, sizeTransforms()...)         // transforms_size.go
	all = append(all, miscTransforms()...)         // transforms_misc.go
	all = append(all, shorthandTransforms()...)    // transforms_shorthand.go
	all = append(all, compositeCSSTransforms()...) // transforms_composite.go
	n := len(all)
	for _, t := range all[:n:n] {
		if neutral := NeutralName(t.Name); neutral != "" {
			t.Name = neutral
			all = append(all, t)
		}
	}
	return all
}
