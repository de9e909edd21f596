package gcpolicy

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// The policy changes process-wide settings, so each case runs in a child
// process of the test binary.
func TestMain(m *testing.M) {
	switch os.Getenv("GCPOLICY_CHILD") {
	case "":
		os.Exit(m.Run())
	case "apply":
		Apply()
		if p := gcPercent(); p != -1 {
			fail("after Apply the collector waits for the budget, GOGC = %d", p)
		}
		if l := debug.SetMemoryLimit(-1); l != Budget {
			fail("memory limit %d, want %d", l, Budget)
		}
		// A live heap over half the budget, as a large token
		// set has: the collector goes back to usual pacing.
		keep := make([][]byte, 0, 256)
		for range Budget * 7 / 8 >> 20 {
			keep = append(keep, make([]byte, 1<<20))
		}
		runtime.GC()
		deadline := time.Now().Add(10 * time.Second)
		for gcPercent() != AfterLimit {
			if time.Now().After(deadline) {
				fail("GOGC is still %d after a collection with %d MB live", gcPercent(), len(keep))
			}
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
		}
		runtime.KeepAlive(keep)
		os.Exit(0)
	case "hint":
		Apply()
		Hint(1 << 20) // a megabyte of token files fits the budget
		if l := debug.SetMemoryLimit(-1); l != Budget {
			fail("a small build changed the limit to %d", l)
		}
		Hint(Budget / 4) // this one gets a limit to match its size
		if l := debug.SetMemoryLimit(-1); l != Budget/4*limitPerInputByte {
			fail("a large build has the limit %d, want %d", l, Budget/4*limitPerInputByte)
		}
		if p := gcPercent(); p != -1 {
			fail("a large build collects before its limit: GOGC = %d", p)
		}
		Hint(1 << 40) // and no build gets more than MaxLimit
		if l := debug.SetMemoryLimit(-1); l != MaxLimit {
			fail("the limit %d is over MaxLimit", l)
		}
		os.Exit(0)
	case "hint-alone":
		Hint(Budget) // a program that never called Apply keeps its settings
		if p := gcPercent(); p != 100 {
			fail("Hint without Apply changed GOGC to %d", p)
		}
		if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
			fail("Hint without Apply set a limit: %d", l)
		}
		os.Exit(0)
	case "env":
		Apply() // GOGC=50 is set: Apply leaves it alone
		if p := gcPercent(); p != 50 {
			fail("GOGC from the environment was replaced: %d", p)
		}
		os.Exit(0)
	}
}

func fail(format string, args ...any) {
	os.Stderr.WriteString("FAIL: ")
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

func TestPolicy(t *testing.T) {
	for _, c := range []struct{ name, env string }{
		{"apply", ""},
		{"env", "GOGC=50"},
		{"hint", ""},
		{"hint-alone", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "GCPOLICY_CHILD="+c.name, "GOGC=", "GOMEMLIMIT=")
			if c.env != "" {
				cmd.Env = append(cmd.Env, c.env)
			}
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
}
