package tokenbuild

import (
	"fmt"
	"strings"
)

// Severity says whether a Diagnostic fails the build.
type Severity uint8

const (
	// SeverityError fails the build: nothing is written.
	SeverityError Severity = iota
	// SeverityWarning is reported and the build goes on (log.warnings
	// "error" turns warnings into errors).
	SeverityWarning
	// SeverityInfo is progress: a file written, a file left out.
	SeverityInfo
)

func (s Severity) String() string {
	switch s {
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	}
	return "error"
}

// DiagnosticKind sorts diagnostics by what they are about, so that a
// driver can count, group or silence them by kind. The empty kind is a
// problem of no particular kind.
type DiagnosticKind string

const (
	KindBrokenReference   DiagnosticKind = "broken-reference"   // a reference that names no token, or a cycle
	KindTransform         DiagnosticKind = "transform"          // a transform that could not transform a value
	KindHook              DiagnosticKind = "hook"               // a warning a hook reported through Warn
	KindNameCollision     DiagnosticKind = "name-collision"     // two tokens with the same output name
	KindFilteredReference DiagnosticKind = "filtered-reference" // outputReferences to a token a filter left out
	KindToken             DiagnosticKind = "token"              // a token file entry written in a way the reference ignores
	KindUnknownType       DiagnosticKind = "unknown-type"       // a DTCG $type neither the format nor a well-known tool defines
	KindSpec              DiagnosticKind = "spec"               // a DTCG 2025.10 rule the tokens break (a name, a value for its $type, a reference's type)
	KindValueCollision    DiagnosticKind = "value-collision"    // a source file overrides a value or property an earlier one set
	KindConfig            DiagnosticKind = "config"             // the configuration
	KindPlatform          DiagnosticKind = "platform"           // progress: the platform named by Msg starts (Info)
	KindFileWritten       DiagnosticKind = "file-written"       // progress: a file was written (Info); "⚠️ path" when warnings about it follow
	KindFileUnchanged     DiagnosticKind = "file-unchanged"     // progress: a file already held the build's text and was left alone (Info)
	KindFileRemoved       DiagnosticKind = "file-removed"       // progress: clean removed a file or folder (Info)
	KindAction            DiagnosticKind = "action"             // what an action reported (Info), or an action's warning
	KindFileSkipped       DiagnosticKind = "file-skipped"       // a file left out: no tokens after its filter
	KindFileExtension     DiagnosticKind = "file-extension"     // a token file read as JSON5 for want of a parser for its extension (to stderr, as the reference's console.warn)
)

// Diagnostic is one problem, warning or progress note, with its place: a
// file position, a token, or both. It is an error, so a failed build
// returns its diagnostics as an ErrorList of *Diagnostic; warnings and
// progress come back from the driver's build methods as data, and the
// command line prints them.
type Diagnostic struct {
	Severity  Severity
	Kind      DiagnosticKind
	Platform  string // the platform being built, when the problem is one platform's
	File      string // file the problem is in
	Line, Col int    // 1-based; 0 when unknown
	Token     string // token path ("color.red") when the problem is a token's
	Msg       string
	// Near is text inside the token's value the problem is about (a
	// reference), so that the position can point at it.
	Near string
	// Path is a key path inside File ("platforms.web.files[0].format") to
	// place an error that is not a token's.
	Path string
	// Hint says what would have been right ("expected ':'"); it follows
	// the message.
	Hint string
	// Summary, on a warning, is the line that sums up every warning of
	// its Platform and Kind that carries the same Summary, with their
	// number filled in ("Unknown CSS Font Shorthand properties found for
	// 60 tokens, ..."): a driver prints it once for them all, and the
	// warnings themselves only when asked to be verbose, as the reference
	// does. Empty for a warning that stands alone. A build reports a
	// warning that several platforms repeat about the same token once,
	// under the first.
	Summary string
}

// Error prints the diagnostic compiler style: "file:line:col: token a.b: message".
func (e *Diagnostic) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
		}
		b.WriteString(": ")
	}
	if e.Severity == SeverityWarning {
		b.WriteString("warning: ")
	}
	if e.Token != "" {
		fmt.Fprintf(&b, "token %s: ", e.Token)
	}
	b.WriteString(e.Msg)
	if e.Hint != "" {
		b.WriteString("; " + e.Hint)
	}
	return b.String()
}

// PartialBuildError is the error of a build that failed, or was
// interrupted, after it had put files in place: an action that runs once
// the files are written (Action.Staged unset) failed, renaming a file into
// place failed, or the build was cancelled after its files went in. Every
// failure before that point writes nothing and is not a PartialBuildError.
type PartialBuildError struct {
	// Written lists the files put in place, as the build prints them (the
	// platform's buildPath joined with the destination, or the path an
	// action wrote relative to the config's folder), in the order written.
	// Files left untouched because they already held their content are
	// not listed.
	Written []string
	// Err is what went wrong: a *Diagnostic, an ErrorList, or the
	// context's error when the build was interrupted.
	Err error
}

func (e *PartialBuildError) Error() string {
	return fmt.Sprintf("%v\n(%d files were written before the build stopped: %s)", e.Err, len(e.Written), strings.Join(e.Written, ", "))
}

// Unwrap returns Err, so that errors.Is(err, context.Canceled) and
// errors.As look through.
func (e *PartialBuildError) Unwrap() error { return e.Err }

// ErrorList collects every problem found, not only the first.
type ErrorList []error

func (l ErrorList) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

// Unwrap lets errors.Is and errors.As look at every error of the list.
func (l ErrorList) Unwrap() []error { return l }

// Err returns nil for an empty list, the single error for one, else the list.
func (l ErrorList) Err() error {
	switch len(l) {
	case 0:
		return nil
	case 1:
		return l[0]
	}
	return l
}

// Flat expands nested lists and drops repeats (platforms built from the
// same tokens report the same broken reference), keeping the first order.
func (l ErrorList) Flat() ErrorList {
	var out ErrorList
	seen := map[string]bool{}
	var add func(err error)
	add = func(err error) {
		if nested, ok := err.(ErrorList); ok {
			for _, e := range nested {
				add(e)
			}
			return
		}
		if msg := err.Error(); !seen[msg] {
			seen[msg] = true
			out = append(out, err)
		}
	}
	for _, e := range l {
		add(e)
	}
	return out
}
