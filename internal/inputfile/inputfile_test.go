package inputfile

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadRefuses checks that only regular files of at most
// maxSize bytes are read, without reading or blocking on others.
func TestReadRefuses(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// sparse: no disk space, and refused before a byte is read
	if err := f.Truncate(maxSize + 1); err != nil {
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
	_, err = Read(big, "big.json", "token files")
	runtime.ReadMemStats(&after)
	if err == nil || after.TotalAlloc-before.TotalAlloc > 1<<20 {
		t.Errorf("%s: %v after allocating %d bytes", big, err, after.TotalAlloc-before.TotalAlloc)
	}
	for path, want := range cases {
		done := make(chan error, 1)
		go func() {
			_, err := Read(path, filepath.Base(path), "token files")
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
