package jsconfig

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

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
	context.AfterFunc(ctx, func() {
		e.rt.Interrupt(e.stopReason())
		// A built-in function running one long loop (JSON.stringify of
		// a million levels, new Array(1e9).fill(0)) cannot be
		// interrupted: when JavaScript is still running a while later,
		// the process ends, as the signal asked. Staged files it leaves
		// are swept by the next build.
		time.AfterFunc(stuckAfterStop, func() {
			if e.running.Load() > 0 {
				fmt.Fprintf(os.Stderr, "tokengen: %s, in a built-in JavaScript function that cannot be stopped; ending the process\n", e.stopReason().msg)
				os.Exit(signalExitCode(context.Cause(ctx)))
			}
		})
	})
}

// stuckAfterStop is how long JavaScript may take to stop once the
// command is interrupted: an interrupt lands at the next instruction, so
// far sooner unless a built-in function is in a long loop.
const stuckAfterStop = 2 * time.Second

// signalExitCode is the exit status of a process that a signal ended, as
// shells report it: 128 and the signal's number (SIGINT 130, SIGTERM 143),
// read from the cause os/signal gives the context; 1 for other causes.
func signalExitCode(cause error) int {
	if cause == nil {
		return 1
	}
	switch msg := cause.Error(); {
	case strings.HasPrefix(msg, "interrupt "):
		return 130
	case strings.HasPrefix(msg, "terminated "):
		return 143
	}
	return 1
}

// stopReason is why JavaScript may not run any more, or nil.
func (e *engine) stopReason() *stopped {
	if e.ctx != nil && e.ctx.Err() != nil {
		// A signal is the cause of the command's context (os/signal).
		if cause := context.Cause(e.ctx); cause != nil && cause.Error() != e.ctx.Err().Error() {
			return &stopped{cause.Error()} // "interrupted by SIGINT"
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
// once when JavaScript may not run any more. unlock gives it back.
func (e *engine) lock() {
	e.mu.Lock()
	if s := e.stopReason(); s != nil {
		e.rt.Interrupt(s)
	} else if e.exit != nil {
		// After process.exit no JavaScript runs, as in node.
		e.rt.Interrupt(exitRequest{int64(e.exit.Code)})
	}
	e.running.Add(1)
}

func (e *engine) unlock() {
	e.running.Add(-1)
	e.mu.Unlock()
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

// nest counts a Go function that walks a JavaScript value recursively
// (the utils' walks over token trees) while it runs: as deep JavaScript
// recursion does, a walk deeper than maxCallDepth (a tree that contains
// itself) throws a RangeError instead of overflowing Go's stack, which
// would end the process. Use: defer e.nest()().
func (e *engine) nest() (done func()) {
	if e.nesting >= maxCallDepth {
		panic(e.rangeError("Maximum call stack size exceeded"))
	}
	e.nesting++
	return func() { e.nesting-- }
}

// rangeError is a new RangeError(msg) of the runtime, to throw.
func (e *engine) rangeError(msg string) *goja.Object {
	if ctor, ok := goja.AssertConstructor(e.rt.Get("RangeError")); ok {
		if o, err := ctor(nil, e.rt.ToValue(msg)); err == nil {
			return o
		}
	}
	return e.rt.NewTypeError(msg)
}

// jsOptionKey is the key under which format options keep the JavaScript
// function behind the Go adapter of their function option k
// (outputReferences, sort, fileHeader). The adapters take the runtime's
// lock, as the engine calls them; JavaScript that reads the options (a
// format, which holds the lock) gets the function itself, as in the
// reference, so that calling it, or handing it to a util such as
// formattedVariables, does not wait forever for a lock its own call
// holds. Options are merged key by key, so each option keeps its own
// function. No config can give such a key (it starts with a NUL), and
// toJS leaves it out.
func jsOptionKey(k string) string { return jsOptionPrefix + k }

const jsOptionPrefix = "\x00tokengen: the JavaScript function of "

// jsOption is the value under a jsOptionKey.
type jsOption struct{ fn goja.Value }

// setFuncOption sets the function option k of opts to its adapter and
// keeps the JavaScript function it adapts (see jsOptionKey).
func setFuncOption(opts tokenbuild.Options, k string, adapter any, fn goja.Value) {
	opts[k] = adapter
	opts[jsOptionKey(k)] = jsOption{fn}
}
