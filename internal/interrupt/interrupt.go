// Package interrupt is how a tokengen build is stopped from outside
// (Ctrl-C or SIGTERM, caught by internal/stopsignal): the build's context
// is cancelled, and the build stops at its next step, removing what it
// staged and saying so. A build that does not return promptly (a hook
// stuck in a loop or a wait, which nothing can interrupt from outside)
// is not waited for: the files it staged are removed through the stops
// registered in its context (Register), and the outcome is said in one
// line (Message). The package catches no signal itself, so that the
// library, which links it, leaves signals to its caller.
package interrupt

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Grace is how long a build is given to return by itself once its
// context is cancelled: far more than a build that checks its context
// needs between two steps (a few milliseconds), short enough that Ctrl-C
// still feels immediate when a hook does not return.
const Grace = 300 * time.Millisecond

// Signalled is the cause of a context the signal cancelled
// (context.Cause): a Go config program is sent the same signal.
type Signalled struct{ Signal os.Signal }

func (s Signalled) Error() string { return "interrupted by " + name(s.Signal) }

// During is the error of work stopped from outside (its context's error,
// Cause) while hooks ran: Hooks holds what they said as they stopped (a
// JavaScript hook stopped in a loop, with its line), so that the report
// says where the work was, then that it was interrupted.
type During struct {
	Cause error
	Hooks error
}

func (d *During) Error() string { return d.Cause.Error() }
func (d *During) Unwrap() error { return d.Cause }

// SignalOf returns the signal that cancelled ctx, if one did.
func SignalOf(ctx context.Context) (os.Signal, bool) {
	var s Signalled
	if errors.As(context.Cause(ctx), &s) {
		return s.Signal, true
	}
	return nil, false
}

// Stop is what a build registers to be stopped from outside: it removes
// what the build staged and keeps anything more from being put in place,
// and returns the files put in place already and whether the build had
// begun putting files in place (after which its actions may write too).
type Stop func() (written []string, committed bool)

// Stops are the Stops registered in a process's context (WithStops).
type Stops struct {
	mu      sync.Mutex
	list    []Stop
	stopped bool
	holds   int
	// held is set once a child process was waited for (Hold): the
	// process's own work after it is bounded (reading the child's
	// report), and the child has said how it stopped, so the process
	// waits for its work rather than adding a second line.
	held bool
}

// Hold says that the process's work now waits for a child process that
// stops by itself on the signal, removing what it staged and saying so
// (a Go config program), and that bounds its wait for it: until release
// is called, a signal does not end the process after Grace, whose own
// message would then second-guess the child's.
func Hold(ctx context.Context) (release func()) {
	s, _ := ctx.Value(stopsKey{}).(*Stops)
	if s == nil {
		return func() {}
	}
	s.mu.Lock()
	s.holds++
	s.held = true
	s.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			s.holds--
			s.mu.Unlock()
		})
	}
}

// Holding reports whether a child process is being waited for (Hold).
func (s *Stops) Holding() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.holds > 0
}

// HeldOnce reports whether a child process was waited for at all: its
// stop said how it ended, and what is left of the work after it is short.
func (s *Stops) HeldOnce() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.held
}

type stopsKey struct{}

// WithStops returns a context for a process's work, in which the work
// registers its stops (Register), and those stops.
func WithStops(ctx context.Context) (context.Context, *Stops) {
	s := &Stops{}
	return context.WithValue(ctx, stopsKey{}, s), s
}

// Register adds stop to those of ctx's process, if ctx has any (a build
// run by a library caller has none, and the caller's own context decides).
// When the process has stopped already, stop is called at once.
func Register(ctx context.Context, stop Stop) {
	s, _ := ctx.Value(stopsKey{}).(*Stops)
	if s == nil {
		return
	}
	s.mu.Lock()
	stopped := s.stopped
	if !stopped {
		s.list = append(s.list, stop)
	}
	s.mu.Unlock()
	if stopped {
		stop()
	}
}

// StopAll calls every stop registered, and those registered afterwards
// at once, and returns the files they had put in place and whether any
// had begun to.
func (s *Stops) StopAll() (written []string, committed bool) {
	s.mu.Lock()
	s.stopped = true
	list := s.list
	s.list = nil
	s.mu.Unlock()
	for _, stop := range list {
		w, c := stop()
		written = append(written, w...)
		committed = committed || c
	}
	return written, committed
}

// Message is the line a stopped build ends with when it could not say
// itself: what it had put in place, when it had begun to.
func Message(written []string, committed bool) string {
	switch {
	case !committed:
		return "tokengen: interrupted; no files were written"
	case len(written) == 0:
		return "tokengen: interrupted after the build's files were checked, while its actions ran"
	case len(written) == 1:
		return "tokengen: interrupted; 1 file was written before the build stopped: " + written[0]
	}
	shown := written
	more := ""
	if len(shown) > 5 {
		more = fmt.Sprintf(" and %d more", len(shown)-5)
		shown = shown[:5]
	}
	return fmt.Sprintf("tokengen: interrupted; %d files were written before the build stopped: %s%s", len(written), strings.Join(shown, ", "), more)
}

func name(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}
