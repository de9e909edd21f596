// Package gcpolicy tunes the garbage collector for a build process. A build
// reads its tokens, writes its files and exits, and nearly everything it
// allocates stays in use until its platform is written: collecting only
// costs time (and, with write barriers on, extra page faults on fresh
// memory) while giving little memory back. So the collector stays off
// until the process uses a limit of memory sized from the build's input,
// as esbuild's command line switches its collector off for the same
// reason. The limit bounds what a build may use: if the live heap fills
// most of it (a config's hooks that keep far more than usual), the limit
// is lifted and the collector paces itself by GOGC=400, marking the heap
// when it has grown five times over rather than doubled, since most of it
// is still needed.
//
// Measured on the bench sets: 50,000 tokens build without a collection at
// a peak of 130 MB; 500,000 tokens take 1.8 s without one instead of 2.7 s
// with GOGC=100, at about the same peak (1.3 GB), because the heap a
// collection finds live is nearly all the build allocates.
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

// Budget is the smallest limit: what any build may use before the
// collector runs.
const Budget = 140 << 20

// MaxLimit is the largest limit an input's size can ask for.
const MaxLimit = 4 << 30

// limitPerInputByte sizes the limit from the token files' size: a build
// allocates about 27 bytes per byte of token files (the bench sets, five
// platforms), and the limit leaves room for half as much again.
const limitPerInputByte = 40

// AfterLimit is the GOGC percentage once the live heap fills most of the
// limit.
const AfterLimit = 400

var (
	applied  atomic.Bool  // set by Apply: only then may Hint change the settings
	limit    atomic.Int64 // the current limit; 0 once lifted
	watching atomic.Bool  // set while a sentinel is armed
)

// Apply sets the policy for this process from now on, unless GOGC or
// GOMEMLIMIT is set in the environment: then the user's settings apply
// unchanged. Calling it again starts over (benchmarks do, per build).
func Apply() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	applied.Store(true)
	setLimit(Budget)
	debug.SetGCPercent(-1)
	if watching.CompareAndSwap(false, true) {
		watch()
	}
}

// Hint tells the policy how many bytes of token files the build reads, so
// that a large build gets a limit to match (up to MaxLimit). It does
// nothing unless the command called Apply.
func Hint(inputBytes int64) {
	if !applied.Load() || limit.Load() == 0 {
		return
	}
	if want := min(inputBytes*limitPerInputByte, MaxLimit); want > limit.Load() {
		setLimit(want)
	}
}

func setLimit(n int64) {
	limit.Store(n)
	debug.SetMemoryLimit(n)
}

// sentinel is an object whose finalizer runs after each collection that
// finds it unreachable, that is after every collection. Its fields are
// never used: they only give it a pointer and 24 bytes, so that it is not
// placed in the tiny allocator, where finalizers may never run.
type sentinel struct {
	_ *int
	_ [16]byte
}

// watch checks the live heap after each collection. While it stays under
// half the limit, collections keep waiting for the limit: each one then
// frees at least as much as it keeps, so collecting costs no more than
// under the default GOGC=100. Above that, the limit is lifted and the
// collector paces itself by AfterLimit, so a build never makes the
// collector run back to back.
func watch() {
	s := &sentinel{}
	runtime.SetFinalizer(s, func(*sentinel) {
		if l := limit.Load(); l > 0 && liveHeap() < uint64(l)/2 {
			watch()
			return
		}
		watching.Store(false)
		limit.Store(0)
		// The limit goes first: with the heap at the limit, a pacing set
		// under it would start another collection at once.
		debug.SetMemoryLimit(math.MaxInt64)
		debug.SetGCPercent(AfterLimit)
	})
}

// liveHeap is the heap the last collection found in use.
func liveHeap() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return math.MaxUint64 // unknown: lift the limit
	}
	return sample[0].Value.Uint64()
}
