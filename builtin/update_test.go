package builtin

import "flag"

// update makes every golden test of this package regenerate its expected
// files with the reference implementation (node and npm needed) before
// comparing with them:
//
//	go test ./builtin -run 'MatchReference|Golden' -update
var update = flag.Bool("update", false, "regenerate the golden files under testdata/ with the reference implementation")
