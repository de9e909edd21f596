package pipeline

import (
	"fmt"
	"io"
	"sync"

	"github.com/tokengen/tokengen/internal/model"
)

const verbosityInfo = "Use log.verbosity \"verbose\" or use CLI option --verbose for more details.\nRefer to: https://styledictionary.com/reference/logging/"

// logger prints progress and warnings with the configured verbosity.
type logger struct {
	mu        sync.Mutex
	out, err  io.Writer
	verbosity string // default | silent | verbose
	warnings  string // warn | error | disabled
}

func (l *logger) silent() bool  { return l.verbosity == "silent" }
func (l *logger) verbose() bool { return l.verbosity == "verbose" }

func (l *logger) print(s string) {
	if l.silent() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintln(l.out, s)
}

// warn prints a warning, or returns it as an error when warnings are errors.
func (l *logger) warn(s string) error {
	switch {
	case l.warnings == "error":
		return fmt.Errorf("%s", s)
	case l.warnings == "disabled" || l.silent():
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintln(l.out, s)
	return nil
}

// notice prints warnings that never become errors: problems the reference
// passes over in silence, reported so a person can fix them.
func (l *logger) notice(errs model.ErrorList) {
	if l.warnings == "disabled" || l.silent() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, e := range errs {
		fmt.Fprintln(l.out, e.Error())
	}
}

// withLog returns a logger with a platform's log settings over l's.
func (l *logger) withLog(c *model.LogConfig) *logger {
	n := &logger{out: l.out, err: l.err, verbosity: l.verbosity, warnings: l.warnings}
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

// buffered returns a logger writing into a buffer, so that platforms built
// concurrently print in config order.
func (l *logger) buffered(buf io.Writer) *logger {
	return &logger{out: buf, err: buf, verbosity: l.verbosity, warnings: l.warnings}
}
