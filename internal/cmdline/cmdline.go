// Package cmdline is what the tokengen command line and a Go config program
// share: the command line's grammar and how problems are printed. The
// command (internal/cli) and the driver's Main and Command both read it, so
// `tokengen build -p css` and a Go config program given the same arguments
// mean the same thing.
package cmdline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

// Version is tokengen's version.
const Version = "0.1.0"

// Usage is the command line's help text.
const Usage = `Usage: tokengen [command] [options]

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

// Options are a parsed command line.
type Options struct {
	Command   string // build, clean, init or version
	InitType  string // init's argument
	Config    string // --config
	Platforms []string
	Verbosity tokenbuild.Verbosity // "" unless --verbose or --silent
	Warnings  tokenbuild.WarningsMode
}

// UsageError is a command line that cannot be understood (exit code 2).
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// Parse reads a command line (without the program name). help is true when
// help was asked for.
func Parse(args []string) (o Options, help bool, err error) {
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
				return "", UsageError{fmt.Sprintf("option %s needs a value", a)}
			}
			i++
			return args[i], nil
		}
		var err error
		switch a {
		case "-h", "--help", "help":
			return o, true, nil
		case "-V", "--version":
			o.Command = "version"
		case "-c", "--config":
			o.Config, err = next()
		case "-p", "--platform":
			var p string
			p, err = next()
			o.Platforms = append(o.Platforms, p)
		case "-v", "--verbose":
			verbose = true
		case "-s", "--silent":
			silent = true
		case "-n", "--no-warn":
			o.Warnings = tokenbuild.WarningsDisabled
		default:
			switch {
			case strings.HasPrefix(a, "-"):
				return o, false, UsageError{fmt.Sprintf("unknown option %s\nSee --help for a list of available options.", a)}
			case o.Command == "":
				if a != "build" && a != "clean" && a != "init" {
					return o, false, UsageError{fmt.Sprintf("Invalid command: %s\nSee --help for a list of available commands.", a)}
				}
				o.Command = a
			case o.Command == "init" && o.InitType == "":
				o.InitType = a
			default:
				return o, false, UsageError{fmt.Sprintf("unexpected argument %s", a)}
			}
		}
		if err != nil {
			return o, false, err
		}
	}
	if o.Command == "" {
		o.Command = "build"
	}
	if silent {
		o.Verbosity = tokenbuild.VerbositySilent
	}
	if verbose {
		o.Verbosity = tokenbuild.VerbosityVerbose
	}
	return o, false, nil
}

// PrintError lists every problem of a failed build, compiler style
// ("file:line:col: message" when the place is known), then a one-line
// summary saying nothing was written.
func PrintError(w io.Writer, err error) { PrintErrors(w, err, "; no files were written") }

// PrintErrors is PrintError with the summary's ending given.
func PrintErrors(w io.Writer, err error, outcome string) {
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(w, "tokengen: interrupted%s\n", outcome)
		return
	}
	list := tokenbuild.ErrorList{err}.Flat()
	for _, e := range list {
		msg := strings.TrimSpace(e.Error())
		var located *tokenbuild.Diagnostic
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

// PrintDiagnostics prints warnings and progress as the reference's command
// line does: progress and warnings to stdout, warnings about broken
// references (brokenReferences "console") to stderr, each platform's
// messages after its name. Warnings of a platform that share a summary
// line are printed as that line, once, and listed one by one, with their
// places, only where verbose(platform) says so ("" for loading's);
// otherwise the line is followed by how to see them, in the reference's
// words.
func PrintDiagnostics(stdout, stderr io.Writer, ds []tokenbuild.Diagnostic, verbose func(platform string) bool) {
	type key struct {
		platform string
		kind     tokenbuild.DiagnosticKind
		summary  string
	}
	groups := map[key][]tokenbuild.Diagnostic{}
	for _, d := range ds {
		if d.Summary != "" && d.Severity == tokenbuild.SeverityWarning {
			k := key{d.Platform, d.Kind, d.Summary}
			groups[k] = append(groups[k], d)
		}
	}
	for _, d := range ds {
		w := stdout
		if d.Kind == tokenbuild.KindBrokenReference && d.Severity == tokenbuild.SeverityWarning {
			w = stderr
		}
		switch {
		case d.Kind == tokenbuild.KindPlatform:
			fmt.Fprintln(w, "\n"+d.Msg)
		case d.Summary != "" && d.Severity == tokenbuild.SeverityWarning:
			k := key{d.Platform, d.Kind, d.Summary}
			if items, ok := groups[k]; ok {
				delete(groups, k) // printed at its first warning
				printGroup(w, items, verbose != nil && verbose(d.Platform))
			}
		default:
			fmt.Fprintln(w, line(d))
		}
	}
}

// line is a diagnostic alone on its line: a located warning compiler
// style (file:line:col: warning: ...), a hook's warning marked as one
// wherever it is, progress and the reference's own warnings as they are.
func line(d tokenbuild.Diagnostic) string {
	if d.File != "" || d.Token != "" || d.Kind == tokenbuild.KindHook && d.Severity == tokenbuild.SeverityWarning {
		return d.Error()
	}
	return d.Msg
}

// verbosityInfo is how the reference says where the details are.
const verbosityInfo = "Use log.verbosity \"verbose\" or use CLI option --verbose for more details.\nRefer to: https://styledictionary.com/reference/logging/"

// printGroup prints warnings that share a summary line: the line, then
// either each warning or how to see them. A kind the reference reports
// is printed in its shape; tokengen's own (strays, unknown types) take one
// line when not verbose, the warning itself when it is the only one.
func printGroup(out io.Writer, items []tokenbuild.Diagnostic, verbose bool) {
	var w strings.Builder // one write: a long list is not a write per line
	defer func() { io.WriteString(out, w.String()) }()
	d := items[0]
	own := d.Kind == tokenbuild.KindToken || d.Kind == tokenbuild.KindUnknownType
	if own && len(items) == 1 {
		fmt.Fprintln(&w, line(d))
		return
	}
	if !verbose {
		switch {
		case own:
			fmt.Fprintln(&w, d.Summary+" (--verbose lists them)")
		case d.Kind == tokenbuild.KindNameCollision || d.Kind == tokenbuild.KindFilteredReference:
			fmt.Fprintln(&w, d.Summary+"\n\n"+verbosityInfo) // a file's block
		default:
			fmt.Fprintln(&w, d.Summary+"\n"+verbosityInfo)
		}
		return
	}
	fmt.Fprintln(&w, d.Summary)
	if d.Kind == tokenbuild.KindFilteredReference {
		fmt.Fprintln(&w, "Here are the references that are used but not defined in the file:")
		for _, e := range items {
			fmt.Fprintln(&w, "    "+e.Msg) // the reference's path
		}
		fmt.Fprintln(&w, "This is caused when combining a filter and `outputReferences`.")
		return
	}
	for _, e := range items {
		fmt.Fprintln(&w, line(e))
	}
	if d.Kind == tokenbuild.KindNameCollision {
		fmt.Fprintln(&w, strings.Join([]string{
			"This many-to-one issue is usually caused by some combination of:",
			"* conflicting or similar paths/names in token definitions",
			"* platform transforms/transformGroups affecting names, especially when removing specificity",
			"* overly inclusive file filters",
		}, "\n    "))
	}
}
