// Command tokengen builds design tokens into platform code. Run
// `tokengen --help` for usage.
package main

import (
	"context"
	"os"
	"runtime/pprof"

	"github.com/tokengen/tokengen/internal/cli"
)

func main() {
	// TOKENGEN_CPUPROFILE=file profiles a real build (go tool pprof file).
	if path := os.Getenv("TOKENGEN_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			pprof.StartCPUProfile(f)
			code := cli.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr)
			pprof.StopCPUProfile()
			f.Close()
			os.Exit(code)
		}
	}
	os.Exit(cli.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}
