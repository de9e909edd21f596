// Package gcpolicy tunes the garbage collector for a build process. A build
// reads its tokens, writes its files and exits, and nearly everything it
// allocates stays in use until its platform is written: collecting while
// the heap is small only costs time (and, with write barriers on, extra
// page faults on fresh memory). So the collector waits until the process
// uses a fixed budget of memory. Past the budget (very large token sets)
// it runs when the heap has grown five times over (GOGC=400) rather than
// doubled: each collection marks the whole live heap, most of which is
// still needed, so collecting at every doubling marks the same tokens over
// and over for little memory back (500,000 tokens: 2.1 s instead of 2.7 s
// with GOGC=100, at the same peak of about 1.3 GB). esbuild's command line
// switches its collector off for the same reason; the budget keeps small
// and medium builds bounded.
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

// applied is set by Apply: only then may Hint change the settings.
var applied atomic.Bool

// allocationPerInputByte is about what a build allocates per byte of token
// files (27 for the bench set's five platforms).
const allocationPerInputByte = 25

// Hint tells the policy how many bytes of token files the build reads.
// A build that will clearly outgrow the budget starts pacing by
// AfterBudget at once: collecting early, while the heap is small, marks
// far less than a first collection at the budget followed by one at
// five times its live heap (500,000 tokens: 2.3 s instead of 2.65 s).
// It does nothing unless the command called Apply.
func Hint(inputBytes int64) {
	if !applied.Load() || inputBytes*allocationPerInputByte <= Budget {
		return
	}
	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(AfterBudget)
}

// watching is set while a sentinel is armed.
var watching atomic.Bool

// AfterBudget is the GOGC percentage once the live heap fills most of the
// budget.
const AfterBudget = 400

// Apply sets the policy for this process from now on, unless GOGC or
// GOMEMLIMIT is set in the environment: then the user's settings apply
// unchanged. Calling it again starts over (benchmarks do, per build).
func Apply() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	applied.Store(true)
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
// collector paces itself by AfterBudget and the limit is lifted, so a
// large token set never makes the collector run back to back.
func watch() {
	s := &sentinel{}
	runtime.SetFinalizer(s, func(*sentinel) {
		if liveHeap() < Budget*3/4 {
			watch()
			return
		}
		watching.Store(false)
		// The limit goes first: with the heap at the budget, a pacing set
		// under the old limit would start another collection at once.
		debug.SetMemoryLimit(math.MaxInt64)
		debug.SetGCPercent(AfterBudget)
	})
}

// liveHeap is the heap the last collection found in use.
func liveHeap() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return math.MaxUint64 // unknown: leave the budget behind
	}
	return sample[0].Value.Uint64()
}
