package diag

import (
	"strconv"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/tokenbuild"
)

// VerbosityInfo is the reference's hint, after a summary, at how to see
// the warnings one by one.
const VerbosityInfo = "Use log.verbosity \"verbose\" or use CLI option --verbose for more details.\nRefer to: https://styledictionary.com/reference/logging/"

// Logger turns progress and warnings into diagnostics, as the configured
// verbosity and warnings mode allow, and collects them in its sink. The
// engine prints nothing: its calls return what they collected, and the
// driver decides what becomes of it.
type Logger struct {
	Sink      *Sink
	Verbosity tokenbuild.Verbosity
	Warnings  tokenbuild.WarningsMode
}

// Sink collects diagnostics. Loading, each call, each platform and each
// file has its own, and they are joined in config order, so that what
// runs concurrently reports in a stable order.
type Sink struct {
	mu  sync.Mutex
	buf []tokenbuild.Diagnostic
}

// Add collects d.
func (s *Sink) Add(d tokenbuild.Diagnostic) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf = append(s.buf, d)
}

// Drain returns what a buffered sink holds.
func (s *Sink) Drain() []tokenbuild.Diagnostic {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.buf
	s.buf = nil
	return out
}

// Silent reports verbosity "silent": only fatal errors.
func (l *Logger) Silent() bool { return l.Verbosity == tokenbuild.VerbositySilent }

// Verbose reports verbosity "verbose": warnings one by one.
func (l *Logger) Verbose() bool { return l.Verbosity == tokenbuild.VerbosityVerbose }

// Print reports progress.
func (l *Logger) Print(kind tokenbuild.DiagnosticKind, s string) {
	if l.Silent() {
		return
	}
	l.Sink.Add(tokenbuild.Diagnostic{Severity: tokenbuild.SeverityInfo, Kind: kind, Msg: s})
}

// Warn reports a warning, or returns it as an error when warnings are errors.
func (l *Logger) Warn(kind tokenbuild.DiagnosticKind, s string) error {
	switch {
	case l.Warnings == tokenbuild.WarningsError:
		return &tokenbuild.Diagnostic{Kind: kind, Msg: s}
	case l.Warnings == tokenbuild.WarningsDisabled || l.Silent():
		return nil
	}
	l.Sink.Add(tokenbuild.Diagnostic{Severity: tokenbuild.SeverityWarning, Kind: kind, Msg: s})
	return nil
}

// Group reports items as warnings of one kind under a summary line, a
// template in which %d stands for their number (Summarize fills it in
// once every platform has reported). The driver prints the line, and the
// items only when verbose.
func (l *Logger) Group(kind tokenbuild.DiagnosticKind, summary string, items tokenbuild.ErrorList) {
	if l.Warnings == tokenbuild.WarningsDisabled {
		return
	}
	l.GroupAlways(kind, summary, items)
}

// GroupAlways is group for warnings that warnings "disabled" does not
// silence (broken references under brokenReferences "console").
func (l *Logger) GroupAlways(kind tokenbuild.DiagnosticKind, summary string, items tokenbuild.ErrorList) {
	if l.Silent() {
		return
	}
	for _, e := range items {
		d, ok := e.(*tokenbuild.Diagnostic)
		if !ok {
			d = &tokenbuild.Diagnostic{Msg: e.Error()}
		}
		c := *d
		c.Severity, c.Kind, c.Summary = tokenbuild.SeverityWarning, kind, summary
		l.Sink.Add(c)
	}
}

// SummaryText makes text (a file name) safe inside a summary template.
func SummaryText(s string) string { return strings.ReplaceAll(s, "%", "%%") }

// Summarize fills in the summary lines of a call's diagnostics: %d
// becomes the number of warnings of the same platform and kind that share
// the line, %% a percent sign. (A platform reports only the warnings about
// its tokens that no earlier platform did, and two platforms' files may
// have the same name: each platform's are counted apart.)
func Summarize(ds []tokenbuild.Diagnostic) []tokenbuild.Diagnostic {
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

// Repeats are the warnings about a call's tokens reported so far: a
// platform transforms the same tokens as the others (css and scss report
// the same font shorthand losses), so each is reported once, under the
// first platform.
type Repeats map[string]bool

// First reports whether d is not a warning reported before, and notes it.
func (r Repeats) First(d *tokenbuild.Diagnostic) bool {
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

// Notice reports warnings that never become errors: problems the reference
// passes over in silence, reported so a person can fix them.
func (l *Logger) Notice(errs tokenbuild.ErrorList) {
	if l.Warnings == tokenbuild.WarningsDisabled || l.Silent() {
		return
	}
	for _, e := range errs {
		d, ok := e.(*tokenbuild.Diagnostic)
		if !ok {
			d = &tokenbuild.Diagnostic{Msg: e.Error()}
		}
		c := *d
		c.Severity = tokenbuild.SeverityWarning
		l.Sink.Add(c)
	}
}

// WithLog returns a Logger with a platform's log settings over l's.
func (l *Logger) WithLog(c *tokenbuild.LogConfig) *Logger {
	n := &Logger{Sink: l.Sink, Verbosity: l.Verbosity, Warnings: l.Warnings}
	if c != nil {
		if c.Verbosity != "" {
			n.Verbosity = c.Verbosity
		}
		if c.Warnings != "" {
			n.Warnings = c.Warnings
		}
	}
	return n
}

// Buffered returns a Logger collecting into a buffer of its own, so that
// platforms built concurrently report in config order.
func (l *Logger) Buffered() *Logger {
	return &Logger{Sink: &Sink{}, Verbosity: l.Verbosity, Warnings: l.Warnings}
}
