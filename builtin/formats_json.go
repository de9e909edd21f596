package builtin

import "github.com/tokengen/tokengen/internal/model"

func jsonFormats() []model.Format { return nil }
