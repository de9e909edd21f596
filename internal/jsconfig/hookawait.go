package jsconfig

import (
	"context"
	"slices"
	"sync"

	"github.com/tokengen/tokengen/internal/goja"
)

// An action of a build script may build other instances (per-theme
// builds inside an action): its promise then waits on builds the event
// loop queued, and those builds run hooks of their own, which take e.mu.
// awaitReleasing is await for such a hook: it runs the queued work
// itself with e.mu released, and settles each piece's promise with it
// held again. The hook's JavaScript call has returned by then (no frame
// of it is on the runtime's stack), so other hooks may run in between.

// awaitReleasing settles v for a hook that holds e.mu; ctx is the one
// the engine gave the hook. The work v waits on may have been taken by
// another hook (formats run side by side, and a format inside an inner
// build awaits its own inner build): it then waits for that work to end,
// unless that work is the build the hook runs in (see opsOf), which ends
// only after the hook. A promise waiting on a timer settles once the
// timers before it ran, and may queue builds after them.
func (e *engine) awaitReleasing(ctx context.Context, v goja.Value) (goja.Value, error) {
	if v == nil {
		return goja.Undefined(), nil
	}
	p, ok := v.Export().(*goja.Promise)
	if !ok {
		return v, nil
	}
	for p.State() == goja.PromiseStatePending && e.nextPending != nil {
		run, ok := e.nextPending(ctx, false)
		if !ok && e.timers != nil && e.timers.oneShots() {
			if _, err := e.timers.runNext(); err != nil {
				return nil, err
			}
			continue
		}
		if !ok {
			if run, ok = e.nextPending(ctx, true); !ok {
				break
			}
		}
		e.mu.Unlock()
		err := run()
		e.mu.Lock()
		if err != nil {
			return nil, err
		}
	}
	return e.await(v)
}

// opsKey is the key of the context value that lists the pieces of work
// (pendingOp ids) a build runs inside, outermost first.
type opsKey struct{}

// opsOf is the ids of the work ctx's build runs inside.
func opsOf(ctx context.Context) []int {
	ids, _ := ctx.Value(opsKey{}).([]int)
	return ids
}

// next takes the first piece of work of the event loop for a hook whose
// context is ctx: run does it (holding e.mu if it touches the runtime)
// and settles its promise holding e.mu; it fails only on an uncatchable
// error. It is called with e.mu held, and run without. When nothing is
// queued, mayWait is true and other hooks run work that does not hold
// this hook up (work the hook runs inside ends after it), run waits until
// some work ends, or JavaScript is stopped.
func (r *runner) next(ctx context.Context, mayWait bool) (run func() error, ok bool) {
	if len(r.pending) == 0 {
		if !mayWait || !r.othersRunning(opsOf(ctx)) {
			return nil, false
		}
		seen := r.finished
		return func() error {
			r.e.mu.Lock()
			defer r.e.mu.Unlock()
			for r.finished == seen && r.e.stopReason() == nil {
				r.workEnded().Wait()
			}
			return nil
		}, true
	}
	op := r.pending[0]
	r.pending = r.pending[1:]
	r.lastOp++
	id := r.lastOp
	if r.inFlight == nil {
		r.inFlight = map[int]bool{}
	}
	r.inFlight[id] = true
	inside := context.WithValue(ctx, opsKey{}, append(opsOf(ctx)[:len(opsOf(ctx)):len(opsOf(ctx))], id))
	return func() error {
		if !op.goOnly {
			r.e.mu.Lock()
			defer r.e.mu.Unlock()
			v, err := op.run(inside)
			return r.ended(id, op, v, err)
		}
		v, err := op.run(inside)
		r.e.mu.Lock()
		defer r.e.mu.Unlock()
		return r.ended(id, op, v, err)
	}, true
}

// othersRunning reports whether hooks run work other than that listed
// in inside.
func (r *runner) othersRunning(inside []int) bool {
	for id := range r.inFlight {
		if !slices.Contains(inside, id) {
			return true
		}
	}
	return false
}

// ended settles the promise of op, which next handed out as id, and
// wakes the hooks waiting for work to end. It is called with e.mu held.
func (r *runner) ended(id int, op pendingOp, v goja.Value, err error) error {
	defer func() {
		delete(r.inFlight, id)
		r.finished++
		r.workEnded().Broadcast()
	}()
	return r.settle(op, v, err)
}

// workEnded is the condition hooks wait on for work other hooks took
// (next), on e.mu.
func (r *runner) workEnded() *sync.Cond {
	if r.workEndedCond == nil {
		r.workEndedCond = sync.NewCond(&r.e.mu)
		// Stopping JavaScript wakes them, to stop too.
		context.AfterFunc(r.e.ctx, func() {
			r.e.mu.Lock()
			defer r.e.mu.Unlock()
			r.workEndedCond.Broadcast()
		})
	}
	return r.workEndedCond
}

// settle resolves op's promise with v, or rejects it with err as a Go
// error the run reports as itself when nothing catches it.
func (r *runner) settle(op pendingOp, v goja.Value, err error) error {
	if err != nil {
		o := r.e.rt.NewGoError(err)
		r.goErrs[o] = err
		return op.reject(o)
	}
	if v == nil {
		v = goja.Undefined()
	}
	return op.resolve(v)
}

// awaitTopLevel settles v where no hook is running (a config module's
// promise): the work its instances queued runs, then the timers, as
// long as v waits.
func (e *engine) awaitTopLevel(v goja.Value) (goja.Value, error) {
	if v == nil {
		return goja.Undefined(), nil
	}
	if p, ok := v.Export().(*goja.Promise); ok && e.nextPending != nil {
		for p.State() == goja.PromiseStatePending {
			if run, ok := e.nextPending(context.Background(), false); ok {
				if err := run(); err != nil {
					return nil, err
				}
				continue
			}
			if e.timers == nil || !e.timers.oneShots() {
				break
			}
			if _, err := e.timers.runNext(); err != nil {
				return nil, err
			}
		}
	}
	return e.await(v)
}
