package jsconfig

import "github.com/tokengen/tokengen/internal/goja"

// An action of a build script may build other instances (per-theme
// builds inside an action): its promise then waits on builds the event
// loop queued, and those builds run hooks of their own, which take e.mu.
// awaitReleasing is await for such a hook: it runs the queued work
// itself with e.mu released, and settles each piece's promise with it
// held again. The hook's JavaScript call has returned by then (no frame
// of it is on the runtime's stack), so other hooks may run in between.

// awaitReleasing settles v for a hook that holds e.mu.
func (e *engine) awaitReleasing(v goja.Value) (goja.Value, error) {
	if v == nil {
		return goja.Undefined(), nil
	}
	p, ok := v.Export().(*goja.Promise)
	if !ok {
		return v, nil
	}
	for p.State() == goja.PromiseStatePending && e.nextPending != nil {
		run, ok := e.nextPending()
		if !ok {
			break
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

// next takes the first piece of work of the event loop: run does it
// (holding e.mu if it touches the runtime) and settles its promise
// holding e.mu; it fails only on an uncatchable error. It is called with
// e.mu held, and run without.
func (r *runner) next() (run func() error, ok bool) {
	if len(r.pending) == 0 {
		return nil, false
	}
	op := r.pending[0]
	r.pending = r.pending[1:]
	return func() error {
		if !op.goOnly {
			r.e.mu.Lock()
			defer r.e.mu.Unlock()
			v, err := op.run()
			return r.settle(op, v, err)
		}
		v, err := op.run()
		r.e.mu.Lock()
		defer r.e.mu.Unlock()
		return r.settle(op, v, err)
	}, true
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
			if run, ok := e.nextPending(); ok {
				if err := run(); err != nil {
					return nil, err
				}
				continue
			}
			if e.timers == nil || !e.timers.oneShots() {
				break
			}
			if _, err := e.runTimer(); err != nil {
				return nil, err
			}
		}
	}
	return e.await(v)
}
