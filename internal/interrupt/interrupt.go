// Package interrupt is how a tokengen process (the command, or a Go
// config program) stops on Ctrl-C or SIGTERM: the build's context is
// cancelled, and the build stops at its next step, removing what it
// staged and saying so. A build that does not return promptly (a hook
// stuck in a loop or a wait, which nothing can interrupt from outside)
// is not waited for: the files it staged are removed through the stops
// registered in its context (Register), the outcome is said in one line,
// and the process exits with the signal's conventional status, 128 plus
// its number (130 for SIGINT, 143 for SIGTERM), as shells report a
// command a signal stopped.
package interrupt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
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

// stops are the Stops registered in a context.
type stops struct {
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
	s, _ := ctx.Value(stopsKey{}).(*stops)
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

func (s *stops) holding() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.holds > 0
}

// heldOnce reports whether a child process was waited for at all: its
// stop said how it ended, and what is left of the work after it is short.
func (s *stops) heldOnce() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.held
}

type stopsKey struct{}

// Register adds stop to those of ctx's process, if ctx has any (a build
// run by a library caller has none, and the caller's own context decides).
// When the process has stopped already, stop is called at once.
func Register(ctx context.Context, stop Stop) {
	s, _ := ctx.Value(stopsKey{}).(*stops)
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

func (s *stops) stopAll() (written []string, committed bool) {
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

// Main runs a process's work, run, with a context that the first SIGINT
// or SIGTERM cancels, and returns the process's exit code: run's own when
// no signal came (or when run still succeeded), else 128 plus the
// signal's number. run writes its errors to the stderr it is given:
// when run does not return within Grace of the signal, Main ends the
// process with its own last line there, unless run has just begun saying
// how it stopped (it is then given one more Grace to finish), and
// nothing run writes after that line is printed, so the stop is told
// once.
func Main(stderr io.Writer, run func(ctx context.Context, stderr io.Writer) int) int {
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	s := &stops{}
	ctx = context.WithValue(ctx, stopsKey{}, s)
	out := &gate{w: stderr}
	done := make(chan int, 1)
	go func() { done <- run(ctx, out) }()
	var sig os.Signal
	select {
	case code := <-done:
		return code
	case sig = <-sigs:
	}
	out.signalled()
	cancel(Signalled{sig})
	status := Status(sig)
	deadline := time.NewTimer(Grace)
	defer deadline.Stop()
	extended := false
	for waiting := true; waiting; {
		select {
		case code := <-done:
			if code == 0 {
				return 0 // it finished before the signal could stop it
			}
			return status
		case <-sigs:
			// a second Ctrl-C (or the terminal's and a parent's copy of
			// one): the stop under way is as quick as it gets
		case <-deadline.C:
			if s.holding() || s.heldOnce() {
				// a child process bounds its own stop (Hold), and says
				// how it stopped: wait on
				deadline.Reset(Grace)
				continue
			}
			if !extended && out.wroteSinceSignal() {
				// run is saying how it stopped: let it finish
				extended = true
				deadline.Reset(Grace)
				continue
			}
			waiting = false
		}
	}
	written, committed := s.stopAll()
	out.last(Message(written, committed))
	return status
}

// gate is the stderr run writes to: it notes whether run wrote after the
// signal, and drops what run writes once Main has written the last line.
type gate struct {
	mu     sync.Mutex
	w      io.Writer
	sig    bool // the signal came
	wrote  bool // run wrote after it
	closed bool // Main wrote the last line
}

func (g *gate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return len(p), nil
	}
	if g.sig {
		g.wrote = true
	}
	return g.w.Write(p)
}

func (g *gate) signalled() {
	g.mu.Lock()
	g.sig = true
	g.mu.Unlock()
}

func (g *gate) wroteSinceSignal() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.wrote
}

// last writes Main's last line, after which run's writes are dropped.
func (g *gate) last(line string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
	fmt.Fprintln(g.w, line)
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

// Status is the exit status of a process a signal stopped: 128 plus the
// signal's number (130 for SIGINT, 143 for SIGTERM).
func Status(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 1
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
