// Package stopsignal is how a tokengen process (the command, or a Go
// config program) stops on Ctrl-C or SIGTERM: it catches the first
// signal, cancels the work's context (internal/interrupt says what a
// build does then), and exits with the signal's conventional status, 128
// plus its number (130 for SIGINT, 143 for SIGTERM), as shells report a
// command a signal stopped. Only a process's main function uses it: the
// library leaves signals to its caller.
package stopsignal

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/tokengen/tokengen/internal/interrupt"
)

// Main runs a process's work, run, with a context that the first SIGINT
// or SIGTERM cancels, and returns the process's exit code: run's own when
// no signal came (or when run still succeeded), else 128 plus the
// signal's number. run writes its errors to the stderr it is given:
// when run does not return within interrupt.Grace of the signal, Main ends the
// process with its own last line there, unless run has just begun saying
// how it stopped (it is then given one more interrupt.Grace to finish), and
// nothing run writes after that line is printed, so the stop is told
// once.
func Main(stderr io.Writer, run func(ctx context.Context, stderr io.Writer) int) int {
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	ctx, s := interrupt.WithStops(ctx)
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
	cancel(interrupt.Signalled{Signal: sig})
	status := Status(sig)
	deadline := time.NewTimer(interrupt.Grace)
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
			if s.Holding() || s.HeldOnce() {
				// a child process bounds its own stop (interrupt.Hold), and says
				// how it stopped: wait on
				deadline.Reset(interrupt.Grace)
				continue
			}
			if !extended && out.wroteSinceSignal() {
				// run is saying how it stopped: let it finish
				extended = true
				deadline.Reset(interrupt.Grace)
				continue
			}
			waiting = false
		}
	}
	written, committed := s.StopAll()
	out.last(interrupt.Message(written, committed))
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

// Status is the exit status of a process a signal stopped: 128 plus the
// signal's number (130 for SIGINT, 143 for SIGTERM).
func Status(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 1
}
