package jsconfig

import (
	_ "embed"

	"github.com/tokengen/tokengen/internal/goja"
)

// inspectJS makes console.log and its siblings print their arguments as
// node's util.format does: strings as they are, other values as
// util.inspect shows them (objects and arrays on one line when they fit
// in 80 columns, else one entry a line; nested past depth 2 as [Object];
// strings inside quoted), with its %s, %d, %i, %f, %j, %o, %O and %%.
// Node groups long arrays of short items into columns; this prints them
// one a line.
//
//go:embed js/inspect.js
var inspectJS string

// installInspect makes console print as node's does.
func installInspect(rt *goja.Runtime) {
	if _, err := rt.RunString(inspectJS); err != nil {
		panic(err) // tokengen's own code
	}
}
