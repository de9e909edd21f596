package builtin

import "github.com/tokengen/tokengen/internal/model"

func mobileFormats() []model.Format { return nil }
