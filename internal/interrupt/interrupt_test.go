package interrupt

import (
	"context"
	"testing"
)

func TestMessage(t *testing.T) {
	for _, tc := range []struct {
		written   []string
		committed bool
		want      string
	}{
		{nil, false, "tokengen: interrupted; no files were written"},
		{nil, true, "tokengen: interrupted after the build's files were checked, while its actions ran"},
		{[]string{"a.css"}, true, "tokengen: interrupted; 1 file was written before the build stopped: a.css"},
		{[]string{"a", "b", "c", "d", "e", "f", "g"}, true, "tokengen: interrupted; 7 files were written before the build stopped: a, b, c, d, e and 2 more"},
	} {
		if got := Message(tc.written, tc.committed); got != tc.want {
			t.Errorf("Message(%q, %v) = %q, want %q", tc.written, tc.committed, got, tc.want)
		}
	}
}

// A stop registered in a process's context is called once the process
// stops, and at once when it registers after that; a context without a
// process has none to call.
func TestRegister(t *testing.T) {
	ctx, s := WithStops(context.Background())
	calls := 0
	stop := func() ([]string, bool) { calls++; return []string{"x"}, true }
	Register(ctx, stop)
	if calls != 0 {
		t.Fatal("called before the process stopped")
	}
	written, committed := s.StopAll()
	if calls != 1 || len(written) != 1 || !committed {
		t.Fatalf("stopAll: %d calls, %q, %v", calls, written, committed)
	}
	Register(ctx, stop)
	if calls != 2 {
		t.Fatal("a stop registered after the process stopped was not called at once")
	}
	Register(context.Background(), stop) // no process: nothing to do
	if calls != 2 {
		t.Fatal("called without a process")
	}
	release, other := Hold(ctx), Hold(ctx)
	if !s.Holding() {
		t.Fatal("Hold does not hold")
	}
	release()
	release()
	if !s.Holding() {
		t.Fatal("a release called twice released another hold")
	}
	other()
	if s.Holding() {
		t.Fatal("release does not release")
	}
}
