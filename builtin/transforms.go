package builtin

import "github.com/tokengen/tokengen/internal/model"

// Transforms returns every built-in transform.
func Transforms() []model.Transform {
	var all []model.Transform
	all = append(all, colorTransforms()...)     // transforms_color.go
	all = append(all, shorthandTransforms()...) // transforms_shorthand.go
	return all
}

// TransformGroups returns every built-in transform group.
func TransformGroups() []model.TransformGroup { return nil }

// Actions returns the built-in actions.
func Actions() []model.Action { return nil }
