package builtin

import "github.com/tokengen/tokengen/internal/model"

func jsFormats() []model.Format { return nil }
