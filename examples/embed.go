// Package examples holds the starter projects that `tokengen init` writes
// and that the README builds.
package examples

import "embed"

// Starters holds one folder per starter kind ("basic", "complete", "go").
// The Go starter's config.go is kept as config.go.txt, so that this
// module does not compile it (its package clause and //go:generate line
// are the user's); init names it config.go.
//
//go:embed basic complete go
var Starters embed.FS
