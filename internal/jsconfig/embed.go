package jsconfig

import (
	"embed"
	"io/fs"
)

// jsSources are tokengen's own JavaScript: the modules `style-dictionary`,
// its subpaths and `@tokens-studio/sd-transforms` resolve to, node's
// modules (js/node/NAME.js for node:NAME) and the parts of node's API
// written over Go functions. They are files so that they read, lint and
// diff as JavaScript.
//
//go:embed js
var jsSources embed.FS

// js/node-builtins.json lists node's built-in modules and their exports,
// as node 20 has them.
//go:generate node builtins_gen.mjs

// embedded is the text of one of tokengen's own JavaScript files.
func embedded(name string) string {
	b, err := jsSources.ReadFile(name)
	if err != nil {
		panic("tokengen's JavaScript file " + name + " is missing: " + err.Error()) // a build mistake
	}
	return string(b)
}

// nodeModuleSource is tokengen's node:NAME module, if it has one of its
// own.
func nodeModuleSource(name string) (string, bool) {
	b, err := fs.ReadFile(jsSources, "js/node/"+name+".js")
	if err != nil {
		return "", false
	}
	return string(b), true
}
