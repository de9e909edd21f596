package builtin

import "github.com/tokengen/tokengen/internal/model"

func shorthandTransforms() []model.Transform { return nil }
