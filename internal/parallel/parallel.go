// Package parallel runs a build's independent tasks on all cores: the
// token files parsed, the subtrees flattened, the tokens linted.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Run runs f(0) ... f(n-1) on all cores and waits for them.
func Run(n int, f func(i int)) {
	RunWorkers(n, Workers(n), func(_, i int) { f(i) })
}

// Workers is how many workers Run uses for n tasks.
func Workers(n int) int { return min(runtime.GOMAXPROCS(0), n) }

// RunWorkers runs f(worker, i) for i in 0 ... n-1 on the given number
// of workers, each task once, and waits for them: worker says which of
// them runs it, for state a worker keeps between its tasks.
func RunWorkers(n, workers int, f func(worker, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(w, i)
			}
		}()
	}
	wg.Wait()
}
