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
	"runtime/debug"
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/interrupt"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Version is tokengen's version: the one place it is written. The npm
// packages (npm/pack) take theirs from it.
const Version = "0.1.0"

// Commit is the commit the binary was built from, set by the npm packer
// with -ldflags "-X github.com/tokengen/tokengen/internal/cmdline.Commit=...";
// when empty, VersionLine reads the commit the go command stamped, if any.
var Commit string

// VersionLine is what --version prints: the version, then the commit
// when it is known ("0.1.0 (commit 0123456789ab)"; "-dirty" when the
// tree had uncommitted changes).
func VersionLine() string {
	commit := Commit
	if commit == "" {
		commit = stampedCommit()
	}
	if commit == "" {
		return Version
	}
	return Version + " (commit " + commit + ")"
}

// stampedCommit is the commit recorded by go build in a repository
// (-buildvcs), shortened to 12 characters as go version -m shows
// pseudo-versions.
func stampedCommit() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var revision, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if len(revision) > 12 {
		revision = revision[:12]
	}
	if revision != "" && modified == "true" {
		revision += "-dirty"
	}
	return revision
}

// PrintError lists every problem of a failed build, compiler style
// ("file:line:col: message" when the place is known), then a one-line
// summary saying nothing was written, or, when the build failed after it
// had put files in place (a *tokenbuild.PartialBuildError), which were.
func PrintError(w io.Writer, err error) { PrintErrors(w, err, "; no files were written") }

// PrintErrors is PrintError with the summary's ending given (for a build
// that wrote nothing).
func PrintErrors(w io.Writer, err error, outcome string) {
	// process.exit(n) in a build script, a config module or one of its
	// hooks ends the command with status n and, as in node, nothing said.
	var exit interface{ ExitStatus() int }
	if errors.As(err, &exit) {
		return
	}
	var during *interrupt.During
	if errors.As(err, &during) && during.Hooks != nil {
		// where the stop found the build: the hooks it stopped
		for _, e := range (tokenbuild.ErrorList{during.Hooks}).Flat() {
			printOne(w, e)
		}
	}
	var tail []string
	var partial *tokenbuild.PartialBuildError
	if errors.As(err, &partial) && len(partial.Written) > 0 && errors.Is(partial.Err, context.Canceled) {
		// a signal: one line, as when the build could not say itself
		fmt.Fprintln(w, interrupt.Message(partial.Written, true))
		return
	}
	if errors.As(err, &partial) && len(partial.Written) > 0 {
		// whatever the caller expected, these are on disk: say so, one a line
		n := len(partial.Written)
		outcome = fmt.Sprintf("; %d files were written before the build stopped:", n)
		if n == 1 {
			outcome = "; 1 file was written before the build stopped:"
		}
		for _, f := range partial.Written {
			tail = append(tail, "  "+f)
		}
		err = partial.Err
	}
	defer func() {
		for _, l := range tail {
			fmt.Fprintln(w, l)
		}
	}()
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(w, "tokengen: interrupted%s\n", outcome)
		return
	}
	list := tokenbuild.ErrorList{err}.Flat()
	for _, e := range list {
		printOne(w, e)
	}
	noun := "errors"
	if len(list) == 1 {
		noun = "error"
	}
	fmt.Fprintf(w, "tokengen: %d %s%s\n", len(list), noun, outcome)
}

// printOne prints one problem: at its place, or after the command's name.
func printOne(w io.Writer, e error) {
	msg := strings.TrimSpace(e.Error())
	var located *tokenbuild.Diagnostic
	if !errors.As(e, &located) || located.File == "" {
		msg = "tokengen: " + msg
	}
	fmt.Fprintln(w, msg)
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
	printDiagnostics(stdout, stderr, ds, verbose, nil)
}

// PrintCommandDiagnostics is PrintDiagnostics for the command line, where
// tokengen's own notes on inputs the reference accepts (DTCG 2025.10
// rules, unknown types, stray entries) are listed one by one only when
// listOwn says so (--verbose), whatever the config's log.verbosity asks
// of the reference's warnings: a design system that sets it for the
// reference's lists would otherwise get a screenful of notes at every
// build.
func PrintCommandDiagnostics(stdout, stderr io.Writer, ds []tokenbuild.Diagnostic, verbose func(platform string) bool, listOwn bool) {
	printDiagnostics(stdout, stderr, ds, verbose, &listOwn)
}

