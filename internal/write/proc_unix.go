//go:build unix

package write

import (
	"errors"
	"syscall"
)

// processExists reports whether a process pid exists (signal 0 checks
// without sending anything; EPERM is another user's process).
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
