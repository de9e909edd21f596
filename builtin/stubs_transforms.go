package builtin

import "github.com/tokengen/tokengen/internal/model"

// Transforms returns every built-in transform.
func Transforms() []model.Transform { return nil }

// TransformGroups returns every built-in transform group.
func TransformGroups() []model.TransformGroup { return nil }

// Actions returns the built-in actions.
func Actions() []model.Action { return nil }
