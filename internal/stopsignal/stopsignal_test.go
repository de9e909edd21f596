package stopsignal

import (
	"os"
	"syscall"
	"testing"
)

func TestStatus(t *testing.T) {
	if got := Status(os.Interrupt); got != 130 {
		t.Errorf("SIGINT: %d, want 130", got)
	}
	if got := Status(syscall.SIGTERM); got != 143 {
		t.Errorf("SIGTERM: %d, want 143", got)
	}
}
