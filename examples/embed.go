// Package examples holds the starter projects that `tokengen init` writes
// and that the README builds.
package examples

import "embed"

// Starters holds one folder per starter kind ("basic", "complete", "go").
// The Go starter's config.go is kept as config.go.txt, so that this
// module does not compile it (its package clause and //go:generate line
// are the user's); init names it config.go.
//
// Only the starters' own files are listed: the README builds the
// examples in place, and a build/ folder left in a checkout (ignored by
// git, with a stale timestamp) must never ship in a starter project.
//
//go:embed basic/config.json basic/tokens complete/config.json complete/tokens go/config.go.txt go/tokens.json
var Starters embed.FS
