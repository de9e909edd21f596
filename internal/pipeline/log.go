package pipeline

import (
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

// warnAlways reports a warning that warnings "error" does not turn into
// an error (a broken reference under brokenReferences "console").
func (l *logger) warnAlways(kind tokenbuild.DiagnosticKind, s string) {
	if l.silent() {
		return
	}
	l.sink.add(tokenbuild.Diagnostic{Severity: tokenbuild.SeverityWarning, Kind: kind, Msg: s})
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
