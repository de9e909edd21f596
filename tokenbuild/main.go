package tokenbuild

import (
	"context"
	"os"

	"github.com/tokengen/tokengen/internal/cli"
	"github.com/tokengen/tokengen/internal/gcpolicy"
)

// Main runs the tokengen command line (build, clean, with the usual flags)
// with cfg as the configuration, and exits. It is the whole main function
// of a Go config program: tokengen compiles a stub calling
// Main(yourpkg.Config()), and a //go:build ignore file may call it from its
// own func main to run with `go run`. cfg.Dir defaults to the working
// folder, which is the config's folder when tokengen runs it.
func Main(cfg Config) {
	gcpolicy.Apply() // a short-lived process: see the package
	os.Exit(cli.RunWithConfig(context.Background(), os.Args[1:], &cfg, os.Stdout, os.Stderr))
}
