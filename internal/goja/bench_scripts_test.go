package goja

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkBuildScripts runs each testdata/bench/*.js file the way
// testdata/bench/run times it in node: setup() once, then run(data) per
// iteration, so the figures compare with node's line for line.
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
			vm := New()
			if _, err := vm.RunScript(file, string(src)); err != nil {
				b.Fatal(err)
			}
			data, err := vm.RunString("setup()")
			if err != nil {
				b.Fatal(err)
			}
			run, ok := AssertFunction(vm.Get("run"))
			if !ok {
				b.Fatalf("%s defines no run function", file)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := run(Undefined(), data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
