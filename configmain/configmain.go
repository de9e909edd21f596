// Package configmain is the main function of a Go config program: a
// program whose configuration is a tokenbuild.Config made in Go, run as
// the tokengen command would run a JSON config, with its flags, output
// and exit codes.
//
// tokengen compiles a Go config (a package declaring func Config, or a
// //go:build ignore file) into such a program by itself. A file may also
// call Main from its own func main, to run with go run:
//
//	func main() { configmain.Main(Config()) }
//
// Main owns the process, as a command does (signals, the collector
// policy, the exit code); package tokengen, the library it calls, prints
// nothing unless asked and leaves the process to its caller.
package configmain

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/internal/cmdline"
	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/diagprint"
	"github.com/tokengen/tokengen/internal/didyoumean"
	"github.com/tokengen/tokengen/internal/gcpolicy"
	"github.com/tokengen/tokengen/internal/gosource"
	"github.com/tokengen/tokengen/internal/stopsignal"
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
// Ctrl-C or SIGTERM, leaving no file half-written and exiting with the
// signal's status (internal/stopsignal).
func Main(cfg tokenbuild.Config) {
	gcpolicy.Apply()
	// The caller's file is the config's source when the program was not
	// compiled by tokengen (which says where the source is): a
	// //go:build ignore file run with go run.
	_, caller, _, _ := runtime.Caller(1)
	code := stopsignal.Main(os.Stderr, func(ctx context.Context, stderr io.Writer) int {
		return command(ctx, os.Args[1:], cfg, os.Stdout, stderr, caller)
	})
	// Run by the tokengen command, the program says it got here: a hook
	// that calls os.Exit ends it without a word, and exit status 0 alone
	// would pass for a build that succeeded.
	if report := os.Getenv(cmdline.ReportEnv); report != "" {
		os.WriteFile(report, []byte(strconv.Itoa(code)), 0o600)
	}
	os.Exit(code)
}

// Command runs the build or clean command line over cfg, printing progress
// and warnings to stdout and problems to stderr, and returns the exit code:
// 0 success, 1 a failed build, 2 a usage error. A --config option or a
// folder argument is ignored: cfg is the configuration.
//
// Run by go generate (GOFILE and GOPACKAGE set), it prints nothing on
// success but warnings; when stdout is a terminal, or with --verbose, it
// names the files it rewrote.
func Command(ctx context.Context, args []string, cfg tokenbuild.Config, stdout, stderr io.Writer) int {
	return command(ctx, args, cfg, stdout, stderr, "")
}

func command(ctx context.Context, args []string, cfg tokenbuild.Config, stdout, stderr io.Writer, caller string) int {
	o, code, answered := cmdline.ParseAnswering(args, stdout, stderr)
	if answered {
		return code
	}
	switch o.Command {
	case "init":
		fmt.Fprintln(stderr, "tokengen: init writes a new project; run it with the tokengen command")
		return 2
	}
	if cfg.Dir == "" {
		cfg.Dir, _ = os.Getwd()
	}
	if o.JSON {
		return commandJSON(ctx, o, cfg, stdout)
	}
	r := newReporter(o, &cfg, stdout, stderr, caller)
	outcome := "; no files were written"
	if o.Command == "clean" {
		outcome = ""
	}
	if err := r.checkConfig(o, &cfg); err != nil {
		r.fail(err, "; no files were written")
		return 1
	}
	if o.Command == "build" {
		if err := config.NoTokenFiles(&cfg); err != nil {
			r.fail(err, "; no files were written")
			return 1
		}
	}
	b, err := tokengen.New(ctx, cfg, tokengen.WithVerbosity(o.Verbosity), tokengen.WithWarnings(o.Warnings), tokengen.WithInputSizeHint(gcpolicy.Hint), tokengen.WithInputs(o.Inputs))
	if err != nil {
		r.fail(err, "; no files were written")
		return 1
	}
	r.verboseFor = b.Verbose
	r.progress(b.LoadDiagnostics())
	if err := config.ConfigProblems(&cfg, o.Platforms); err != nil {
		r.fail(err, "; no files were written")
		return 1
	}
	if err := knownPlatforms(b, o.Platforms); err != nil {
		r.fail(err, outcome)
		return 1
	}
	// platforms are reported in config order, whatever the order of -p
	have := b.PlatformNames()
	slices.SortStableFunc(o.Platforms, func(a, b string) int { return slices.Index(have, a) - slices.Index(have, b) })
	if o.DryRun {
		plan, err := b.Plan(o.Platforms...)
		if err != nil {
			r.fail(err, outcome)
			return 1
		}
		plan.Print(stdout)
		return 0
	}
	var res tokengen.Result
	if o.Command == "clean" {
		res, err = b.CleanPlatforms(ctx, o.Platforms...)
	} else {
		res, err = b.BuildPlatforms(ctx, o.Platforms...)
	}
	r.progress(res.Diagnostics)
	if err != nil {
		r.fail(err, outcome)
		return 1
	}
	return 0
}

