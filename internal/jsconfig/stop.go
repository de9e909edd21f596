package jsconfig

import (
	"context"
	"errors"
	"fmt"

	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/tokenbuild"
)

// maxCallDepth bounds JavaScript calls nested in one another, as node's
// stack does (about 10,800 frames of a small function in node 22): deep
// recursion ends in "RangeError: Maximum call stack size exceeded" at
// once, instead of growing the runtime's stack until memory runs out.
const maxCallDepth = 10_000

// stopped is why JavaScript was stopped from outside the script: the
// command was interrupted (Ctrl-C, SIGTERM) or the memory ceiling was
// reached. The runtime is interrupted with it, and every later call into
// the runtime is stopped the same way (lock checks it), so a hook that
// was waiting for the runtime ends at once too.
type stopped struct{ msg string }

func (s *stopped) Error() string { return s.msg }

// watchContext stops the runtime when ctx is done, wherever its
// JavaScript is (a module's top level, a hook, a timer, a promise job).
func (e *engine) watchContext(ctx context.Context) {
	if ctx == nil {
		ctx = context.Background()
	}
	e.ctx = ctx
	context.AfterFunc(ctx, func() { e.rt.Interrupt(e.stopReason()) })
}

// stopReason is why JavaScript may not run any more, or nil.
func (e *engine) stopReason() *stopped {
	if e.ctx != nil && e.ctx.Err() != nil {
		// A signal is the cause of the command's context (os/signal).
		if cause := context.Cause(e.ctx); cause != nil && cause.Error() != e.ctx.Err().Error() {
			return &stopped{fmt.Sprintf("interrupted (%v)", cause)}
		}
		return &stopped{"interrupted"}
	}
	if e.memory != nil {
		if s := e.memory.exceeded(); s != nil {
			return s
		}
	}
	return nil
}

// lock takes the runtime for a call from Go (a hook); the call stops at
// once when JavaScript may not run any more. Use: defer e.lock()().
func (e *engine) lock() (unlock func()) {
	e.mu.Lock()
	if s := e.stopReason(); s != nil {
		e.rt.Interrupt(s)
	}
	return e.mu.Unlock
}

// uncatchable is the message and stack of the errors that end
// JavaScript whatever it catches: a stop from outside and the call
// stack's overflow.
func uncatchable(err error) (string, []goja.StackFrame, bool) {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		if s, ok := ie.Value().(*stopped); ok {
			return s.msg, ie.Stack(), true
		}
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		return "RangeError: Maximum call stack size exceeded", so.Stack(), true
	}
	return "", nil, false
}

// heldLockOption is the key of the format options that Go code called
// from JavaScript hands to a format or file header: the runtime's lock
// is held by that call already, and a JavaScript file header among the
// options must not take it again. No config can give the key this value
// (heldLock), and toJS leaves it out.
const heldLockOption = "\x00tokengen: the runtime's lock is held"

type heldLock struct{}

// withHeldLock is a copy of args whose options say that the runtime's
// lock is held.
func withHeldLock(args *tokenbuild.FormatArgs) *tokenbuild.FormatArgs {
	c := *args
	c.Options = make(tokenbuild.Options, len(args.Options)+1)
	for k, v := range args.Options {
		c.Options[k] = v
	}
	c.Options[heldLockOption] = heldLock{}
	return &c
}

// buildStop is an error of a hook after which the build cannot go on,
// whatever the engine does with the hook's other errors (a transform's
// are warnings, as in the reference): JavaScript stopped from outside,
// or a value the hook returned that cannot be converted. The engine
// looks for StopsBuild.
type buildStop struct{ err error }

func (b buildStop) Error() string    { return b.err.Error() }
func (b buildStop) Unwrap() error    { return b.err }
func (b buildStop) StopsBuild() bool { return true }
