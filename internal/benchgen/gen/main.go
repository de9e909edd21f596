// Command gen writes the benchmark token set into a folder, so that the
// README's performance figures can be reproduced from a checkout alone:
//
//	go run ./internal/benchgen/gen 50000 /tmp/bench
//
// The folder gets tokens/f*.json and a config.json with five platforms
// and seven files (see package benchgen); build it with `tokengen build`,
// or with style-dictionary for comparison.
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/tokengen/tokengen/internal/benchgen"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go run ./internal/benchgen/gen TOKENS FOLDER")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[1])
	if err != nil || n < 1 {
		fmt.Fprintf(os.Stderr, "gen: %q is not a number of tokens\n", os.Args[1])
		os.Exit(2)
	}
	if err := benchgen.Write(os.Args[2], n); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
