package builtin

import "github.com/tokengen/tokengen/internal/model"

// Transforms returns every built-in transform, followed by a neutral-named
// copy of each whose name carries a brand word (see NeutralName).
func Transforms() []model.Transform {
	var all []model.Transform
	all = append(all, nameTransforms()...)      // transforms_name.go
	all = append(all, colorTransforms()...)     // transforms_color.go
	all = append(all, sizeTransforms()...)      // transforms_size.go
	all = append(all, miscTransforms()...)      // transforms_misc.go
	all = append(all, shorthandTransforms()...) // transforms_shorthand.go
	n := len(all)
	for _, t := range all[:n:n] {
		if neutral := NeutralName(t.Name); neutral != "" {
			t.Name = neutral
			all = append(all, t)
		}
	}
	return all
}
