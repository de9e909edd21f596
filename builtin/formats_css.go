package builtin

import "github.com/tokengen/tokengen/internal/model"

// cssFormats: css/variables, css/fonts.css, scss/*, less/*, stylus/variables.
func cssFormats() []model.Format { return nil }
