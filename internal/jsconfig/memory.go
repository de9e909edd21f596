package jsconfig

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"time"
	"weak"
)

// DefaultMaxMemory is the memory ceiling of a command that runs
// JavaScript when none is set (--max-memory, TOKENGEN_MAX_MEMORY): far
// above what the largest builds use (1.3 GB for 500,000 tokens), far
// below what a runaway script would take before the system stops it.
const DefaultMaxMemory = 4 << 30

// memoryCheckEvery is how often the heap is looked at while JavaScript
// may run. Reading the heap's size costs well under a microsecond.
const memoryCheckEvery = 5 * time.Millisecond

type maxMemoryKey struct{}

// WithMaxMemory gives the JavaScript runs under ctx a memory ceiling of
// limit bytes (0: none): when the Go heap in use goes over it, the
// script or hook running stops with an error saying so.
func WithMaxMemory(ctx context.Context, limit uint64) context.Context {
	return context.WithValue(ctx, maxMemoryKey{}, limit)
}

func maxMemory(ctx context.Context) uint64 {
	n, _ := ctx.Value(maxMemoryKey{}).(uint64)
	return n
}

// memoryWatch is the memory ceiling's watch over one runtime.
type memoryWatch struct {
	ceiling uint64
	end     chan struct{}           // closed by release
	over    atomic.Pointer[stopped] // set once the ceiling is reached
}

func (m *memoryWatch) exceeded() *stopped { return m.over.Load() }

// release ends the memory watch of a runtime that runs no more
// JavaScript (a token file's, once read; a script's, once run).
func (e *engine) release() {
	if e.memory != nil {
		close(e.memory.end)
		e.memory = nil
	}
}

// watchMemory starts the watch when ctx sets a ceiling. It runs beside
// the runtime, whatever its JavaScript is doing (an array growing in a
// loop, a string doubling), until ctx is done or the runtime is gone.
// When the heap holds more than the ceiling, it starts a collection
// (garbage does not count), and when what the collection leaves is still
// more, or the heap doubles the ceiling before it is over, it interrupts
// the runtime. A built-in function that allocates in one long loop
// (new Array(1e9).fill(0)) cannot be interrupted: when the heap goes on
// to three times the ceiling for a second more, the process ends with a message, as the
// system would otherwise end it, or the machine with it.
func (e *engine) watchMemory() {
	ceiling := maxMemory(e.ctx)
	if ceiling == 0 {
		return
	}
	m := &memoryWatch{ceiling: ceiling, end: make(chan struct{})}
	e.memory = m
	rt := weak.Make(e.rt)
	done := e.ctx.Done()
	var stoppedAt time.Time // set by the watch's goroutine only
	stop := func() {
		s := &stopped{fmt.Sprintf("the memory ceiling of %s was reached (set another with --max-memory or TOKENGEN_MAX_MEMORY)", formatBytes(ceiling))}
		if m.over.CompareAndSwap(nil, s) {
			if r := rt.Value(); r != nil {
				r.Interrupt(s)
			}
		}
	}
	go func() {
		tick := time.NewTicker(memoryCheckEvery)
		defer tick.Stop()
		var collectAbove atomic.Uint64 // the heap size that makes the watch collect
		collectAbove.Store(ceiling)
		var collecting atomic.Bool
		for {
			select {
			case <-done:
				return
			case <-m.end:
				return
			case <-tick.C:
			}
			if rt.Value() == nil {
				return
			}
			heap := heapBytes()
			switch {
			case m.exceeded() != nil:
				if stoppedAt.IsZero() {
					stoppedAt = time.Now()
				}
				// One instruction may take long (a string of gigabytes
				// copied): give the interrupt a second to land.
				if heap > 3*ceiling && time.Since(stoppedAt) > time.Second {
					fmt.Fprintf(os.Stderr, "tokengen: %s, in a built-in function that cannot be stopped; ending the process\n", m.exceeded().msg)
					os.Exit(1)
				}
			case heap > 2*ceiling:
				stop()
			case heap > collectAbove.Load() && collecting.CompareAndSwap(false, true):
				go func() {
					defer collecting.Store(false)
					runtime.GC()
					if live := liveHeapBytes(); live > ceiling {
						stop()
					} else {
						collectAbove.Store(max(ceiling, live+ceiling/4))
					}
				}()
			}
		}
	}()
}

// heapBytes is the Go heap's objects, in use or not yet collected.
func heapBytes() uint64 {
	return readMetric("/memory/classes/heap/objects:bytes")
}

// liveHeapBytes is the heap the last collection found in use.
func liveHeapBytes() uint64 {
	return readMetric("/gc/heap/live:bytes")
}

func readMetric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// formatBytes is n in the unit --max-memory takes it in.
func formatBytes(n uint64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