func printDiagnostics(stdout, stderr io.Writer, ds []tokenbuild.Diagnostic, verbose func(platform string) bool, listOwn *bool) {
	type key struct {
		platform string
		kind     tokenbuild.DiagnosticKind
		summary  string
	}
	groups := map[key][]tokenbuild.Diagnostic{}
	var transformFailures []tokenbuild.Diagnostic
	for _, d := range ds {
		switch {
		case hoisted(d):
			transformFailures = append(transformFailures, d)
		case d.Summary != "" && d.Severity == tokenbuild.SeverityWarning:
			k := key{d.Platform, d.Kind, d.Summary}
			groups[k] = append(groups[k], d)
		}
	}
	if len(transformFailures) > 0 {
		// one total for every platform, before them, as the reference
		// prints it (it transforms every platform first)
		printTransformFailures(stdout, transformFailures, verbose != nil && verbose(transformFailures[0].Platform))
	}
	for _, d := range ds {
		if hoisted(d) {
			continue
		}
		w := stdout
		if (d.Kind == tokenbuild.KindBrokenReference || d.Kind == tokenbuild.KindFileExtension) && d.Severity == tokenbuild.SeverityWarning {
			w = stderr
		}
		switch {
		case d.Kind == tokenbuild.KindPlatform:
			fmt.Fprintln(w, "\n"+d.Msg)
		case d.Summary != "" && d.Severity == tokenbuild.SeverityWarning:
			k := key{d.Platform, d.Kind, d.Summary}
			if items, ok := groups[k]; ok {
				delete(groups, k) // printed at its first warning
				v := verbose != nil && verbose(d.Platform)
				if listOwn != nil && ownKind(d.Kind) {
					v = *listOwn
				}
				printGroup(w, items, v)
			}
		default:
			fmt.Fprintln(w, line(d))
		}
	}
}

// SumUpUnchanged takes out the files a build left alone (they already
// held its text), and the names of the platforms that have nothing else
// to show, and sums them up in one line at the end: the command line
// names only the files it rewrote. (A build script's output stays the
// reference's, which names every file.)
func SumUpUnchanged(ds []tokenbuild.Diagnostic) []tokenbuild.Diagnostic {
	out, n := withoutUnchanged(ds)
	if n == 0 {
		return ds
	}
	msg := fmt.Sprintf("%d files were already up to date.", n)
	if n == 1 {
		msg = "1 file was already up to date."
	}
	return append(out, tokenbuild.Diagnostic{Severity: tokenbuild.SeverityInfo, Kind: tokenbuild.KindFileUnchanged, Msg: msg})
}

func withoutUnchanged(ds []tokenbuild.Diagnostic) ([]tokenbuild.Diagnostic, int) {
	n := 0
	for _, d := range ds {
		if d.Kind == tokenbuild.KindFileUnchanged {
			n++
		}
	}
	if n == 0 {
		return ds, 0
	}
	out := make([]tokenbuild.Diagnostic, 0, len(ds)-n)
	for i := 0; i < len(ds); i++ {
		d := ds[i]
		if d.Kind == tokenbuild.KindFileUnchanged {
			continue
		}
		if d.Kind == tokenbuild.KindPlatform {
			end := i + 1
			for end < len(ds) && ds[end].Kind != tokenbuild.KindPlatform {
				end++
			}
			section := ds[i+1 : end]
			hadUnchanged := slices.ContainsFunc(section, func(d tokenbuild.Diagnostic) bool { return d.Kind == tokenbuild.KindFileUnchanged })
			if hadUnchanged && !slices.ContainsFunc(section, func(d tokenbuild.Diagnostic) bool {
				return d.Kind != tokenbuild.KindFileUnchanged && !hoisted(d)
			}) {
				// only unchanged files: the name says nothing
				for _, d := range section {
					if hoisted(d) {
						out = append(out, d)
					}
				}
				i = end - 1
				continue
			}
		}
		out = append(out, d)
	}
	return out, n
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

// transformFailuresShown is how many failed transforms the summary names
// when not verbose: enough to see what is wrong where no flag can be
// added (go generate), few enough to stay calm.
const transformFailuresShown = 3

// printTransformFailures prints the reference's total of the transforms
// that could not be applied, then the first failures (all of them when
// verbose) with their token, transform, message and place, and how many
// more there are.
func printTransformFailures(out io.Writer, items []tokenbuild.Diagnostic, verbose bool) {
	var w strings.Builder
	fmt.Fprintf(&w, "Some token transformations (%d) could not be applied correctly.\n", len(items))
	shown := items
	if !verbose && len(shown) > transformFailuresShown {
		shown = shown[:transformFailuresShown]
	}
	for _, e := range shown {
		fmt.Fprintln(&w, line(e))
	}
	if rest := len(items) - len(shown); rest > 0 {
		fmt.Fprintf(&w, "... and %d more.\n%s\n", rest, verbosityInfo)
	}
	io.WriteString(out, w.String())
}

// ownKind reports whether warnings of kind k are tokengen's own notes on
// what the reference accepts in silence.
func ownKind(k tokenbuild.DiagnosticKind) bool {
	return k == tokenbuild.KindToken || k == tokenbuild.KindUnknownType || k == tokenbuild.KindSpec
}

// printGroup prints warnings that share a summary line: the line, then
// either each warning or how to see them. A kind the reference reports
// is printed in its shape; tokengen's own (strays, unknown types) take one
// line when not verbose, the warning itself when it is the only one.
func printGroup(out io.Writer, items []tokenbuild.Diagnostic, verbose bool) {
	var w strings.Builder // one write: a long list is not a write per line
	defer func() { io.WriteString(out, w.String()) }()
	d := items[0]
	own := ownKind(d.Kind)
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
