package tokengen

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/tokengen/tokengen/internal/cmdline"
	"github.com/tokengen/tokengen/internal/gcpolicy"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Main is the whole main function of a Go config program: it runs the
// build or clean command line (os.Args, with the usual flags) over cfg and
// exits with its code. tokengen compiles a stub calling
// Main(yourpkg.Config()); a //go:build ignore file may call it from its own
// func main to run with `go run`. cfg.Dir defaults to the working folder,
// which is the config's folder when tokengen runs it.
//
// Main owns the process, as a command does: it sets the collector policy
// of a short-lived build (see internal/gcpolicy) and cancels the build on
// Ctrl-C or SIGTERM, leaving no file half-written.
func Main(cfg tokenbuild.Config) {
	gcpolicy.Apply()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Command(ctx, os.Args[1:], cfg, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Command runs the build or clean command line over cfg, printing progress
// and warnings to stdout and problems to stderr, and returns the exit code:
// 0 success, 1 a failed build, 2 a usage error. A --config option is
// ignored: cfg is the configuration.
func Command(ctx context.Context, args []string, cfg tokenbuild.Config, stdout, stderr io.Writer) int {
	o, help, err := cmdline.Parse(args)
	if help {
		fmt.Fprint(stdout, cmdline.Usage)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "tokengen:", err)
		return 2
	}
	switch o.Command {
	case "version":
		fmt.Fprintln(stdout, cmdline.Version)
		return 0
	case "init":
		fmt.Fprintln(stderr, "tokengen: init writes a new project; run it with the tokengen command")
		return 2
	}
	if cfg.Dir == "" {
		cfg.Dir, _ = os.Getwd()
	}
	b, err := New(ctx, cfg, WithOutput(stdout, stderr), WithVerbosity(o.Verbosity), WithWarnings(o.Warnings),
		WithInputSizeHint(gcpolicy.Hint))
	if err != nil {
		cmdline.PrintError(stderr, err)
		return 1
	}
	if o.Command == "clean" {
		if _, err := b.clean(ctx, o.Platforms); err != nil {
			cmdline.PrintErrors(stderr, err, "")
			return 1
		}
		return 0
	}
	if _, err := b.build(ctx, o.Platforms); err != nil {
		cmdline.PrintError(stderr, err)
		return 1
	}
	return 0
}