// commandJSON is command with --json: the diagnostics and files of the
// run are printed as one JSON object (cmdline.JSONReport) and nothing
// else. --silent does not apply (the report is what is asked for), nor
// the config's log.verbosity "silent", which would hide the files.
func commandJSON(ctx context.Context, o cmdline.Options, cfg tokenbuild.Config, stdout io.Writer) int {
	verbosity := o.Verbosity
	if verbosity != tokenbuild.VerbosityVerbose {
		verbosity = tokenbuild.VerbosityDefault
	}
	var ds []tokenbuild.Diagnostic
	report := func(err error) int {
		cmdline.WriteJSON(stdout, cmdline.NewJSONReport(o.Command, cfg.Dir, ds, err))
		if err != nil {
			return 1
		}
		return 0
	}
	if o.Command == "build" {
		if err := config.NoTokenFiles(&cfg); err != nil {
			return report(err)
		}
	}
	b, err := tokengen.New(ctx, cfg, tokengen.WithVerbosity(verbosity), tokengen.WithWarnings(o.Warnings), tokengen.WithInputSizeHint(gcpolicy.Hint), tokengen.WithInputs(o.Inputs))
	if err != nil {
		return report(err)
	}
	ds = b.LoadDiagnostics()
	if err := knownPlatforms(b, o.Platforms); err != nil {
		return report(err)
	}
	var res tokengen.Result
	if o.Command == "clean" {
		res, err = b.CleanPlatforms(ctx, o.Platforms...)
	} else {
		res, err = b.BuildPlatforms(ctx, o.Platforms...)
	}
	ds = append(ds, res.Diagnostics...)
	return report(err)
}

// knownPlatforms checks the platforms -p names before anything is built,
// listing the config's own when one is not there.
func knownPlatforms(b *tokengen.Builder, names []string) error {
	have := b.PlatformNames()
	var errs tokenbuild.ErrorList
	for _, n := range names {
		if slices.Contains(have, n) {
			continue
		}
		msg := fmt.Sprintf("Please supply a valid platform, %q does not exist.", n)
		if s := didyoumean.Closest(n, have); s != "" {
			msg += fmt.Sprintf(" Did you mean %q?", s)
		}
		switch len(have) {
		case 0:
			msg += " The config has no platforms."
		case 1:
			msg += " The config's platform is " + have[0] + "."
		default:
			msg += " The config's platforms are " + strings.Join(have[:len(have)-1], ", ") + " and " + have[len(have)-1] + "."
		}
		errs = append(errs, &tokenbuild.Diagnostic{Kind: tokenbuild.KindConfig, Msg: msg})
	}
	return errs.Err()
}

// reporter prints what a command line run reports. Under go generate it
// keeps quiet (cmdline.QuietProgress). For a Go config program it also
// shows paths as the user's command would: relative to where it was run
// (cmdline.DisplayBase) rather than to the config's folder the program
// runs in, and config mistakes at their place in the Go source.
type reporter struct {
	stdout, stderr io.Writer
	cfg            *tokenbuild.Config
	quiet          bool // under go generate
	name           bool // quiet, yet naming the files rewritten
	verbose        bool
	// verboseFor says whether a platform's warnings are listed one by one
	// (--verbose, or log.verbosity in the config or the platform): the
	// builder's Verbose once there is one.
	verboseFor func(platform string) bool

	goSource string // the Go config's package folder or file; "" for a JSON config
	dir      string // the config's folder, absolute
	base     string // the folder paths are shown relative to
}

func newReporter(o cmdline.Options, cfg *tokenbuild.Config, stdout, stderr io.Writer, caller string) *reporter {
	r := &reporter{stdout: stdout, stderr: stderr, cfg: cfg, quiet: cmdline.UnderGoGenerate(),
		verbose: o.Verbosity == tokenbuild.VerbosityVerbose}
	r.name = r.verbose || cmdline.IsTerminal(stdout)
	r.goSource, r.base = os.Getenv(cmdline.SourceEnv), os.Getenv(cmdline.BaseEnv)
	if r.goSource == "" && caller != "" && filepath.IsAbs(caller) {
		if _, err := os.Stat(caller); err == nil {
			r.goSource = caller
		}
	}
	if (r.goSource != "" || r.quiet) && r.base == "" {
		r.base = cmdline.DisplayBase()
	}
	r.dir, _ = filepath.Abs(cfg.Dir)
	return r
}

// checkConfig reports the config's keys before anything is loaded: those
// that look like a known key (warnings; errors under log.warnings
// "error"), and the other unknown keys when verbose.
func (r *reporter) checkConfig(o cmdline.Options, cfg *tokenbuild.Config) error {
	typos, others := config.ConfigKeys(cfg)
	warnings, verbosity := o.Warnings, o.Verbosity
	if cfg.Log != nil {
		warnings, verbosity = cmp.Or(warnings, cfg.Log.Warnings), cmp.Or(verbosity, cfg.Log.Verbosity)
	}
	var errs tokenbuild.ErrorList
	switch {
	case warnings == tokenbuild.WarningsError:
		for i := range typos {
			d := typos[i]
			d.Severity = tokenbuild.SeverityError
			errs = append(errs, &d)
		}
	case warnings != tokenbuild.WarningsDisabled && verbosity != tokenbuild.VerbositySilent:
		r.showNow(typos)
	}
	if verbosity == tokenbuild.VerbosityVerbose {
		r.showNow(others)
	}
	return errs.Err()
}

