package jsconfig

import (
	"container/heap"

	"github.com/tokengen/tokengen/internal/goja"
)

// timerQueue holds the timers a module set (setTimeout, setInterval,
// setImmediate). goja has no event loop: the caller waiting for a promise
// runs them (engine.await, and the build script's loop in Run), earliest
// first and in the order they were set. Time is virtual: a timer runs as
// soon as nothing else is left to do, without sleeping, so a build never
// waits on a delay that only paces work.
type timerQueue struct {
	now   float64 // virtual milliseconds
	seq   int64
	items timerHeap
	byID  map[int64]*timer
}

type timer struct {
	id       int64
	due      float64
	seq      int64
	fn       goja.Callable
	args     []goja.Value
	interval float64 // > 0: setInterval
	index    int
}

type timerHeap []*timer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].due != h[j].due {
		return h[i].due < h[j].due
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }
func (h *timerHeap) Push(x any)   { t := x.(*timer); t.index = len(*h); *h = append(*h, t) }
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	t.index = -1
	return t
}
func (q *timerQueue) pending() int { return len(q.items) }

// oneShots reports whether a timer that runs once is waiting: intervals
// alone do not keep a finished script running (node would run them for
// ever).
func (q *timerQueue) oneShots() bool {
	for _, t := range q.items {
		if t.interval == 0 {
			return true
		}
	}
	return false
}

// installTimers sets setTimeout, clearTimeout, setInterval,
// clearInterval, setImmediate, clearImmediate and queueMicrotask over a
// new queue.
func installTimers(rt *goja.Runtime) *timerQueue {
	q := &timerQueue{byID: map[int64]*timer{}}
	add := func(call goja.FunctionCall, delay float64, interval bool) goja.Value {
		fn, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			panic(rt.NewTypeError("The \"callback\" argument must be of type function"))
		}
		if delay != delay {
			delay = 0
		}
		q.seq++
		t := &timer{id: q.seq, due: q.now + delay, seq: q.seq, fn: fn}
		if len(call.Arguments) > 2 {
			t.args = append([]goja.Value(nil), call.Arguments[2:]...)
		}
		if interval {
			t.interval = delay
		}
		heap.Push(&q.items, t)
		q.byID[t.id] = t
		return timeoutObject(rt, t.id)
	}
	clear := func(call goja.FunctionCall) goja.Value {
		arg := call.Argument(0)
		if o, ok := arg.(*goja.Object); ok { // node's Timeout object
			arg = o.Get("_tokengenID")
			if arg == nil {
				return goja.Undefined()
			}
		}
		id := arg.ToInteger()
		if t, ok := q.byID[id]; ok {
			delete(q.byID, id)
			if t.index >= 0 {
				heap.Remove(&q.items, t.index)
			}
		}
		return goja.Undefined()
	}
	// node's timers wait 1 ms at least; an immediate runs before them.
	_ = rt.Set("setTimeout", func(call goja.FunctionCall) goja.Value {
		return add(call, max(1, call.Argument(1).ToFloat()), false)
	})
	_ = rt.Set("setInterval", func(call goja.FunctionCall) goja.Value {
		return add(call, max(1, call.Argument(1).ToFloat()), true)
	})
	_ = rt.Set("setImmediate", func(call goja.FunctionCall) goja.Value {
		args := append([]goja.Value{call.Argument(0), rt.ToValue(0)}, call.Arguments[min(1, len(call.Arguments)):]...)
		return add(goja.FunctionCall{This: call.This, Arguments: args}, 0, false)
	})
	for _, n := range []string{"clearTimeout", "clearInterval", "clearImmediate"} {
		_ = rt.Set(n, clear)
	}
	_, _ = rt.RunString(`globalThis.queueMicrotask = (f) => { if (typeof f !== 'function') throw new TypeError('The "callback" argument must be of type function'); Promise.resolve().then(f); };`)
	return q
}

// runNext runs the earliest timer; it reports false when none is left.
// An exception in the callback is returned: node would end the process.
func (q *timerQueue) runNext() (bool, error) {
	if q == nil || q.pending() == 0 {
		return false, nil
	}
	t := heap.Pop(&q.items).(*timer)
	if t.due > q.now {
		q.now = t.due
	}
	if t.interval > 0 {
		q.seq++
		t.due, t.seq = q.now+t.interval, q.seq
		heap.Push(&q.items, t)
	} else {
		delete(q.byID, t.id)
	}
	_, err := t.fn(goja.Undefined(), t.args...)
	return true, err
}

// timeoutObject is what setTimeout and setInterval return, as node's
// Timeout: ref, unref, hasRef and refresh (time is virtual, so a timer
// that is unref'd still runs once nothing else is left, as a build
// script's do), and its id as its primitive value.
func timeoutObject(rt *goja.Runtime, id int64) goja.Value {
	o := rt.NewObject()
	_ = o.DefineDataProperty("_tokengenID", rt.ToValue(id), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	self := func(call goja.FunctionCall) goja.Value { return call.This }
	_ = o.Set("ref", self)
	_ = o.Set("unref", self)
	_ = o.Set("refresh", self)
	_ = o.Set("hasRef", func() bool { return true })
	_ = o.SetSymbol(goja.SymToPrimitive, func() int64 { return id })
	return o
}
