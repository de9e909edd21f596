// Command tokengen builds design tokens into platform code. Run
// `tokengen --help` for usage.
package main

import (
	"os"
	"runtime/pprof"

	"github.com/tokengen/tokengen/internal/cli"
	"github.com/tokengen/tokengen/internal/gcpolicy"
)

func main() {
	gcpolicy.Apply() // a short-lived process: see the package
	os.Exit(run())
}

func run() int {
	// TOKENGEN_CPUPROFILE=file profiles a real build (go tool pprof file).
	if path := os.Getenv("TOKENGEN_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			pprof.StartCPUProfile(f)
			defer f.Close()
			defer pprof.StopCPUProfile()
		}
	}
	// Ctrl-C or a CI timeout cancels the build like any failure: staged
	// files are removed and nothing half-written is left behind.
	return cli.Run(os.Args[1:])
}
