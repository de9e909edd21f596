package pipeline

import (
	"strconv"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/tokenbuild"
)

const verbosityInfo = "Use log.verbosity \"verbose\" or use CLI option --verbose for more details.\nRefer to: https://styledictionary.com/reference/logging/"

// logger turns progress and warnings into diagnostics, as the configured
// verbosity and warnings mode allow, and collects them in its sink. The
// engine prints nothing: its calls return what they collected, and the
// driver decides what becomes of it.
type logger struct {
	sink      *sink
	verbosity tokenbuild.Verbosity
	warnings  tokenbuild.WarningsMode
}

// sink collects diagnostics. Loading, each call, each platform and each
// file has its own, and they are joined in config order, so that what
// runs concurrently reports in a stable order.
type sink struct {
	mu  sync.Mutex
	buf []tokenbuild.Diagnostic
}

func (s *sink) add(d tokenbuild.Diagnostic) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf = append(s.buf, d)
}

// drain returns what a buffered sink holds.
func (s *sink) drain() []tokenbuild.Diagnostic {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.buf
	s.buf = nil
	return out
}

func (l *logger) silent() bool  { return l.verbosity == tokenbuild.VerbositySilent }
func (l *logger) verbose() bool { return l.verbosity == tokenbuild.VerbosityVerbose }

// print reports progress.
func (l *logger) print(kind tokenbuild.DiagnosticKind, s string) {
	if l.silent() {
		return
	}
	l.sink.add(tokenbuild.Diagnostic{Severity: tokenbuild.SeverityInfo, Kind: kind, Msg: s})
}

// warn reports a warning, or returns it as an error when warnings are errors.
func (l *logger) warn(kind tokenbuild.DiagnosticKind, s string) error {
	switch {
	case l.warnings == tokenbuild.WarningsError:
		return &tokenbuild.Diagnostic{Kind: kind, Msg: s}
	case l.warnings == tokenbuild.WarningsDisabled || l.silent():
		return nil
	}
	l.sink.add(tokenbuild.Diagnostic{Severity: tokenbuild.SeverityWarning, Kind: kind, Msg: s})
	return nil
}

// group reports items as warnings of one kind under a summary line, a
// template in which %d stands for their number (summarize fills it in
// once every platform has reported). The driver prints the line, and the
// items only when verbose.
func (l *logger) group(kind tokenbuild.DiagnosticKind, summary string, items tokenbuild.ErrorList) {
	if l.warnings == tokenbuild.WarningsDisabled {
		return
	}
	l.groupAlways(kind, summary, items)
}

// groupAlways is group for warnings that warnings "disabled" does not
// silence (broken references under brokenReferences "console").
func (l *logger) groupAlways(kind tokenbuild.DiagnosticKind, summary string, items tokenbuild.ErrorList) {
	if l.silent() {
		return
	}
	for _, e := range items {
		d, ok := e.(*tokenbuild.Diagnostic)
		if !ok {
			d = &tokenbuild.Diagnostic{Msg: e.Error()}
		}
		c := *d
		c.Severity, c.Kind, c.Summary = tokenbuild.SeverityWarning, kind, summary
		l.sink.add(c)
	}
}

// summaryText makes text (a file name) safe inside a summary template.
func summaryText(s string) string { return strings.ReplaceAll(s, "%", "%%") }

// summarize fills in the summary lines of a call's diagnostics: %d
// becomes the number of warnings of the same platform and kind that share
// the line, %% a percent sign. (A platform reports only the warnings about
// its tokens that no earlier platform did, and two platforms' files may
// have the same name: each platform's are counted apart.)
func summarize(ds []tokenbuild.Diagnostic) []tokenbuild.Diagnostic {
	type key struct {
		platform string
		kind     tokenbuild.DiagnosticKind
		summary  string
	}
	var counts map[key]int
	for _, d := range ds {
		if d.Summary != "" {
			if counts == nil {
				counts = map[key]int{}
			}
			counts[key{d.Platform, d.Kind, d.Summary}]++
		}
	}
	lines := make(map[key]string, len(counts))
	for k, n := range counts {
		lines[k] = strings.NewReplacer("%%", "%", "%d", strconv.Itoa(n)).Replace(k.summary)
	}
	for i := range ds {
		if d := &ds[i]; d.Summary != "" {
			d.Summary = lines[key{d.Platform, d.Kind, d.Summary}]
		}
	}
	return ds
}

// repeats are the warnings about a call's tokens reported so far: a
// platform transforms the same tokens as the others (css and scss report
// the same font shorthand losses), so each is reported once, under the
// first platform.
type repeats map[string]bool

// first reports whether d is not a warning reported before, and notes it.
func (r repeats) first(d *tokenbuild.Diagnostic) bool {
	if d.Severity != tokenbuild.SeverityWarning {
		return true
	}
	k := string(d.Kind) + "\x00" + d.Summary + "\x00" + d.Error()
	if r[k] {
		return false
	}
	r[k] = true
	return true
}

// notice reports warnings that never become errors: problems the reference
// passes over in silence, reported so a person can fix them.
func (l *logger) notice(errs tokenbuild.ErrorList) {
	if l.warnings == tokenbuild.WarningsDisabled || l.silent() {
		return
	}
	for _, e := range errs {
		d, ok := e.(*tokenbuild.Diagnostic)
		if !ok {
			d = &tokenbuild.Diagnostic{Msg: e.Error()}
		}
		c := *d
		c.Severity = tokenbuild.SeverityWarning
		l.sink.add(c)
	}
}

// withLog returns a logger with a platform's log settings over l's.
func (l *logger) withLog(c *tokenbuild.LogConfig) *logger {
	n := &logger{sink: l.sink, verbosity: l.verbosity, warnings: l.warnings}
	if c != nil {
		if c.Verbosity != "" {
			n.verbosity = c.Verbosity
		}
		if c.Warnings != "" {
			n.warnings = c.Warnings
		}
	}
	return n
}

// buffered returns a logger collecting into a buffer of its own, so that
// platforms built concurrently report in config order.
func (l *logger) buffered() *logger {
	return &logger{sink: &sink{}, verbosity: l.verbosity, warnings: l.warnings}
}
