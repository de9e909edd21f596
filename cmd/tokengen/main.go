// Command tokengen builds design tokens into platform code. Run
// `tokengen --help` for usage.
package main

import (
	"context"
	"os"

	"github.com/tokengen/tokengen/internal/cli"
)

func main() {
	os.Exit(cli.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}
