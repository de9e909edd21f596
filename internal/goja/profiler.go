package goja

import "time"

// Upstream's execution-time profiler (StartProfile, StopProfile) is left
// out of this copy: tokengen never profiles scripts with it, and writing
// its profile linked github.com/google/pprof/profile, whose package
// initialisation compiles some forty regular expressions on every start
// of tokengen. What the VM's run loop (vm.run, vm.runWithProfiler) reads
// of it stays, so that loop is upstream's; profiling is never enabled.

const profMaxStackDepth = 64

const (
	_ int32 = iota // no request
	profReqDoSample
	profReqSampleReady
	profReqStop
)

type _globalProfiler struct {
	p profiler

	enabled int32 // always 0: nothing starts a profile
}

var globalProfiler _globalProfiler

type profTracker struct {
	req, finished int32
	stop          time.Time
	numFrames     int
	frames        [profMaxStackDepth]StackFrame
}

type profiler struct{}

// registerVm is a tracker told to stop at once: no profile is running.
func (p *profiler) registerVm() *profTracker {
	return &profTracker{req: profReqStop}
}
