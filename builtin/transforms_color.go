package builtin

import "github.com/tokengen/tokengen/internal/model"

func colorTransforms() []model.Transform { return nil }
