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

// PrintError lists every problem of a failed build, compiler style
// ("file:line:col: message" when the place is known), then a one-line
// summary saying nothing was written, or, when the build failed after it
// had put files in place (a *tokenbuild.PartialBuildError), which were.
func PrintError(w io.Writer, err error) { PrintErrors(w, err, "; no files were written") }

// PrintErrors is PrintError with the summary's ending given (for a build
// that wrote nothing).
func PrintErrors(w io.Writer, err error, outcome string) {
	var tail []string
	var partial *tokenbuild.PartialBuildError
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
// messages after its name.
func PrintDiagnostics(stdout, stderr io.Writer, ds []tokenbuild.Diagnostic) {
	for _, d := range ds {
		w := stdout
		if d.Kind == tokenbuild.KindBrokenReference && d.Severity == tokenbuild.SeverityWarning {
			w = stderr
		}
		switch {
		case d.Kind == tokenbuild.KindPlatform:
			fmt.Fprintln(w, "\n"+d.Msg)
		case d.File != "" || d.Token != "":
			fmt.Fprintln(w, d.Error()) // a located warning: file:line:col: warning: ...
		default:
			fmt.Fprintln(w, d.Msg)
		}
	}
}
