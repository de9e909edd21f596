package jsconfig

import (
	"errors"
	"fmt"

	"github.com/tokengen/tokengen/internal/goja"
)

// ExitError is process.exit(code) called by a build script, a config
// module or one of its hooks: node ends there with that status, and so
// does the command.
type ExitError struct {
	Code int
}

func (e *ExitError) Error() string {
	return fmt.Sprintf("process.exit(%d) was called", e.Code)
}

// ExitStatus is the status the command ends with.
func (e *ExitError) ExitStatus() int { return e.Code }

// StopsBuild says that the build ends there, whatever the hook that
// called process.exit (a transform's other errors are warnings).
func (e *ExitError) StopsBuild() bool { return true }

// exitRequest is process.exit(code): it interrupts the running
// JavaScript.
type exitRequest struct{ code int64 }

// requestExit is process.exit(code): it records the exit and interrupts
// the running JavaScript.
func (e *engine) requestExit(code int64) {
	e.exit = &ExitError{Code: int(code)}
	e.exited.Store(true)
	e.rt.Interrupt(exitRequest{code})
}

// exitOf is the ExitError of an interruption by process.exit, if err is
// one.
func exitOf(err error) (*ExitError, bool) {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		if x, ok := ie.Value().(exitRequest); ok {
			return &ExitError{Code: int(x.code)}, true
		}
	}
	var x *ExitError
	if errors.As(err, &x) {
		return x, true
	}
	return nil, false
}

// hookError is the error of a hook whose JavaScript threw: its message
// and place (msg, when given, in place of describe's), or the exit the
// hook asked for.
func (e *engine) hookError(err error, msg ...string) error {
	if x, ok := exitOf(err); ok {
		return x
	}
	out := errors.New(e.describe(err))
	if len(msg) > 0 {
		out = errors.New(msg[0])
	}
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		if _, ok := ie.Value().(*stopped); ok {
			return buildStop{out} // stopped from outside: the build cannot go on
		}
	}
	return out
}
