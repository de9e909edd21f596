// Package cli is the tokengen command line: build, clean and init.
package cli

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/examples"
	"github.com/tokengen/tokengen/internal/cmdline"
	"github.com/tokengen/tokengen/internal/goconfig"
)

// defaultConfigNames are looked up, in order, when --config is absent.
var defaultConfigNames = []string{"config.json", "config.jsonc", "config.json5"}

// Main runs the command line and returns the exit code: 0 success, 1 a
// failed build, 2 a usage error.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return run(ctx, args, stdout, stderr)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
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
		return runInit(ctx, o, stdout, stderr)
	}
	path := o.Config
	if path == "" {
		path = findDefaultConfig(".")
		if path == "" {
			if target, ok := goconfig.Detect("."); ok {
				return runGoConfig(ctx, target, args, stdout, stderr)
			}
			fmt.Fprintln(stderr, "tokengen: Build failed; unable to find config file.")
			return 1
		}
	} else if isGoConfig(path) {
		return runGoConfig(ctx, path, args, stdout, stderr)
	}
	cfg, err := tokengen.LoadConfig(path)
	if err != nil {
		cmdline.PrintError(stderr, err)
		return 1
	}
	return tokengen.Command(ctx, args, *cfg, stdout, stderr)
}

func findDefaultConfig(dir string) string {
	for _, n := range defaultConfigNames {
		p := filepath.Join(dir, n)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}

func isGoConfig(path string) bool {
	if strings.HasSuffix(path, ".go") {
		return true
	}
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// runGoConfig compiles and runs a Go config, passing the command line on
// without the --config option.
func runGoConfig(ctx context.Context, target string, args []string, stdout, stderr io.Writer) int {
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-c" || a == "--config" {
			i++
			continue
		}
		if strings.HasPrefix(a, "--config=") {
			continue
		}
		rest = append(rest, a)
	}
	code, err := goconfig.Run(ctx, target, rest, stdout, stderr)
	if err != nil {
		cmdline.PrintError(stderr, err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

func runInit(ctx context.Context, o cmdline.Options, stdout, stderr io.Writer) int {
	if o.InitType != "basic" && o.InitType != "complete" {
		fmt.Fprintln(stderr, "Please supply 1 type of project from: basic, complete")
		return 1
	}
	fmt.Fprintln(stdout, "Copying starter files...")
	sub, err := fs.Sub(examples.Starters, o.InitType)
	if err == nil {
		err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if _, statErr := os.Stat(p); statErr == nil {
				return fmt.Errorf("%s already exists; init writes only into a folder without starter files", p)
			}
			data, err := fs.ReadFile(sub, p)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			return os.WriteFile(p, data, 0o644)
		})
	}
	if err != nil {
		cmdline.PrintError(stderr, err)
		return 1
	}
	fmt.Fprintln(stdout, "Source style dictionary starter files created!")
	fmt.Fprintln(stdout, "Running `tokengen build` for the first time to generate build artifacts.")
	return run(ctx, []string{"build"}, stdout, stderr)
}
