// Package diagprint prints a build's diagnostics as the reference's
// command line does: the driver when asked to (WithOutput), and the
// commands. It is apart from internal/cmdline so that the library links
// no command line.
package diagprint

import (
	"fmt"
	"io"
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

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
		case Hoisted(d):
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
		if Hoisted(d) {
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
			fmt.Fprintln(w, Line(d))
		}
	}
}

// Hoisted reports whether PrintDiagnostics prints d before the platforms
// rather than where it is: a failed transform, summed up for all of them.
func Hoisted(d tokenbuild.Diagnostic) bool {
	return d.Kind == tokenbuild.KindTransform && d.Severity == tokenbuild.SeverityWarning && d.Summary != ""
}

// Line is a diagnostic alone on its line: a located warning compiler
// style (file:line:col: warning: ...), a hook's warning marked as one
// wherever it is, progress and the reference's own warnings as they are.
func Line(d tokenbuild.Diagnostic) string {
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
		fmt.Fprintln(&w, Line(e))
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
		fmt.Fprintln(&w, Line(d))
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
		fmt.Fprintln(&w, Line(e))
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