// showNow prints diagnostics as they are, placed in a Go config's source and
// shown from the display base as progress is, even under go generate.
func (r *reporter) showNow(ds []tokenbuild.Diagnostic) {
	if len(ds) == 0 {
		return
	}
	var src *gosource.Source
	for i := range ds {
		if d := &ds[i]; d.File == "" && d.Path != "" && r.goSource != "" {
			if src == nil {
				src, _ = gosource.Parse(r.goSource)
			}
			// an unknown key of a Go config is in an Extra map, which has
			// no place of its own: the platform or file literal holding it
			parent, key := "", d.Path
			if i := strings.LastIndexByte(d.Path, '.'); i > 0 {
				parent, key = d.Path[:i]+".", d.Path[i+1:]
			}
			d.File = r.goSource
			if src != nil {
				d.File = cmp.Or(src.ConfigFile(), r.goSource)
				for _, at := range []string{parent + "extra." + key, parent + "extra"} {
					if pos, ok := src.Locate(r.cfg, at); ok {
						d.File, d.Line, d.Col = pos.Filename, pos.Line, pos.Column
						break
					}
				}
			}
		}
		r.rebase(&ds[i])
	}
	diagprint.PrintDiagnostics(r.stdout, r.stderr, ds, nil)
}

// progress prints warnings and progress.
func (r *reporter) progress(ds []tokenbuild.Diagnostic) {
	if r.quiet {
		ds = cmdline.QuietProgress(ds, r.name, r.verbose)
	} else {
		ds = cmdline.SumUpUnchanged(ds)
	}
	if r.base != "" && len(ds) > 0 {
		ds = slices.Clone(ds)
		for i := range ds {
			r.rebase(&ds[i])
		}
	}
	verbose := r.verboseFor
	if verbose == nil {
		verbose = func(string) bool { return r.verbose }
	}
	diagprint.PrintCommandDiagnostics(r.stdout, r.stderr, ds, verbose, r.verbose)
}

// fail prints a failed run's problems.
func (r *reporter) fail(err error, outcome string) {
	if r.base == "" || errors.Is(err, context.Canceled) {
		cmdline.PrintErrors(r.stderr, err, outcome)
		return
	}
	var src *gosource.Source
	list := tokenbuild.ErrorList{err}.Flat()
	for i, e := range list {
		d, ok := e.(*tokenbuild.Diagnostic)
		if !ok {
			continue
		}
		c := *d
		if c.File == "" && c.Path != "" && r.goSource != "" {
			if src == nil {
				src, _ = gosource.Parse(r.goSource)
			}
			r.placeInGo(&c, src)
		}
		r.rebase(&c)
		list[i] = &c
	}
	cmdline.PrintErrors(r.stderr, list.Err(), outcome)
}

// placeInGo points a config mistake at the Go source, or at least names
// its key path and the file declaring Config.
func (r *reporter) placeInGo(d *tokenbuild.Diagnostic, src *gosource.Source) {
	if src == nil {
		return
	}
	if pos, ok := src.Locate(r.cfg, d.Path); ok {
		d.File, d.Line, d.Col = pos.Filename, pos.Line, pos.Column
		return
	}
	d.File = src.ConfigFile()
	if d.File == "" && !isDir(r.goSource) {
		d.File = r.goSource
	}
	if !strings.Contains(d.Msg, d.Path) {
		d.Msg = d.Path + ": " + d.Msg
	}
}

// rebase shows a diagnostic's file relative to the display base, and
// shortens absolute paths under the base in its message (a panicking
// hook's line), as the go command does with the compiler's output. Under
// go generate, a rewritten file's "✔︎ path" is shown from the base too
// (otherwise it stays the reference's, relative to the config).
func (r *reporter) rebase(d *tokenbuild.Diagnostic) {
	if r.base == "" {
		return
	}
	if d.File != "" {
		d.File = r.show(d.File)
	}
	if dest, ok := strings.CutPrefix(d.Msg, "✔︎ "); ok && dest != "" && d.Kind == tokenbuild.KindFileWritten && r.quiet {
		d.Msg = "✔︎ " + r.show(dest)
	}
	if prefix := r.base + string(filepath.Separator); len(r.base) > 1 {
		d.Msg = strings.ReplaceAll(d.Msg, "(at "+prefix, "(at ")
	}
}

// show is path, relative to the config's folder (token files, outputs)
// or else to the working folder (a config file named on the command
// line), as seen from the display base; path itself when it is neither.
func (r *reporter) show(path string) string {
	candidates := []string{path}
	if !filepath.IsAbs(path) {
		wd, _ := os.Getwd()
		candidates = []string{filepath.Join(r.dir, path), filepath.Join(wd, path)}
	}
	for _, abs := range candidates {
		if _, err := os.Stat(abs); err != nil {
			continue
		}
		if rel, err := filepath.Rel(r.base, abs); err == nil {
			return rel
		}
	}
	return path
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}
