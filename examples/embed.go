// Package examples holds the starter projects that `tokengen init` writes
// and that the README builds.
package examples

import "embed"

// Starters holds one folder per starter type ("basic", "complete").
//
//go:embed basic complete
var Starters embed.FS
