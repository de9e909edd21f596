// Package gcpolicy tunes the garbage collector for a build process. A build
// reads its tokens, writes its files and exits: collecting while the heap
// is small only costs time (and, with write barriers on, extra page faults
// on fresh memory). So the collector waits until the process uses a fixed
// budget of memory, and goes back to the usual GOGC=100 pacing once the
// live heap fills most of that budget, as it does for very large token
// sets. esbuild's command line switches its collector off for the same
// reason; the budget keeps the memory a build uses bounded.
//
// Only commands call Apply: a program that embeds the library keeps its
// own settings.
package gcpolicy

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// Budget is the memory the process may use before the collector runs: the
// 50,000-token bench set builds within it without a collection, and a
// build stays well under 150 MB until its live heap outgrows it.
const Budget = 140 << 20

// watching is set while a sentinel is armed.
var watching atomic.Bool

// Apply sets the policy for this process from now on, unless GOGC or
// GOMEMLIMIT is set in the environment: then the user's settings apply
// unchanged. Calling it again starts over (benchmarks do, per build).
func Apply() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(Budget)
	if watching.CompareAndSwap(false, true) {
		watch()
	}
}

// sentinel is an object whose finalizer runs after each collection that
// finds it unreachable, that is after every collection. It holds a pointer
// so that it is not placed in the tiny allocator, where finalizers may
// never run.
type sentinel struct {
	p   *int
	pad [16]byte
}

// watch checks the live heap after each collection. While it stays under
// three quarters of the budget, collections keep waiting for the budget
// (each one then frees at least a quarter of it); above that, the
// collector paces itself as usual and the limit is lifted, so a large
// token set never makes the collector run back to back.
func watch() {
	s := &sentinel{}
	runtime.SetFinalizer(s, func(*sentinel) {
		if liveHeap() < Budget*3/4 {
			watch()
			return
		}
		watching.Store(false)
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

// liveHeap is the heap the last collection found in use.
func liveHeap() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return math.MaxUint64 // unknown: behave as usual
	}
	return sample[0].Value.Uint64()
}
