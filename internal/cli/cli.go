// Package cli is the tokengen command line: build, clean and init.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/examples"
	"github.com/tokengen/tokengen/internal/goconfig"
	"github.com/tokengen/tokengen/internal/model"
	"github.com/tokengen/tokengen/internal/pipeline"
)

// Version is tokengen's version.
const Version = "0.1.0"

// defaultConfigNames are looked up, in order, when --config is absent.
var defaultConfigNames = []string{"config.json", "config.jsonc", "config.json5"}

const usage = `Usage: tokengen [command] [options]

Builds design tokens into code for each platform, like style-dictionary.

Commands:
  build            build all platforms (the default when no command is given)
  clean            remove the files a build writes and undo its actions
  init <type>      write a starter project (basic or complete) and build it

Options:
  -c, --config <path>     config file (JSON, JSONC, JSON5), a Go config file or package folder
                          (default: config.json, config.jsonc, config.json5, then a Go config here)
  -p, --platform <name>   only this platform (repeatable)
  -v, --verbose           detailed warnings
  -s, --silent            only fatal errors
  -n, --no-warn           no warnings
  -V, --version           print the version
  -h, --help              this help
`

// options are the parsed command line.
type options struct {
	command   string
	initType  string
	config    string
	platforms []string
	verbosity string
	warnings  string
}

type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func parseArgs(args []string) (options, bool, error) {
	o := options{}
	verbose, silent := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		val := ""
		if k, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(a, "--") {
			a, val = k, v
		}
		next := func() (string, error) {
			if val != "" {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", usageError{fmt.Sprintf("option %s needs a value", a)}
			}
			i++
			return args[i], nil
		}
		var err error
		switch a {
		case "-h", "--help", "help":
			return o, true, nil
		case "-V", "--version":
			o.command = "version"
		case "-c", "--config":
			o.config, err = next()
		case "-p", "--platform":
			var p string
			p, err = next()
			o.platforms = append(o.platforms, p)
		case "-v", "--verbose":
			verbose = true
		case "-s", "--silent":
			silent = true
		case "-n", "--no-warn":
			o.warnings = "disabled"
		default:
			switch {
			case strings.HasPrefix(a, "-"):
				return o, false, usageError{fmt.Sprintf("unknown option %s\nSee --help for a list of available options.", a)}
			case o.command == "":
				if a != "build" && a != "clean" && a != "init" {
					return o, false, usageError{fmt.Sprintf("Invalid command: %s\nSee --help for a list of available commands.", a)}
				}
				o.command = a
			case o.command == "init" && o.initType == "":
				o.initType = a
			default:
				return o, false, usageError{fmt.Sprintf("unexpected argument %s", a)}
			}
		}
		if err != nil {
			return o, false, err
		}
	}
	if o.command == "" {
		o.command = "build"
	}
	if silent {
		o.verbosity = "silent"
	}
	if verbose {
		o.verbosity = "verbose"
	}
	return o, false, nil
}

// Main runs the command line and returns the exit code: 0 success, 1 a
// failed build, 2 a usage error.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return run(ctx, args, nil, stdout, stderr)
}

// RunWithConfig runs the command line with a configuration given in Go (the
// entry point of a compiled Go config).
func RunWithConfig(ctx context.Context, args []string, cfg *model.Config, stdout, stderr io.Writer) int {
	return run(ctx, args, cfg, stdout, stderr)
}

func run(ctx context.Context, args []string, goCfg *model.Config, stdout, stderr io.Writer) int {
	o, help, err := parseArgs(args)
	if help {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "tokengen:", err)
		return 2
	}
	switch o.command {
	case "version":
		fmt.Fprintln(stdout, Version)
		return 0
	case "init":
		return runInit(ctx, o, stdout, stderr)
	}
	cfg := goCfg
	if cfg == nil {
		path := o.config
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
		cfg, err = pipeline.LoadConfigFile(path)
		if err != nil {
			printError(stderr, err)
			return 1
		}
	} else if cfg.Dir == "" {
		cfg.Dir, _ = os.Getwd()
	}
	in, err := pipeline.New(ctx, cfg, pipeline.Settings{
		Stdout: stdout, Stderr: stderr, Verbosity: o.verbosity, Warnings: o.warnings, Builtins: builtin.Hooks(),
	})
	if err != nil {
		printError(stderr, err)
		return 1
	}
	if o.command == "clean" {
		if err = in.Clean(ctx, o.platforms); err != nil {
			printErrors(stderr, err, "")
			return 1
		}
		return 0
	}
	if err = in.Build(ctx, o.platforms); err != nil {
		printError(stderr, err)
		return 1
	}
	return 0
}

// printError lists every problem, compiler style ("file:line:col: message"
// when the place is known), then a one-line summary.
func printError(w io.Writer, err error) { printErrors(w, err, "; no files were written") }

func printErrors(w io.Writer, err error, outcome string) {
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(w, "tokengen: interrupted%s\n", outcome)
		return
	}
	list := model.ErrorList{err}.Flat()
	for _, e := range list {
		msg := strings.TrimSpace(e.Error())
		var located *model.Error
		if !errors.As(e, &located) || located.File == "" {
			msg = "error: " + msg
		}
		fmt.Fprintln(w, msg)
	}
	noun := "errors"
	if len(list) == 1 {
		noun = "error"
	}
	fmt.Fprintf(w, "tokengen: %d %s%s\n", len(list), noun, outcome)
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
		printError(stderr, err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

func runInit(ctx context.Context, o options, stdout, stderr io.Writer) int {
	if o.initType != "basic" && o.initType != "complete" {
		fmt.Fprintln(stderr, "Please supply 1 type of project from: basic, complete")
		return 1
	}
	fmt.Fprintln(stdout, "Copying starter files...")
	sub, err := fs.Sub(examples.Starters, o.initType)
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
		printError(stderr, err)
		return 1
	}
	fmt.Fprintln(stdout, "Source style dictionary starter files created!")
	fmt.Fprintln(stdout, "Running `tokengen build` for the first time to generate build artifacts.")
	return run(ctx, []string{"build"}, nil, stdout, stderr)
}
