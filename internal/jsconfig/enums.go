package jsconfig

import _ "embed"

// enumsModule is `style-dictionary/enums`: the reference's lib/enums/*.js
// (5.5.5), every export, as plain objects of the names its built-in hooks
// and options use. tokengen's built-ins carry the same names, so a config
// that picks one through an enum gets the hook it names.
//
//go:embed js/enums.js
var enumsModule string
