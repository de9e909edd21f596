package jsconfig

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tokengen/tokengen/internal/goja"
)

// processCPUTime is the CPU time the process has used (user and system, all
// threads, the collector's included): on a loaded machine it varies far
// less than wall time, and node's harness reports the same measure.
func processCPUTime(b *testing.B) time.Duration {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		b.Fatal(err)
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}

// BenchmarkBuildScripts runs each testdata/bench/*.js file in the runtime
// configs and build scripts get (the engine with tokengen's utilities, its
// node-ordered sort and JSON.stringify) the way testdata/bench/run times it in
// node: setup() once, then run(data) per iteration, so the figures compare
// with node's line for line.
func BenchmarkBuildScripts(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("testdata", "bench", "*.js"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no benchmark scripts: %v", err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(file), ".js")
		b.Run(name, func(b *testing.B) {
			vm := newEngine(context.Background(), b.TempDir()).rt
			if _, err := vm.RunScript(file, string(src)); err != nil {
				b.Fatal(err)
			}
			data, err := vm.RunString("setup()")
			if err != nil {
				b.Fatal(err)
			}
			run, ok := goja.AssertFunction(vm.Get("run"))
			if !ok {
				b.Fatalf("%s defines no run function", file)
			}
			b.ResetTimer()
			cpuBefore := processCPUTime(b)
			for i := 0; i < b.N; i++ {
				if _, err := run(goja.Undefined(), data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(processCPUTime(b)-cpuBefore)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
