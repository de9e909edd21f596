// Package cmdline is what the tokengen command line and a Go config program
// share: the command line's grammar and how problems are printed. The
// command (internal/cli) and configmain's Main and Command both read it, so
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

	"github.com/tokengen/tokengen/internal/diagprint"
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
				return d.Kind != tokenbuild.KindFileUnchanged && !diagprint.Hoisted(d)
			}) {
				// only unchanged files: the name says nothing
				for _, d := range section {
					if diagprint.Hoisted(d) {
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
