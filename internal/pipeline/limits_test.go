package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// lowerResolveLimits makes the limits on what references make small
// enough to reach with a few tokens.
func lowerResolveLimits(t *testing.T, value, total int) {
	v, tot := maxResolvedValue, maxResolvedTotal
	maxResolvedValue, maxResolvedTotal = value, total
	t.Cleanup(func() { maxResolvedValue, maxResolvedTotal = v, tot })
}

// TestResolveLimits checks that a value made by references is refused past
// maxResolvedValue bytes, and all of a platform's past maxResolvedTotal,
// at the token that would pass it, whatever brokenReferences says; and
// that values up to the limits resolve.
func TestResolveLimits(t *testing.T) {
	lowerResolveLimits(t, 1000, 10_000)
	doubling := func(levels int, log string) string {
		var b strings.Builder
		b.WriteString(`{` + log + `"tokens": {"a0": {"value": "x"}`)
		for i := 1; i <= levels; i++ {
			fmt.Fprintf(&b, `, "a%d": {"value": "{a%d} {a%d}"}`, i, i-1, i-1)
		}
		b.WriteString(`}, "platforms": {"p": {}}}`)
		return b.String()
	}
	// a_n holds 2^(n+1)-1 bytes: a8 511, a9 1023
	for _, tc := range []struct{ name, cfg, err string }{
		{"value", doubling(30, ""), "token a9: resolving its references makes a value of more than"},
		{"value, brokenReferences console", doubling(30, `"log": {"errors": {"brokenReferences": "console"}}, `), "token a9: resolving"},
		{"under the limit", doubling(8, ""), ""},
		{"object copies", `{"tokens": {"s": {"value": "` + strings.Repeat("x", 600) + `"}, "o": {"value": {"a": "{s}"}},
			"c1": {"value": {"x": "{o}"}}, "c2": {"value": {"x": "{o}", "y": "{o}"}}}, "platforms": {"p": {}}}`,
			"token c2: resolving its references makes a value of more than"},
		{"total", `{"tokens": {"big": {"value": "` + strings.Repeat("x", 600) + `"}` + func() string {
			var b strings.Builder
			for i := 0; i < 40; i++ {
				fmt.Fprintf(&b, `, "b%02d": {"value": "{big} x"}`, i) // 602 bytes made each
			}
			return b.String()
		}() + `}, "platforms": {"p": {}}}`, "token b16: resolving references makes more than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := mustInstance(t, tc.cfg)
			d, err := in.PlatformTokens(context.Background(), "p")
			if tc.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				tok, _ := d.TokenMap.Get("{a8}")
				if s, _ := tok.Value.(string); len(s) != 511 {
					t.Fatalf("a8 is %d bytes, want 511", len(s))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("got %v, want an error with %q", err, tc.err)
			}
		})
	}
}

// TestReadInputRefuses checks that only regular files of at most
// maxInputFile bytes are read, without reading or blocking on others.
func TestReadInputRefuses(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// sparse: no disk space, and refused before a byte is read
	if err := f.Truncate(maxInputFile + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	cases := map[string]string{
		big: "big.json: larger than 256 MB, the most token files may hold",
		dir: "not a regular file (a folder); token files must be regular files",
	}
	if runtime.GOOS != "windows" {
		fifo := filepath.Join(dir, "fifo.json")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		cases[fifo] = "fifo.json: not a regular file (a named pipe); token files must be regular files"
	}
	// the large file is refused by its size, not after reading it
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = readInput(big, "big.json", "token files")
	runtime.ReadMemStats(&after)
	if err == nil || after.TotalAlloc-before.TotalAlloc > 1<<20 {
		t.Errorf("%s: %v after allocating %d bytes", big, err, after.TotalAlloc-before.TotalAlloc)
	}
	for path, want := range cases {
		done := make(chan error, 1)
		go func() {
			_, err := readInput(path, filepath.Base(path), "token files")
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.HasSuffix(err.Error(), want) {
				t.Errorf("%s: got %v, want %q", path, err, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: still reading", path)
		}
	}
}
